import { createReadStream } from 'node:fs'
import { basename } from 'node:path'
import sax from 'sax'
import { idOf } from '../documents/document-fields.js'
import type {
  CatalogueDate,
  CatalogueObject,
  Collection,
  Format,
  Reference,
} from '../documents/documents.js'
import { CatalogueError } from '../util/catalogue-errors.js'
import { datesOf } from './ead-dates.js'
import {
  EAD_SOURCE,
  extentsOf,
  filesOf,
  formatOf,
  languagesOf,
  type NameEntry,
  NOTE_ELEMENTS,
  namesOf,
  notesOf,
  slug,
  type TermEntry,
  termsOf,
} from './ead-fields.js'
import { EadSyntaxError, type ImportWarning, Slot } from './imported-document.js'
import { TagPositions } from './tag-positions.js'
import {
  childNamed,
  childrenNamed,
  collapse,
  type Position,
  textOf,
  type XmlElement,
} from './xml-elements.js'

const COMPONENT = /^c(0[1-9]|1[0-2])?$/
/** Elements that may stand in a component (or `archdesc`) besides notes and components. */
const COMPONENT_PARTS = new Set([
  'did',
  'head',
  'thead',
  'dao',
  'daogrp',
  'daoset',
  'controlaccess',
  'descgrp',
  'dsc',
  'runner',
  'relations',
])
/** Elements of a `did`. */
const DID_PARTS = new Set([
  'unittitle',
  'unitid',
  'unitdate',
  'unitdatestructured',
  'physdesc',
  'physdescstructured',
  'physdescset',
  'langmaterial',
  'origination',
  'repository',
  'container',
  'dao',
  'daogrp',
  'daoset',
  'abstract',
  'physloc',
  'materialspec',
  'note',
  'didnote',
  'head',
  'unittitle',
])

/** A component being read. */
interface Frame {
  /** The element children read so far, child components excepted. */
  content: XmlElement
  /** Its path of 1-based sibling positions. */
  path: number[]
  childCount: number
  /** The document, once it is made (at its first child, or at its end). */
  document?: Collection | CatalogueObject
  /** Its place in the finding aid's documents. */
  slot?: Slot
  /** How its warnings name it (see {@link ImportWarning.component}), once one is raised. */
  label?: string
  parent?: Frame
  /** Creators and languages inherited by descendants that lack their own. */
  creators: Reference[]
  languages: { expression: string; identifier: string }[]
}

/** What a reader asks of the importer: one reference per agent and term across files. */
export interface SharedReferences {
  agentReference(entry: NameEntry, role: string, file: string): Reference
  termReference(entry: TermEntry, file: string): Reference
  /** This year: a date after it is a mistake. */
  readonly currentYear: number
}

/** Reads one finding aid from its SAX events. */
export class FindingAidReader {
  readonly documents: Slot[] = []
  readonly warnings: ImportWarning[] = []
  private readonly file: string
  private readonly importer: SharedReferences
  /** Open elements being collected (innermost last); empty outside collected parts. */
  private readonly open: XmlElement[] = []
  private readonly frames: Frame[] = []
  private header: XmlElement = element('header', {}, { line: 0, column: 0 })
  private inHeader = false
  private archdesc: Frame | undefined
  private base = ''
  private group: Collection['group'] | undefined
  private seenIds = new Set<string>()
  private rootChecked = false
  private readonly unknown = new Set<string>()

  constructor(importer: SharedReferences, file: string) {
    this.importer = importer
    this.file = file
  }

