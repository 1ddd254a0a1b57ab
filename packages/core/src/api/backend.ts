/**
 * The one boundary between the endpoints and what answers them, like Bleve's `Index`
 * (`SearchInContext(ctx, req)`): front ends parse a request once, for the backend
 * ({@link parseFor}), call one method per endpoint and shape bytes from the answer. What only
 * some backends can do is a small interface of its own ({@link StatsSource}), not a method every
 * backend must have ({@link ExplainSource} too). `Catalogue` and `LiveCatalogue` answer in
 * memory, synchronously; a remote backend (OpenSearch) returns promises and honours the signal.
 */
import { analyzerFor, type TextLanguage } from '../analysis/languages.js'
import type { CatalogueDocument, DocumentType } from '../documents/documents.js'
import type { CatalogueStats } from './catalogue-stats.js'
import type { CitationOptions } from './citation.js'
import type { DetailOf } from './details.js'
import type { Explanation } from './explanation.js'
import { parseRequest } from './parse-request.js'
import type { Endpoint, ParsedRequest, RequestParams } from './parsed-request.js'
import type {
  Ancestors,
  FacetsResponse,
  Health,
  LinkedItem,
  ListPage,
  Minimap,
  MyList,
  Page,
  SearchResult,
  Suggestions,
} from './response-schemas.js'

/** A value, or a promise of it: a synchronous backend answers without a promise. */
export type MaybePromise<T> = T | Promise<T>

/** Per-call options of the list methods. */
export interface CallOptions {
  /** Public base URL (scheme, host, port, path prefix) of this call's links. */
  baseUrl?: string
}

/** Per-call options of a backend's methods. */
export interface BackendCallOptions extends CallOptions {
  /** Aborted when the answer is no longer wanted (the client went away, the call timed out). */
  signal?: AbortSignal
}

/** The options of a backend that front ends read. */
export interface BackendOptions {
  /** Public base URL for links when a call gives none. */
  readonly baseUrl: string
  /** Largest page size. */
  readonly maxLimit: number
  /** How citations are written. */
  readonly citation: CitationOptions
  /** The language of the catalogue's text: how a query's words are analyzed. */
  readonly language: TextLanguage
}

/**
 * What answers the catalogue API: one method per endpoint, each taking a request parsed by
 * {@link parseFor} and returning the API's shape, or a promise of it.
 */
export interface CatalogueBackend {
  /** Names the backend in errors, e.g. `OpenSearch at http://127.0.0.1:9201`. */
  readonly name: string
  /** Changes whenever the data behind it does: entity tags and cached responses key on it. */
  readonly version: string
  readonly options: BackendOptions
  /** `/health`: the backend's state. */
  health(options?: BackendCallOptions): MaybePromise<Health>
  search(request: ParsedRequest, options?: BackendCallOptions): MaybePromise<Page<SearchResult>>
  facets(request: ParsedRequest, options?: BackendCallOptions): MaybePromise<FacetsResponse>
  collections(request: ParsedRequest, options?: BackendCallOptions): MaybePromise<ListPage>
  objects(request: ParsedRequest, options?: BackendCallOptions): MaybePromise<ListPage>
  agents(request: ParsedRequest, options?: BackendCallOptions): MaybePromise<ListPage>
  terms(request: ParsedRequest, options?: BackendCallOptions): MaybePromise<ListPage>
  /** Throws (or rejects with) a `NotFoundError` for an unknown id. */
  detail<T extends DocumentType>(
    type: T,
    id: string,
    options?: BackendCallOptions,
  ): MaybePromise<DetailOf[T]>
  children(
    id: string,
    request: ParsedRequest,
    options?: BackendCallOptions,
  ): MaybePromise<Page<LinkedItem>>
  ancestors(
    type: 'collection' | 'object',
    id: string,
    request: ParsedRequest,
    options?: BackendCallOptions,
  ): MaybePromise<Ancestors>
  minimap(id: string, request: ParsedRequest, options?: BackendCallOptions): MaybePromise<Minimap>
  citation(
    type: DocumentType,
    id: string,
    options?: CitationOptions & BackendCallOptions,
  ): MaybePromise<string>
  suggest(text: string, options?: BackendCallOptions): MaybePromise<Suggestions>
  myList(uris: readonly string[], options?: BackendCallOptions): MaybePromise<MyList>
}

