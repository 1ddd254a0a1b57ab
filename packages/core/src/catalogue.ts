import { Bitset } from './_bitset.js'
import { CatalogueBuilder } from './_build.js'
import type { CatalogueData } from './_catalogue-data.js'
import { countFacets } from './_facets.js'
import { applyFilters } from './_filters.js'
import { filterMatches, type Matches } from './_matches.js'
import { compareBy, compareByScore, type RowComparator, selectTop } from './_sort.js'
import type { CatalogueDocument, Collection } from './documents.js'
import { NotFoundError } from './errors.js'
import { pageLinks } from './links.js'
import { type Endpoint, type ListRequest, parseRequest, type RequestParams } from './request.js'
import {
  type CollectionDetail,
  type CollectionsPage,
  collectionDetail,
  type FacetsResponse,
  type ListItem,
  listItem,
  type Page,
  type SearchResult,
  searchResult,
} from './responses.js'

/** Options of a {@link Catalogue}. */
export interface CatalogueOptions {
  /**
   * Public base URL for `next`/`previous` links when a call does not give one.
   * @default 'http://localhost:8000'
   */
  baseUrl?: string
  /** Largest page size; larger `limit`s are clamped. @default 500 */
  maxLimit?: number
}

/** Per-call options of the list methods. */
export interface CallOptions {
  /** Public base URL (scheme, host, port, path prefix) of this call's links. */
  baseUrl?: string
}

/** A request: already parsed, or parameters to parse (URLSearchParams or a plain object). */
export type RequestInput = ListRequest | RequestParams

const defaultOptions: Required<CatalogueOptions> = {
  baseUrl: 'http://localhost:8000',
  maxLimit: 500,
}

/**
 * An archive's catalogue in memory: full-text search, filters, sorting, grouping and facets over
 * columns, answering in the shapes of the catalogue API.
 *
 * @example
 * const catalogue = Catalogue.fromDocuments(documents)
 * catalogue.search({ query: 'rockefeller', genre: 'photographs', limit: 10 })
 */
export class Catalogue {
  /** @internal */
  readonly data: CatalogueData
  readonly options: Required<CatalogueOptions>
  private readonly searchable: Bitset
  private readonly everything: Bitset
  private readonly scoreBuffer: Float32Array
  private readonly groupCounters: {
    hits: Uint32Array
    onlineHits: Uint32Array
    best: Float64Array
    firstSeen: Uint32Array
  }

  /** @internal use {@link Catalogue.fromDocuments}, {@link loadCatalogue} or a snapshot. */
  constructor(data: CatalogueData, options: CatalogueOptions = {}) {
    this.data = data
    this.options = {
      baseUrl: options.baseUrl ?? defaultOptions.baseUrl,
      maxLimit: options.maxLimit ?? defaultOptions.maxLimit,
    }
    const { agent, collection, object } = data.typeSets
    this.searchable = agent.clone()
    for (const set of [collection, object]) {
      for (let i = 0; i < set.words.length; i++) this.searchable.words[i]! |= set.words[i]!
    }
    this.everything = Bitset.full(data.size)
    this.scoreBuffer = new Float32Array(data.size)
    const groups = data.groups.length
    this.groupCounters = {
      hits: new Uint32Array(groups),
      onlineHits: new Uint32Array(groups),
      best: new Float64Array(groups),
      firstSeen: new Uint32Array(groups),
    }
  }

  /** Builds a catalogue from valid documents (see `validateDocument`), in catalogue order. */
  static fromDocuments(
    documents: Iterable<CatalogueDocument>,
    options?: CatalogueOptions,
  ): Catalogue {
    const builder = new CatalogueBuilder()
    for (const document of documents) builder.add(document)
    return new Catalogue(builder.build(), options)
  }

  /** Number of documents. */
  get size(): number {
    return this.data.size
  }

  /** A fingerprint of the catalogue's content: it changes whenever a document does. */
  get version(): string {
    return this.data.version
  }

  /** Parses request parameters for an endpoint with this catalogue's `maxLimit`. */
  parse(endpoint: Endpoint, params: RequestParams): ListRequest {
    return parseRequest(endpoint, params, { maxLimit: this.options.maxLimit })
  }

  /** The document with this uri (`/collections/abc`), or undefined. */
  get(uri: string): CatalogueDocument | undefined {
    const index = this.data.uriIndex.get(uri)
    return index === undefined ? undefined : this.document(index)
  }

