/**
 * The catalogue API answered by an OpenSearch cluster: the same requests (parsed by the core),
 * the same shapes (built by the core's shapers), the retrieval in the query DSL. It reads an
 * alias (`catalogue push` moves it), and its `version` is the index behind it, so entity tags and
 * caches follow a push.
 */
import {
  type Ancestors,
  API_DEFAULTS,
  type BackendCallOptions,
  type BackendOptions,
  BackendUnavailableError,
  type CatalogueBackend,
  type CatalogueDocument,
  type CatalogueListing,
  type CitationOptions,
  type DetailOf,
  type DocumentLookup,
  type DocumentType,
  type Endpoint,
  type ExplainSource,
  type Explanation,
  type FacetsResponse,
  type HarvestedRecord,
  type HarvestRequest,
  type HarvestSource,
  type Health,
  type LinkedItem,
  type ListedDocument,
  type ListPage,
  type Minimap,
  type MyList,
  type Page,
  type ParsedRequest,
  parseFor,
  type RequestParams,
  type SearchResult,
  type StatsSource,
  type SubtreeEntry,
  type SubtreeSource,
  type Suggestions,
  type TextLanguage,
} from '@archive-catalogue/core'
import {
  clusterClient,
  defaultRetries,
  describeUrls,
  nodeUrls,
  withoutCredentials,
} from '../cluster/cluster-client.js'
import { HungNodes } from '../cluster/hung-nodes.js'
import { ancestors } from './ancestors.js'
import { children } from './children.js'
import { citation } from './citation.js'
import { type Cluster, clusterCall } from './cluster.js'
import { detail } from './details.js'
import { explain } from './explain.js'
import { facets } from './facets.js'
import { listing, listingSize } from './listing.js'
import { list } from './lists.js'
import { minimap } from './minimap.js'
import { myList } from './my-list.js'
import { search } from './search.js'
import { type IndexStats, indexStats } from './stats.js'
import { subtree } from './subtree.js'
import { suggest } from './suggest.js'
import { Trees } from './trees.js'
import {
  datestampsOf,
  earliestDatestamp,
  harvestPage,
  topLevelCollections,
  wholeDocuments,
} from './whole-documents.js'

/** Options of {@link OpenSearchBackend.open}. */
export interface OpenSearchBackendOptions {
  /**
   * The cluster, e.g. `http://127.0.0.1:9200`, or several of its nodes (an array, or URLs
   * separated by commas): requests go round them, and a node that fails or does not answer
   * within `attemptTimeoutMs` is left out until it answers again, its request tried on another.
   */
  url: string | string[]
  /** The alias `catalogue push` wrote. @default 'catalogue' */
  index?: string
  /** The language the catalogue was pushed in (its query analysis). @default 'english' */
  language?: TextLanguage
  /** Largest page size. @default 500 */
  maxLimit?: number
  /** Public base URL for links when a call gives none. @default 'http://localhost:8000' */
  baseUrl?: string
  /** How citations are written. */
  citation?: CitationOptions
  /**
   * How long one call to the cluster may take, in milliseconds, its attempts on several nodes
   * included. @default 10000
   */
  timeoutMs?: number
  /**
   * How long one attempt on one node may take before the call is tried on another node, in
   * milliseconds: a node that hangs (a long pause, a network black hole) then costs a request
   * this long, not `timeoutMs`. Keep it above the slowest answer a healthy node gives.
   * @default 2000
   */
  attemptTimeoutMs?: number
  /** Find the cluster's other nodes from those given (see `sniff` of the push). @default false */
  sniff?: boolean
  /** How often the alias is read for a new index, in milliseconds. @default 1000 */
  pollMs?: number
  /**
   * The most groups one request lists when `/search` counts its groups (more take several
   * requests): from 1 to 65,535, and not above the cluster's `search.max_buckets`.
   * @default 65000
   */
  maxBuckets?: number
}

const defaultOptions = {
  baseUrl: API_DEFAULTS.baseUrl,
  maxLimit: API_DEFAULTS.maxLimit,
  language: API_DEFAULTS.language,
  index: 'catalogue',
  timeoutMs: 10_000,
  attemptTimeoutMs: 2000,
  pollMs: 1000,
  // Below OpenSearch's own `search.max_buckets`, 65,535.
  maxBuckets: 65_000,
}

