/**
 * A backend that answers through promises: a real `Catalogue` behind an asynchronous boundary,
 * each answer after a delay, as a remote backend would. It records every call and its signal.
 */
import { setTimeout as delay } from 'node:timers/promises'
import {
  type BackendCallOptions,
  BackendUnavailableError,
  type Catalogue,
  type CatalogueBackend,
  type CitationOptions,
  type DocumentType,
  type Endpoint,
  type Health,
  type ParsedRequest,
  type RequestParams,
} from '@archive-catalogue/core'

/** How a {@link DelayedBackend} answers. */
export interface DelayedOptions {
  /** How long each answer takes. @default 5 ms */
  delayMs?: number
  /** The methods that never answer (until their signal aborts). */
  hang?: readonly string[]
  /** When set, every call rejects with a `BackendUnavailableError` of this message. */
  down?: string
  /** Fields `/health` adds to the catalogue's. */
  health?: Partial<Health>
}

/** One call on the backend: the method and the signal it was given. */
export interface BackendCallRecord {
  method: string
  signal: AbortSignal | undefined
}

export class DelayedBackend implements CatalogueBackend {
  readonly calls: BackendCallRecord[] = []
  private readonly catalogue: Catalogue
  private readonly settings: DelayedOptions

  constructor(catalogue: Catalogue, settings: DelayedOptions = {}) {
    this.catalogue = catalogue
    this.settings = settings
  }

  get name(): string {
    return 'the delayed test backend'
  }

  get version(): string {
    return this.catalogue.version
  }

  get options(): Catalogue['options'] {
    return this.catalogue.options
  }

  /** The calls of one method. */
  callsOf(method: string): BackendCallRecord[] {
    return this.calls.filter((call) => call.method === method)
  }

  parse<E extends Endpoint>(
    endpoint: E,
    params: RequestParams<E>,
    options?: { maxLimit?: number },
  ): ParsedRequest {
    return this.catalogue.parse(endpoint, params, options)
  }

  health(options?: BackendCallOptions) {
    return this.answer('health', options, () => ({
      ...this.catalogue.health(),
      ...this.settings.health,
    }))
  }

  search(request: ParsedRequest, options?: BackendCallOptions) {
    return this.answer('search', options, () => this.catalogue.search(request, options))
  }

  facets(request: ParsedRequest, options?: BackendCallOptions) {
    return this.answer('facets', options, () => this.catalogue.facets(request))
  }

  collections(request: ParsedRequest, options?: BackendCallOptions) {
    return this.answer('collections', options, () => this.catalogue.collections(request, options))
  }

  objects(request: ParsedRequest, options?: BackendCallOptions) {
    return this.answer('objects', options, () => this.catalogue.objects(request, options))
  }

  agents(request: ParsedRequest, options?: BackendCallOptions) {
    return this.answer('agents', options, () => this.catalogue.agents(request, options))
  }

  terms(request: ParsedRequest, options?: BackendCallOptions) {
    return this.answer('terms', options, () => this.catalogue.terms(request, options))
  }

  detail<T extends DocumentType>(type: T, id: string, options?: BackendCallOptions) {
    return this.answer('detail', options, () => this.catalogue.detail(type, id))
  }

  children(id: string, request: ParsedRequest, options?: BackendCallOptions) {
    return this.answer('children', options, () => this.catalogue.children(id, request, options))
  }

  ancestors(
    type: 'collection' | 'object',
    id: string,
    request: ParsedRequest,
    options?: BackendCallOptions,
  ) {
    return this.answer('ancestors', options, () => this.catalogue.ancestors(type, id, request))
  }

  minimap(id: string, request: ParsedRequest, options?: BackendCallOptions) {
    return this.answer('minimap', options, () => this.catalogue.minimap(id, request))
  }

  citation(type: DocumentType, id: string, options?: CitationOptions & BackendCallOptions) {
    return this.answer('citation', options, () => this.catalogue.citation(type, id, options))
  }

  suggest(text: string, options?: BackendCallOptions) {
    return this.answer('suggest', options, () => this.catalogue.suggest(text))
  }

  myList(uris: readonly string[], options?: BackendCallOptions) {
    return this.answer('myList', options, () => this.catalogue.myList(uris))
  }

  private async answer<T>(
    method: string,
    options: BackendCallOptions | undefined,
    compute: () => T,
  ): Promise<T> {
    const signal = options?.signal
    this.calls.push({ method, signal })
    if (this.settings.down !== undefined) {
      throw new BackendUnavailableError(this.settings.down)
    }
    if (this.settings.hang?.includes(method)) {
      await new Promise((_, reject) => {
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
      })
    }
    await delay(this.settings.delayMs ?? 5, undefined, signal ? { signal } : {})
    return compute()
  }
}
