/**
 * EAD elements → the parts of catalogue documents: extents from `physdesc/extent`, languages,
 * notes with their paragraphs, names and subjects, formats, digital objects (dates are
 * `ead-dates.ts`'s). EAD 2002 and EAD3 element names alike; each function reads one small
 * element tree.
 */
import {
  NOTE_TYPES as CATALOGUE_NOTE_TYPES,
  type CatalogueFile,
  type Extent,
  type Format,
  type Note,
  type NoteType,
} from '../documents/documents.js'
import {
  childNamed,
  childrenNamed,
  collapse,
  descendantsNamed,
  paragraphsOf,
  textOf,
  type XmlElement,
} from './xml-elements.js'

/** What every part made from EAD says of its source. */
export const EAD_SOURCE = 'ead' as const

/** The extents of a `did`: `physdesc/extent` (`1.25 Linear Feet`) and EAD3 `physdescstructured`. */
export function extentsOf(did: XmlElement | undefined): Extent[] {
  const extents: Extent[] = []
  for (const extent of descendantsNamed(did, 'extent')) {
    const match = /^\(?\s*([0-9]+(?:\.[0-9]+)?)\s+(.+?)\s*\)?$/.exec(textOf(extent))
    if (match) extents.push({ value: match[1]!, type: match[2]! })
  }
  for (const structured of descendantsNamed(did, 'physdescstructured')) {
    const quantity = textOf(childNamed(structured, 'quantity'))
    const unit = textOf(childNamed(structured, 'unittype'))
    if (/^[0-9]+(\.[0-9]+)?$/.test(quantity) && unit) extents.push({ value: quantity, type: unit })
  }
  return extents
}

/** The languages of a `did`: `langmaterial/language@langcode`. */
export function languagesOf(
  did: XmlElement | undefined,
): { expression: string; identifier: string }[] {
  const languages: { expression: string; identifier: string }[] = []
  for (const language of descendantsNamed(childNamed(did, 'langmaterial'), 'language')) {
    const code = (language.attributes.langcode ?? '').trim().toLowerCase()
    if (!/^[a-z]{2,3}$/.test(code) || languages.some((l) => l.identifier === code)) continue
    const expression = textOf(language).replace(/[.;,]+$/, '') || code
    languages.push({ expression, identifier: code })
  }
  return languages
}

/** The note elements and the catalogue's note type for each. */
const NOTE_TYPES: Record<string, [NoteType, string]> = {
  abstract: ['abstract', 'Abstract'],
  scopecontent: ['scopecontent', 'Scope and Contents'],
  bioghist: ['bioghist', 'Biographical / Historical'],
  arrangement: ['arrangement', 'Arrangement'],
  accessrestrict: ['accessrestrict', 'Conditions Governing Access'],
  userestrict: ['userestrict', 'Conditions Governing Use'],
  acqinfo: ['acqinfo', 'Immediate Source of Acquisition'],
  custodhist: ['custodhist', 'Custodial History'],
  processinfo: ['processinfo', 'Processing Information'],
  relatedmaterial: ['relatedmaterial', 'Related Materials'],
  separatedmaterial: ['separatedmaterial', 'Separated Materials'],
  odd: ['odd', 'General'],
  prefercite: ['prefercite', 'Preferred Citation'],
  altformavail: ['altformavail', 'Existence and Location of Copies'],
  appraisal: ['appraisal', 'Appraisal'],
  accruals: ['accruals', 'Accruals'],
  otherfindaid: ['otherfindaid', 'Other Finding Aids'],
  originalsloc: ['originalsloc', 'Existence and Location of Originals'],
  phystech: ['phystech', 'Physical Characteristics and Technical Requirements'],
  fileplan: ['fileplan', 'File Plan'],
  bibliography: ['bibliography', 'Bibliography'],
  index: ['index', 'Index'],
  legalstatus: ['legalstatus', 'Legal Status'],
  note: ['note', 'General Note'],
  didnote: ['note', 'General Note'],
  physloc: ['physloc', 'Physical Location'],
  materialspec: ['materialspec', 'Materials Specific Details'],
  dimensions: ['dimensions', 'Dimensions'],
  physfacet: ['physfacet', 'Physical Facet'],
}

/** The element names that are notes, at component level or in a `did`. */
export const NOTE_ELEMENTS: ReadonlySet<string> = new Set(Object.keys(NOTE_TYPES))

/**
 * The notes of a component (or `archdesc`): its note elements (in `descgrp` too), the `did`'s
 * `abstract`, `physloc`, `materialspec` and `note`, and `physdesc`'s dimensions and facets, each
 * with its paragraphs as text.
 */
