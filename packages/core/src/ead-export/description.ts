/**
 * One collection or object as EAD: its `did` (title, dates, creators, extents, languages,
 * digital objects, the notes that belong there) and what stands beside it (notes, controlled
 * access headings). Both editions; the importer (`ead/`) reads each part back as it was
 * written, which `test/core/ead-round-trip.test.ts` checks.
 */
import type {
  CatalogueDate,
  CatalogueDocument,
  CatalogueObject,
  Collection,
  Language,
  Note,
  Reference,
} from '../documents/documents.js'
import { authorityOf } from './authorities.js'
import type { EadEdition } from './edition.js'
import { type NotePlace, placesOf } from './note-places.js'
import { attributes, element, xmlText } from './xml-text.js'

/** A collection or an object: what a finding aid describes. */
export type Described = Collection | CatalogueObject

/** What a component's description is written against: its parent's, which it inherits. */
export interface Inherited {
  /** The parent collection's creators: a collection with the same ones leaves them to it. */
  creators: readonly Reference[]
  /** The parent collection's languages: likewise. */
  languages: readonly Language[]
}

/** The levels EAD names (`av.level`); any other is `otherlevel` naming it. */
const LEVELS = new Set([
  'class',
  'collection',
  'file',
  'fonds',
  'item',
  'otherlevel',
  'recordgrp',
  'series',
  'subfonds',
  'subgrp',
  'subseries',
])

/** ` level="…"` (and ` otherlevel="…"`) of a component; `fallback` when it has none. */
export function levelAttributes(level: string | null | undefined, fallback?: string): string {
  const value = level?.trim() || fallback
  if (!value) return ''
  if (LEVELS.has(value)) return attributes({ level: value })
  // `otherlevel` is an NMTOKEN: spaces (and other characters it cannot hold) become `_`.
  const token = value.replace(/[^\p{L}\p{N}._:-]+/gu, '_')
  return attributes({ level: 'otherlevel', otherlevel: token })
}

/**
 * The `did` and the description beside it, for the `archdesc` or a `c` (their start tags are
 * the caller's). `inherited` is undefined for the `archdesc`.
 */
export function describe(
  document: Described,
  edition: EadEdition,
  inherited: Inherited | undefined,
  repositoryName = '',
): string {
  const did: string[] = [element('unittitle', document.title)]
  for (const date of document.dates) did.push(unitdate(date, edition))
  const creators = creatorsOf(document, inherited)
  if (creators.length > 0) {
    did.push(
      `<origination>${creators.map((name) => agentName(name, edition)).join('')}</origination>`,
    )
  }
  const notes = document.notes ?? []
  const places = placesOf(
    notes.map((note) => ({ type: note.type, paragraphs: paragraphs(note).length })),
    edition,
  )
  did.push(physicalDescription(document, notes, places, edition))
  const languages = languagesOf(document, inherited)
  if (languages.length > 0) {
    const written = languages.map((language) =>
      element(
        'language',
        language.expression,
        attributes({ langcode: langcode(language, edition) }),
      ),
    )
    did.push(`<langmaterial>${written.join('')}</langmaterial>`)
  }
  if (repositoryName && !inherited) {
    did.push(
      `<repository>${agentName({ title: repositoryName, type: 'organization', external_identifiers: [] }, edition)}</repository>`,
    )
  }
  if (document.type === 'object') did.push(...digitalObjects(document, edition))
  const beside: string[] = []
  for (const [i, note] of notes.entries()) {
    const place = places[i]!
    if (place.in === 'did' && place.paragraphs)
      did.push(noteElement(note, place.element, undefined, edition, false))
    else if (place.in === 'did') did.push(element(place.element, paragraphs(note).join(' ')))
    else if (place.in === 'component')
      beside.push(noteElement(note, place.element, place.odd, edition))
  }
  beside.push(controlledAccess(document, edition))
  return `<did>${did.join('')}</did>${beside.join('')}`
}