  async read(): Promise<void> {
    const parser = sax.parser(true, { xmlns: true, position: true })
    let failure: Error | undefined
    parser.onerror = (error) => {
      failure ??= this.syntaxError(parser, error.message.split('\n')[0] ?? 'not well-formed')
      throw failure
    }
    const positions = new TagPositions(parser)
    let start: Position = { line: 1, column: 1 }
    parser.onopentagstart = (tag) => {
      start = positions.tagStart(tag.name)
    }
    parser.onopentag = (tag) => this.opened(tag as sax.QualifiedTag, start)
    parser.onclosetag = () => this.closed()
    parser.ontext = (text) => this.text(text)
    parser.oncdata = (text) => this.text(text)
    const stream = createReadStream(this.file, { encoding: 'utf8', highWaterMark: 1 << 16 })
    try {
      for await (const chunk of stream) positions.write(chunk as string)
      parser.close()
    } catch (error) {
      if (failure) throw failure
      if (error instanceof CatalogueError) throw error
      const reason =
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? 'no such file'
          : (error as Error).message
      throw new CatalogueError('E_UNREADABLE', `Cannot read ${this.file}: ${reason}`, {
        cause: error,
      })
    } finally {
      stream.destroy()
    }
    if (!this.archdesc)
      throw new EadSyntaxError(this.file, 1, 1, 'no <archdesc>: not an EAD finding aid')
  }

  private syntaxError(parser: sax.SAXParser, reason: string): EadSyntaxError {
    return new EadSyntaxError(
      this.file,
      parser.line + 1,
      parser.column + 1,
      reason.replace(/\.$/, '').toLowerCase(),
    )
  }

