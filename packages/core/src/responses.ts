/**
 * The API's response shapes (API.md §5 and the recorded responses), with keys in the order the
 * reference service sends them: objects are built in that order, so `JSON.stringify` and
 * the HTTP package's compiled serializers give the same bytes.
 */
import type { GroupSummary } from './_catalogue-data.js'
import { descriptionOf, idOf, notesOf } from './_document-fields.js'
import type {
  CatalogueDate,
  CatalogueDocument,
  CatalogueObject,
  Collection,
  ExternalIdentifier,
  Language,
  Reference,
  RightsStatement,
} from './documents.js'

/** A page of a list: `count` is exact, links absolute or null. */
export interface Page<T> {
  count: number
  next: string | null
  previous: string | null
  results: T[]
}

/** `/collections` pages carry an (empty) `facets` object after `previous`. */
export interface CollectionsPage<T> {
  count: number
  next: string | null
  previous: string | null
  facets: Record<string, never>
  results: T[]
}

/** A date as search results show it (key order of the recorded responses). */
export interface SearchResultDate {
  end: string | null
  type: string
  begin: string | null
  label: string
  source: string
  expression: string
}

/** A date as lists and details show it: without `source`. */
export interface ListDate {
  expression: string
  begin: string | null
  end: string | null
  label: string
  type: string
}

/** One `/search` result: a group (top-level collection or agent) and its hits. */
export interface SearchResult {
  category: string | null
  dates: SearchResultDate[]
  hit_count: number | null
  online_hit_count: number | null
  title: string
  uri: string
  creators: string[]
}

export interface FacetBucket {
  key: string
  doc_count: number
}

export interface FacetsResponse {
  max_date: { value: number | null }
  creator: FacetBucket[]
  min_date: { value: number | null }
  subject: FacetBucket[]
  format: FacetBucket[]
  online: { doc_count: number }
}

/** An item of `/collections` (and the other plain lists). */
export interface ListItem {
  uri: string
  type: string
  title: string
  dates: ListDate[]
}

/** A linked document inside a detail (creator, agent, term), as the reference service shows it. */
export interface LinkedItem {
  title: string | null
  type: string | null
  online: boolean
  hit_count: number | null
  online_hit_count: number | null
  uri: string | null
  dates: string | null
  description: string | null
  group: { identifier: string; title: string } | null
  index: number | null
}

export interface DetailNote {
  type: string
  title: string
  source: string
  subnotes: { type: string; content: (string | null)[]; items?: unknown[] }[]
}

/** `/collections/{id}`. */
export interface CollectionDetail {
  uri: string
  title: string
  type: 'collection'
  category: string
  offset: number | null
  group: { identifier: string; title: string }
  external_identifiers: ExternalIdentifier[]
  level: string | null
  parent: string | null
  languages: Language[]
  description: string | null
  extents: { value: number; type: string }[]
  formats: string[]
  online: boolean
  dates: ListDate[]
  notes: DetailNote[] | null
  rights_statements: RightsStatement[] | null
  agents: LinkedItem[] | null
  creators: LinkedItem[] | null
  terms: LinkedItem[] | null
}

export function searchResultDate(date: CatalogueDate): SearchResultDate {
  return {
    end: date.end ?? null,
    type: date.type,
    begin: date.begin,
    label: date.label,
    source: date.source,
    expression: date.expression,
  }
}

export function listDate(date: CatalogueDate): ListDate {
  return {
    expression: date.expression,
    begin: date.begin,
    end: date.end ?? null,
    label: date.label,
    type: date.type,
  }
}

export function searchResult(
  group: GroupSummary,
  hits: number | null,
  onlineHits: number | null,
): SearchResult {
  return {
    category: group.category,
    dates: group.dates.map(searchResultDate),
    hit_count: hits,
    online_hit_count: onlineHits,
    title: group.title,
    uri: group.identifier,
    creators: group.creators,
  }
}

export function listItem(document: CatalogueDocument): ListItem {
  return {
    uri: document.uri,
    type: document.type,
    title: document.title,
    dates: ('dates' in document && document.dates ? document.dates : []).map(listDate),
  }
}

/** The detail of a collection; `offset` is its position among its parent's children. */
export function collectionDetail(document: Collection, offset: number | null): CollectionDetail {
  return {
    uri: document.uri,
    title: document.title,
    type: 'collection',
    category: document.category,
    offset,
    group: { identifier: document.group.identifier, title: document.group.title },
    external_identifiers: document.external_identifiers.map(externalIdentifier),
    level: document.level ?? null,
    parent: document.parent ? idOf(document.parent) : null,
    languages: document.languages.map((language) => ({
      expression: language.expression,
      identifier: language.identifier,
    })),
    description: descriptionOf(document),
    extents: document.extents.map((extent) => ({ value: Number(extent.value), type: extent.type })),
    formats: document.formats,
    online: document.online,
    dates: document.dates.map(listDate),
    notes: nullWhenEmpty(detailNotes(document)),
    rights_statements: nullWhenEmpty(document.rights ?? []),
    agents: nullWhenEmpty(agentsOf(document).map((reference) => linkedItem(reference, 'agents'))),
    creators: nullWhenEmpty(document.creators.map((reference) => linkedItem(reference, 'agents'))),
    terms: nullWhenEmpty((document.terms ?? []).map((reference) => linkedItem(reference, 'terms'))),
  }
}

function externalIdentifier(identifier: ExternalIdentifier): ExternalIdentifier {
  return { identifier: identifier.identifier, source: identifier.source }
}

function detailNotes(document: Collection | CatalogueObject): DetailNote[] {
  return notesOf(document).map((note) => ({
    type: note.type,
    title: note.title,
    source: note.source,
    subnotes: note.subnotes.map((subnote) =>
      subnote.items && subnote.items.length > 0
        ? { type: subnote.type, content: subnote.content ?? [], items: subnote.items }
        : { type: subnote.type, content: subnote.content ?? [] },
    ),
  }))
}

function agentsOf(document: Collection | CatalogueObject): Reference[] {
  return [
    ...(document.people ?? []),
    ...(document.organizations ?? []),
    ...(document.families ?? []),
  ]
}

function linkedItem(reference: Reference, collection: 'agents' | 'terms'): LinkedItem {
  return {
    title: reference.title ?? null,
    type: reference.type ?? null,
    online: false,
    hit_count: null,
    online_hit_count: null,
    uri: reference.identifier ? `/${collection}/${idOf(reference.identifier)}` : null,
    dates: null,
    description: null,
    group: null,
    index: null,
  }
}

function nullWhenEmpty<T>(items: T[]): T[] | null {
  return items.length > 0 ? items : null
}
