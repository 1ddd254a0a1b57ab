/**
 * The one boundary between the endpoints and what answers them, like Bleve's `Index`
 * (`SearchInContext(ctx, req)`): front ends parse a request with the core's parser, call one
 * method per endpoint and shape bytes from the answer. `Catalogue` and `LiveCatalogue` answer in
 * memory, synchronously; a remote backend (OpenSearch) returns promises and honours the signal.
 */
import type { DocumentType } from './documents/documents.js'
import type { CitationOptions } from './endpoints/citation.js'
import type { DetailOf } from './endpoints/details.js'
import type { Endpoint, ParsedRequest, RequestParams } from './requests/parsed-request.js'
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
} from './responses/response-schemas.js'

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
}

/**
 * What answers the catalogue API: one method per endpoint, each taking a request parsed by
 * {@link CatalogueBackend.parse} and returning the API's shape, or a promise of it.
 */
export interface CatalogueBackend {
  /** Names the backend in errors, e.g. `OpenSearch at http://127.0.0.1:9201`. */
  readonly name: string
  /** Changes whenever the data behind it does: entity tags and cached responses key on it. */
  readonly version: string
  readonly options: BackendOptions
  /** `/health`: the backend's state. */
  health(options?: BackendCallOptions): MaybePromise<Health>
  /** Parses request parameters with the backend's page limit and query analysis. */
  parse<E extends Endpoint>(
    endpoint: E,
    params: RequestParams<E>,
    options?: { maxLimit?: number },
  ): ParsedRequest
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
