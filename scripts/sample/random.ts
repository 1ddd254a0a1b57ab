/**
 * A small seeded pseudo-random number generator (sfc32) and the draws the generator needs.
 * Only integer and IEEE-exact arithmetic is used (no Math.log/exp/pow, no locale), so a seed
 * gives the same catalogue on every machine and Node version.
 */

/** Scrambles a 32-bit integer (splitmix32 finaliser); used to spread a small seed over 128 bits. */
function mix32(value: number): number {
  let z = (value + 0x9e3779b9) | 0
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
  return (z ^ (z >>> 16)) >>> 0
}

/** A seeded source of randomness. Same seed, same sequence of draws. */
export class Random {
  private a: number
  private b: number
  private c: number
  private d: number

  /** @param seed any 32-bit unsigned integer */
  constructor(seed: number) {
    this.a = mix32(seed)
    this.b = mix32(this.a ^ 0x6a09e667)
    this.c = mix32(this.b ^ 0xbb67ae85)
    this.d = 1
    // The first outputs of sfc32 still show the seed's structure: discard them.
    for (let i = 0; i < 16; i++) this.next()
  }

  /** The next raw 32-bit unsigned integer. */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0
    this.d = (this.d + 1) | 0
    this.a = this.b ^ (this.b >>> 9)
    this.b = (this.c + (this.c << 3)) | 0
    this.c = (this.c << 21) | (this.c >>> 11)
    this.c = (this.c + t) | 0
    return t >>> 0
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next() / 4294967296
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1))
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.float() < p
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.float() * items.length)]
    if (item === undefined) throw new RangeError('pick() from an empty array')
    return item
  }

  /** An index drawn in proportion to `weights` (non-negative, not all zero). */
  weighted(weights: readonly number[]): number {
    let total = 0
    for (const weight of weights) total += weight
    let r = this.float() * total
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i] ?? 0
      if (r < 0) return i
    }
    return weights.length - 1
  }

  /** Shuffles `items` in place (Fisher-Yates) and returns it. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(this.float() * (i + 1))
      const tmp = items[i] as T
      items[i] = items[j] as T
      items[j] = tmp
    }
    return items
  }

  /** `k` distinct elements of `items` (fewer when it is shorter), in draw order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = items.slice()
    const n = Math.min(k, copy.length)
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(this.float() * (copy.length - i))
      const tmp = copy[i] as T
      copy[i] = copy[j] as T
      copy[j] = tmp
    }
    return copy.slice(0, n)
  }

  /**
   * A positive weight with a heavy right tail (mean about 3, at most 1 / floor): used to size
   * collections and series so that a few are large and most are small.
   */
  heavy(floor = 0.05): number {
    return 1 / (floor + this.float())
  }
}
