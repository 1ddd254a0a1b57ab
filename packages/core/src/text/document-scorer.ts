/**
 * Scores one document for a {@link QueryWeight} (tantivy's and Lucene's *Scorer*): its tokens are
 * read back by place (`document-tokens.ts`), the query's terms counted and placed in each, and
 * each place scored as the reference's query scores it: the title and description together (the
 * title × 5), each note, the items, each term; the places' scores added, the notes' and the
 * terms' averaged over those that match. A document found only across places (one word in its
 * title, the other in a note) scores 0.
 *
 * Inside a place, a leaf scores as Lucene's query for it: a word as a term query, a phrase as a
 * phrase query (its frequency as `phrase-frequency.ts` counts it), a prefix as a constant (the
 * field's boost), a fuzzy word as Lucene's top-terms blended rewrite (each kept term scores with
 * its own weight). Exclusions and `*` match everywhere and add nothing: what they exclude is
 * excluded from the whole document before scoring.
 */

import type { DocumentTokens } from './document-tokens.js'
import type { FieldScorer } from './lucene-bm25.js'
import { phraseFrequency } from './phrase-frequency.js'
import type { QueryWeight } from './query-weight.js'
import { FIELD, FIELD_BOOSTS, NONE } from './stored-text-index.js'

/**
 * One query's scorer of documents, made per query: what it counts in the place just read is
 * reused from place to place and document to document (no allocation per document).
 */
export class DocumentScorer {
  // What the place just read holds: each slot's frequency and positions, each prefix found,
  // and the slots counted (to clear).
  readonly frequencies: Uint32Array
  /** A kept slot's positions: the first `frequencies[slot]` (grown as needed). */
  readonly positions: Int32Array[]
  readonly prefixFound: boolean[]
  private readonly touched: Int32Array
  private touchedCount = 0
  /** Reused per document: each leaf's score in a place, and in the title and description. */
  private readonly values: Float64Array
  private readonly top: Float64Array
  /** Reused per phrase leaf: each of its places' positions and how many. */
  private readonly phraseLists: Int32Array[][]
  private readonly phraseLengths: number[][]
  /**
   * Per fuzzy leaf, each slot's place in the leaf's terms (-1: not one of them): a place sums
   * the few terms it holds, not every term the word expanded to (hundreds, for `word~2`).
   */
  private readonly fuzzyOrder: (Int32Array | undefined)[]
  /** Reused: the terms of a fuzzy leaf that a place holds, in the leaf's order. */
  private fuzzyFound = new Int32Array(16)
  /** Whether the query needs of a place only its terms' counts (no phrase, no prefix). */
  private readonly countsOnly: boolean

  /**
   * @param tokens the index's reader of documents' tokens (shared: one document at a time)
   * @param scorers BM25 for each field, over the index's statistics
   */
  constructor(
    readonly weight: QueryWeight,
    readonly tokens: DocumentTokens,
    readonly scorers: readonly FieldScorer[],
  ) {
    const slots = weight.slotTerms.length
    const leafCount = weight.leaves.length
    this.frequencies = new Uint32Array(slots)
    this.positions = weight.slotTerms.map(() => new Int32Array(8))
    this.touched = new Int32Array(slots)
    this.prefixFound = weight.leaves.map(() => false)
    this.values = new Float64Array(leafCount)
    this.top = new Float64Array(leafCount)
    this.phraseLists = weight.leaves.map(() => [])
    this.phraseLengths = weight.leaves.map(() => [])
    this.countsOnly = !weight.readsWords && !weight.keepsPositions.includes(true)
    this.fuzzyOrder = weight.leaves.map((leaf) => {
      if (leaf.kind !== 'fuzzy') return undefined
      const order = new Int32Array(slots).fill(-1)
      leaf.slots.forEach((slot, at) => {
        order[slot] = at
      })
      return order
    })
  }

  /**
   * Document `id`'s score for the query (0 when it matches in no place).
   * @param places read only the first places (1 the title, 2 the title and the description): for
   *   a query whose places without its terms add nothing, when its terms stand nowhere else
   */
  score(id: number, places?: number): number {
    const { tokens, weight } = this
    // Without phrases and prefixes, a place's counts are all the query needs of it.
    if (this.countsOnly) tokens.countSlots(id, weight.slotOf, this.frequencies, places)
    else tokens.read(id, weight.readsWords, places)
    const leafCount = weight.leaves.length
    // The title and description add up as one place. (A loop: a call to `fill` costs more.)
    const top = this.top
    for (let leaf = 0; leaf < leafCount; leaf++) top[leaf] = Number.NaN
    const values = this.values
    let total = 0
    let notes = 0
    let noteCount = 0
    let terms = 0
    let termCount = 0
    for (let instance = 0; instance < tokens.instanceCount; instance++) {
      const field = tokens.fields[instance]!
      let score: number
      if (this.countIn(instance)) {
        for (let leaf = 0; leaf < leafCount; leaf++) {
          values[leaf] = this.leafScore(leaf, field, tokens.lengths[instance]!)
        }
        this.clear()
        if (field === FIELD.title || field === FIELD.description) {
          for (let leaf = 0; leaf < leafCount; leaf++) {
            if (Number.isNaN(values[leaf]!)) continue
            top[leaf] = Number.isNaN(top[leaf]!) ? values[leaf]! : top[leaf]! + values[leaf]!
          }
          continue
        }
        score = weight.evaluate(values)
      } else {
        // Nothing of the query here: what the query scores in an empty place (NaN, or 0 where
        // an exclusion or `*` matches anywhere).
        if (field === FIELD.title || field === FIELD.description) continue
        score = weight.emptyScore
      }
      if (Number.isNaN(score)) continue
      if (field === FIELD.note) {
        notes += score
        noteCount++
      } else if (field === FIELD.term) {
        terms += score
        termCount++
      } else total += score
    }
    const topScore = weight.evaluate(top)
    if (!Number.isNaN(topScore)) total += topScore
    if (noteCount > 0) total += notes / noteCount
    if (termCount > 0) total += terms / termCount
    return total
  }