  private opened(tag: sax.QualifiedTag, at: Position): void {
    const name = tag.local || tag.name
    const attributes: Record<string, string> = {}
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.prefix === 'xmlns' || attribute.name === 'xmlns') continue
      attributes[attribute.local || attribute.name] = attribute.value
    }
    if (!this.rootChecked) {
      this.rootChecked = true
      if (name !== 'ead') {
        throw new EadSyntaxError(
          this.file,
          at.line,
          at.column,
          `the root element is <${name}>, not <ead>: not an EAD finding aid`,
        )
      }
      return
    }
    const node = element(name, attributes, at)
    if (this.open.length > 0) {
      // Inside a collected part: a child component ends its parent's own content.
      if (COMPONENT.test(name) && this.frames.length > 0) {
        this.startComponent(node)
        return
      }
      if (name === 'dsc' && this.frames.length === 1 && this.open.length === 1) {
        this.emitFrame(this.frames[0]!, true) // the archdesc's own content is read: its document now
        this.open.push(node) // a dsc is not kept; its components are frames
        return
      }
      this.open[this.open.length - 1]!.children.push(node)
      this.open.push(node)
      return
    }
    if (name === 'eadheader' || name === 'control') {
      this.inHeader = true
      this.header = node
      this.open.push(node)
    } else if (name === 'archdesc') {
      this.archdesc = this.frame(node, [], undefined)
      this.frames.push(this.archdesc)
      this.open.push(node)
    }
  }

  private closed(): void {
    const node = this.open.pop()
    if (!node) return
    if (this.inHeader && this.open.length === 0) {
      this.inHeader = false
      this.base = this.baseId()
      return
    }
    const frame = this.frames[this.frames.length - 1]
    if (frame && node === frame.content) this.endComponent(frame)
  }

  private text(text: string): void {
    const current = this.open[this.open.length - 1]
    if (current) current.children.push(text)
  }

  private frame(node: XmlElement, path: number[], parent: Frame | undefined): Frame {
    return {
      content: node,
      path,
      childCount: 0,
      parent,
      creators: parent?.creators ?? [],
      languages: parent?.languages ?? [],
    }
  }

  private startComponent(node: XmlElement): void {
    const parent = this.frames[this.frames.length - 1]!
    // The parent's own content is read (child components come last): it is a collection.
    if (!parent.document) this.emitFrame(parent, true)
    parent.childCount++
    const frame = this.frame(node, [...parent.path, parent.childCount], parent)
    this.frames.push(frame)
    this.open.push(node)
  }

  private endComponent(frame: Frame): void {
    this.frames.pop()
    if (!frame.document) this.emitFrame(frame, frame === this.archdesc)
    const document = frame.document!
    if (document.type === 'collection') {
      if (document.extents.length === 0) {
        const count = frame.childCount
        document.extents = [
          { value: String(count), type: count === 1 ? 'component' : 'components' },
        ]
      }
      if (frame === this.archdesc) this.finishArchdesc(frame, document)
    }
    frame.slot?.settle()
  }

  /** Notes, subjects and digital objects of an `archdesc` that come after its `dsc`. */
  private finishArchdesc(frame: Frame, document: Collection): void {
    const did = childNamed(frame.content, 'did')
    document.notes = notesOf(frame.content, did)
    const { agents, ...links } = this.linksOf(frame.content, [])
    Object.assign(document, links)
    if (agents) document.agents = agents
    else delete document.agents
  }

  /**
   * Makes a frame's document from what was read of it, and queues it: at its first child
   * component (a collection) or at its end (an object, unless it is the `archdesc`).
   */
  private emitFrame(frame: Frame, hasChildren: boolean): void {
    const did = childNamed(frame.content, 'did')
    this.checkElements(frame, did)
    const type = frame === this.archdesc || hasChildren ? 'collection' : 'object'
    const described = this.describe(frame, did, type)
    const document =
      type === 'collection'
        ? this.collectionDocument(frame, did, described)
        : this.objectDocument(frame, did, described)
    frame.document = document
    // An object is final when it is made; a collection at its end.
    frame.slot = new Slot(document, this.file, frame.content, type === 'object')
    this.documents.push(frame.slot)
  }

  /**
   * How warnings name a component, so that an archivist finds it again: by its `id` (what
   * ArchivesSpace writes), else its `unitid`, else its path of titles from the finding aid down.
   */
  private labelOf(frame: Frame): string {
    if (frame === this.archdesc) return 'archdesc'
    const did = childNamed(frame.content, 'did')
    const id = frame.content.attributes.id
    if (id) return `component id ${id}`
    const unitid = textOf(childNamed(did, 'unitid'))
    if (unitid) return `component unitid '${unitid}'`
    const titles = [textOf(childNamed(did, 'unittitle')) || `#${frame.path.at(-1)}`]
    for (let node = frame.parent; node && node !== this.archdesc; node = node.parent) {
      titles.unshift(node.document!.title)
    }
    return `component '${titles.join(' > ')}'`
  }

  /**
   * A problem that does not stop the import, where it is and in which component. Warnings are
   * raised only while a component's document is made ({@link emitFrame}), when its `did` (and
   * each ancestor's document) is whole: its label is made then, at the first, and kept.
   */
  private warn(frame: Frame, at: Position, message: string): void {
    frame.label ??= this.labelOf(frame)
    this.warnings.push({
      file: this.file,
      line: at.line,
      column: at.column,
      component: frame.label,
      message,
    })
  }

  /**
   * What a component's document holds whatever its type, read in the order its warnings and
   * agents are told: title, dates, creators (inherited by its components), languages, access
   * terms, digital objects, formats, level; the group when it is the archdesc.
   */
  private describe(frame: Frame, did: XmlElement | undefined, type: 'collection' | 'object') {
    const content = frame.content
    const isTop = frame === this.archdesc
    const warn = (at: Position, message: string) => this.warn(frame, at, message)
    const uri = `/${type}s/${this.idOf(frame)}`
    let title = textOf(childNamed(did, 'unittitle'))
    if (!title) {
      warn(content, 'component without a title')
      title =
        textOf(childNamed(did, 'unitid')) || textOf(childNamed(did, 'unitdate')) || '[Untitled]'
    }
    let dates = datesOf(did, { warn, currentYear: this.importer.currentYear })
    if (dates.length === 0) dates = [undated()]
    const originated = distinct(
      childrenNamed(did, 'origination').flatMap((origination) =>
        namesOf(origination).map((name) =>
          this.importer.agentReference(name, 'creator', this.file),
        ),
      ),
    )
    if (originated.length > 0) frame.creators = originated
    const languages = languagesOf(did)
    if (languages.length > 0) frame.languages = languages
    // An object's own creators are among the agents it names; a collection lists them as creators.
    const links = this.linksOf(content, type === 'object' ? originated : [])
    const daos = [
      ...childrenNamed(did, 'dao', 'daogrp', 'daoset'),
      ...childrenNamed(content, 'dao', 'daogrp', 'daoset'),
    ]
    const formats = this.formatsOf(content, did)
    const level =
      content.attributes.level === 'otherlevel'
        ? (content.attributes.otherlevel ?? 'otherlevel')
        : (content.attributes.level ?? null)
    if (isTop) {
      this.group = {
        identifier: uri,
        title,
        category: 'collection',
        creators: frame.creators,
        dates,
      }
    }
    const { agents, ...linked } = links
    const shared = {
      uri,
      title,
      category: 'collection' as const,
      dates,
      notes: notesOf(content, did),
      ...linked,
      ...(agents ? { agents } : {}),
      ancestors: this.ancestorsOf(frame),
      formats,
      position: frame.path.length > 0 ? frame.path[frame.path.length - 1]! - 1 : 0,
      online: daos.length > 0,
      group: this.group!,
      external_identifiers: [{ identifier: this.externalId(frame), source: EAD_SOURCE }],
    }
    return { shared, level, languages, daos, warn }
  }

  /** A collection: its creators (the repository when none is named here or above) and extents. */
  private collectionDocument(
    frame: Frame,
    did: XmlElement | undefined,
    { shared, level, warn }: ReturnType<FindingAidReader['describe']>,
  ): Collection {
    if (frame.creators.length === 0) {
      warn(frame.content, 'no <origination> here or above: the repository stands as creator')
      frame.creators = [this.repositoryCreator()]
      if (frame === this.archdesc) shared.group.creators = frame.creators
    }
    const parent = frame.parent?.document
    return {
      ...shared,
      type: 'collection',
      level,
      ...(parent ? { parent: idOf(parent.uri) } : {}),
      creators: frame.creators,
      extents: extentsOf(did),
      languages:
        frame.languages.length > 0
          ? frame.languages
          : [{ expression: 'Undetermined', identifier: 'und' }],
    }
  }

  /** An object: its files from the digital objects, its own languages only. */
  private objectDocument(
    frame: Frame,
    did: XmlElement | undefined,
    { shared, level, languages, daos }: ReturnType<FindingAidReader['describe']>,
  ): CatalogueObject {
    const files = filesOf(daos, shared.title)
    return {
      ...shared,
      type: 'object',
      // A leaf keeps its level: a file, an item, a series without components.
      level,
      parent: frame.parent?.document?.uri ?? null,
      extents: extentsOf(did),
      ...(languages.length > 0 ? { languages } : {}),
      ...(files.length > 0 ? { files } : {}),
    }
  }

  /**
   * The agents and terms a component links to: its `controlaccess` names (subjects) and
   * headings, and the creators given (an object's own). Each name is linked once per role, as
   * the people, organizations and families of its kind; `agents`, what a detail shows (as
   * ArchivesSpace means its export), lists each agent once, from those same links.
   */
  private linksOf(content: XmlElement, creators: Reference[]) {
    const headings = childrenNamed(content, 'controlaccess')
    const subjects = headings.flatMap((heading) =>
      namesOf(heading).map((name) => this.importer.agentReference(name, 'subject', this.file)),
    )
    const terms = headings.flatMap((heading) =>
      termsOf(heading).map((term) => this.importer.termReference(term, this.file)),
    )
    const names = [...distinct(subjects), ...creators]
    const ofKind = (kind: Reference['type']) => names.filter(({ type }) => type === kind)
    const agents = onePerAgent(names)
    return {
      terms: distinct(terms),
      people: ofKind('person'),
      organizations: ofKind('organization'),
      families: ofKind('family'),
      agents: agents.length > 0 ? agents : undefined,
    }
  }

  private formatsOf(content: XmlElement, did: XmlElement | undefined): Format[] {
    const genres = [
      ...childrenNamed(content, 'controlaccess').flatMap((heading) => termsOf(heading)),
      ...childrenNamed(did, 'physdesc').flatMap((physdesc) =>
        childrenNamed(physdesc, 'genreform').map((genre) => ({
          title: textOf(genre),
          kind: 'genre_form',
        })),
      ),
    ]
      .filter((term) => term.kind === 'genre_form')
      .map((term) => formatOf(term.title))
      .filter((format): format is Format => format !== undefined)
    const formats = [...new Set(genres)]
    return formats.length > 0 ? formats : ['documents']
  }

  private ancestorsOf(frame: Frame): Reference[] {
    const ancestors: Reference[] = []
    for (let node = frame.parent; node; node = node.parent) {
      const document = node.document!
      ancestors.push({
        external_identifiers: document.external_identifiers,
        identifier: idOf(document.uri),
        title: document.title,
        type: 'collection',
        level: (document as Collection).level ?? null,
      })
    }
    return ancestors
  }

  /** The finding aid's id part: its `eadid` (EAD3 `recordid`), else the file's name. */
  private baseId(): string {
    const eadid =
      textOf(childNamed(this.header, 'eadid')) || textOf(childNamed(this.header, 'recordid'))
    const fromFile = basename(this.file).replace(/\.xml$/i, '')
    return slug(eadid.replace(/\.xml$/i, '')) || slug(fromFile) || 'finding-aid'
  }

  private idOf(frame: Frame): string {
    if (!this.base) this.base = this.baseId()
    if (frame === this.archdesc) return this.base
    const own = frame.content.attributes.id
    if (own) {
      const id = `${this.base}_${slug(own)}`
      if (slug(own) !== '' && !this.seenIds.has(id)) {
        this.seenIds.add(id)
        return id
      }
      this.warn(frame, frame.content, `repeated id '${own}': the component's path identifies it`)
    }
    const id = `${this.base}_${frame.path.join('-')}`
    this.seenIds.add(id)
    return id
  }

  private externalId(frame: Frame): string {
    const eadid = this.base
    if (frame === this.archdesc) return `ead:${eadid}`
    return `ead:${eadid}#${frame.content.attributes.id ?? frame.path.join('-')}`
  }

  private repositoryCreator(): Reference {
    const did = childNamed(this.archdesc!.content, 'did')
    const repository = collapse(textOf(childNamed(did, 'repository'))).replace(/[.,]+$/, '')
    return this.importer.agentReference(
      {
        name: repository || 'Unknown creator',
        kind: 'organization',
        authority: undefined,
        line: this.archdesc!.content.line,
        column: this.archdesc!.content.column,
      },
      'creator',
      this.file,
    )
  }

  /** Warns once per file about each element name the import does not know and skips. */
  private checkElements(frame: Frame, did: XmlElement | undefined): void {
    for (const child of frame.content.children) {
      if (
        typeof child === 'string' ||
        COMPONENT_PARTS.has(child.name) ||
        NOTE_ELEMENTS.has(child.name)
      )
        continue
      this.unknownElement(frame, child)
    }
    for (const child of did?.children ?? []) {
      if (typeof child === 'string' || DID_PARTS.has(child.name)) continue
      this.unknownElement(frame, child)
    }
  }

  private unknownElement(frame: Frame, node: XmlElement): void {
    if (this.unknown.has(node.name)) return
    this.unknown.add(node.name)
    this.warn(frame, node, `unknown element <${node.name}>, skipped`)
  }
}

