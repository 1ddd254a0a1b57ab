/**
 * A set of document ids as a bit array: the form every filter takes, so that combining filters
 * is a word-wise AND over `size / 32` words whatever the number of matches.
 */
export class Bitset {
  readonly words: Uint32Array
  readonly size: number

  constructor(size: number) {
    this.size = size
    this.words = new Uint32Array((size + 31) >>> 5)
  }

  /** A set holding every id below `size`. */
  static full(size: number): Bitset {
    const set = new Bitset(size)
    set.words.fill(0xffffffff)
    const extra = set.words.length * 32 - size
    if (extra > 0) set.words[set.words.length - 1] = 0xffffffff >>> extra
    return set
  }

  clone(): Bitset {
    const copy = new Bitset(this.size)
    copy.words.set(this.words)
    return copy
  }

  add(id: number): void {
    this.words[id >>> 5]! |= 1 << (id & 31)
  }

  has(id: number): boolean {
    return (this.words[id >>> 5]! & (1 << (id & 31))) !== 0
  }

  /** Adds every id of a sorted id list (a posting list) from `start` to `end`. */
  addAll(ids: Uint32Array, start = 0, end = ids.length): void {
    const words = this.words
    for (let i = start; i < end; i++) {
      const id = ids[i]!
      words[id >>> 5]! |= 1 << (id & 31)
    }
  }

  /** Keeps only the ids also in `other`. */
  and(other: Bitset): this {
    const words = this.words
    const others = other.words
    for (let i = 0; i < words.length; i++) words[i]! &= others[i]!
    return this
  }

  /** Removes the ids that are in `other`. */
  andNot(other: Bitset): this {
    const words = this.words
    const others = other.words
    for (let i = 0; i < words.length; i++) words[i]! &= ~others[i]!
    return this
  }

  count(): number {
    const words = this.words
    let total = 0
    // Indexed: a for-of over a typed array costs three times as much here.
    for (let i = 0; i < words.length; i++) total += popcount(words[i]!)
    return total
  }

  /** The number of ids in both this set and `other`, neither changed. */
  countAnd(other: Bitset): number {
    const words = this.words
    const others = other.words
    let total = 0
    for (let i = 0; i < words.length; i++) total += popcount(words[i]! & others[i]!)
    return total
  }

  /** The number of ids from `start` (included) to `end` (excluded): `(end - start) / 32` words. */
  countRange(start: number, end: number): number {
    if (end <= start) return 0
    const first = start >>> 5
    const last = (end - 1) >>> 5
    const words = this.words
    const head = 0xffffffff << (start & 31)
    const tail = 0xffffffff >>> (31 - ((end - 1) & 31))
    if (first === last) return popcount(words[first]! & head & tail)
    let total = popcount(words[first]! & head) + popcount(words[last]! & tail)
    for (let i = first + 1; i < last; i++) total += popcount(words[i]!)
    return total
  }

  /** Calls `visit` with each id in ascending order. */
  forEachId(visit: (id: number) => void): void {
    const words = this.words
    for (let i = 0; i < words.length; i++) {
      let word = words[i]!
      while (word !== 0) {
        const low = word & -word
        visit((i << 5) + 31 - Math.clz32(low))
        word ^= low
      }
    }
  }

  /** The ids in ascending order. */
  toArray(): Uint32Array {
    const ids = new Uint32Array(this.count())
    const words = this.words
    let n = 0
    for (let i = 0; i < words.length; i++) {
      let word = words[i]!
      while (word !== 0) {
        const low = word & -word
        ids[n++] = (i << 5) + 31 - Math.clz32(low)
        word ^= low
      }
    }
    return ids
  }
}

/** The number of bits set in a 32-bit word. */
export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555)
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333)
  // Math.imul keeps the product a 32-bit integer (a plain * makes a double past 2^31).
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24
}