  /**
   * Counts the query's terms and prefixes in one place of the document read; false when it
   * holds none of them (nothing to clear).
   */
  countIn(instance: number): boolean {
    const { tokens, frequencies, touched } = this
    if (tokens.counted) {
      const end = tokens.hitStarts[instance + 1]!
      let count = 0
      for (let hit = tokens.hitStarts[instance]!; hit < end; hit++) {
        const slot = tokens.hitSlots[hit]!
        frequencies[slot] = tokens.hitCounts[hit]!
        touched[count++] = slot
      }
      this.touchedCount = count
      return count > 0
    }
    const { prefixes, keepsPositions } = this.weight
    const slotOf = this.weight.slotOf
    const end = tokens.starts[instance + 1]!
    let touchedCount = this.touchedCount
    let found = false
    for (let t = tokens.starts[instance]!; t < end; t++) {
      const term = tokens.terms[t]!
      if (term !== NONE) {
        const slot = slotOf[term]!
        if (slot !== -1) {
          const seen = frequencies[slot]!++
          if (seen === 0) touched[touchedCount++] = slot
          if (keepsPositions[slot]) this.keepPosition(slot, seen, tokens.positions[t]!)
        }
      }
      if (prefixes.length === 0) continue
      const word = tokens.words[t]!
      if (word === NONE) continue
      for (const prefix of prefixes) {
        if (word >= prefix.first && word < prefix.end) {
          this.prefixFound[prefix.index] = true
          found = true
        }
      }
    }
    this.touchedCount = touchedCount
    return found || touchedCount > 0
  }

  /** Forgets what {@link countIn} counted. */
  clear(): void {
    for (let i = 0; i < this.touchedCount; i++) this.frequencies[this.touched[i]!] = 0
    this.touchedCount = 0
    for (const prefix of this.weight.prefixes) this.prefixFound[prefix.index] = false
  }

  /** A leaf's score in the place just counted, of this field and length, or NaN where it does not match. */
  leafScore(index: number, field: number, length: number): number {
    const leaf = this.weight.leaves[index]!
    const scorer = this.scorers[field]!
    switch (leaf.kind) {
      case 'term':
      case 'phrase': {
        const frequency = this.leafFrequency(index)
        return frequency > 0 ? scorer.score(leaf.weights[field]!, frequency, length) : Number.NaN
      }
      case 'prefix':
        return this.prefixFound[index] ? FIELD_BOOSTS[field]! : Number.NaN
      case 'fuzzy': {
        // The kept terms this place holds (among the slots it counted), added in the leaf's
        // order: the same sum, in the same order, as a walk over all of the leaf's terms.
        const order = this.fuzzyOrder[index]!
        const kept = leaf.kept[field]!
        if (this.fuzzyFound.length < this.touchedCount) {
          this.fuzzyFound = new Int32Array(this.touchedCount * 2)
        }
        const found = this.fuzzyFound
        let count = 0
        for (let i = 0; i < this.touchedCount; i++) {
          const at = order[this.touched[i]!]!
          if (at === -1 || !kept[at]) continue
          let j = count++
          for (; j > 0 && found[j - 1]! > at; j--) found[j] = found[j - 1]!
          found[j] = at
        }
        let score = Number.NaN
        const weights = leaf.weights[field]!
        for (let i = 0; i < count; i++) {
          const at = found[i]!
          const term = scorer.score(weights[at]!, this.frequencies[leaf.slots[at]!]!, length)
          score = Number.isNaN(score) ? term : score + term
        }
        return score
      }
    }
  }

  /**
   * How often a word or a phrase stands in the place just counted (a sloppy phrase's matches
   * weigh `1 / (1 + distance)`); 0 for a prefix or a fuzzy word, whose terms count one by one.
   */
  leafFrequency(index: number): number {
    const leaf = this.weight.leaves[index]!
    if (leaf.kind === 'term') return this.frequencies[leaf.slot]!
    if (leaf.kind !== 'phrase') return 0
    for (const slot of leaf.slots) if (this.frequencies[slot] === 0) return 0
    const lists = this.phraseLists[index]!
    const lengths = this.phraseLengths[index]!
    for (let place = 0; place < leaf.slots.length; place++) {
      lists[place] = this.positions[leaf.slots[place]!]!
      lengths[place] = this.frequencies[leaf.slots[place]!]!
    }
    return phraseFrequency(lists, lengths, leaf.offsets, leaf.slop, leaf.slots)
  }

  private keepPosition(slot: number, at: number, position: number): void {
    let positions = this.positions[slot]!
    if (at === positions.length) {
      const grown = new Int32Array(positions.length * 2)
      grown.set(positions)
      this.positions[slot] = positions = grown
    }
    positions[at] = position
  }
}