/**
 * A {@link CatalogueBackend} over an index pushed with `pushCatalogue`.
 * @example
 * const backend = await OpenSearchBackend.open({ url: 'http://127.0.0.1:9200' })
 * createApp(backend)
 */
export class OpenSearchBackend
  implements
    CatalogueBackend,
    StatsSource,
    ExplainSource,
    DocumentLookup,
    HarvestSource,
    SubtreeSource,
    CatalogueListing
{
  readonly name: string
  readonly options: BackendOptions
  private readonly cluster: Cluster
  private readonly hung: HungNodes
  private readonly language: TextLanguage
  private readonly trees: Trees
  private index: string
  private timer: NodeJS.Timeout | undefined

  private constructor(
    cluster: Cluster,
    hung: HungNodes,
    index: string,
    options: OpenSearchBackendOptions,
  ) {
    this.cluster = cluster
    this.hung = hung
    this.name = cluster.name
    this.index = index
    this.language = options.language ?? defaultOptions.language
    this.options = {
      baseUrl: options.baseUrl ?? defaultOptions.baseUrl,
      maxLimit: options.maxLimit ?? defaultOptions.maxLimit,
      citation: options.citation ?? {},
      language: this.language,
    }
    this.trees = new Trees(cluster, this.language, () => this.index)
  }

  /**
   * Connects to the cluster and reads the index behind the alias; throws a
   * `BackendUnavailableError` naming the URL and the alias when there is none.
   */
  static async open(options: OpenSearchBackendOptions): Promise<OpenSearchBackend> {
    const maxBuckets = bucketsOf(options.maxBuckets ?? defaultOptions.maxBuckets)
    const alias = options.index ?? defaultOptions.index
    const timeoutMs = options.timeoutMs ?? defaultOptions.timeoutMs
    const urls = nodeUrls(options.url)
    const url = describeUrls(urls)
    const attemptTimeoutMs = Math.min(
      options.attemptTimeoutMs ?? defaultOptions.attemptTimeoutMs,
      timeoutMs,
    )
    const client = clusterClient(urls, { attemptTimeoutMs, sniff: options.sniff ?? false })
    const hung = new HungNodes(client, { protocol: new URL(urls[0]!).protocol })
    const cluster: Cluster = {
      client,
      index: alias,
      name: `OpenSearch at ${url} (alias ${alias})`,
      timeoutMs,
      attemptTimeoutMs,
      retries: defaultRetries(urls.length, options.sniff ?? false),
      probe: () => hung.probe(),
      shardSizes: new Map(),
      maxBuckets,
      preference: () => hung.preference(),
    }
    try {
      const index = await aliasedIndex(cluster)
      if (index === undefined) {
        throw new BackendUnavailableError(
          `${cluster.name}: no alias ${alias} at ${url}; push a catalogue first (catalogue push FILE --opensearch ${urls.map(withoutCredentials).join(',')} --index ${alias})`,
        )
      }
      const backend = new OpenSearchBackend(cluster, hung, index, options)
      // The nodes listed now, while they answer, so that a node hung later is known by its id.
      void hung.probe()
      backend.watch(options.pollMs ?? defaultOptions.pollMs)
      return backend
    } catch (error) {
      hung.close()
      await cluster.client.close()
      throw error
    }
  }

  /** The physical index behind the alias: it changes with every push. */
  get version(): string {
    return this.index
  }

  /** Stops following the alias and closes the connections. */
  async close(): Promise<void> {
    clearTimeout(this.timer)
    this.timer = undefined
    this.hung.close()
    await this.cluster.client.close()
  }

  /** `/health`: the cluster's status, the alias's index and its number of documents. */
  async health(options: BackendCallOptions = {}): Promise<Health> {
    const { signal } = options
    const [health, count] = await Promise.all([
      clusterCall<{ status: string }>(
        this.cluster,
        signal,
        (o) => this.cluster.client.cluster.health({}, o) as never,
      ),
      clusterCall<{ count: number }>(
        this.cluster,
        signal,
        (o) => this.cluster.client.count({ index: this.cluster.index }, o) as never,
      ),
    ])
    return {
      status: 'ok',
      version: this.version,
      documents: count.count,
      loaded_at: null,
      load_milliseconds: null,
      last_reload_error: null,
      backend: 'opensearch',
      cluster_status: health.status,
      index: this.index,
    }
  }

  /** Parses request parameters for an endpoint: {@link parseFor} of this backend. */
  parse<E extends Endpoint>(
    endpoint: E,
    params: RequestParams<E>,
    options: { maxLimit?: number } = {},
  ): ParsedRequest {
    return parseFor(this, endpoint, params, options)
  }

  search(request: ParsedRequest, options: BackendCallOptions = {}): Promise<Page<SearchResult>> {
    return search(this.cluster, this.language, request, this.baseUrl(options), options.signal)
  }

  facets(request: ParsedRequest, options: BackendCallOptions = {}): Promise<FacetsResponse> {
    return facets(this.cluster, this.language, request, options.signal)
  }

  collections(request: ParsedRequest, options: BackendCallOptions = {}): Promise<ListPage> {
    return this.list('collection', request, options)
  }

  objects(request: ParsedRequest, options: BackendCallOptions = {}): Promise<ListPage> {
    return this.list('object', request, options)
  }

  agents(request: ParsedRequest, options: BackendCallOptions = {}): Promise<ListPage> {
    return this.list('agent', request, options)
  }

  terms(request: ParsedRequest, options: BackendCallOptions = {}): Promise<ListPage> {
    return this.list('term', request, options)
  }

  detail<T extends DocumentType>(
    type: T,
    id: string,
    options: BackendCallOptions = {},
  ): Promise<DetailOf[T]> {
    return detail(this.cluster, type, id, options.signal)
  }

  children(
    id: string,
    request: ParsedRequest,
    options: BackendCallOptions = {},
  ): Promise<Page<LinkedItem>> {
    return children(this.trees, id, request, this.baseUrl(options), options.signal)
  }

  ancestors(
    type: 'collection' | 'object',
    id: string,
    request: ParsedRequest,
    options: BackendCallOptions = {},
  ): Promise<Ancestors> {
    return ancestors(this.trees, type, id, request, options.signal)
  }

  minimap(id: string, request: ParsedRequest, options: BackendCallOptions = {}): Promise<Minimap> {
    return minimap(this.trees, id, request, options.signal)
  }

  citation(
    type: DocumentType,
    id: string,
    options: CitationOptions & BackendCallOptions = {},
  ): Promise<string> {
    const { signal, baseUrl, ...given } = options
    const merged = { ...this.options.citation, ...given }
    return citation(
      this.cluster,
      this.trees,
      type,
      id,
      { ...merged, publicUrl: merged.publicUrl ?? this.baseUrl({ baseUrl }) },
      signal,
    )
  }

  /** The documents at these uris as pushed, in the order given (undefined where none). */
  documents(
    uris: readonly string[],
    options: BackendCallOptions = {},
  ): Promise<(CatalogueDocument | undefined)[]> {
    return wholeDocuments(this.cluster, uris, options.signal)
  }

  /**
   * What is below the collection `id`, whole, in tree order: `limit` from `offset`, each with its
   * depth, in two requests (the EAD export's walk).
   */
  subtree(
    id: string,
    page: { offset: number; limit: number },
    options: BackendCallOptions = {},
  ): Promise<{ entries: SubtreeEntry[]; count: number }> {
    return subtree(this.cluster, this.trees, id, page, options.signal)
  }

  /** A page of the top-level collections' uris, in catalogue order. */
  topLevelCollections(
    page: { cursor?: string | null; limit: number },
    options: BackendCallOptions = {},
  ): Promise<{ uris: string[]; next: string | null }> {
    return topLevelCollections(this.cluster, page, options.signal)
  }

  /** A page of the harvest (OAI-PMH), in catalogue order, with the datestamps of the push. */
  harvest(
    request: HarvestRequest,
    options: BackendCallOptions = {},
  ): Promise<{ records: HarvestedRecord[]; next: string | null }> {
    return harvestPage(this.cluster, request, options.signal)
  }

  /** The datestamps of these uris (seconds), undefined where there is none. */
  datestamps(
    uris: readonly string[],
    options: BackendCallOptions = {},
  ): Promise<(number | undefined)[]> {
    return datestampsOf(this.cluster, uris, options.signal)
  }

  /** The earliest datestamp of a collection or object, null when there is none. */
  earliestDatestamp(options: BackendCallOptions = {}): Promise<number | null> {
    return earliestDatestamp(this.cluster, options.signal)
  }

  /** One past the last place in catalogue order (the push's): the sitemaps' end. */
  listingSize(options: BackendCallOptions = {}): Promise<number> {
    return listingSize(this.cluster, options.signal)
  }

  /** The documents at places `start` to `end` (excluded) in catalogue order, every type. */
  listing(
    range: { start: number; end: number },
    options: BackendCallOptions = {},
  ): Promise<ListedDocument[]> {
    return listing(this.cluster, range, options.signal)
  }

  suggest(text: string, options: BackendCallOptions = {}): Promise<Suggestions> {
    return suggest(this.cluster, text, options.signal)
  }

  myList(uris: readonly string[], options: BackendCallOptions = {}): Promise<MyList> {
    return myList(this.cluster, uris, options.signal)
  }

  /**
   * Why the document at `uri` scores what it does for `query` on the node: Lucene's explanation
   * of the score `/search` ranks it by (`explain.ts`), in the shape of the in-memory
   * `Catalogue.explain`. Null when the query does not match it; a `NotFoundError` naming the uri
   * when the index holds no such document.
   * @example await backend.explain('malaria', '/collections/xVJyUuJNfsVyjdZikFSn6G')
   */
  explain(
    query: string,
    uri: string,
    options: BackendCallOptions = {},
  ): Promise<Explanation | null> {
    const request = this.parse('search', { query })
    return explain(this.cluster, this.language, request, uri, options.signal)
  }

  /** What is in the index: documents by type and level, dates, online share, top values. */
  stats(top = 10, options: BackendCallOptions = {}): Promise<IndexStats> {
    return indexStats(this.cluster, top, options.signal)
  }

  private list(
    type: DocumentType,
    request: ParsedRequest,
    options: BackendCallOptions,
  ): Promise<ListPage> {
    return list(this.cluster, this.language, type, request, this.baseUrl(options), options.signal)
  }

  private baseUrl(options: { baseUrl?: string | undefined }): string {
    return options.baseUrl ?? this.options.baseUrl
  }

  /**
   * Reads the alias every `pollMs` and follows it to a new index: a push is the reload. A
   * failed read keeps the index known (the endpoints report the cluster's state themselves).
   */
  private watch(pollMs: number): void {
    const poll = async () => {
      try {
        const index = await aliasedIndex(this.cluster)
        if (index !== undefined && index !== this.index) {
          this.index = index
          // The sizes that made the old index's aggregations exact say nothing of the new one's.
          this.cluster.shardSizes.clear()
        }
      } catch {
        // Kept: the next poll tries again.
      }
      if (this.timer) this.timer = setTimeout(poll, pollMs).unref()
    }
    this.timer = setTimeout(poll, pollMs).unref()
  }
}

/** The index an alias is on, or undefined when there is no such alias. */
async function aliasedIndex(cluster: Cluster): Promise<string | undefined> {
  try {
    const body = await clusterCall<Record<string, unknown>>(
      cluster,
      undefined,
      (o) => cluster.client.indices.getAlias({ name: cluster.index }, o) as never,
    )
    return Object.keys(body).sort().at(-1)
  } catch (error) {
    if ((error as { code?: string }).code === 'E_NOT_FOUND') return undefined
    throw error
  }
}

/** `maxBuckets`, checked: a value the cluster would refuse is refused here, named. */
function bucketsOf(value: number): number {
  if (!Number.isInteger(value) || value < 1 || value > 65_535) {
    throw new RangeError(`maxBuckets must be an integer from 1 to 65,535, got ${value}`)
  }
  return value
}
