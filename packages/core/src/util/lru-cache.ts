/** A cache's budget, as a thread's share of memory is told and asked of it. */
export interface CacheBudget {
  /** The bytes kept now. */
  readonly bytes: number
  /** The most bytes kept. */
  readonly budget: number
  /** Keeps this share of the budget it was made with. */
  share(fraction: number): void
}

/**
 * A map bounded in bytes: each entry's size is told by `sizeOf`; once the sizes pass the
 * budget, the least recently used entries go first. An entry bigger than an eighth of the
 * budget it was made with, or than half of a thread's share of it, is not kept, so a few huge
 * values cannot push out everything else; a share keeps fewer entries before it keeps smaller
 * ones (a filter's set at ten million documents, 1.25 MB, is kept by each of four workers
 * sharing a budget of 32 MiB, where an eighth of a share, 1 MiB, would refuse it).
 */
export class LruCache<K, V> implements CacheBudget {
  /** The budget it was made with. */
  private readonly madeWith: number
  private maxBytes: number
  private readonly sizeOf: (key: K, value: V) => number
  private readonly entries = new Map<K, V>()
  private used = 0

  /** @param maxBytes the budget; 0 keeps nothing */
  constructor(maxBytes: number, sizeOf: (key: K, value: V) => number) {
    this.madeWith = maxBytes
    this.maxBytes = maxBytes
    this.sizeOf = sizeOf
  }

  /** The bytes kept now. */
  get bytes(): number {
    return this.used
  }

  /** The most bytes it keeps. */
  get budget(): number {
    return this.maxBytes
  }

  /**
   * Keeps a share of the budget it was made with (1: all of it), dropping the least recently
   * used entries that no longer fit: N threads with a cache each keep together what one would.
   */
  share(fraction: number): void {
    this.maxBytes = Math.floor(this.madeWith * fraction)
    this.evict()
  }

  get(key: K): V | undefined {
    const found = this.entries.get(key)
    if (found !== undefined) {
      this.entries.delete(key)
      this.entries.set(key, found)
    }
    return found
  }

  set(key: K, value: V): void {
    const size = this.sizeOf(key, value)
    if (size * 8 > this.madeWith || size * 2 > this.maxBytes) return
    const previous = this.entries.get(key)
    if (previous !== undefined) {
      this.used -= this.sizeOf(key, previous)
      this.entries.delete(key)
    }
    this.entries.set(key, value)
    this.used += size
    this.evict()
  }

  clear(): void {
    this.entries.clear()
    this.used = 0
  }

  /** Drops the least recently used entries until the rest fit the budget. */
  private evict(): void {
    for (const [oldest, dropped] of this.entries) {
      if (this.used <= this.maxBytes) break
      this.entries.delete(oldest)
      this.used -= this.sizeOf(oldest, dropped)
    }
  }
}
