/**
 * A small element tree for the parts of an EAD file that are read whole (a component's `did`
 * and notes, never its child components), built from a streaming parser's events, and the
 * helpers that read it: text with inline markup reduced, children by local name, attributes.
 */

/** An element: its local name (namespace prefix dropped), attributes by local name, children. */
export interface XmlElement {
  name: string
  attributes: Record<string, string>
  children: (XmlElement | string)[]
  /** 1-based line of the start tag, for warnings. */
  line: number
  /**
   * 1-based column of the start tag's `<`: ArchivesSpace writes a whole finding aid on one
   * line, where the line alone says nothing.
   */
  column: number
}

/** Where something is in a file: the 1-based line and column of its start tag. */
export interface Position {
  line: number
  column: number
}

/** Elements whose boundaries separate words and paragraphs: a paragraph break in text. */
const BLOCKS = new Set([
  'p',
  'item',
  'defitem',
  'chronitem',
  'indexentry',
  'row',
  'entry',
  'head',
  'label',
  'event',
  'date',
  'blockquote',
  'list',
  'chronlist',
  'table',
  'note',
  'address',
  'addressline',
  'lb',
])

/** All the text of an element, inline markup reduced to its text, whitespace collapsed. */
export function textOf(element: XmlElement | undefined): string {
  if (!element) return ''
  return collapse(rawText(element))
}

function rawText(element: XmlElement): string {
  let text = ''
  for (const child of element.children) {
    if (typeof child === 'string') text += child
    else if (BLOCKS.has(child.name)) text += ` ${rawText(child)} `
    else text += rawText(child)
  }
  return text
}

/** Whitespace runs as one space, trimmed. */
export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** The element children with a local name (any of several). */
export function childrenNamed(element: XmlElement | undefined, ...names: string[]): XmlElement[] {
  if (!element) return []
  return element.children.filter(
    (child): child is XmlElement => typeof child !== 'string' && names.includes(child.name),
  )
}

/** The first element child with a local name. */
export function childNamed(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return childrenNamed(element, name)[0]
}

/** Every descendant element with one of the local names, in document order. */
export function descendantsNamed(
  element: XmlElement | undefined,
  ...names: string[]
): XmlElement[] {
  const found: XmlElement[] = []
  const visit = (node: XmlElement) => {
    for (const child of node.children) {
      if (typeof child === 'string') continue
      if (names.includes(child.name)) found.push(child)
      visit(child)
    }
  }
  if (element) visit(element)
  return found
}

/**
 * The paragraphs of a note: each block (`p`, list `item`, `chronitem` …) one paragraph of its
 * text, and loose text between blocks one more. `head` is the note's title, not a paragraph.
 */
export function paragraphsOf(element: XmlElement): string[] {
  const paragraphs: string[] = []
  let loose = ''
  const flush = () => {
    const text = collapse(loose)
    if (text) paragraphs.push(text)
    loose = ''
  }
  for (const child of element.children) {
    if (typeof child === 'string') loose += child
    else if (child.name === 'head') continue
    else if (CONTAINERS.has(child.name)) {
      flush()
      paragraphs.push(...paragraphsOf(child))
    } else if (PARAGRAPHS.has(child.name)) {
      flush()
      const text = child.name === 'chronitem' ? chronItem(child) : textOf(child)
      if (text) paragraphs.push(text)
    } else loose += ` ${rawText(child)} `
  }
  flush()
  return paragraphs
}

/** Elements that hold paragraphs rather than being one. */
const CONTAINERS = new Set([
  'list',
  'chronlist',
  'table',
  'tgroup',
  'tbody',
  'thead',
  'index',
  'blockquote',
  'descgrp',
  'note',
  'eventgrp',
])
const PARAGRAPHS = new Set([
  'p',
  'item',
  'defitem',
  'chronitem',
  'indexentry',
  'row',
  'listhead',
  'address',
])

/** A chronology line: `date: event; event`. */
function chronItem(element: XmlElement): string {
  const date = textOf(childNamed(element, 'date'))
  const events = descendantsNamed(element, 'event').map(textOf).filter(Boolean)
  return date && events.length > 0 ? `${date}: ${events.join('; ')}` : textOf(element)
}
