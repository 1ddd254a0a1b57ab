import type { Analyzer } from '../analysis/languages.js'
import type { QueryNode } from '../analysis/query-analysis.js'
import type { Explanation } from '../api/explanation.js'
import { type CacheBudget, LruCache } from '../util/lru-cache.js'
import { lowerBound, sortedIndexOf } from '../util/sorted-search.js'
import { readVarint } from '../util/varint.js'
import { titleLengths, touchAhead } from './document-tokens.js'
import { SortedWords, type WordsWithinEdits, wordsWithinEdits } from './fuzzy-walk.js'
import type { GroupRanking } from './group-ranking.js'
import {
  complement,
  filterMatches,
  intersect,
  type Matches,
  NO_MATCHES,
  subtract,
  union,
  unionAll,
} from './matches.js'
import { type PrefixTerms, QueryScorer } from './query-scorer.js'
import { SloppyPhrase } from './sloppy-phrase.js'
import { NONE, type StoredTextIndex, VALUE_BREAK } from './stored-text-index.js'

/**
 * A prefix (or a fuzzy word) reads at most this many terms, and this many postings (by its
 * terms' document frequencies): one that would read more keeps its most frequent terms within
 * both bounds, so `a*` over a million documents costs what a common word does, and finds the
 * documents of its most frequent words.
 */
export const PREFIX_LIMITS = { terms: 2000, postings: 2_000_000 } as const
/** Bytes of prefix and phrase matches kept for the next request that asks for them. */
const COMPUTED_BYTES = 64 * 2 ** 20
/** Bytes of fuzzy words' terms kept: a request reads them twice (its matches, its scores). */
const EXPANSION_BYTES = 4 * 2 ** 20

/**
 * The full-text index: posting lists as slices of typed arrays (ascending ids, each with the
 * document's score for the term alone), each document's tokens for phrases, prefixes and scores,
 * and the sorted words and terms. A term's matches are views into the arrays, so a query
 * allocates only for what it combines. Query semantics are API.md §4's; scores are the
 * reference's (`query-scorer.ts`).
 */
export class TextIndex {
  /** The stored arrays, as a snapshot writes them. */
  readonly parts: StoredTextIndex
  /** The analysis of the catalogue's language (queries are analyzed the same way). */
  readonly analyzer: Analyzer
  /** How many words analyze to each term (to know when a prefix needs a check). */
  private readonly wordsPerTerm: Uint32Array
  private everything: Matches | undefined
  /** Where the reading of a document's tokens is (reused: no allocation per document). */
  private readonly cursor = { at: 0 }
  private readonly computed = new LruCache<string, Matches>(
    COMPUTED_BYTES,
    (key, matches) => matches.ids.byteLength + matches.scores.byteLength + key.length * 2,
  )
  /** Reused by every phrase check: the terms of the last positions read. */
  private ring = new Int32Array(16)
  private scorer: QueryScorer | undefined
  /** The last query evaluated and its matches (see {@link evaluate}). */
  private lastEvaluated: { node: QueryNode; matches: Matches } | undefined
  /** The terms as the fuzzy walk reads them, made at start: not on the first `word~N`. */
  private readonly sortedTerms: SortedWords
  /** Each document's title length (`titleLengths`): a fuzzy word scores most titles from these. */
  readonly titleLengths: Uint16Array
  private readonly expansions = new LruCache<string, WordsWithinEdits>(
    EXPANSION_BYTES,
    (key, found) => found.indexes.length * 16 + key.length * 2,
  )
  /** Its caches: the matches computed and the fuzzy words' terms. */
  readonly caches: readonly CacheBudget[] = [this.computed, this.expansions]

  /**
   * @param lengths each document's title length, if derived already (by the thread that shared
   *   the parts): not made again
   */
  constructor(parts: StoredTextIndex, analyzer: Analyzer, lengths = titleLengths(parts)) {
    this.parts = parts
    this.analyzer = analyzer
    this.wordsPerTerm = new Uint32Array(parts.terms.length)
    for (const term of parts.wordTerms) this.wordsPerTerm[term]!++
    this.sortedTerms = SortedWords.of(parts.terms)
    this.titleLengths = lengths
  }

