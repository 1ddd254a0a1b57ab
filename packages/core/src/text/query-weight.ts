/**
 * A query bound to the index's statistics, once per query (tantivy's and Lucene's *Weight*): each
 * leaf's weight per field (the field's boost × idf, a phrase's terms' idfs added), the words a
 * prefix reads, the terms a fuzzy word expands to and what each weighs, and the tree compiled to
 * a function from its leaves' scores in one place to its score there. Nothing here reads a
 * document: `document-scorer.ts` scores one document with it.
 */

import type { IndexLeaf, QueryNode } from '../analysis/query-analysis.js'
import { FUZZY_EXPANSIONS } from '../analysis/query-tree.js'
import { lowerBound, sortedIndexOf } from '../util/sorted-search.js'
import { type WordsWithinEdits, wordsWithinEdits } from './fuzzy-walk.js'
import { idf } from './lucene-bm25.js'
import { FIELD_BOOSTS, NONE, type StoredTextIndex, TEXT_FIELDS } from './stored-text-index.js'

const FIELD_COUNT = TEXT_FIELDS.length

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

/**
 * A leaf bound to the index: its terms' slots (where a document scorer counts them) and its
 * weight per field. `terms` are the index's term ids ({@link NONE} for one it lacks).
 */
export type WeightedLeaf =
  | { kind: 'term'; node: LeafOf<'term'>; term: number; slot: number; weights: number[] }
  | {
      kind: 'phrase'
      node: LeafOf<'phrase'>
      terms: number[]
      slots: number[]
      offsets: number[]
      slop: number
      weights: number[]
    }
  | { kind: 'prefix'; node: LeafOf<'prefix'>; first: number; end: number }
  | {
      kind: 'fuzzy'
      node: LeafOf<'fuzzy'>
      /** The terms within the edits, most similar first, and each one's similarity. */
      terms: number[]
      similarities: number[]
      slots: number[]
      /** Per field: each term's weight (boost × blended idf × similarity), and whether kept. */
      weights: Float64Array[]
      kept: Uint8Array[]
      /** Per field: the document frequency all the kept terms' idf is computed from. */
      blendedFrequencies: number[]
    }

type LeafOf<K extends IndexLeaf['kind']> = Extract<IndexLeaf, { kind: K }>

/**
 * A query made ready to score documents of one index. Its terms take slots in `slotOf` (shared
 * by the index's scorer, kept at -1 between queries): {@link release} frees them.
 */
export class QueryWeight {
  readonly leaves: WeightedLeaf[] = []
  /** Each slot's term ({@link NONE} for a term the index lacks: a slot that never counts). */
  readonly slotTerms: number[] = []
  /** Whether a slot's positions are kept (a phrase's terms). */
  readonly keepsPositions: boolean[] = []
  /** The prefix leaves (`word*`), by index, with the range of their words. */
  readonly prefixes: { index: number; first: number; end: number }[] = []
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
  /**
   * Whether a document scores only in the places its terms stand in: a tree of words and phrases
   * (no exclusion or `*`, which match in any place; no prefix or fuzzy word, whose terms are
   * found as it is scored). Its terms' postings then say how far to read a document.
   */
  readonly scoresWhereItsTermsStand: boolean
  /** Each leaf node's index in {@link leaves}. */
  private readonly leafIndex = new Map<QueryNode, number>()
  private excludes = false

  constructor(
    readonly node: QueryNode,
    private readonly parts: StoredTextIndex,
    /** Each term's slot in the query being scored, or -1 (the index's, shared by its queries). */
    readonly slotOf: Int32Array,
    /** The terms within some edits of a word (the index's, which its matches read too). */
    private readonly fuzzyTerms: (word: string, edits: number) => WordsWithinEdits = (
      word,
      edits,
    ) => wordsWithinEdits(parts.terms, word, edits),
  ) {
    this.collect(node)
    this.leaves.forEach((leaf, index) => {
      if (leaf.kind === 'prefix') this.prefixes.push({ index, first: leaf.first, end: leaf.end })
    })
    this.readsWords = this.prefixes.length > 0
    this.onlyWords = !this.excludes && this.leaves.every((leaf) => leaf.kind === 'term')
    this.scoresWhereItsTermsStand =
      !this.excludes && this.leaves.every((leaf) => leaf.kind === 'term' || leaf.kind === 'phrase')
    this.evaluate = this.compile(node)
    this.emptyScore = this.evaluate(new Float64Array(this.leaves.length).fill(Number.NaN))
  }

