/**
 * Scores the documents a query matched as the reference service's OpenSearch scores its query,
 * and as the OpenSearch backend asks it to (`packages/opensearch/src/backend/query-dsl.ts`):
 * the query is read in each place a document holds text — its title and description together (the title
 * × 5), each note, each term — and scores where it matches whole in that place:
 * Lucene BM25 per field (`lucene-bm25.ts`), the places' scores added, the notes' and the
 * terms' averaged over those that match. A document found only across places (one word in its
 * title, the other in a note) scores 0.
 *
 * Inside a place, a leaf scores as Lucene's query for it: a word as a term query, a phrase as a
 * phrase query (its terms' idfs added, its frequency as `phrase-frequency.ts` counts it), a
 * prefix as a constant (the field's boost), a fuzzy word as Lucene's top-terms blended rewrite
 * (each matching term weighs its similarity, all take the idf of the most frequent). Exclusions
 * and `*` match everywhere and add nothing: what they exclude is excluded from the whole document
 * before scoring.
 */

import { lowerBound, sortedIndexOf } from '../util/sorted-search.js'
import { DocumentTokens } from './document-tokens.js'
import { forEachWithinEdits } from './fuzzy-walk.js'
import { type FieldScorer, idf } from './lucene-bm25.js'
import type { Matches } from './matches.js'
import { phraseFrequency } from './phrase-frequency.js'
import type { IndexLeaf, QueryNode } from './query-analysis.js'
import { fieldScorers } from './score-postings.js'
import {
  FIELD,
  FIELD_BOOSTS,
  NONE,
  type StoredTextIndex,
  TEXT_FIELDS,
} from './stored-text-index.js'

const FIELD_COUNT = TEXT_FIELDS.length
/** Marks a document a prefix reaches through a term other words share. */
const VIA_SHARED = 0x80

/**
 * The most terms a fuzzy word expands to in one field, by similarity (Lucene's `max_expansions`;
 * the OpenSearch backend asks the same).
 */
export const FUZZY_EXPANSIONS = 1000

/** Whether a query has anything that scores: not only `*` and exclusions. */
export function scoresAnything(node: QueryNode): boolean {
  switch (node.kind) {
    case 'all':
    case 'nothing':
    case 'not':
      return false
    case 'and':
    case 'or':
      return node.children.some(scoresAnything)
    default:
      return true
  }
}

/** A prefix's words and terms (`TextIndex.prefixTerms`). */
export interface PrefixTerms {
  first: number
  end: number
  exact: number[]
  shared: number[]
}

/** A leaf made ready to score: its terms' slots and its weight per field. */
type ScoredLeaf =
  | { kind: 'term'; term: number; slot: number; weights: number[] }
  | {
      kind: 'phrase'
      slots: number[]
      offsets: number[]
      slop: number
      weights: number[]
      /** Reused per instance: each place's positions and how many. */
      lists: Int32Array[]
      lengths: number[]
    }
  | { kind: 'prefix'; first: number; end: number }
  | { kind: 'fuzzy'; slots: number[]; weights: Float64Array[]; kept: Uint8Array[] }

/**
 * Scores documents for a query. Each document's tokens are read back and the query is scored in
 * each place ({@link scoreDocument}); two shapes of query skip that for most documents: a tree of
 * words scores a document holding one of them, or holding them only in its title and
 * description, from the words' postings, and a prefix alone scores each document from the fields
 * its terms stand in.
 */
export class QueryScorer {
  private readonly parts: StoredTextIndex
  private readonly prefixTerms: (prefix: string) => PrefixTerms
  private readonly scorers: FieldScorer[]
  private readonly tokens: DocumentTokens
  /** Each term's slot in the query being scored, or -1. */
  private readonly slotOf: Int32Array
  /** Per document, the fields a prefix's terms stand in (and {@link VIA_SHARED}); kept zeroed. */
  private fieldsOf: Uint8Array | undefined

  /** @param prefixTerms a prefix's words and terms, as the index matches them */
  constructor(parts: StoredTextIndex, prefixTerms: (prefix: string) => PrefixTerms) {
    this.parts = parts
    this.prefixTerms = prefixTerms
    this.scorers = fieldScorers(parts)
    this.tokens = new DocumentTokens(parts)
    this.slotOf = new Int32Array(parts.terms.length).fill(-1)
  }