  /** The number of documents indexed. */
  get size(): number {
    return this.parts.documentCount
  }

  /** The documents a parsed query matches (ascending ids), each with its score. */
  search(node: QueryNode): Matches {
    return this.score(node, () => true, `?${JSON.stringify(node)}`)
  }

  /**
   * The documents the query matches among those `keep` allows (a request's filters), scored: a
   * term's from its postings, any other query's by {@link QueryScorer}. With a key, the scores
   * are kept, like a prefix's matches, for the next page of the same request.
   * @param ranking the ranking of groups the scores are for (`QueryScorer.score`)
   */
  score(
    node: QueryNode,
    keep: (id: number) => boolean,
    key?: string,
    ranking?: GroupRanking,
  ): Matches {
    const compute = () => {
      const matches = filterMatches(this.evaluate(node), keep)
      if (node.kind === 'term') return matches
      this.scorer ??= this.newScorer()
      return this.scorer.score(node, matches, false, ranking)
    }
    if (key === undefined) return compute()
    // Scores for the first groups of a ranking are kept for a request of the same depth.
    return this.remembered(ranking ? `${key}#${ranking.groups}` : key, compute)
  }

  /**
   * Document `id`'s score for a query explained, or null when the query does not match it. The
   * root's value is the score {@link score} ranks it by; its details are the places and leaves
   * that score read back from the document.
   */
  explain(node: QueryNode, id: number): Explanation | null {
    const found = this.score(node, (candidate) => candidate === id)
    if (found.ids.length === 0) return null
    this.scorer ??= this.newScorer()
    return { ...this.scorer.explain(node, id), value: found.scores[0]! }
  }

  /**
   * The documents a parsed query matches (ascending ids). A negation is everything but what it
   * negates (an AND subtracts it from its positive parts instead). The scores are the terms'
   * own, added: {@link search} scores the whole query.
   */
  evaluate(node: QueryNode): Matches {
    // A request evaluates its query to test its filters on the matches, then again to score
    // them: the second is the first's answer (the node is the request's own, parsed for it).
    if (node === this.lastEvaluated?.node) return this.lastEvaluated.matches
    const matches = this.evaluateAnew(node)
    this.lastEvaluated = { node, matches }
    return matches
  }

  private evaluateAnew(node: QueryNode): Matches {
    switch (node.kind) {
      case 'term':
        return this.postings(node.term)
      case 'prefix':
        return this.remembered(`*${node.prefix}`, () => this.prefixPostings(node.prefix))
      case 'fuzzy':
        return this.remembered(`~${node.edits}${node.word}`, () =>
          this.fuzzyPostings(node.word, node.edits),
        )
      case 'phrase':
        return this.remembered(
          `"${node.terms.join(' ')}@${node.positions.join(' ')}~${node.slop ?? 0}`,
          () => this.phrase(node.terms, node.positions, node.slop ?? 0),
        )
      case 'all':
        return this.all()
      case 'nothing':
        return NO_MATCHES
      case 'not':
        return complement(this.evaluate(node.child), this.size)
      case 'or':
        return node.children.map((child) => this.evaluate(child)).reduce(union)
      case 'and': {
        const positives = node.children.filter((child) => child.kind !== 'not')
        const negatives = node.children.filter((child) => child.kind === 'not')
        const sets = positives.map((child) => this.evaluate(child))
        sets.sort((a, b) => a.ids.length - b.ids.length)
        const excluded = (negative: QueryNode) =>
          negative.kind === 'not' ? this.evaluate(negative.child) : NO_MATCHES
        // Exclusions only: everything the exclusions do not match.
        if (sets.length === 0) {
          return complement(unionAll(negatives.map(excluded), this.size), this.size)
        }
        let result = sets.reduce(intersect)
        for (const negative of negatives) {
          if (result.ids.length === 0) break
          result = subtract(result, excluded(negative))
        }
        return result
      }
    }
  }

