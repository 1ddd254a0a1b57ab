import { LruCache } from '@archive-catalogue/core/backend'
import type { AppResponse } from './app-messages.js'

/** A cached 200: its entity tag and the response a GET gets. */
export interface CachedResponse {
  etag: string
  response: AppResponse
}

/**
 * The bodies of recent 200s, by the catalogue's version and the normalized request (the key
 * entity tags are made of), least recently used dropped first once their bytes pass the budget.
 * A request answered from here costs a map lookup: a front end's repeated requests (the same
 * search paged back and forth, facets on every page) are not computed twice. A new catalogue
 * version empties it.
 */
export class ResponseCache {
  private readonly entries: LruCache<string, CachedResponse>
  private version = ''

  /** @param maxBytes the most bytes of bodies (and keys) kept; 0 keeps nothing */
  constructor(maxBytes: number) {
    this.entries = new LruCache(
      maxBytes,
      (key, cached) => cached.response.body.length + key.length * 2,
    )
  }

  get(version: string, key: string): CachedResponse | undefined {
    return version === this.version ? this.entries.get(key) : undefined
  }

  set(version: string, key: string, cached: CachedResponse): void {
    if (version !== this.version) {
      this.entries.clear()
      this.version = version
    }
    this.entries.set(key, cached)
  }

  /** The bytes kept now. */
  get size(): number {
    return this.entries.bytes
  }
}