  /** The index in {@link leaves} of a leaf node of the query. */
  indexOf(leaf: QueryNode): number {
    return this.leafIndex.get(leaf)!
  }

  /** Frees the terms' slots for the next query. */
  release(): void {
    for (const term of this.slotTerms) this.slotOf[term] = -1
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
        const index = this.indexOf(node)
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
        this.leaves.push(this.bind(node))
    }
  }

  private bind(leaf: IndexLeaf): WeightedLeaf {
    switch (leaf.kind) {
      case 'term': {
        const term = sortedIndexOf(this.parts.terms, leaf.term)
        return {
          node: leaf,
          kind: 'term',
          term,
          slot: this.slot(term, false),
          weights: this.weights([term]),
        }
      }
      case 'phrase': {
        const terms = leaf.terms.map((term) => sortedIndexOf(this.parts.terms, term))
        return {
          node: leaf,
          kind: 'phrase',
          terms,
          slots: terms.map((term) => this.slot(term, true)),
          offsets: leaf.positions,
          slop: leaf.slop ?? 0,
          weights: this.weights(terms),
        }
      }
      case 'prefix': {
        const first = lowerBound(this.parts.words, leaf.prefix)
        let end = first
        while (end < this.parts.words.length && this.parts.words[end]!.startsWith(leaf.prefix))
          end++
        return { node: leaf, kind: 'prefix', first, end }
      }
      case 'fuzzy':
        return this.fuzzy(leaf)
    }
  }

  /**
   * Lucene's fuzzy query, field by field: the terms within the edits that the field holds, the
   * most similar {@link FUZZY_EXPANSIONS} (similarity `1 − edits / the shorter length`, ties in
   * term order), each weighing its similarity and all the idf of the most frequent of them.
   */
  private fuzzy(leaf: LeafOf<'fuzzy'>): WeightedLeaf {
    const length = [...leaf.word].length
    const { indexes, edits } = this.fuzzyTerms(leaf.word, leaf.edits)
    const found = indexes.map((term, at) => {
      const distance = edits[at]!
      const shorter = Math.min(length, [...this.parts.terms[term]!].length)
      // A short word's similarity may fall below 0 (`th~2` and `a`): the node scores it 0.
      return { term, similarity: distance === 0 ? 1 : Math.max(0, 1 - distance / shorter) }
    })
    found.sort((a, b) => b.similarity - a.similarity || a.term - b.term)
    const slots = found.map(({ term }) => this.slot(term, false))
    const { fieldFrequencies, fieldDocumentCounts } = this.parts
    const kept = TEXT_FIELDS.map(() => new Uint8Array(found.length))
    const blendedFrequencies: number[] = []
    const weights = TEXT_FIELDS.map((_, field) => {
      const held = found.flatMap((entry, at) =>
        fieldFrequencies[entry.term * FIELD_COUNT + field]! > 0 ? [at] : [],
      )
      const top = held.slice(0, FUZZY_EXPANSIONS)
      let most = 0
      for (const at of top) {
        most = Math.max(most, fieldFrequencies[found[at]!.term * FIELD_COUNT + field]!)
      }
      blendedFrequencies.push(most)
      const weight = FIELD_BOOSTS[field]! * idf(most, fieldDocumentCounts[field]!)
      const row = new Float64Array(found.length)
      for (const at of top) {
        row[at] = weight * found[at]!.similarity
        kept[field]![at] = 1
      }
      return row
    })
    return {
      node: leaf,
      kind: 'fuzzy',
      terms: found.map(({ term }) => term),
      similarities: found.map(({ similarity }) => similarity),
      slots,
      weights,
      kept,
      blendedFrequencies,
    }
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
