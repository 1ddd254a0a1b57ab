/**
 * A phrase with slop (`"nelson rockefeller"~2`), checked against one value's tokens at a time.
 *
 * Lucene's sloppy phrase: each term of the phrase is placed at some position of the value where
 * that term stands; the phrase's own offset of each term is taken away, and the match is the
 * spread of what is left (largest minus smallest). A match when some placement spreads at most
 * `slop`: `"a b"~1` finds "a x b" (a@0 → 0, b@2 → 1), `"a b"~2` finds "b a" (a@1 → 1, b@0 → -1).
 * Two places of the phrase that hold the same term need two different positions.
 *
 * Every placement with spread ≤ slop lies in a window `[low, low + slop]` whose `low` is one of
 * the shifted positions, so each such window is tried. In a window, each place of the phrase may
 * take a position in an interval of the same width; places of one term are matched to distinct
 * positions greedily (the interval that ends first takes the first free position), which is
 * exact for intervals.
 */
export class SloppyPhrase {
  /** For each place of the phrase, the index of its term among the distinct terms. */
  private readonly termOf: number[]
  /** The distinct terms' ids. */
  private readonly distinct: number[]
  /** For each distinct term, the places that hold it, by offset (ascending). */
  private readonly placesOf: number[][]
  /** For each distinct term, its positions in the current value (ascending; the first `counts`). */
  private readonly positionsOf: number[][]
  private readonly counts: Int32Array
  private position = 0

  /**
   * @param terms the term id of each place, in phrase order
   * @param offsets each place's position in the phrase (the first 0; gaps for stop words)
   * @param slop the largest spread allowed
   */
  constructor(
    terms: readonly number[],
    private readonly offsets: readonly number[],
    private readonly slop: number,
  ) {
    this.distinct = [...new Set(terms)]
    this.termOf = terms.map((term) => this.distinct.indexOf(term))
    this.placesOf = this.distinct.map(() => [])
    this.termOf.forEach((term, place) => {
      this.placesOf[term]!.push(place)
    })
    this.positionsOf = this.distinct.map(() => [])
    this.counts = new Int32Array(this.distinct.length)
  }

  /** Forgets the value read so far: the next token is at position 0. */
  startValue(): void {
    this.position = 0
    // Counts reset, the arrays kept: setting an array's length costs a call into the runtime.
    for (let term = 0; term < this.counts.length; term++) this.counts[term] = 0
  }

  /** The term of the value's next token (any id; a stop word's matches nothing). */
  add(term: number): void {
    const index = this.distinct.indexOf(term)
    if (index !== -1) this.positionsOf[index]![this.counts[index]!++] = this.position
    this.position++
  }

  /** Whether the phrase fits in the value read since {@link startValue}. */
  fitsValue(): boolean {
    for (let term = 0; term < this.distinct.length; term++) {
      if (this.counts[term]! < this.placesOf[term]!.length) return false
    }
    for (let place = 0; place < this.termOf.length; place++) {
      const term = this.termOf[place]!
      const positions = this.positionsOf[term]!
      for (let at = 0; at < this.counts[term]!; at++) {
        if (this.fitsWindow(positions[at]! - this.offsets[place]!)) return true
      }
    }
    return false
  }

  /** Whether every place finds a position whose shifted value is in `[low, low + slop]`. */
  private fitsWindow(low: number): boolean {
    for (let term = 0; term < this.distinct.length; term++) {
      const positions = this.positionsOf[term]!
      const count = this.counts[term]!
      let next = 0
      for (const place of this.placesOf[term]!) {
        const first = low + this.offsets[place]!
        while (next < count && positions[next]! < first) next++
        if (next === count || positions[next]! > first + this.slop) return false
        next++
      }
    }
    return true
  }
}
