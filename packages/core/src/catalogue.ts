import type { TextLanguage } from './analysis/languages.js'
import {
  type CallOptions,
  type CatalogueBackend,
  type CatalogueListing,
  type DocumentLookup,
  type ExplainSource,
  type HarvestedRecord,
  type HarvestRequest,
  type HarvestSource,
  LISTING_RANGE,
  type ListedDocument,
  parseFor,
  type StatsSource,
} from './api/backend.js'
import type { CatalogueStats } from './api/catalogue-stats.js'
import type { CitationOptions } from './api/citation.js'
import { API_DEFAULTS } from './api/defaults.js'
import type { DetailOf } from './api/details.js'
import type { Explanation } from './api/explanation.js'
import { NO_PARENT } from './api/hierarchy.js'
import type { Endpoint, ParsedRequest, RequestParams } from './api/parsed-request.js'
import type {
  AgentDetail,
  Ancestors,
  CollectionDetail,
  FacetsResponse,
  Health,
  LinkedItem,
  ListPage,
  Minimap,
  MyList,
  ObjectDetail,
  Page,
  SearchResult,
  Suggestions,
  TermDetail,
} from './api/response-schemas.js'
import { CatalogueBuilder } from './catalogue-data/catalogue-builder.js'
import type { CatalogueData } from './catalogue-data/catalogue-data.js'
import { carriedDatestamps, contentHashes, freshDatestamps } from './catalogue-data/datestamps.js'
import type { CatalogueDocument, DocumentType } from './documents/documents.js'
import { ancestors } from './endpoints/ancestors.js'
import { CatalogueSearcher } from './endpoints/catalogue-searcher.js'
import { children } from './endpoints/children.js'
import { citation } from './endpoints/citation.js'
import { detail } from './endpoints/details.js'
import { explain } from './endpoints/explain.js'
import { facets } from './endpoints/facets.js'
import { GroupCounters } from './endpoints/group-counters.js'
import { harvest } from './endpoints/harvest.js'
import { list } from './endpoints/lists.js'
import { minimap } from './endpoints/minimap.js'
import { myList } from './endpoints/my-list.js'
import { search } from './endpoints/search.js'
import { catalogueStats } from './endpoints/stats.js'
import type { CacheBudget } from './util/lru-cache.js'

/** Options of a {@link Catalogue}. */
export interface CatalogueOptions {
  /**
   * Public base URL for `next`/`previous` links when a call does not give one.
   * @default 'http://localhost:8000'
   */
  baseUrl?: string
  /** Largest page size; larger `limit`s are clamped. @default 500 */
  maxLimit?: number
  /** How citations are written: repository name, public URL of records, separator. */
  citation?: CitationOptions
  /**
   * The language of the catalogue's text: how words are stemmed and which are stop words, at
   * build time and in queries. Stored in snapshots.
   * @default 'english'
   */
  language?: TextLanguage
}

/** The facts of a load that `/health` reports (see `Catalogue.reportLoad`). */
export type ReportedLoad = Pick<Health, 'loaded_at' | 'load_milliseconds' | 'last_reload_error'>

/** A request: already parsed, or parameters to parse (URLSearchParams or a plain object). */
export type RequestInput<E extends Endpoint = Endpoint> = ParsedRequest | RequestParams<E>

const defaultOptions = {
  baseUrl: API_DEFAULTS.baseUrl,
  maxLimit: API_DEFAULTS.maxLimit,
  citation: {} as CitationOptions,
}

/**
 * An archive's catalogue in memory: full-text search, filters, sorting, grouping, facets and the
 * tree of collections over columns, answering in the shapes of the catalogue API. Each method is
 * one endpoint (`endpoints/`); this class only parses requests and passes its options on.
 *
 * @example
 * const catalogue = Catalogue.fromDocuments(documents)
 * catalogue.search({ query: 'rockefeller', genre: 'photographs', limit: 10 })
 * catalogue.children('xVJyUuJNfsVyjdZikFSn6G', { query: 'malaria', limit: 5 })
 */
