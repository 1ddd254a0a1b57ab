import type { Random } from './random.js'

/**
 * Draws ranks 0..n-1 with probability proportional to 1 / (rank + offset): Zipf's law with
 * exponent 1, the long tail of real catalogues (a few subjects and creators everywhere, most
 * used once or never). The offset flattens the head a little.
 */
export class ZipfSampler {
  private readonly cumulative: Float64Array

  constructor(n: number, offset = 1) {
    if (n < 1) throw new RangeError('ZipfSampler needs at least one rank')
    this.cumulative = new Float64Array(n)
    let total = 0
    for (let rank = 0; rank < n; rank++) {
      total += 1 / (rank + offset)
      this.cumulative[rank] = total
    }
  }

  /** A rank, 0 the most likely. */
  draw(rng: Random): number {
    const cumulative = this.cumulative
    const target = rng.float() * (cumulative[cumulative.length - 1] ?? 0)
    let low = 0
    let high = cumulative.length - 1
    while (low < high) {
      const mid = (low + high) >>> 1
      if ((cumulative[mid] ?? 0) > target) high = mid
      else low = mid + 1
    }
    return low
  }

  /** Up to `k` distinct ranks (gives up after a few collisions rather than loop on a small n). */
  drawDistinct(rng: Random, k: number): number[] {
    const ranks: number[] = []
    for (let attempt = 0; ranks.length < k && attempt < k * 4; attempt++) {
      const rank = this.draw(rng)
      if (!ranks.includes(rank)) ranks.push(rank)
    }
    return ranks
  }
}