  /**
   * The matches with each document's score for the query.
   * @param matches the documents, each with its words' postings scores added (`evaluate`'s)
   * @param readBack read every document back, taking no shortcut (what the shortcuts are tested
   *   against)
   */
  score(node: QueryNode, matches: Matches, readBack = false): Matches {
    const query = new PreparedQuery(node, this.parts, this.slotOf)
    try {
      const scores = new Float32Array(matches.ids.length)
      if (!readBack && node.kind === 'prefix') {
        this.scorePrefix(node.prefix, query, matches, scores)
      } else if (!readBack && query.onlyWords) {
        this.scoreWords(query, matches, scores)
      } else if (query.leaves.length > 0) {
        for (let i = 0; i < matches.ids.length; i++) {
          scores[i] = this.scoreDocument(matches.ids[i]!, query)
        }
      }
      return { ids: matches.ids, scores }
    } finally {
      query.release()
    }
  }

  /**
   * A tree of words (no exclusion, no `*`). A document that holds
   * one of its words, or holds them only in its title and description, matches in one place at
   * most, where the tree reads as the set operations read it: its score is what they added up
   * from the words' postings. Any other document is read back.
   */
  private scoreWords(query: PreparedQuery, matches: Matches, scores: Float32Array): void {
    const { termOffsets, postingIds, postingFields } = this.parts
    const terms = query.leaves.map((leaf) => (leaf.kind === 'term' ? leaf.term : NONE))
    const cursors = terms.map((term) => (term === NONE ? 0 : termOffsets[term]!))
    const ends = terms.map((term) => (term === NONE ? 0 : termOffsets[term + 1]!))
    const elsewhere = ~((1 << FIELD.title) | (1 << FIELD.description))
    for (let i = 0; i < matches.ids.length; i++) {
      const id = matches.ids[i]!
      let count = 0
      let fields = 0
      for (let leaf = 0; leaf < terms.length; leaf++) {
        const at = advance(postingIds, id, cursors[leaf]!, ends[leaf]!)
        cursors[leaf] = at
        if (at < ends[leaf]! && postingIds[at] === id) {
          count++
          fields |= postingFields[at]!
        }
      }
      scores[i] =
        count === 1 || (fields & elsewhere) === 0
          ? matches.scores[i]!
          : this.scoreDocument(id, query)
    }
  }

  /**
   * `word*` alone scores, in each place, the boost of each field where a word with the prefix
   * stands: read from its terms' postings, except in documents where a term other words share
   * stands (their tokens are read).
   */
  private scorePrefix(
    prefix: string,
    query: PreparedQuery,
    matches: Matches,
    scores: Float32Array,
  ): void {
    const { termOffsets, postingIds, postingFields } = this.parts
    this.fieldsOf ??= new Uint8Array(this.parts.documentCount)
    const fieldsOf = this.fieldsOf
    const { exact, shared } = this.prefixTerms(prefix)
    const mark = (terms: number[], bits: (posting: number) => number) => {
      for (const term of terms) {
        for (let p = termOffsets[term]!; p < termOffsets[term + 1]!; p++) {
          fieldsOf[postingIds[p]!]! |= bits(p)
        }
      }
    }
    mark(exact, (p) => postingFields[p]!)
    mark(shared, () => VIA_SHARED)
    for (let i = 0; i < matches.ids.length; i++) {
      const id = matches.ids[i]!
      const fields = fieldsOf[id]!
      if (fields & VIA_SHARED) scores[i] = this.scoreDocument(id, query)
      else {
        let score = 0
        for (let field = 0; field < FIELD_COUNT; field++) {
          if (fields & (1 << field)) score += FIELD_BOOSTS[field]!
        }
        scores[i] = score
      }
    }
    for (const term of [...exact, ...shared]) {
      for (let p = termOffsets[term]!; p < termOffsets[term + 1]!; p++) fieldsOf[postingIds[p]!] = 0
    }
  }