  /**
   * A prefix's or a phrase's matches, kept once computed: they cost a union of many posting
   * lists or a check of many documents, and a front end asks for the next page of the same
   * query. Bounded in bytes (8 per match).
   */
  private remembered(key: string, compute: () => Matches): Matches {
    let matches = this.computed.get(key)
    if (!matches) {
      matches = compute()
      this.computed.set(key, matches)
    }
    return matches
  }

  /** Every document, score 0 (kept once made). */
  private all(): Matches {
    if (!this.everything) {
      const count = this.size
      const ids = new Uint32Array(count)
      for (let id = 0; id < count; id++) ids[id] = id
      this.everything = { ids, scores: new Float32Array(count) }
    }
    return this.everything
  }

  /** The documents containing an analyzed term, with their score for it: views, no copy. */
  private postings(term: string): Matches {
    const id = sortedIndexOf(this.parts.terms, term)
    return id === NONE ? NO_MATCHES : this.postingsOf(id)
  }

  private postingsOf(term: number): Matches {
    const { termOffsets, postingIds, postingScores } = this.parts
    const start = termOffsets[term]!
    const end = termOffsets[term + 1]!
    return { ids: postingIds.subarray(start, end), scores: postingScores.subarray(start, end) }
  }

  /**
   * `word*`: the words as written that begin with the prefix (never a shorter one). They are
   * found through the index terms they analyze to; a term that other words analyze to as well
   * (`run` for `running` and `runs`, with `runn*`) finds documents that are checked for a word
   * with the prefix. A prefix of very many terms keeps the most frequent.
   */
  private prefixPostings(prefix: string): Matches {
    const { first, end, exact, shared } = this.prefixTerms(prefix)
    const certain = unionAll(
      exact.map((term) => this.postingsOf(term)),
      this.size,
    )
    if (shared.length === 0) return certain
    const others = subtract(
      unionAll(
        shared.map((term) => this.postingsOf(term)),
        this.size,
      ),
      certain,
    )
    return union(
      certain,
      filterMatches(others, (id) => this.hasWordIn(id, first, end)),
    )
  }

  /**
   * The words a prefix reads (ranks `[first, end)`) and their terms, within the bounds: `exact`
   * terms only those words analyze to, `shared` terms other words analyze to as well.
   */
  prefixTerms(prefix: string): PrefixTerms {
    const { words, wordTerms } = this.parts
    const first = lowerBound(words, prefix)
    let end = first
    const inRange = new Map<number, number>()
    for (; end < words.length && words[end]!.startsWith(prefix); end++) {
      const term = wordTerms[end]!
      inRange.set(term, (inRange.get(term) ?? 0) + 1)
    }
    const exact: number[] = []
    const shared: number[] = []
    for (const term of this.mostFrequent(inRange.keys())) {
      if (inRange.get(term) === this.wordsPerTerm[term]) exact.push(term)
      else shared.push(term)
    }
    return { first, end, exact, shared }
  }

  /**
   * The terms an expansion reads: the most frequent first, within {@link PREFIX_LIMITS} (the
   * first term always, however many postings it has).
   */
  private mostFrequent(terms: Iterable<number>): number[] {
    const { termOffsets } = this.parts
    const frequency = (term: number) => termOffsets[term + 1]! - termOffsets[term]!
    const byFrequency = [...terms].sort((a, b) => frequency(b) - frequency(a) || a - b)
    const kept: number[] = []
    let postings = 0
    for (const term of byFrequency) {
      if (kept.length >= PREFIX_LIMITS.terms) break
      if (postings > 0 && postings + frequency(term) > PREFIX_LIMITS.postings) break
      postings += frequency(term)
      kept.push(term)
    }
    return kept
  }

  /**
   * The index terms within `edits` of a word (a transposition counting one), found by one walk
   * over the sorted terms and kept for the scores of the same request.
   */
  fuzzyTerms(word: string, edits: number): WordsWithinEdits {
    const key = `${edits}~${word}`
    let found = this.expansions.get(key)
    if (!found) {
      found = wordsWithinEdits(this.sortedTerms, word, edits)
      this.expansions.set(key, found)
    }
    return found
  }