/** `<unitdate normal="1900/1906" type="inclusive">1900-1906</unitdate>` (EAD3: `unitdatetype`). */
function unitdate(date: CatalogueDate, edition: EadEdition): string {
  const { begin } = date
  const end = date.end ?? null
  const normal =
    begin === null ? (end ?? '') : end === null || end === begin ? begin : `${begin}/${end}`
  const type = date.type === 'bulk' || date.type === 'inclusive' ? date.type : undefined
  return element(
    'unitdate',
    date.expression,
    attributes({ normal, [edition === 'ead3' ? 'unitdatetype' : 'type']: type }),
  )
}

/**
 * The creators to write: a collection's own unless they are its parent's (which it inherits);
 * an object's, the people, organizations and families it links as their creator.
 */
function creatorsOf(document: Described, inherited: Inherited | undefined): Reference[] {
  if (document.type === 'collection') {
    const own = document.creators
    return inherited && sameReferences(own, inherited.creators) ? [] : own
  }
  return linkedNames(document).filter((name) => name.role === 'creator')
}

/** A collection's languages unless they are its parent's; an object's own. */
function languagesOf(document: Described, inherited: Inherited | undefined): readonly Language[] {
  const own = document.languages ?? []
  if (document.type === 'object' || !inherited) return own
  const same =
    own.length === inherited.languages.length &&
    own.every((language, i) => language.identifier === inherited.languages[i]?.identifier)
  return same ? [] : own
}

function sameReferences(a: readonly Reference[], b: readonly Reference[]): boolean {
  return (
    a.length === b.length && a.every((reference, i) => reference.identifier === b[i]?.identifier)
  )
}

/** The people, organizations and families a description links, in that order. */
function linkedNames(document: Described): Reference[] {
  return [
    ...(document.people ?? []),
    ...(document.organizations ?? []),
    ...(document.families ?? []),
  ]
}

const NAME_ELEMENTS: Partial<Record<string, string>> = {
  person: 'persname',
  organization: 'corpname',
  family: 'famname',
}
const TERM_ELEMENTS: Partial<Record<string, string>> = {
  topical: 'subject',
  geographic: 'geogname',
  genre_form: 'genreform',
  occupation: 'occupation',
  function: 'function',
}

/** A name (person, organization, family) with its authority; EAD3 names are made of parts. */
function agentName(reference: Reference, edition: EadEdition): string {
  const name = NAME_ELEMENTS[reference.type ?? ''] ?? 'persname'
  return heading(name, reference, edition)
}

function heading(name: string, reference: Reference, edition: EadEdition): string {
  const title = xmlText(reference.title ?? '')
  if (title.trim() === '') return ''
  const authority = authorityOf(reference)
  const attributeValues =
    edition === 'ead3'
      ? { identifier: authority?.number, source: authority?.source }
      : { source: authority?.source, authfilenumber: authority?.number }
  const content = edition === 'ead3' ? `<part>${title}</part>` : title
  return `<${name}${attributes(attributeValues)}>${content}</${name}>`
}

/**
 * `physdesc` (EAD 2002: extents, dimensions and facets, the formats as `genreform`) or
 * `physdescstructured` per extent (EAD3).
 */
function physicalDescription(
  document: Described,
  notes: Note[],
  places: NotePlace[],
  edition: EadEdition,
): string {
  if (edition === 'ead3') {
    return document.extents
      .map(
        (extent) =>
          `<physdescstructured${attributes({ coverage: 'whole', physdescstructuredtype: extentType(extent.type) })}><quantity>${xmlText(extent.value)}</quantity><unittype>${xmlText(extent.type)}</unittype></physdescstructured>`,
      )
      .join('')
  }
  const parts = document.extents.map((extent) =>
    element('extent', `${extent.value} ${extent.type}`),
  )
  for (const [i, note] of notes.entries()) {
    const place = places[i]!
    if (place.in === 'physdesc') parts.push(element(place.element, paragraphs(note).join(' ')))
  }
  for (const format of document.formats) parts.push(element('genreform', FORMAT_NAMES[format]))
  const content = parts.join('')
  return content === '' ? '' : `<physdesc>${content}</physdesc>`
}

