/**
 * A catalogue that can be replaced while it serves: a new one is loaded in the background and
 * swapped in only once it loaded and validated whole; until then, and when it fails, the old one
 * keeps answering. A request that started on a catalogue finishes on it (it holds its own
 * reference). `watch()` reloads when the catalogue's file or folder changes. It is a
 * {@link CatalogueBackend} that hands each call to the catalogue in use, as Bleve's `IndexAlias`
 * does: a request the app answers synchronously reads one catalogue throughout, since a swap
 * happens between requests, never during one.
 */
import { type FSWatcher, watch } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename, dirname, resolve } from 'node:path'
import {
  type BackendCallOptions,
  type CallOptions,
  type CatalogueBackend,
  type CatalogueListing,
  type DocumentLookup,
  type ExplainSource,
  type HarvestedRecord,
  type HarvestRequest,
  type HarvestSource,
  type ListedDocument,
  parseFor,
  type StatsSource,
} from './api/backend.js'
import type { CatalogueStats } from './api/catalogue-stats.js'
import type { CitationOptions } from './api/citation.js'
import type { DetailOf } from './api/details.js'
import type { Explanation } from './api/explanation.js'
import type { Endpoint, ParsedRequest, RequestParams } from './api/parsed-request.js'
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
} from './api/response-schemas.js'
import type { Catalogue } from './catalogue.js'
import type { CatalogueDocument, DocumentType } from './documents/documents.js'
import { type LoadOptions, type LoadResult, loadCatalogue } from './load.js'

/** What a reload did. */
export type ReloadOutcome = { ok: true; result: LoadResult } | { ok: false; error: unknown }

/** Options of {@link LiveCatalogue}. */
export interface LiveCatalogueOptions extends LoadOptions {
  /** Called after each reload, successful or not (e.g. to log it). */
  onReload?: (outcome: ReloadOutcome) => void
  /** How long changes must settle before a watched reload starts. @default 300 ms */
  debounce?: number
  /**
   * Called with each load (the first too) once it loaded whole, before it is swapped in; what
   * it gives back is served (e.g. the catalogue moved to shared memory and handed to worker
   * threads, which swap it in together). A rejection fails the load: the one in use stays.
   */
  prepare?: (result: LoadResult) => Promise<LoadResult>
}

/**
 * A catalogue and where it comes from, replaced atomically by {@link reload}.
 * @example
 * const live = await LiveCatalogue.open('catalogue.ndjson')
 * const app = createApp(live)   // every request reads live.current
 * process.on('SIGHUP', () => void live.reload())
 */