/** A backend that can summarise its catalogue (`catalogue stats`, a site's home page). */
export interface StatsSource {
  /** Counts by type, level, decade, the top values of each facet, the online share. */
  stats(top?: number, options?: BackendCallOptions): MaybePromise<CatalogueStats>
}

/** A backend that can say why a record scores what it does for a query (`catalogue explain`). */
export interface ExplainSource {
  /**
   * The score `/search` and the lists rank the record at `uri` by for `query`, as a tree of
   * what it is made of; null when the query does not match it. Throws a `NotFoundError` for an
   * unknown uri, a `BadParameterError` for a query the API refuses.
   */
  explain(
    query: string,
    uri: string,
    options?: BackendCallOptions,
  ): MaybePromise<Explanation | null>
}

/**
 * A backend that gives its documents whole, as they were loaded (EAD export, OAI-PMH): what the
 * API's shapes leave out (an object's level, which agents are creators, authority ids) is there.
 */
export interface DocumentLookup {
  /** The documents at these uris, in the order given; undefined for a uri it does not hold. */
  documents(
    uris: readonly string[],
    options?: BackendCallOptions,
  ): MaybePromise<(CatalogueDocument | undefined)[]>
  /**
   * A page of the top-level collections' uris (collections without a parent in the catalogue),
   * in catalogue order: the first `limit` after `cursor` (from the first without one), and the
   * cursor of the next page, null after the last.
   */
  topLevelCollections(
    page: { cursor?: string | null; limit: number },
    options?: BackendCallOptions,
  ): MaybePromise<{ uris: string[]; next: string | null }>
}

/** A document below a collection, and how far below it ({@link SubtreeSource}). */
export interface SubtreeEntry {
  /** 1 for a child of the collection, 2 for a grandchild … */
  depth: number
  /** The document whole; undefined when the backend no longer holds it. */
  document: CatalogueDocument | undefined
}

/**
 * A backend that reads what is below a collection whole, in tree order, a page at a time (the
 * EAD export's walk): a finding aid in a few calls to a remote backend, where `children` and
 * `documents` take two or three per collection. Without it the walk asks for each collection's
 * children.
 */
export interface SubtreeSource extends DocumentLookup {
  /**
   * The collections and objects below the collection `id`, depth first with each one's children
   * in the order `children` gives them (pre-order, the collection itself left out): `limit` of
   * them from `offset`, each with its depth, and how many are below it in all. Throws a
   * `NotFoundError` for an unknown id.
   */
  subtree(
    id: string,
    page: { offset: number; limit: number },
    options?: BackendCallOptions,
  ): MaybePromise<{ entries: SubtreeEntry[]; count: number }>
}

/** Which records a harvest lists (OAI-PMH sets, and the top-level collections of `ead`). */
export type HarvestSet =
  /** The records of one top-level collection, as their `group` says, itself included. */
  | { kind: 'group'; uri: string }
  | { kind: 'type'; type: 'collection' | 'object' }
  /** The records with digital objects. */
  | { kind: 'online' }
  /** The top-level collections (what the `ead` format is for). */
  | { kind: 'top-level' }

/** A page of a harvest: which records, from where, with which datestamps. */
export interface HarvestRequest {
  /** Where the previous page ended (its `next`); from the first record without one. */
  cursor?: string | null
  limit: number
  /** Only records with a datestamp at or after this, in seconds since 1970. */
  from?: number
  /** Only records with a datestamp at or before this, in seconds since 1970. */
  until?: number
  /** Only the records of these sets (all of them). */
  sets?: readonly HarvestSet[]
}

