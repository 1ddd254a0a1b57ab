/**
 * Generated EAD finding aids (fast-check), written in either edition: nested components several
 * levels deep (with and without ids, levels and `otherlevel`s), dates (ranges, bulk, decades,
 * undated; EAD3's structured ones), notes in the `did` and beside it (heads, paragraphs, lists),
 * creators, `controlaccess` names and terms (with and without authorities, nested), languages,
 * extents and digital objects, the text in many scripts with markup and XML's special characters.
 * `test/core/ead-export.test.ts` imports, exports and imports them again.
 */
import fc from 'fast-check'
import type { EadEdition } from '../../packages/core/src/index.js'

/** A run of text: words, some of them in `<emph>`. */
type Inline = { words: string[]; emph: boolean }[]

interface GeneratedDate {
  kind: 'range' | 'single' | 'decade' | 'undated' | 'structured'
  begin: number
  end: number
  type: 'inclusive' | 'bulk' | undefined
  circa: boolean
  normal: boolean
}

interface GeneratedName {
  element: 'persname' | 'corpname' | 'famname'
  name: string
  authority: string | undefined
}

interface GeneratedTerm {
  element: 'subject' | 'geogname' | 'genreform' | 'occupation' | 'function'
  name: string
  authority: string | undefined
}

interface GeneratedNote {
  element: string
  head: Inline | undefined
  paragraphs: Inline[]
  list: boolean
}

interface Description {
  title: Inline
  dates: GeneratedDate[]
  creators: GeneratedName[]
  languages: [code: string, name: string][]
  extent: [value: string, unit: string] | undefined
  /** Notes of the `did`: text, but EAD 2002's `note`, of paragraphs. */
  didNotes: { element: 'abstract' | 'physloc' | 'materialspec' | 'note'; paragraphs: Inline[] }[]
  notes: GeneratedNote[]
  access: (GeneratedName | GeneratedTerm)[]
  nestedAccess: boolean
}

/** A component: its description and the components inside it. */
export interface GeneratedComponent extends Description {
  id: string | undefined
  level: string | undefined
  file: { href: string; title: string | undefined } | undefined
  children: GeneratedComponent[]
}

/** A whole finding aid: its id, top-level description and components. */
export interface GeneratedFindingAid extends Description {
  id: string
  level: 'collection' | 'fonds' | 'recordgrp'
  repository: string
  children: GeneratedComponent[]
}

const WORDS = [
  'Letters',
  'papers',
  'Ñandú',
  'Ærøskøbing',
  'Zürich',
  'naïve',
  'e\u0301te\u0301',
  '東京都',
  'Ελληνικά',
  'עברית',
  'Москва',
  '😀',
  '𝔘𝔫𝔦',
  'AT&T',
  '<draft>',
  '"quoted"',
  "O'Brien",
  'a>b',
  '½',
  '—',
  '1920s',
  'ca.',
]

const word = fc.constantFrom(...WORDS)
const words = fc.array(word, { minLength: 1, maxLength: 4 })
const inline: fc.Arbitrary<Inline> = fc.array(fc.record({ words, emph: fc.boolean() }), {
  minLength: 1,
  maxLength: 3,
})
const year = fc.integer({ min: 1700, max: 2020 })

const date: fc.Arbitrary<GeneratedDate> = fc
  .record({
    kind: fc.constantFrom('range', 'single', 'decade', 'undated', 'structured'),
    begin: year,
    length: fc.integer({ min: 0, max: 60 }),
    type: fc.constantFrom('inclusive', 'bulk', undefined),
    circa: fc.boolean(),
    normal: fc.boolean(),
  })
  .map(({ length, begin, ...rest }) => ({ ...rest, begin, end: Math.min(begin + length, 2020) }))

const authority = fc.option(
  fc.integer({ min: 1, max: 99_999 }).map((n) => `n${n}`),
  { nil: undefined },
)
const heading = fc
  .tuple(fc.array(word, { minLength: 1, maxLength: 3 }), fc.boolean())
  .map(([parts, period]) => `${parts.join(' ')}${period ? '.' : ''}`)