  private scoreDocument(id: number, query: PreparedQuery): number {
    const tokens = this.tokens
    tokens.read(id, query.readsWords)
    const leafCount = query.leaves.length
    // The title and description add up as one place.
    const top = query.top.fill(Number.NaN)
    const values = query.values
    let total = 0
    let notes = 0
    let noteCount = 0
    let terms = 0
    let termCount = 0
    for (let instance = 0; instance < tokens.instanceCount; instance++) {
      const field = tokens.fields[instance]!
      let score: number
      if (query.read(tokens, instance)) {
        for (let leaf = 0; leaf < leafCount; leaf++) {
          values[leaf] = this.leafScore(query, leaf, field, tokens.lengths[instance]!)
        }
        query.clear()
        if (field === FIELD.title || field === FIELD.description) {
          for (let leaf = 0; leaf < leafCount; leaf++) {
            if (Number.isNaN(values[leaf]!)) continue
            top[leaf] = Number.isNaN(top[leaf]!) ? values[leaf]! : top[leaf]! + values[leaf]!
          }
          continue
        }
        score = query.evaluate(values)
      } else {
        // Nothing of the query here: what the query scores in an empty place (NaN, or 0 where
        // an exclusion or `*` matches anywhere).
        if (field === FIELD.title || field === FIELD.description) continue
        score = query.emptyScore
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
    const topScore = query.evaluate(top)
    if (!Number.isNaN(topScore)) total += topScore
    if (noteCount > 0) total += notes / noteCount
    if (termCount > 0) total += terms / termCount
    return total
  }

  /** A leaf's score in the instance just read, or NaN where it does not match. */
  private leafScore(query: PreparedQuery, index: number, field: number, length: number): number {
    const leaf = query.leaves[index]!
    const scorer = this.scorers[field]!
    switch (leaf.kind) {
      case 'term': {
        const frequency = query.frequencies[leaf.slot]!
        return frequency > 0 ? scorer.score(leaf.weights[field]!, frequency, length) : Number.NaN
      }
      case 'phrase': {
        for (const slot of leaf.slots) if (query.frequencies[slot] === 0) return Number.NaN
        for (let place = 0; place < leaf.slots.length; place++) {
          leaf.lists[place] = query.positions[leaf.slots[place]!]!
          leaf.lengths[place] = query.frequencies[leaf.slots[place]!]!
        }
        const frequency = phraseFrequency(
          leaf.lists,
          leaf.lengths,
          leaf.offsets,
          leaf.slop,
          leaf.slots,
        )
        return frequency > 0 ? scorer.score(leaf.weights[field]!, frequency, length) : Number.NaN
      }
      case 'prefix':
        return query.prefixFound[index] ? FIELD_BOOSTS[field]! : Number.NaN
      case 'fuzzy': {
        let score = Number.NaN
        const weights = leaf.weights[field]!
        const kept = leaf.kept[field]!
        for (let at = 0; at < leaf.slots.length; at++) {
          const frequency = query.frequencies[leaf.slots[at]!]!
          if (frequency === 0 || !kept[at]) continue
          const found = scorer.score(weights[at]!, frequency, length)
          score = Number.isNaN(score) ? found : score + found
        }
        return score
      }
    }
  }
}

/** A query ready to score documents: its leaves, its terms' slots, per-instance counters. */
class PreparedQuery {
  readonly leaves: ScoredLeaf[] = []
  /** Each leaf node's index in {@link leaves}. */
  private readonly leafIndex = new Map<QueryNode, number>()
  /** The terms given a slot (to clear `slotOf` after). */
  private readonly slotTerms: number[] = []
  /** Whether a slot's positions are kept (a phrase's terms). */
  private readonly keepsPositions: boolean[] = []
  /** The prefix leaves (`word*`), by index, with the range of their words. */
  private readonly prefixes: { index: number; first: number; end: number }[] = []
  // What the instance just read holds: each slot's frequency and positions, each prefix found,
  // and the slots counted (to clear).
  readonly frequencies: Uint32Array
  /** A kept slot's positions: the first `frequencies[slot]` (grown as needed). */
  readonly positions: Int32Array[]
  readonly prefixFound: boolean[]
  private touched: Int32Array
  private touchedCount = 0
  /** Reused per document: each leaf's score in a place, and in the title and description. */
  readonly values: Float64Array
  readonly top: Float64Array
  /** The query's score in one place from its leaves' scores there (NaN: no match). */
  readonly evaluate: (values: Float64Array) => number
  /** The query's score in a place that holds none of its leaves. */
  readonly emptyScore: number
  /** Whether scoring reads the words as written (for prefixes). */
  readonly readsWords: boolean
  /**
   * Whether the query is words and operators only: no exclusion or `*`, which the set operations
   * apply to the whole document but a place reads as matching anywhere.
   */
  readonly onlyWords: boolean
  private excludes = false

  constructor(
    node: QueryNode,
    private readonly parts: StoredTextIndex,
    private readonly slotOf: Int32Array,
  ) {
    this.collect(node)
    this.frequencies = new Uint32Array(this.slotTerms.length)
    this.positions = this.slotTerms.map(() => new Int32Array(8))
    this.touched = new Int32Array(this.slotTerms.length)
    this.prefixFound = this.leaves.map(() => false)
    this.leaves.forEach((leaf, index) => {
      if (leaf.kind === 'prefix') this.prefixes.push({ index, first: leaf.first, end: leaf.end })
    })
    this.readsWords = this.prefixes.length > 0
    this.onlyWords = !this.excludes && this.leaves.every((leaf) => leaf.kind === 'term')
    this.values = new Float64Array(this.leaves.length)
    this.top = new Float64Array(this.leaves.length)
    this.evaluate = this.compile(node)
    this.emptyScore = this.evaluate(new Float64Array(this.leaves.length).fill(Number.NaN))
  }

  /** Frees the terms' slots for the next query. */
  release(): void {
    for (const term of this.slotTerms) this.slotOf[term] = -1
  }

  /**
   * Counts the query's terms and prefixes in one instance of the document read; false when it
   * holds none of them (nothing to clear).
   */
  read(tokens: DocumentTokens, instance: number): boolean {
    const end = tokens.starts[instance + 1]!
    const { slotOf, frequencies, touched, prefixes } = this
    let touchedCount = this.touchedCount
    let found = false
    for (let t = tokens.starts[instance]!; t < end; t++) {
      const term = tokens.terms[t]!
      if (term !== NONE) {
        const slot = slotOf[term]!
        if (slot !== -1) {
          const seen = frequencies[slot]!++
          if (seen === 0) touched[touchedCount++] = slot
          if (this.keepsPositions[slot]) this.keepPosition(slot, seen, tokens.positions[t]!)
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

  private keepPosition(slot: number, at: number, position: number): void {
    let positions = this.positions[slot]!
    if (at === positions.length) {
      const grown = new Int32Array(positions.length * 2)
      grown.set(positions)
      this.positions[slot] = positions = grown
    }
    positions[at] = position
  }

  clear(): void {
    for (let i = 0; i < this.touchedCount; i++) this.frequencies[this.touched[i]!] = 0
    this.touchedCount = 0
    for (const prefix of this.prefixes) this.prefixFound[prefix.index] = false
  }

  /** A tree as a function of its leaves' scores in one place to its score there (NaN: none). */
  private compile(node: QueryNode): (values: Float64Array) => number {
    switch (node.kind) {
      case 'all':
      case 'not':
        return () => 0
      case 'nothing':
        return () => Number.NaN
      case 'and': {
        const children = node.children.map((child) => this.compile(child))
        return (values) => {
          let sum = 0
          for (const child of children) sum += child(values)
          return sum
        }
      }
      case 'or': {
        const children = node.children.map((child) => this.compile(child))
        return (values) => {
          let sum = Number.NaN
          for (const child of children) {
            const score = child(values)
            if (!Number.isNaN(score)) sum = Number.isNaN(sum) ? score : sum + score
          }
          return sum
        }
      }
      default: {
        const index = this.leafIndex.get(node)!
        return (values) => values[index]!
      }
    }
  }

  private collect(node: QueryNode): void {
    switch (node.kind) {
      case 'all':
      case 'not':
        this.excludes = true
        return
      case 'nothing':
        return
      case 'and':
      case 'or':
        for (const child of node.children) this.collect(child)
        return
      default:
        this.leafIndex.set(node, this.leaves.length)
        this.leaves.push(this.prepare(node))
    }
  }

  private prepare(leaf: IndexLeaf): ScoredLeaf {
    switch (leaf.kind) {
      case 'term': {
        const term = sortedIndexOf(this.parts.terms, leaf.term)
        return {
          kind: 'term',
          term,
          slot: this.slot(term, false),
          weights: this.weights([term]),
        }
      }
      case 'phrase': {
        const terms = leaf.terms.map((term) => sortedIndexOf(this.parts.terms, term))
        return {
          kind: 'phrase',
          slots: terms.map((term) => this.slot(term, true)),
          offsets: leaf.positions,
          slop: leaf.slop ?? 0,
          weights: this.weights(terms),
          lists: [],
          lengths: [],
        }
      }
      case 'prefix': {
        const first = lowerBound(this.parts.words, leaf.prefix)
        let end = first
        while (end < this.parts.words.length && this.parts.words[end]!.startsWith(leaf.prefix))
          end++
        return { kind: 'prefix', first, end }
      }
      case 'fuzzy':
        return this.fuzzy(leaf.word, leaf.edits)
    }
  }

  /**
   * Lucene's fuzzy query, field by field: the terms within the edits that the field holds, the
   * most similar {@link FUZZY_EXPANSIONS} (similarity `1 − edits / the shorter length`, ties in
   * term order), each weighing its similarity and all the idf of the most frequent of them.
   */
  private fuzzy(word: string, edits: number): ScoredLeaf {
    const found: { term: number; similarity: number }[] = []
    const length = [...word].length
    forEachWithinEdits(this.parts.terms, word, edits, 0, (term, distance) => {
      const shorter = Math.min(length, [...this.parts.terms[term]!].length)
      // A short word's similarity may fall below 0 (`th~2` and `a`): the node scores it 0.
      found.push({ term, similarity: distance === 0 ? 1 : Math.max(0, 1 - distance / shorter) })
    })
    found.sort((a, b) => b.similarity - a.similarity || a.term - b.term)
    const slots = found.map(({ term }) => this.slot(term, false))
    const { fieldFrequencies, fieldDocumentCounts } = this.parts
    const kept = TEXT_FIELDS.map(() => new Uint8Array(found.length))
    const weights = TEXT_FIELDS.map((_, field) => {
      const held = found.flatMap((entry, at) =>
        fieldFrequencies[entry.term * FIELD_COUNT + field]! > 0 ? [at] : [],
      )
      const top = held.slice(0, FUZZY_EXPANSIONS)
      let most = 0
      for (const at of top) {
        most = Math.max(most, fieldFrequencies[found[at]!.term * FIELD_COUNT + field]!)
      }
      const weight = FIELD_BOOSTS[field]! * idf(most, fieldDocumentCounts[field]!)
      const row = new Float64Array(found.length)
      for (const at of top) {
        row[at] = weight * found[at]!.similarity
        kept[field]![at] = 1
      }
      return row
    })
    return { kind: 'fuzzy', slots, weights, kept }
  }

  /** Boost × the summed idf of the terms, per field (a phrase adds its terms' idfs). */
  private weights(terms: number[]): number[] {
    const { fieldFrequencies, fieldDocumentCounts } = this.parts
    return TEXT_FIELDS.map((_, field) => {
      let sum = 0
      for (const term of terms) {
        const frequency = term === NONE ? 0 : fieldFrequencies[term * FIELD_COUNT + field]!
        sum += idf(frequency, fieldDocumentCounts[field]!)
      }
      return FIELD_BOOSTS[field]! * sum
    })
  }

  /** The slot of a term (a term the index lacks gets one that never counts). */
  private slot(term: number, keepPositions: boolean): number {
    if (term === NONE) {
      this.keepsPositions.push(keepPositions)
      this.slotTerms.push(NONE)
      return this.slotTerms.length - 1
    }
    let slot = this.slotOf[term]!
    if (slot === -1) {
      slot = this.slotTerms.length
      this.slotOf[term] = slot
      this.slotTerms.push(term)
      this.keepsPositions.push(keepPositions)
    } else if (keepPositions) this.keepsPositions[slot] = true
    return slot
  }
}

/** The first index in `[from, end)` whose id is at least `target` (galloping from `from`). */
function advance(ids: Uint32Array, target: number, from: number, end: number): number {
  if (from >= end || ids[from]! >= target) return from
  let low = from
  let step = 1
  while (low + step < end && ids[low + step]! < target) {
    low += step
    step *= 2
  }
  let high = Math.min(low + step, end)
  low++
  while (low < high) {
    const mid = (low + high) >>> 1
    if (ids[mid]! < target) low = mid + 1
    else high = mid
  }
  return low
}