export class Catalogue
  implements
    CatalogueBackend,
    StatsSource,
    ExplainSource,
    DocumentLookup,
    HarvestSource,
    CatalogueListing
{
  /** @internal */
  readonly data: CatalogueData
  readonly options: Required<CatalogueOptions>
  private readonly searcher: CatalogueSearcher
  private readonly groupCounters: GroupCounters
  /** `stats` by `top`: counted once, since a catalogue never changes (171 ms at a million). */
  private readonly statsByTop = new Map<number, CatalogueStats>()
  /** When it was made, in whole seconds: the datestamp of every document of a fresh load. */
  private readonly madeAt = Math.floor(Date.now() / 1000)
  /** Each document's datestamp (seconds), made when first asked or carried over on a reload. */
  private stamps: Float64Array | undefined
  /** Each document's content hash, made when a reload compares it with the next. */
  private hashes: Float64Array | undefined
  /** Each group's index by uri, made when a harvest first asks for a set no group heads. */
  private groupIndexes: Map<string, number> | undefined
  /** The load `/health` reports, when one was reported (see {@link reportLoad}). */
  private load: ReportedLoad | undefined

  /** @internal use {@link Catalogue.fromDocuments}, {@link loadCatalogue} or a snapshot. */
  constructor(data: CatalogueData, options: CatalogueOptions = {}) {
    this.data = data
    this.options = {
      baseUrl: options.baseUrl ?? defaultOptions.baseUrl,
      maxLimit: options.maxLimit ?? defaultOptions.maxLimit,
      citation: options.citation ?? defaultOptions.citation,
      // The language the index was built in, whatever the options say.
      language: data.language,
    }
    this.searcher = new CatalogueSearcher(data)
    this.groupCounters = new GroupCounters(data.groups.length)
  }

  /** Builds a catalogue from valid documents (see `validateDocument`), in catalogue order. */
  static fromDocuments(
    documents: Iterable<CatalogueDocument>,
    options?: CatalogueOptions,
  ): Catalogue {
    const builder = new CatalogueBuilder(options?.language)
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

  /** Names it in errors. */
  get name(): string {
    return 'the in-memory catalogue'
  }

  /**
   * `/health`: its version and size (a catalogue given as is has no load to report, one serving
   * on a worker thread the load reported to it).
   */
  health(): Health {
    return {
      status: 'ok',
      version: this.version,
      documents: this.size,
      loaded_at: null,
      load_milliseconds: null,
      last_reload_error: null,
      ...this.load,
    }
  }

  /**
   * Parses request parameters for an endpoint with this catalogue's `maxLimit` (or the one given)
   * and its language's analysis of the query: {@link parseFor} of this catalogue.
   */
  parse<E extends Endpoint>(
    endpoint: E,
    params: RequestParams<E>,
    options: { maxLimit?: number } = {},
  ): ParsedRequest {
    return parseFor(this, endpoint, params, options)
  }

  /** The document with this uri (`/collections/abc`), or undefined. */
  get(uri: string): CatalogueDocument | undefined {
    const index = this.data.uriIndex.get(uri)
    return index === undefined ? undefined : this.searcher.document(index)
  }

  /** The documents at these uris, in the order given (undefined where none): EAD, OAI-PMH. */
  documents(uris: readonly string[]): (CatalogueDocument | undefined)[] {
    return uris.map((uri) => this.get(uri))
  }

  /**
   * A page of the top-level collections' uris in catalogue order; the cursor is the catalogue
   * position to go on from.
   */
  topLevelCollections(page: { cursor?: string | null; limit: number }): {
    uris: string[]
    next: string | null
  } {
    const { uris, types, hierarchy } = this.data
    let index = page.cursor ? Number(page.cursor) : 0
    if (!Number.isSafeInteger(index) || index < 0) index = uris.size
    const isTop = (at: number) =>
      hierarchy.parentOf[at] === NO_PARENT && types.get(at) === 'collection'
    const found: string[] = []
    for (; index < uris.size && found.length < page.limit; index++) {
      if (isTop(index)) found.push(uris.get(index))
    }
    // The next page starts at the next top-level collection: none, no next page (a page is
    // never empty, which OAI-PMH's ListSets could not answer).
    while (index < uris.size && !isTop(index)) index++
    return { uris: found, next: index < uris.size ? String(index) : null }
  }

  /**
   * A page of the harvest (OAI-PMH): collections and objects in catalogue order after the
   * cursor, of the sets asked, within the datestamps asked; the cursor is a catalogue position.
   */
  harvest(request: HarvestRequest): { records: HarvestedRecord[]; next: string | null } {
    return harvest(this.data, this.datestampArray(), (uri) => this.groupIndex(uri), request)
  }

  /** The datestamps (seconds since 1970) of these uris; undefined where there is none. */
  datestamps(uris: readonly string[]): (number | undefined)[] {
    const stamps = this.datestampArray()
    return uris.map((uri) => {
      const index = this.data.uriIndex.get(uri)
      return index === undefined ? undefined : stamps[index]
    })
  }

  /** The number of places in catalogue order (sitemaps): the number of documents. */
  listingSize(): number {
    return this.size
  }

  /**
   * The documents at places `start` to `end` (excluded) in catalogue order, every type, with
   * their datestamps: the columns read, a few nanoseconds a place.
   */
  listing(range: { start: number; end: number }): ListedDocument[] {
    const stamps = this.datestampArray()
    const start = Math.max(0, Math.floor(range.start))
    const end = Math.min(this.size, Math.floor(range.end), start + LISTING_RANGE)
    const listed: ListedDocument[] = []
    for (let index = start; index < end; index++) {
      const { uris, types } = this.data
      listed.push({ uri: uris.get(index), type: types.get(index), datestamp: stamps[index]! })
    }
    return listed
  }

  /** The earliest datestamp of a collection or object, null when there is none. */
  earliestDatestamp(): number | null {
    const stamps = this.datestampArray()
    let earliest: number | null = null
    for (let index = 0; index < this.size; index++) {
      const type = this.data.types.get(index)
      if (type !== 'collection' && type !== 'object') continue
      if (earliest === null || stamps[index]! < earliest) earliest = stamps[index]!
    }
    return earliest
  }

  /**
   * @internal takes the datestamps of the catalogue this one replaces: a document with the
   * same content keeps its datestamp, a changed or new one is stamped now (`catalogue-data/
   * datestamps.ts`). Hashes every document of both (about 7 s a million, measured at 100,000), a slice at a time.
   */
  async carryDatestamps(previous: Catalogue, seconds?: number): Promise<void> {
    const [hashes, previousHashes] = [await this.contentHashes(), await previous.contentHashes()]
    this.stamps = carriedDatestamps(
      { data: this.data, hashes },
      { data: previous.data, hashes: previousHashes, stamps: previous.datestampArray() },
      // Now, once the hashing is done, just before the catalogue is swapped in: a harvester
      // that asked during the hashing saw the old catalogue, and its next `from` must find this.
      seconds ?? Math.floor(Date.now() / 1000),
    )
  }

  /** @internal each document's datestamp (seconds), made when first asked */
  datestampArray(): Float64Array {
    this.stamps ??= freshDatestamps(this.size, this.madeAt)
    return this.stamps
  }

  /**
   * @internal a copy of a catalogue made on another thread (`shared-catalogue.ts`) takes the
   * datestamps of the one it copies, so that both answer a harvest alike.
   */
  adoptDatestamps(stamps: Float64Array): void {
    this.stamps = stamps
  }

  /**
   * Sets what `/health` reports of the load that made this catalogue: for a copy serving on a
   * worker thread (`openSharedCatalogue`) while the main thread holds the load.
   */
  reportLoad(load: ReportedLoad): void {
    this.load = load
  }

  /**
   * Keeps a share of the budgets of the engine's caches on this thread (the matches of prefixes
   * and phrases, filters' documents, records prepared for snippets, fuzzy words' terms): each of
   * N threads answering over one shared catalogue keeps 1/N, so together they hold what one
   * thread would.
   */
  shareCaches(fraction: number): void {
    for (const cache of this.caches()) cache.share(fraction)
  }

  /** What the engine's caches on this thread hold, and may hold, in bytes. */
  cacheUse(): { bytes: number; budget: number } {
    let bytes = 0
    let budget = 0
    for (const cache of this.caches()) {
      bytes += cache.bytes
      budget += cache.budget
    }
    return { bytes, budget }
  }

  private caches(): CacheBudget[] {
    return [...this.data.text.caches, ...this.searcher.caches]
  }

  private async contentHashes(): Promise<Float64Array> {
    this.hashes ??= await contentHashes(this.data)
    return this.hashes
  }

  private groupIndex(uri: string): number | undefined {
    // A set is most often a collection that heads its own group: found without parsing every
    // group's summary.
    const { groups, groupOf, uriIndex } = this.data
    const index = uriIndex.get(uri)
    const own = index === undefined ? undefined : groupOf[index]!
    if (own !== undefined && groups.at(own).identifier === uri) return own
    if (!this.groupIndexes) {
      this.groupIndexes = new Map()
      for (let group = 0; group < groups.length; group++) {
        this.groupIndexes.set(groups.at(group).identifier, group)
      }
    }
    return this.groupIndexes.get(uri)
  }

  /** `/search`: top-level collections and agents matching, one result per group. */
  search(input: RequestInput<'search'>, options: CallOptions = {}): Page<SearchResult> {
    const request = this.request('search', input)
    return search(this.searcher, this.groupCounters, request, this.baseUrl(options))
  }

  /** `/facets`: counts over every document matching the query and filters, of every type. */
  facets(input: RequestInput<'facets'>): FacetsResponse {
    return facets(this.searcher, this.request('facets', input))
  }

  /** `/collections`: collections of every level, filtered, narrowed by `query`, sorted. */
  collections(input: RequestInput<'collections'>, options: CallOptions = {}): ListPage {
    return this.list('collection', 'collections', input, options)
  }

  /** `/objects`: objects, filtered and sorted as collections are. */
  objects(input: RequestInput<'objects'>, options: CallOptions = {}): ListPage {
    return this.list('object', 'objects', input, options)
  }

  /** `/agents`: people, organizations and families; filters `title`, `agent_type`, dates. */
  agents(input: RequestInput<'agents'>, options: CallOptions = {}): ListPage {
    return this.list('agent', 'agents', input, options)
  }

  /** `/terms`: subject terms; filters `title` and `term_type`, sorts on `title`. */
  terms(input: RequestInput<'terms'>, options: CallOptions = {}): ListPage {
    return this.list('term', 'terms', input, options)
  }

  /** `/collections/{id}`: one collection in detail. Throws a `NotFoundError`. */
  collection(id: string): CollectionDetail {
    return detail(this.searcher, 'collection', id)
  }

  /** `/objects/{id}`: one object in detail. Throws a `NotFoundError`. */
  object(id: string): ObjectDetail {
    return detail(this.searcher, 'object', id)
  }

  /** `/agents/{id}`: one agent in detail. Throws a `NotFoundError`. */
  agent(id: string): AgentDetail {
    return detail(this.searcher, 'agent', id)
  }

  /** `/terms/{id}`: one term in detail. Throws a `NotFoundError`. */
  term(id: string): TermDetail {
    return detail(this.searcher, 'term', id)
  }

  /** The detail of a document of any type, by type and id. Throws a `NotFoundError`. */
  detail<T extends DocumentType>(type: T, id: string): DetailOf[T] {
    return detail(this.searcher, type, id)
  }

  /**
   * `/collections/{id}/children`: the direct children in order, paginated; with a `query`, each
   * with the number of documents at or below it matching the query and filters.
   */
  children(
    id: string,
    input: RequestInput<'children'> = {},
    options: CallOptions = {},
  ): Page<LinkedItem> {
    const request = this.request('children', input)
    return children(this.searcher, id, request, this.baseUrl(options))
  }

  /**
   * `/collections/{id}/ancestors`, `/objects/{id}/ancestors`: the ancestors nested root
   * outermost, `{}` for a top-level collection; hit counts with a `query`.
   */
  ancestors(
    type: 'collection' | 'object',
    id: string,
    input: RequestInput<'ancestors'> = {},
  ): Ancestors {
    return ancestors(this.searcher, type, id, this.request('ancestors', input))
  }

  /** `/collections/{id}/minimap`: the number of descendants and those matching, in tree order. */
  minimap(id: string, input: RequestInput<'minimap'> = {}): Minimap {
    return minimap(this.searcher, id, this.request('minimap', input))
  }

  /**
   * What the catalogue holds, counted from its columns (`catalogue stats`): documents by type and
   * level, date coverage by decade, online documents, the `top` most frequent creators,
   * subjects and formats.
   */
  stats(top = 10): CatalogueStats {
    let stats = this.statsByTop.get(top)
    if (stats === undefined) {
      stats = catalogueStats(this.data, top)
      this.statsByTop.set(top, stats)
    }
    return stats
  }

  /** `/search/suggest`: spelling suggestions for each word, from the words of titles. */
  suggest(text: string): Suggestions {
    return this.data.titleWords.suggest(text)
  }

  /** `POST /mylist`: saved collections and objects by uri, grouped by top-level collection. */
  myList(uris: readonly string[]): MyList {
    return myList(this.searcher, uris)
  }

  /**
   * `/{type}s/{id}/citation`: the citation of a record. Options default to the catalogue's
   * `citation` option; the record's URL to the call's (or the catalogue's) base URL.
   */
  citation(type: DocumentType, id: string, options: CitationOptions & CallOptions = {}): string {
    const merged = { ...this.options.citation, ...options }
    return citation(this.searcher, type, id, {
      ...merged,
      publicUrl: merged.publicUrl ?? this.baseUrl(options),
    })
  }

  /**
   * Why the document at `uri` scores what it does for `query`: its score (the one relevance
   * ranks by) as a tree of the places it matches in and each word's BM25 there (term
   * frequency, length norm, idf, boost), in the shape of Lucene's and OpenSearch's `_explain`.
   * Null when the query does not match the document; a `NotFoundError` when there is no
   * document at `uri`, a `BadParameterError` for a query the API would refuse.
   * @example
   * const why = catalogue.explain('malaria', '/collections/xVJyUuJNfsVyjdZikFSn6G')
   * why?.value // its score
   */
  explain(query: string, uri: string): Explanation | null {
    return explain(this.searcher, this.parse('search', { query }), uri)
  }

  /** @internal parses the document at a position. */
  document(index: number): CatalogueDocument {
    return this.searcher.document(index)
  }

  private list<E extends 'collections' | 'objects' | 'agents' | 'terms'>(
    type: DocumentType,
    endpoint: E,
    input: RequestInput<E>,
    options: CallOptions,
  ): ListPage {
    return list(this.searcher, type, this.request(endpoint, input), this.baseUrl(options))
  }

  private request<E extends Endpoint>(endpoint: E, input: RequestInput<E>): ParsedRequest {
    return isParsedRequest(input) ? input : this.parse(endpoint, input)
  }

  private baseUrl(options: CallOptions): string {
    return options.baseUrl ?? this.options.baseUrl
  }
}

function isParsedRequest(input: RequestInput<Endpoint>): input is ParsedRequest {
  return !(input instanceof URLSearchParams) && 'endpoint' in input && 'filters' in input
}