function element(name: string, attributes: Record<string, string>, at: Position): XmlElement {
  return { name, attributes, children: [], line: at.line, column: at.column }
}

/**
 * References without repeats, in the order first met: a heading listed twice under one
 * component (often once in a nested `controlaccess` too) is one agent or term, linked once.
 */
function distinct(references: Reference[]): Reference[] {
  if (references.length < 2) return references
  const seen = new Set<Reference['identifier']>()
  return references.filter(({ identifier }) => {
    if (seen.has(identifier)) return false
    seen.add(identifier)
    return true
  })
}

/**
 * Each agent once, where it is first named. An agent who is both a subject and a creator (the
 * author of a diary about himself) is kept as the creator: an object has no `creators` to say
 * so, so its `agents` is the only place its creator shows, while its `people` (or organizations,
 * families) keep both links.
 */
function onePerAgent(names: Reference[]): Reference[] {
  const agents = new Map<Reference['identifier'], Reference>()
  for (const name of names) {
    const kept = agents.get(name.identifier)
    // A map keeps a key where it was first set: a creator replaces a subject in its place.
    if (!kept || (name.role === 'creator' && kept.role !== 'creator')) {
      agents.set(name.identifier, name)
    }
  }
  return [...agents.values()]
}

function undated(): CatalogueDate {
  return {
    begin: null,
    end: null,
    expression: 'undated',
    label: 'creation',
    type: 'single',
    source: EAD_SOURCE,
  }
}