  /** `/search`: top-level collections and agents matching, one result per group. */
  search(input: RequestInput, options: CallOptions = {}): Page<SearchResult> {
    const request = this.request('search', input)
    const data = this.data
    const allowed = this.filtered(request, this.searchable)
    // Counters by group, kept between calls; only the groups a request touches are reset.
    const { hits, onlineHits, best, firstSeen } = this.groupCounters
    const touched: number[] = []
    const online = data.online
    const visit = (id: number, score: number) => {
      const group = data.groupOf[id]!
      if (hits[group] === 0) {
        firstSeen[group] = touched.length
        touched.push(group)
        best[group] = score
      } else if (score > best[group]!) best[group] = score
      hits[group]!++
      if (online.has(id)) onlineHits[group]!++
    }
    try {
      const matches = this.matches(request)
      if (matches) {
        for (let i = 0; i < matches.ids.length; i++) {
          const id = matches.ids[i]!
          if (allowed.has(id)) visit(id, matches.scores[i]!)
        }
      } else {
        allowed.forEachId((id) => visit(id, 0))
      }
      // `firstSeen` numbers groups by their first matching document (ids are visited in ascending
      // order): that is the catalogue order of groups, and it breaks every tie.
      const byKeys = compareBy(data.groupKeys, request.sort)
      const catalogueOrder: RowComparator = (a, b) => firstSeen[a]! - firstSeen[b]!
      const compare: RowComparator =
        request.sort.length > 0
          ? (a, b) => byKeys(a, b) || catalogueOrder(a, b)
          : matches
            ? (a, b) => best[b]! - best[a]! || catalogueOrder(a, b)
            : catalogueOrder
      const page = this.page(touched, request, compare)
      const results = page.map((group) =>
        matches
          ? searchResult(data.groups[group]!, hits[group]!, onlineHits[group]!)
          : searchResult(data.groups[group]!, null, null),
      )
      return this.envelope('/search', request, touched.length, results, options)
    } finally {
      for (const group of touched) {
        hits[group] = 0
        onlineHits[group] = 0
      }
    }
  }

  /** `/facets`: counts over every document matching the query and filters, of every type. */
  facets(input: RequestInput): FacetsResponse {
    const request = this.request('facets', input)
    const allowed = this.filtered(request, this.everything)
    const matches = this.matches(request)
    return countFacets(this.data, matches ? matchedIds(matches, allowed) : allowed)
  }

  /** `/collections`: collections of every level, filtered, narrowed by `query`, sorted. */
  collections(input: RequestInput, options: CallOptions = {}): CollectionsPage<ListItem> {
    const request = this.request('collections', input)
    const allowed = this.filtered(request, this.data.typeSets.collection)
    const matches = this.matches(request)
    const found = matches ? filterMatches(matches, (id) => allowed.has(id)) : null
    const ids = found ? found.ids : allowed.toArray()
    let compare: RowComparator = (a, b) => a - b
    if (request.sort.length > 0) {
      const byKeys = compareBy(this.data.keys, request.sort)
      compare = (a, b) => byKeys(a, b) || a - b
    } else if (found) {
      // Scores scattered by document id into a buffer kept for the purpose: no allocation per hit.
      const scores = this.scoreBuffer
      for (let i = 0; i < found.ids.length; i++) scores[found.ids[i]!] = found.scores[i]!
      compare = compareByScore(scores)
    }
    const positions = this.page(ids, request, compare)
    const results = positions.map((id) => listItem(this.document(id)))
    const { count, next, previous } = this.envelope(
      '/collections',
      request,
      ids.length,
      [],
      options,
    )
    return { count, next, previous, facets: {}, results }
  }

  /** `/collections/{id}`: one collection in detail. Throws {@link NotFoundError}. */
  collection(id: string): CollectionDetail {
    const index = this.data.uriIndex.get(`/collections/${id}`)
    if (index === undefined) throw new NotFoundError()
    const offset = this.data.childIndex[index]!
    return collectionDetail(this.document(index) as Collection, offset < 0 ? null : offset)
  }

  /** @internal parses the document at a position. */
  document(index: number): CatalogueDocument {
    return JSON.parse(this.data.texts[index]!) as CatalogueDocument
  }

  private request(endpoint: Endpoint, input: RequestInput): ListRequest {
    return isListRequest(input) ? input : this.parse(endpoint, input)
  }

  private filtered(request: ListRequest, universe: Bitset): Bitset {
    return request.filters.length > 0
      ? applyFilters(this.data.columns, request.filters, universe)
      : universe
  }

  private matches(request: ListRequest): Matches | null {
    return request.query ? this.data.text.evaluate(request.query) : null
  }

  private page(rows: ArrayLike<number>, request: ListRequest, compare: RowComparator): number[] {
    return selectTop(rows, request.offset + request.limit, compare).slice(request.offset)
  }

  private envelope<T>(
    path: string,
    request: ListRequest,
    count: number,
    results: T[],
    options: CallOptions,
  ): Page<T> {
    const baseUrl = options.baseUrl ?? this.options.baseUrl
    const links = pageLinks(baseUrl, path, request.params, { ...request, count })
    return { count, next: links.next, previous: links.previous, results }
  }
}

function isListRequest(input: RequestInput): input is ListRequest {
  return (
    !(input instanceof URLSearchParams) && typeof input.endpoint === 'string' && 'filters' in input
  )
}

/** The matched ids that are also allowed by the filters, as a bitset. */
function matchedIds(matches: Matches, allowed: Bitset): Bitset {
  const set = new Bitset(allowed.size)
  for (const id of matches.ids) if (allowed.has(id)) set.add(id)
  return set
}
