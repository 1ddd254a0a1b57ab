/**
 * Which of a document's values can show a word of a query, read from the index's token
 * sequences alone: no JSON decoded, no word analyzed. A snippet reads a record's values as words
 * to mark them (`api/snippet-marks.ts`), and most values of a long record hold no word of the
 * query; the index already stores every value's tokens with their terms and words, so the
 * values that cannot show a mark are known before any of them is read.
 *
 * A value can show a leaf as `QueryMarks` finds it: a word (not a stop word) whose term is a
 * term leaf's, whose word as written starts with a prefix, or whose term is within a fuzzy word's
 * edits; a phrase only where the value holds each of its terms. What this says is a superset of
 * what is marked (a phrase's terms need not stand in their places), never less.
 *
 * For a query without phrases, the same pass ranks each value as `QueryMarks` would (the leaves
 * it shows, its words showing one), so that of a field only the value ranked first is read.
 */
import type { IndexLeaf } from '../analysis/query-analysis.js'
import type { ShowableValue, ValueRank } from '../api/snippets.js'
import { popcount } from '../util/bitset.js'
import { editDistance } from '../util/edit-distance.js'
import { lowerBound, sortedIndexOf } from '../util/sorted-search.js'
import { readVarint } from '../util/varint.js'
import { NONE, type StoredTextIndex, VALUE_BREAK } from './stored-text-index.js'

/** A leaf's conditions are bits of one 31-bit mask; a query with more is read unfiltered. */
const MASK_BITS = 31

/** What the index says of a document's values: which can show a word, and how much they show. */
export interface ValueReading {
  showable: ShowableValue
  /** Whether any value of the document can show a word of the query. */
  showsAny: boolean
  /**
   * Each value's leaves and marks, when the query has no phrase (whose marks need places): a
   * word, prefix or fuzzy word marks each word showing it, and one word showing two is one mark.
   */
  rank: ValueRank | undefined
}

/** One query's reading of documents' values (one per request, for every document of its page). */
export class ShowableValues {
  /** Each term of a term leaf or a phrase (a handful: compared, not looked up), and its bits. */
  private readonly termIds: number[] = []
  private readonly termMasks: number[] = []
  /** The words a prefix begins, as ranks `[first, end)` of the sorted words, and its bit. */
  private readonly prefixes: { first: number; end: number; bit: number }[] = []
  private readonly fuzzy: { word: string; edits: number; bit: number }[] = []
  /** The bits of which any one shows a leaf (words, prefixes, fuzzy words). */
  private anyBits = 0
  /** For each phrase, the bits that must all be set (one a distinct term). */
  private readonly allBits: number[] = []
  /** Where the reading of a document's tokens is. */
  private readonly cursor = { at: 0 }
  /** Each term's bits for the fuzzy words, worked out once. */
  private readonly fuzzyBits = new Map<number, number>()
  /** Whether the query has more conditions than a mask holds: then every value can show. */
  private readonly unbounded: boolean
  /** Whether each bit is one leaf (no phrase), so that a value's bits are its leaves shown. */
  private readonly rankable: boolean

  constructor(
    private readonly parts: StoredTextIndex,
    leaves: readonly IndexLeaf[],
  ) {
    let next = 0
    const bit = () => 1 << next++
    const conditions = leaves.reduce(
      (count, leaf) => count + (leaf.kind === 'phrase' ? new Set(leaf.terms).size : 1),
      0,
    )
    this.unbounded = conditions > MASK_BITS
    this.rankable = !this.unbounded && leaves.every((leaf) => leaf.kind !== 'phrase')
    if (this.unbounded) return
    const addTerm = (term: string, bits: number) => {
      const id = sortedIndexOf(parts.terms, term)
      if (id === -1) return false
      const at = this.termIds.indexOf(id)
      if (at === -1) {
        this.termIds.push(id)
        this.termMasks.push(bits)
      } else this.termMasks[at]! |= bits
      return true
    }
    for (const leaf of leaves) {
      switch (leaf.kind) {
        case 'term': {
          const own = bit()
          this.anyBits |= own
          addTerm(leaf.term, own)
          break
        }
        case 'prefix': {
          const own = bit()
          this.anyBits |= own
          const { words } = parts
          const first = lowerBound(words, leaf.prefix)
          let end = first
          while (end < words.length && words[end]!.startsWith(leaf.prefix)) end++
          this.prefixes.push({ first, end, bit: own })
          break
        }
        case 'fuzzy': {
          const own = bit()
          this.anyBits |= own
          this.fuzzy.push({ word: leaf.word, edits: leaf.edits, bit: own })
          break
        }
        case 'phrase': {
          let all = 0
          let found = true
          for (const term of new Set(leaf.terms)) {
            const own = bit()
            all |= own
            found = addTerm(term, own) && found
          }
          // A phrase with a term no document holds shows nowhere.
          if (found) this.allBits.push(all)
        }
      }
    }
  }

  /** Which values of document `id` can show a word of the query, and what they show. */
  of(id: number): ValueReading {
    if (this.unbounded) return { showable: () => true, showsAny: true, rank: undefined }
    const { sequences, sequenceOffsets } = this.parts
    const showing: boolean[] = []
    // When rankable: each value's leaves (bits) and its words showing one.
    const leaves: number[] = []
    const marks: number[] = []
    let bits = 0
    let marked = 0
    const cursor = this.cursor
    cursor.at = sequenceOffsets[id]!
    const end = sequenceOffsets[id + 1]!
    while (cursor.at < end) {
      const form = readVarint(sequences, cursor)
      if (form === VALUE_BREAK) {
        showing.push(this.shows(bits))
        leaves.push(bits)
        marks.push(marked)
        bits = 0
        marked = 0
      } else {
        const own = this.bitsOf(form - 1)
        bits |= own
        if (own !== 0) marked++
      }
    }
    // The last value ends with the sequence.
    showing.push(this.shows(bits))
    leaves.push(bits)
    marks.push(marked)
    const rank: ValueRank | undefined = this.rankable
      ? (value) => (value < marks.length ? [popcount(leaves[value]!), marks[value]!] : undefined)
      : undefined
    return { showable: (value) => showing[value] === true, showsAny: showing.includes(true), rank }
  }

  private shows(bits: number): boolean {
    if ((bits & this.anyBits) !== 0) return true
    for (const all of this.allBits) if ((bits & all) === all) return true
    return false
  }

  /** The bits a form (a distinct token of the index) sets. */
  private bitsOf(form: number): number {
    const { formTerms, formWords } = this.parts
    const term = formTerms[form]!
    // A stop word shows no leaf: it has no term, and a snippet never marks it.
    if (term === NONE) return 0
    let bits = 0
    const { termIds, termMasks } = this
    for (let i = 0; i < termIds.length; i++) if (termIds[i] === term) bits |= termMasks[i]!
    if (this.prefixes.length > 0) {
      const word = formWords[form]!
      for (const { first, end, bit } of this.prefixes) {
        if (word >= first && word < end) bits |= bit
      }
    }
    if (this.fuzzy.length > 0) bits |= this.fuzzyBitsOf(term)
    return bits
  }

  private fuzzyBitsOf(term: number): number {
    let bits = this.fuzzyBits.get(term)
    if (bits === undefined) {
      bits = 0
      const text = this.parts.terms[term]!
      for (const { word, edits, bit } of this.fuzzy) {
        if (editDistance(text, word, edits) <= edits) bits |= bit
      }
      this.fuzzyBits.set(term, bits)
    }
    return bits
  }
}