export class LiveCatalogue
  implements
    CatalogueBackend,
    StatsSource,
    ExplainSource,
    DocumentLookup,
    HarvestSource,
    CatalogueListing
{
  readonly path: string
  private readonly loadOptions: LiveCatalogueOptions
  private result: LoadResult
  private loadedAt: Date
  private running: Promise<ReloadOutcome> | undefined
  private again = false
  private lastError: unknown

  private constructor(path: string, options: LiveCatalogueOptions, first: LoadResult) {
    this.path = path
    this.loadOptions = options
    this.result = first
    this.loadedAt = new Date()
  }

  /** Loads a catalogue (throws as `loadCatalogue` does) and holds it. */
  static async open(path: string, options: LiveCatalogueOptions = {}): Promise<LiveCatalogue> {
    const first = await loadCatalogue(path, options)
    return new LiveCatalogue(path, options, options.prepare ? await options.prepare(first) : first)
  }

  /** The load of the catalogue in use: its counts, warnings, time. */
  get loaded(): LoadResult {
    return this.result
  }

  /** The catalogue requests use now. */
  get current(): Catalogue {
    return this.result.catalogue
  }

  /** What `/health` reports: the version, size and load of the catalogue in use. */
  get status(): {
    version: string
    documents: number
    loadedAt: Date
    loadMilliseconds: number
    lastReloadError: string | null
  } {
    const { catalogue, milliseconds } = this.result
    return {
      version: catalogue.version,
      documents: catalogue.size,
      loadedAt: this.loadedAt,
      loadMilliseconds: Math.round(milliseconds),
      lastReloadError:
        this.lastError === undefined
          ? null
          : this.lastError instanceof Error
            ? this.lastError.message
            : String(this.lastError),
    }
  }

  /** The version of the catalogue in use. */
  get version(): string {
    return this.current.version
  }

  get name(): string {
    return this.current.name
  }

  get options(): Catalogue['options'] {
    return this.current.options
  }

  /** `/health`: the catalogue in use, when and how fast it was loaded, the last reload error. */
  health(): Health {
    const { version, documents, loadedAt, loadMilliseconds, lastReloadError } = this.status
    return {
      status: 'ok',
      version,
      documents,
      loaded_at: loadedAt.toISOString(),
      load_milliseconds: loadMilliseconds,
      last_reload_error: lastReloadError,
    }
  }

  /** Parses request parameters for an endpoint: {@link parseFor} of the catalogue in use. */
  parse<E extends Endpoint>(
    endpoint: E,
    params: RequestParams<E>,
    options?: { maxLimit?: number },
  ): ParsedRequest {
    return parseFor(this, endpoint, params, options)
  }

  /** What the catalogue in use holds (see {@link Catalogue.stats}). */
  stats(top?: number): CatalogueStats {
    return this.current.stats(top)
  }

  search(request: ParsedRequest, options?: CallOptions): Page<SearchResult> {
    return this.current.search(request, options)
  }

  facets(request: ParsedRequest): FacetsResponse {
    return this.current.facets(request)
  }

  collections(request: ParsedRequest, options?: CallOptions): ListPage {
    return this.current.collections(request, options)
  }

  objects(request: ParsedRequest, options?: CallOptions): ListPage {
    return this.current.objects(request, options)
  }

  agents(request: ParsedRequest, options?: CallOptions): ListPage {
    return this.current.agents(request, options)
  }

  terms(request: ParsedRequest, options?: CallOptions): ListPage {
    return this.current.terms(request, options)
  }

  detail<T extends DocumentType>(type: T, id: string): DetailOf[T] {
    return this.current.detail(type, id)
  }

  children(id: string, request: ParsedRequest, options?: CallOptions): Page<LinkedItem> {
    return this.current.children(id, request, options)
  }

  ancestors(type: 'collection' | 'object', id: string, request: ParsedRequest): Ancestors {
    return this.current.ancestors(type, id, request)
  }

  minimap(id: string, request: ParsedRequest): Minimap {
    return this.current.minimap(id, request)
  }

  citation(type: DocumentType, id: string, options?: CitationOptions & BackendCallOptions): string {
    return this.current.citation(type, id, options)
  }

  suggest(text: string): Suggestions {
    return this.current.suggest(text)
  }

  myList(uris: readonly string[]): MyList {
    return this.current.myList(uris)
  }

  documents(uris: readonly string[]): (CatalogueDocument | undefined)[] {
    return this.current.documents(uris)
  }

  topLevelCollections(page: { cursor?: string | null; limit: number }): {
    uris: string[]
    next: string | null
  } {
    return this.current.topLevelCollections(page)
  }

  harvest(request: HarvestRequest): { records: HarvestedRecord[]; next: string | null } {
    return this.current.harvest(request)
  }

  datestamps(uris: readonly string[]): (number | undefined)[] {
    return this.current.datestamps(uris)
  }

  earliestDatestamp(): number | null {
    return this.current.earliestDatestamp()
  }

  listingSize(): number {
    return this.current.listingSize()
  }

  listing(range: { start: number; end: number }): ListedDocument[] {
    return this.current.listing(range)
  }

  /** Why a document scores what it does for a query (see {@link Catalogue.explain}). */
  explain(query: string, uri: string): Explanation | null {
    return this.current.explain(query, uri)
  }

  /**
   * Loads the catalogue again and swaps it in if it loaded whole; otherwise the one in use stays
   * and the outcome says why. Reloads asked for while one runs make one more, after it.
   */
  reload(): Promise<ReloadOutcome> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = this.loadOnce().finally(() => {
      this.running = undefined
      if (this.again) {
        this.again = false
        void this.reload()
      }
    })
    return this.running
  }

  private async loadOnce(): Promise<ReloadOutcome> {
    let outcome: ReloadOutcome
    try {
      const loaded = await loadCatalogue(this.path, this.loadOptions)
      // What did not change keeps its datestamp (OAI-PMH harvests by them).
      await loaded.catalogue.carryDatestamps(this.result.catalogue)
      const result = this.loadOptions.prepare ? await this.loadOptions.prepare(loaded) : loaded
      this.result = result
      this.loadedAt = new Date()
      this.lastError = undefined
      outcome = { ok: true, result }
    } catch (error) {
      this.lastError = error
      outcome = { ok: false, error }
    }
    this.loadOptions.onReload?.(outcome)
    return outcome
  }

  /**
   * Reloads when the catalogue's file (or anything in its folder) changes, once changes have
   * settled. Editors that save by renaming are seen too: a file is watched through its folder.
   * Returns a function that stops watching.
   */
  async watch(): Promise<() => void> {
    const path = resolve(this.path)
    const isFolder = (await stat(path)).isDirectory()
    const folder = isFolder ? path : dirname(path)
    const name = basename(path)
    let timer: NodeJS.Timeout | undefined
    const changed = (_event: string, file: string | Buffer | null) => {
      if (!isFolder && file !== null && String(file) !== name) return
      clearTimeout(timer)
      timer = setTimeout(() => void this.reload(), this.loadOptions.debounce ?? 300)
    }
    const watcher: FSWatcher = watch(folder, { recursive: isFolder }, changed)
    return () => {
      clearTimeout(timer)
      watcher.close()
    }
  }
}