/** A harvested record: its uri and its datestamp (seconds since 1970). */
export interface HarvestedRecord {
  uri: string
  datestamp: number
}

/**
 * A backend that can be harvested (OAI-PMH): its collections and objects in catalogue order, a
 * page at a time, each with a datestamp that changes when the document does and only then.
 */
export interface HarvestSource extends DocumentLookup {
  harvest(
    request: HarvestRequest,
    options?: BackendCallOptions,
  ): MaybePromise<{ records: HarvestedRecord[]; next: string | null }>
  /** The datestamps of these uris (seconds since 1970), undefined for a uri it does not hold. */
  datestamps(
    uris: readonly string[],
    options?: BackendCallOptions,
  ): MaybePromise<(number | undefined)[]>
  /** The earliest datestamp of any record, in seconds since 1970; null when there is none. */
  earliestDatestamp(options?: BackendCallOptions): MaybePromise<number | null>
}

/** A document at its place in catalogue order (a listing of the whole catalogue). */
export interface ListedDocument {
  uri: string
  type: DocumentType
  /** Its datestamp, as a harvest's (seconds since 1970). */
  datestamp: number
}

/** The most places one {@link CatalogueListing.listing} call reads. */
export const LISTING_RANGE = 10_000

/**
 * A backend that lists its whole catalogue, every type, by place in catalogue order (a site's
 * sitemaps). A range of places is read by itself, never the places before it: the last sitemap
 * of a million documents costs what the first does, where a harvest's cursor would have to be
 * walked to from the start. Places are those of the load (or push): 0 to the number of
 * documents less one.
 */
export interface CatalogueListing {
  /** The number of places: one past the last document's. */
  listingSize(options?: BackendCallOptions): MaybePromise<number>
  /**
   * The documents at places `start` (included) to `end` (excluded), in catalogue order; a
   * range of at most {@link LISTING_RANGE} places.
   */
  listing(
    range: { start: number; end: number },
    options?: BackendCallOptions,
  ): MaybePromise<ListedDocument[]>
}

/** Whether a backend lists its whole catalogue by place ({@link CatalogueListing}). */
export function isCatalogueListing<B extends object>(backend: B): backend is B & CatalogueListing {
  const candidate = backend as Partial<CatalogueListing>
  return typeof candidate.listingSize === 'function' && typeof candidate.listing === 'function'
}

/** Whether a backend can be harvested ({@link HarvestSource}). */
export function isHarvestSource<B extends object>(backend: B): backend is B & HarvestSource {
  const candidate = backend as Partial<HarvestSource>
  return (
    isDocumentLookup(backend) &&
    typeof candidate.harvest === 'function' &&
    typeof candidate.datestamps === 'function' &&
    typeof candidate.earliestDatestamp === 'function'
  )
}

/** Whether a backend gives its documents whole ({@link DocumentLookup}). */
export function isDocumentLookup<B extends object>(backend: B): backend is B & DocumentLookup {
  const candidate = backend as Partial<DocumentLookup>
  return (
    typeof candidate.documents === 'function' && typeof candidate.topLevelCollections === 'function'
  )
}

/** Whether a backend reads what is below a collection in tree order ({@link SubtreeSource}). */
export function isSubtreeSource<B extends object>(backend: B): backend is B & SubtreeSource {
  return (
    isDocumentLookup(backend) && typeof (backend as Partial<SubtreeSource>).subtree === 'function'
  )
}

/**
 * Parses request parameters for a backend: its largest page (or the one given) and its
 * language's analysis of the query. The one parse every front end does.
 * @example backend.search(parseFor(backend, 'search', { query: 'malaria' }))
 */
export function parseFor<E extends Endpoint>(
  backend: Pick<CatalogueBackend, 'options'>,
  endpoint: E,
  params: RequestParams<E>,
  options: { maxLimit?: number } = {},
): ParsedRequest {
  return parseRequest(endpoint, params, {
    maxLimit: options.maxLimit ?? backend.options.maxLimit,
    analyzer: analyzerFor(backend.options.language),
  })
}