const name: fc.Arbitrary<GeneratedName> = fc.record({
  element: fc.constantFrom('persname', 'corpname', 'famname'),
  name: heading,
  authority,
})
const term: fc.Arbitrary<GeneratedTerm> = fc.record({
  element: fc.constantFrom('subject', 'geogname', 'genreform', 'occupation', 'function'),
  name: fc.oneof(heading, fc.constantFrom('Photographs', 'Sound recordings', 'Maps', 'Letters')),
  authority,
})

const note: fc.Arbitrary<GeneratedNote> = fc.record({
  element: fc.constantFrom(
    'scopecontent',
    'bioghist',
    'arrangement',
    'accessrestrict',
    'userestrict',
    'acqinfo',
    'processinfo',
    'relatedmaterial',
    'odd',
    'prefercite',
  ),
  head: fc.option(inline, { nil: undefined }),
  paragraphs: fc.array(inline, { minLength: 1, maxLength: 3 }),
  list: fc.boolean(),
})

const description = (top: boolean): fc.Arbitrary<Description> =>
  fc.record({
    title: inline,
    dates: fc.array(date, { maxLength: 2 }),
    creators: fc.array(name, { maxLength: top ? 2 : 1 }),
    languages: fc.uniqueArray(
      fc.constantFrom<[string, string]>(
        ['eng', 'English'],
        ['fre', 'French'],
        ['ger', 'German'],
        ['jpn', '日本語'],
      ),
      { maxLength: 2, selector: ([code]) => code },
    ),
    extent: fc.option(
      fc.tuple(
        fc.constantFrom('1', '2.5', '0.25', '12'),
        fc.constantFrom('linear feet', 'boxes', 'items'),
      ),
      { nil: undefined },
    ),
    didNotes: fc.array(
      fc.record({
        element: fc.constantFrom('abstract', 'physloc', 'materialspec', 'note'),
        paragraphs: fc.array(inline, { minLength: 1, maxLength: 2 }),
      }),
      { maxLength: 2 },
    ),
    notes: fc.array(note, { maxLength: 3 }),
    access: fc.array(fc.oneof(name, term), { maxLength: 4 }),
    nestedAccess: fc.boolean(),
  })

/**
 * Ids from a small pool (a `.` the uri writes as `-`), or none (the path of positions); one met
 * again in the finding aid is left out (`uniqueIds`).
 */
const componentId = fc.option(
  fc.constantFrom('ref1', 'ref2', 'aspace_3f0b', 'a.b-1', 'x_9', 'Series-A'),
  { nil: undefined, freq: 3 },
)
const level = fc.constantFrom(undefined, 'series', 'subseries', 'file', 'item', 'box_group')

/** A component with at most `depth` levels of components inside it (itself included). */
function component(depth: number): fc.Arbitrary<GeneratedComponent> {
  return fc
    .tuple(
      description(false),
      fc.record({
        id: componentId,
        level,
        file: fc.option(
          fc.record({
            href: fc.constantFrom('https://example.org/a.pdf', 'https://example.org/?a=1&b="2"'),
            title: fc.option(heading, { nil: undefined }),
          }),
          { nil: undefined },
        ),
        children:
          depth > 1
            ? fc.array(component(depth - 1), { maxLength: 3 })
            : fc.constant<GeneratedComponent[]>([]),
      }),
    )
    .map(([described, own]) => ({ ...described, ...own }))
}

/**
 * A finding aid of a few dozen components, at most five levels deep; its `did` notes of EAD
 * 2002 (`note`) have one or two paragraphs (EAD3's `didnote` has one).
 */
export function generatedFindingAid(): fc.Arbitrary<GeneratedFindingAid> {
  return fc
    .record({
      description: description(true),
      number: fc.integer({ min: 1, max: 9999 }),
      level: fc.constantFrom('collection', 'fonds', 'recordgrp'),
      repository: heading,
      children: fc.array(component(4), { minLength: 1, maxLength: 4 }),
    })
    .map(({ description, number, children, ...rest }) => ({
      ...description,
      ...rest,
      id: `fa-${number}`,
      children: uniqueIds(children, new Set()),
    }))
}