  /** `word~N`: the postings of the terms within N edits of the word, bounded as a prefix's are. */
  private fuzzyPostings(word: string, edits: number): Matches {
    return unionAll(
      this.mostFrequent(this.fuzzyTerms(word, edits).indexes).map((term) => this.postingsOf(term)),
      this.size,
    )
  }

  private newScorer(): QueryScorer {
    return new QueryScorer(
      this.parts,
      (prefix) => this.prefixTerms(prefix),
      (word, edits) => this.fuzzyTerms(word, edits),
      this.titleLengths,
    )
  }

  /** Whether a document holds an indexed word whose rank is in `[first, end)`. */
  private hasWordIn(id: number, first: number, end: number): boolean {
    const { formWords, formTerms, sequences, sequenceOffsets } = this.parts
    const cursor = this.cursor
    cursor.at = sequenceOffsets[id]!
    const stop = sequenceOffsets[id + 1]!
    while (cursor.at < stop) {
      const form = readVarint(sequences, cursor) - 1
      if (form < 0 || formTerms[form] === NONE) continue
      const word = formWords[form]!
      if (word >= first && word < end) return true
    }
    return false
  }

  /**
   * A phrase: its terms at the given relative positions within one value. The documents with
   * every term are the candidates, and each is checked against its token sequence.
   */
  private phrase(terms: string[], positions: number[], slop: number): Matches {
    const ids = terms.map((term) => sortedIndexOf(this.parts.terms, term))
    if (ids.includes(NONE)) return NO_MATCHES
    const candidates = ids
      .map((id) => this.postingsOf(id))
      .sort((a, b) => a.ids.length - b.ids.length)
      .reduce(intersect)
    if (slop === 0) {
      return filterMatches(candidates, (id, index) => {
        touchAhead(this.parts, candidates.ids, index)
        return this.containsPhrase(id, ids, positions)
      })
    }
    const sloppy = new SloppyPhrase(ids, positions, slop)
    return filterMatches(candidates, (id, index) => {
      touchAhead(this.parts, candidates.ids, index)
      return this.containsSloppyPhrase(id, sloppy)
    })
  }

  /** Reads the document's tokens value by value, and asks the phrase of each value. */
  private containsSloppyPhrase(id: number, phrase: SloppyPhrase): boolean {
    const { formTerms, sequences, sequenceOffsets } = this.parts
    const cursor = this.cursor
    cursor.at = sequenceOffsets[id]!
    const end = sequenceOffsets[id + 1]!
    phrase.startValue()
    while (cursor.at < end) {
      const form = readVarint(sequences, cursor)
      if (form === VALUE_BREAK) {
        if (phrase.fitsValue()) return true
        phrase.startValue()
      } else phrase.add(formTerms[form - 1]!)
    }
    return phrase.fitsValue()
  }

  /**
   * Reads the document's tokens once, keeping the terms of the current value's last few
   * positions in a ring, and stops at the first place the phrase fits. A window is compared
   * only when its last term is the phrase's last term, so most tokens cost one comparison.
   */
  private containsPhrase(id: number, terms: number[], positions: number[]): boolean {
    const { formTerms, sequences, sequenceOffsets } = this.parts
    const last = positions[positions.length - 1]!
    const lastTerm = terms[terms.length - 1]!
    const width = last + 1
    if (this.ring.length < width) this.ring = new Int32Array(width * 2)
    const ring = this.ring
    let inValue = 0
    const cursor = this.cursor
    cursor.at = sequenceOffsets[id]!
    const end = sequenceOffsets[id + 1]!
    while (cursor.at < end) {
      const form = readVarint(sequences, cursor)
      if (form === VALUE_BREAK) {
        inValue = 0
        continue
      }
      const term = formTerms[form - 1]!
      ring[inValue % width] = term
      inValue++
      if (term !== lastTerm || inValue < width) continue
      const start = inValue - width
      let fits = true
      for (let i = 0; i < terms.length - 1 && fits; i++) {
        fits = ring[(start + positions[i]!) % width] === terms[i]
      }
      if (fits) return true
    }
    return false
  }
}
