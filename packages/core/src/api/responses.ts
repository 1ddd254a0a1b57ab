/**
 * Builders of the API's response objects from documents, in the key order of
 * `response-schemas.ts`, so that `JSON.stringify` and the HTTP package's compiled serializers
 * give the same bytes.
 */
import { datesOf, descriptionOf, idOf, notesOf } from '../documents/document-fields.js'
import type {
  Agent,
  CatalogueDate,
  CatalogueDocument,
  CatalogueObject,
  Collection,
  ExternalIdentifier,
  Reference,
  Term,
} from '../documents/documents.js'
import type {
  AgentDetail,
  CollectionDetail,
  DetailNote,
  LinkedItem,
  ListDate,
  ListItem,
  MyList,
  ObjectDetail,
  SearchResult,
  SearchResultDate,
  TermDetail,
} from './response-schemas.js'

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

/** A search result's group: the top-level collection, or the agent itself. */
export interface GroupSummary {
  identifier: string
  title: string
  category: string | null
  dates: CatalogueDate[]
  creators: string[]
}

/** A document's dates as one string: the expressions joined by ", " (the reference's). */
export function dateString(dates: readonly CatalogueDate[] | undefined): string {
  return (dates ?? []).map((date) => date.expression).join(', ')
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
    dates: 'dates' in document ? nullWhenEmpty(document.dates?.map(listDate)) : null,
  }
}

/** The place of a detail: its index among its parent's children, null at the top level. */
type Offset = number | null

function detailHead(document: CatalogueDocument, offset: Offset) {
  return {
    uri: document.uri,
    title: document.title,
    type: document.type,
    category: document.category,
    offset,
    group: { identifier: document.group.identifier, title: document.group.title },
    external_identifiers: document.external_identifiers.map(externalIdentifier),
  }
}

/** `/collections/{id}`. */
export function collectionDetail(document: Collection, offset: Offset): CollectionDetail {
  return {
    ...detailHead(document, offset),
    level: document.level ?? null,
    parent: document.parent ? idOf(document.parent) : null,
    languages: nullWhenEmpty(document.languages.map(language)),
    description: descriptionOf(document),
    extents: document.extents.map(extent),
    formats: document.formats,
    online: document.online,
    dates: nullWhenEmpty(document.dates.map(listDate)),
    notes: nullWhenEmpty(detailNotes(document)),
    rights_statements: nullWhenEmpty(document.rights),
    agents: ownAgents(document),
    creators: nullWhenEmpty(document.creators.map((reference) => linkedItem(reference, 'agents'))),
    terms: nullWhenEmpty((document.terms ?? []).map((reference) => linkedItem(reference, 'terms'))),
  }
}

/** `/objects/{id}`. */
export function objectDetail(document: CatalogueObject, offset: Offset): ObjectDetail {
  return {
    ...detailHead(document, offset),
    languages: nullWhenEmpty(document.languages?.map(language)),
    parent: document.parent ? idOf(document.parent) : null,
    description: descriptionOf(document),
    extents: nullWhenEmpty(document.extents.map(extent)),
    // The reference's serializer answers the document's `files`, `[]` included, and nothing
    // when the document has none (the recorded object).
    ...(document.files !== undefined
      ? {
          files: document.files.map((file) => ({
            title: file.title ?? null,
            download: file.download ?? null,
            manifest: file.manifest ?? null,
          })),
        }
      : {}),
    formats: document.formats,
    online: document.online,
    dates: nullWhenEmpty(document.dates.map(listDate)),
    notes: nullWhenEmpty(detailNotes(document)),
    rights_statements: nullWhenEmpty(document.rights),
    agents: ownAgents(document),
    terms: nullWhenEmpty((document.terms ?? []).map((reference) => linkedItem(reference, 'terms'))),
  }
}

/** `/agents/{id}`. */
export function agentDetail(document: Agent): AgentDetail {
  return {
    ...detailHead(document, null),
    agent_type: document.agent_type,
    authorized_name: document.authorized_name,
    description: document.description ?? null,
    dates: nullWhenEmpty(document.dates?.map(listDate)),
    notes: nullWhenEmpty(detailNotes(document)),
  }
}