export function notesOf(content: XmlElement, did: XmlElement | undefined): Note[] {
  const elements = [
    ...childrenNamed(did, 'abstract', 'physloc', 'materialspec', 'note', 'didnote'),
    ...childrenNamed(did, 'physdesc').flatMap((physdesc) =>
      childrenNamed(physdesc, 'dimensions', 'physfacet'),
    ),
    ...content.children.flatMap((child) => {
      if (typeof child === 'string') return []
      if (child.name === 'descgrp') return childrenNamed(child, ...NOTE_ELEMENTS)
      return NOTE_ELEMENTS.has(child.name) ? [child] : []
    }),
  ]
  const notes: Note[] = []
  for (const element of elements) {
    const [type, title] = oddType(element) ?? NOTE_TYPES[element.name]!
    const paragraphs = paragraphsOf(element)
    if (paragraphs.length === 0) continue
    notes.push({
      type,
      title: textOf(childNamed(element, 'head')) || title,
      source: EAD_SOURCE,
      subnotes: [{ type: 'text', content: paragraphs }],
    })
  }
  return notes
}

/**
 * An `odd` whose `type` (EAD 2002) or `localtype` (EAD3) names another note type of the
 * catalogue (`inscription`, `dimensions` …) is a note of that type: what `catalogue export ead`
 * writes for a type EAD has no element for there, so that it comes back as it was.
 */
function oddType(element: XmlElement): [NoteType, string] | undefined {
  if (element.name !== 'odd') return undefined
  const named = (element.attributes.localtype ?? element.attributes.type ?? '').trim()
  if (named === '' || named === 'odd' || !ODD_NAMED.has(named)) return undefined
  return [named as NoteType, NOTE_TYPES[named]?.[1] ?? 'General']
}

const ODD_NAMED: ReadonlySet<string> = new Set(CATALOGUE_NOTE_TYPES)

/** A name of an agent in the file: person, organization or family. */
export interface NameEntry {
  name: string
  kind: 'person' | 'organization' | 'family'
  authority: string | undefined
  line: number
  column: number
}

/** A controlled term in the file. */
export interface TermEntry {
  title: string
  kind: 'topical' | 'geographic' | 'genre_form' | 'occupation' | 'function'
  authority: string | undefined
  line: number
  column: number
}

const NAME_KINDS: Record<string, NameEntry['kind']> = {
  persname: 'person',
  corpname: 'organization',
  famname: 'family',
}
const TERM_KINDS: Record<string, TermEntry['kind']> = {
  subject: 'topical',
  geogname: 'geographic',
  genreform: 'genre_form',
  occupation: 'occupation',
  function: 'function',
}

/** The names of an `origination` or `controlaccess` (nested `controlaccess` too). */
export function namesOf(element: XmlElement | undefined): NameEntry[] {
  return descendantsNamed(element, ...Object.keys(NAME_KINDS))
    .map((name) => ({
      name: cleanName(nameText(name)),
      kind: NAME_KINDS[name.name]!,
      authority: authorityOf(name),
      line: name.line,
      column: name.column,
    }))
    .filter((entry) => entry.name !== '')
}

/** The subject terms of a `controlaccess`. */
export function termsOf(element: XmlElement | undefined): TermEntry[] {
  return descendantsNamed(element, ...Object.keys(TERM_KINDS))
    .map((term) => ({
      title: cleanName(nameText(term)),
      kind: TERM_KINDS[term.name]!,
      authority: authorityOf(term),
      line: term.line,
      column: term.column,
    }))
    .filter((entry) => entry.title !== '')
}

/** EAD3 names are made of `part`s; EAD 2002 names are text. */
function nameText(element: XmlElement): string {
  const parts = childrenNamed(element, 'part')
  return parts.length > 0 ? parts.map(textOf).join(' ') : textOf(element)
}

function authorityOf(element: XmlElement): string | undefined {
  const id = element.attributes.authfilenumber ?? element.attributes.identifier
  if (!id?.trim()) return undefined
  const source = element.attributes.source ?? element.attributes.rules ?? ''
  return `${source}:${id.trim()}`
}

/** A heading without the trailing period catalogues add (`Stanford University.`). */
function cleanName(name: string): string {
  return collapse(name).replace(/[\s.,;:]+$/, '')
}

/** The formats a genre or form term names, if any (`Photographs` → photographs). */
export function formatOf(genre: string): Format | undefined {
  const text = genre.toLowerCase()
  if (/photo|cyanotype|daguerreotype|negative|slide|tintype|albumen/.test(text))
    return 'photographs'
  if (/audio|sound|phonograph|cassette|oral histor|audiotape|recording/.test(text)) return 'audio'
  if (/video|film|motion picture|moving image/.test(text)) return 'moving image'
  if (/document|letter|correspondence|manuscript|record|report|minutes|diar|typescript/.test(text))
    return 'documents'
  return undefined
}

/** The digital objects of a component: `dao`, `daogrp` and EAD3 `daoset`, as files. */
export function filesOf(elements: XmlElement[], fallbackTitle: string): CatalogueFile[] {
  const files: CatalogueFile[] = []
  for (const dao of elements.flatMap((element) => [
    ...(element.name === 'dao' ? [element] : []),
    ...descendantsNamed(element, 'dao', 'daoloc'),
  ])) {
    const href = dao.attributes.href
    if (!href) continue
    const title =
      dao.attributes.title ||
      dao.attributes.linktitle ||
      textOf(childNamed(dao, 'daodesc')) ||
      fallbackTitle ||
      null
    files.push({ title, download: href, manifest: null })
  }
  return files
}

/** A stable, uri-safe id part: letters, digits, `-` and `_`. */
export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