/** The words a format is read back from (`formatOf` in `ead/ead-fields.ts`). */
const FORMAT_NAMES = {
  documents: 'Documents',
  audio: 'Audio recordings',
  photographs: 'Photographs',
  'moving image': 'Moving images',
} as const

/** EAD3's kind of extent: space taken (feet, metres, boxes of shelf) or a count of things. */
function extentType(unit: string): string {
  return /\b(feet|foot|ft|metres?|meters?|m|inch(es)?|cubic|linear)\b/i.test(unit)
    ? 'spaceoccupied'
    : 'materialtype'
}

/** EAD 2002 lists its codes (ISO 639-2b): only a three-letter code is written there. */
function langcode(language: Language, edition: EadEdition): string | undefined {
  const code = language.identifier.trim().toLowerCase()
  if (edition === 'ead2002') return /^[a-z]{3}$/.test(code) ? code : undefined
  return /^[a-z]{2,3}$/.test(code) ? code : undefined
}

/** An object's files as `dao`s: the link and its title (EAD 2002 as XLink). */
function digitalObjects(document: CatalogueObject, edition: EadEdition): string[] {
  return (document.files ?? [])
    .filter((file) => file.download)
    .map((file) =>
      edition === 'ead3'
        ? `<dao${attributes({ daotype: 'unknown', href: file.download, linktitle: file.title })}/>`
        : `<dao${attributes({ 'xlink:type': 'simple', 'xlink:href': file.download, 'xlink:title': file.title })}/>`,
    )
}

/** A note's paragraphs: its text subnotes' content and its lists' items, each one paragraph. */
function paragraphs(note: Note): string[] {
  const found: string[] = []
  for (const subnote of note.subnotes) {
    for (const text of subnote.content ?? []) if (text?.trim()) found.push(text)
    for (const item of subnote.items ?? []) {
      if (!item) continue
      const text = Object.values(item)
        .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
        .join(' ')
      if (text) found.push(text)
    }
  }
  return found
}

/** `<scopecontent><head>Scope</head><p>…</p></scopecontent>`; nothing for a note without text. */
function noteElement(
  note: Note,
  name: string,
  odd: string | undefined,
  edition: EadEdition,
  titled = true,
): string {
  const written = paragraphs(note)
    .map((text) => element('p', text))
    .filter((p) => p !== '')
  if (written.length === 0) return ''
  const typed = odd ? attributes({ [edition === 'ead3' ? 'localtype' : 'type']: odd }) : ''
  const head = titled ? element('head', note.title) : ''
  return `<${name}${typed}>${head}${written.join('')}</${name}>`
}

/** The subjects: agents linked other than as creator, then terms. */
function controlledAccess(document: Described, edition: EadEdition): string {
  const headings: string[] = []
  for (const name of subjectsOf(document)) headings.push(agentName(name, edition))
  for (const term of document.terms ?? []) {
    headings.push(heading(TERM_ELEMENTS[term.type ?? ''] ?? 'subject', term, edition))
  }
  const content = headings.join('')
  return content === '' ? '' : `<controlaccess>${content}</controlaccess>`
}

/**
 * The agents linked other than as creator, in the order the description met them: an import
 * keeps that order in `agents` (people, organizations and families are each of one kind), so
 * they follow it, and any not in it (a catalogue not made from EAD) come after, by kind.
 */
function subjectsOf(document: Described): Reference[] {
  const subjects = linkedNames(document).filter((name) => name.role !== 'creator')
  if (subjects.length < 2) return subjects
  const order = new Map<string, number>()
  for (const [i, agent] of (document.agents ?? []).entries()) {
    if (agent.identifier && !order.has(agent.identifier)) order.set(agent.identifier, i)
  }
  const rank = (name: Reference) => order.get(name.identifier ?? '') ?? Number.MAX_SAFE_INTEGER
  // A stable sort: those the order does not know keep theirs.
  return subjects
    .map((name, i) => ({ name, i }))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.i - b.i)
    .map(({ name }) => name)
}

/** Whether a document is one a finding aid describes. */
export function isDescribed(document: CatalogueDocument | undefined): document is Described {
  return document?.type === 'collection' || document?.type === 'object'
}