/** `/terms/{id}`: the collections and objects the term document lists, if any. */
export function termDetail(document: Term): TermDetail {
  const listed = document as Term & { collections?: Reference[]; objects?: Reference[] }
  const references = (list: Reference[] | undefined, collection: 'collections' | 'objects') =>
    nullWhenEmpty(
      Array.isArray(list) ? list.map((reference) => linkedItem(reference, collection)) : null,
    )
  return {
    ...detailHead(document, null),
    term_type: document.term_type,
    collections: references(listed.collections, 'collections'),
    objects: references(listed.objects, 'objects'),
  }
}

function externalIdentifier(identifier: ExternalIdentifier): ExternalIdentifier {
  return { identifier: identifier.identifier, source: identifier.source }
}

function language(value: { expression: string; identifier: string }) {
  return { expression: value.expression, identifier: value.identifier }
}

function extent(value: { value: string; type: string }) {
  return { value: Number(value.value), type: value.type }
}

function detailNotes(document: CatalogueDocument): DetailNote[] {
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

/**
 * `agents` of a detail: the document's own `agents` list, as the reference serializes it. Catalogue
 * documents describe their agents as `people`, `organizations` and `families` instead, so this
 * is null unless a document carries an `agents` list of references of its own.
 */
function ownAgents(document: Collection | CatalogueObject): LinkedItem[] | null {
  const { agents } = document as { agents?: unknown }
  if (!Array.isArray(agents)) return null
  return nullWhenEmpty(
    agents
      .filter(
        (reference): reference is Reference => typeof reference === 'object' && reference !== null,
      )
      .map((reference) => linkedItem(reference, 'agents')),
  )
}

/** A reference inside a detail: what the document says of the linked one, no counts. */
function linkedItem(
  reference: Reference,
  collection: 'agents' | 'terms' | 'collections' | 'objects',
): LinkedItem {
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

/**
 * A list field as the reference answers it: it indexes documents with empty values dropped and
 * its serializers allow null, so an empty or missing list is null.
 */
export function nullWhenEmpty<T>(items: T[] | null | undefined): T[] | null {
  return items && items.length > 0 ? items : null
}

/**
 * One saved item of `POST /mylist`, in the shape the DIMES "My List" page reads; `parent` is its
 * parent's title and uri, null at the top level.
 */
export function savedItem(
  document: Collection | CatalogueObject,
  parent: { title: string; uri: string } | null,
): MyList[number]['items'][number] {
  const archivesspace = document.external_identifiers.find(
    (identifier) => identifier.source === 'archivesspace',
  )
  return {
    title: document.title,
    uri: document.uri,
    dates: dateString(datesOf(document)),
    description: descriptionOf(document),
    extents: nullWhenEmpty(
      document.extents.map((extent) => ({ type: extent.type, value: extent.value })),
    ),
    notes: notesOf(document)
      .filter((note) => note.type === 'scopecontent' || note.type === 'abstract')
      .map((note) => ({
        source: note.source,
        type: note.type,
        title: note.title,
        subnotes: note.subnotes.map((subnote) => ({
          type: subnote.type,
          items: subnote.items ?? [],
          content: subnote.content ?? [],
        })),
      })),
    parent: parent?.title ?? null,
    parent_ref: parent?.uri ?? null,
    online: document.online,
    archivesspace_uri: archivesspace?.identifier ?? null,
  }
}

/**
 * A collection or object of the tree as children and ancestors show it: `found` its hit counts
 * when the request counts them, `place` the group and pre-order index a child shows (ancestors
 * show neither).
 */
export function treeReference(
  document: CatalogueDocument,
  found: { hits: number; online: number } | undefined,
  place: Pick<LinkedItem, 'group' | 'index'>,
): LinkedItem {
  return {
    title: document.title,
    type: document.type,
    online: 'online' in document ? document.online : false,
    hit_count: found ? found.hits : null,
    online_hit_count: found ? found.online : null,
    uri: document.uri,
    dates: dateString(datesOf(document)),
    description: descriptionOf(document),
    group: place.group,
    index: place.index,
  }
}
