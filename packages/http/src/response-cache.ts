import type { AppResponse } from './responses.js'

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
  private readonly maxBytes: number
  private readonly entries = new Map<string, CachedResponse>()
  private bytes = 0
  private version = ''

  /** @param maxBytes the most bytes of bodies (and keys) kept; 0 keeps nothing */
  constructor(maxBytes: number) {
    this.maxBytes = maxBytes
  }

  get(version: string, key: string): CachedResponse | undefined {
    if (version !== this.version) return undefined
    const found = this.entries.get(key)
    if (found) {
      this.entries.delete(key)
      this.entries.set(key, found)
    }
    return found
  }

  set(version: string, key: string, cached: CachedResponse): void {
    const size = sizeOf(key, cached)
    // One response may take at most an eighth of the budget, so a few huge pages cannot
    // push out everything else.
    if (size * 8 > this.maxBytes) return
    if (version !== this.version) {
      this.entries.clear()
      this.bytes = 0
      this.version = version
    }
    const previous = this.entries.get(key)
    if (previous) this.bytes -= sizeOf(key, previous)
    this.entries.delete(key)
    this.entries.set(key, cached)
    this.bytes += size
    for (const [oldest, dropped] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.entries.delete(oldest)
      this.bytes -= sizeOf(oldest, dropped)
    }
  }

  /** The bytes kept now. */
  get size(): number {
    return this.bytes
  }
}

function sizeOf(key: string, cached: CachedResponse): number {
  return cached.response.body.length + key.length * 2
}
