/**
 * A map bounded in bytes: each entry's size is told by `sizeOf`; once the sizes pass the
 * budget, the least recently used entries go first. An entry bigger than an eighth of the
 * budget is not kept, so a few huge values cannot push out everything else.
 */
export class LruCache<K, V> {
  private readonly maxBytes: number
  private readonly sizeOf: (key: K, value: V) => number
  private readonly entries = new Map<K, V>()
  private used = 0

  /** @param maxBytes the budget; 0 keeps nothing */
  constructor(maxBytes: number, sizeOf: (key: K, value: V) => number) {
    this.maxBytes = maxBytes
    this.sizeOf = sizeOf
  }

  /** The bytes kept now. */
  get bytes(): number {
    return this.used
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
    if (size * 8 > this.maxBytes) return
    const previous = this.entries.get(key)
    if (previous !== undefined) {
      this.used -= this.sizeOf(key, previous)
      this.entries.delete(key)
    }
    this.entries.set(key, value)
    this.used += size
    for (const [oldest, dropped] of this.entries) {
      if (this.used <= this.maxBytes) break
      this.entries.delete(oldest)
      this.used -= this.sizeOf(oldest, dropped)
    }
  }

  clear(): void {
    this.entries.clear()
    this.used = 0
  }
}