/** An id met again (an XML id is unique in its file) is left out: that component has none. */
function uniqueIds(components: GeneratedComponent[], seen: Set<string>): GeneratedComponent[] {
  return components.map((component) => {
    const id = component.id !== undefined && !seen.has(component.id) ? component.id : undefined
    if (id !== undefined) seen.add(id)
    return { ...component, id, children: uniqueIds(component.children, seen) }
  })
}

/** How many components a finding aid has, the top-level collection included. */
export function componentCount(node: { children: GeneratedComponent[] }): number {
  return 1 + node.children.reduce((sum, child) => sum + componentCount(child), 0)
}

function escaped(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

function attribute(text: string): string {
  return escaped(text).replaceAll('"', '&quot;')
}

/** Inline text, words spaced by a space or a line break, some runs in `<emph>`. */
function inlineXml(text: Inline): string {
  return text
    .map(({ words, emph }, i) => {
      const run = escaped(words.join(i % 2 === 0 ? ' ' : '\n   '))
      return emph ? `<emph render="italic">${run}</emph>` : run
    })
    .join(' ')
}

function dateXml(date: GeneratedDate, edition: EadEdition): string {
  const type =
    date.type && (edition === 'ead3' ? ` unitdatetype="${date.type}"` : ` type="${date.type}"`)
  const circa = date.circa ? 'circa ' : ''
  switch (date.kind) {
    case 'range': {
      const normal = date.normal ? ` normal="${date.begin}/${date.end}"` : ''
      return `<unitdate${normal}${type ?? ''}>${circa}${date.begin}-${date.end}</unitdate>`
    }
    case 'single': {
      const normal = date.normal ? ` normal="${date.begin}"` : ''
      return `<unitdate${normal}${type ?? ''}>${circa}${date.begin}</unitdate>`
    }
    case 'decade':
      return `<unitdate${type ?? ''}>${circa}${Math.floor(date.begin / 10) * 10}s</unitdate>`
    case 'undated':
      return `<unitdate>${date.circa ? 'n.d.' : 'undated'}</unitdate>`
    case 'structured':
      if (edition === 'ead2002') {
        return `<unitdate normal="${date.begin}/${date.end}"${type ?? ''}>${date.begin}-${date.end}</unitdate>`
      }
      return (
        `<unitdatestructured${type ?? ''}><daterange>` +
        `<fromdate standarddate="${date.begin}">${date.begin}</fromdate>` +
        `<todate standarddate="${date.end}">${date.end}</todate></daterange></unitdatestructured>`
      )
  }
}

function headingXml(entry: GeneratedName | GeneratedTerm, edition: EadEdition): string {
  const text = escaped(entry.name)
  if (edition === 'ead3') {
    const identifier = entry.authority ? ` source="lcnaf" identifier="${entry.authority}"` : ''
    return `<${entry.element}${identifier}><part>${text}</part></${entry.element}>`
  }
  const number = entry.authority ? ` source="lcnaf" authfilenumber="${entry.authority}"` : ''
  return `<${entry.element}${number}>${text}</${entry.element}>`
}

function didXml(
  node: Description & { file?: GeneratedComponent['file'] },
  edition: EadEdition,
  repository: string | undefined,
): string {
  const parts = [`<unittitle>${inlineXml(node.title)}</unittitle>`]
  for (const date of node.dates) parts.push(dateXml(date, edition))
  if (node.creators.length > 0) {
    parts.push(
      `<origination>${node.creators.map((c) => headingXml(c, edition)).join('')}</origination>`,
    )
  }
  if (node.extent) {
    const [value, unit] = node.extent
    parts.push(
      edition === 'ead3'
        ? `<physdescstructured coverage="whole" physdescstructuredtype="${unit === 'linear feet' ? 'spaceoccupied' : 'materialtype'}"><quantity>${value}</quantity><unittype>${unit}</unittype></physdescstructured>`
        : `<physdesc><extent>${value} ${unit}</extent></physdesc>`,
    )
  }
  if (node.languages.length > 0) {
    const languages = node.languages.map(
      ([code, name]) => `<language langcode="${code}">${name}</language>`,
    )
    parts.push(`<langmaterial>${languages.join('')}</langmaterial>`)
  }
  if (repository !== undefined) {
    const corpname =
      edition === 'ead3'
        ? `<corpname><part>${escaped(repository)}</part></corpname>`
        : `<corpname>${escaped(repository)}</corpname>`
    parts.push(`<repository>${corpname}</repository>`)
  }
  for (const { element, paragraphs } of node.didNotes) {
    if (element === 'note' && edition === 'ead2002') {
      parts.push(`<note>${paragraphs.map((p) => `<p>${inlineXml(p)}</p>`).join('')}</note>`)
    } else {
      const name = element === 'note' ? 'didnote' : element
      parts.push(`<${name}>${paragraphs.map(inlineXml).join(' ')}</${name}>`)
    }
  }
  if (node.file) {
    const { href, title } = node.file
    parts.push(
      edition === 'ead3'
        ? `<dao daotype="derived" href="${attribute(href)}"${title ? ` linktitle="${attribute(title)}"` : ''}/>`
        : `<dao xlink:type="simple" xlink:href="${attribute(href)}"${title ? ` xlink:title="${attribute(title)}"` : ''}/>`,
    )
  }
  return `<did>${parts.join('\n')}</did>`
}

function descriptionXml(node: Description, edition: EadEdition): string {
  const parts: string[] = []
  for (const note of node.notes) {
    const head = note.head ? `<head>${inlineXml(note.head)}</head>` : ''
    const body = note.list
      ? `<list>${note.paragraphs.map((p) => `<item>${inlineXml(p)}</item>`).join('')}</list>`
      : note.paragraphs.map((p) => `<p>${inlineXml(p)}</p>`).join('\n')
    parts.push(`<${note.element}>${head}${body}</${note.element}>`)
  }
  if (node.access.length > 0) {
    const headings = node.access.map((entry) => headingXml(entry, edition))
    const inner = node.nestedAccess ? headings.splice(Math.ceil(headings.length / 2)) : []
    const nested = inner.length > 0 ? `<controlaccess>${inner.join('')}</controlaccess>` : ''
    parts.push(`<controlaccess>${headings.join('')}${nested}</controlaccess>`)
  }
  return parts.join('\n')
}

function componentXml(node: GeneratedComponent, edition: EadEdition, depth: number): string {
  const id = node.id ? ` id="${node.id}"` : ''
  const level =
    node.level === undefined
      ? ''
      : node.level === 'box_group'
        ? ' level="otherlevel" otherlevel="box_group"'
        : ` level="${node.level}"`
  const indent = '  '.repeat(depth)
  const children = node.children.map((child) => componentXml(child, edition, depth + 1))
  return (
    `${indent}<c${id}${level}>${didXml(node, edition, undefined)}\n` +
    `${descriptionXml(node, edition)}${children.length > 0 ? `\n${children.join('\n')}` : ''}</c>`
  )
}

/** The finding aid as EAD3 or EAD 2002 text. */
export function findingAidXml(aid: GeneratedFindingAid, edition: EadEdition): string {
  const title = `<titlestmt><titleproper>${inlineXml(aid.title)}</titleproper></titlestmt>`
  const header =
    edition === 'ead3'
      ? `<ead xmlns="http://ead3.archivists.org/schema/">\n<control><recordid>${aid.id}</recordid><filedesc>${title}</filedesc>` +
        '<maintenancestatus value="derived"/><maintenanceagency><agencyname>Tests</agencyname></maintenanceagency>' +
        '<maintenancehistory><maintenanceevent><eventtype value="derived"/><eventdatetime>2026</eventdatetime>' +
        '<agenttype value="machine"/><agent>fast-check</agent></maintenanceevent></maintenancehistory></control>'
      : `<ead xmlns="urn:isbn:1-931666-22-9" xmlns:xlink="http://www.w3.org/1999/xlink">\n<eadheader><eadid>${aid.id}</eadid><filedesc>${title}</filedesc></eadheader>`
  const components = aid.children.map((child) => componentXml(child, edition, 2))
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n${header}\n` +
    `<archdesc level="${aid.level}">${didXml(aid, edition, aid.repository)}\n` +
    `${descriptionXml(aid, edition)}\n<dsc>\n${components.join('\n')}\n</dsc>\n</archdesc>\n</ead>\n`
  )
}
