import MiniSearch, { type AsPlainObject, type Options } from 'minisearch'
import {
  filterMatches,
  intersect,
  type Matches,
  NO_MATCHES,
  subtract,
  union,
  unionAll,
} from './_matches.js'
import { normalizeToken, tokenize } from './analyze.js'
import type { Analyzer } from './languages.js'
import type { QueryNode } from './query-syntax.js'

/**
 * The searchable text of one document, field by field and value by value (each note
 * paragraph, each term title): a phrase never spans two values.
 */
export interface SearchableText {
  title: string
  text: string[]
  terms: string[]
}

export const TEXT_FIELDS = ['title', 'text', 'terms'] as const
/**
 * Besides the searchable fields, a `pairs` field indexes each two terms at consecutive positions
 * of a value as one term (`"public health"` → `public health`), as Elasticsearch's
 * `index_phrases` does: a two-word phrase is one posting list, and longer ones intersect their
 * pairs before the few remaining candidates are checked by position. Terms separated by a removed
 * stop word, or by the end of a value, are not consecutive and make no pair.
 */
const INDEX_FIELDS = [...TEXT_FIELDS, 'pairs'] as const
const FIELD_BOOSTS: Record<(typeof INDEX_FIELDS)[number], number> = {
  title: 5,
  text: 1,
  terms: 1,
  pairs: 1,
}
/** Separates the values in the text of `pairs`, so that no pair spans two values. */
const VALUE_BREAK = '\u0000'
// MiniSearch's BM25+ parameters, so our scores rank as MiniSearch.search would.
const BM25 = { k: 1.2, b: 0.7, d: 0.5 }
/**
 * A prefix reads at most this many terms, and this many postings (by its terms' document
 * frequencies): one that would read more keeps its most frequent terms within both bounds,
 * so `a*` over a million documents costs what a common word does, and finds the documents of
 * its most frequent words.
 */
export const PREFIX_LIMITS = { terms: 2000, postings: 2_000_000 } as const
/** Posting lists kept converted, counted in postings (ids), least recently used dropped first. */
const CACHE_BUDGET = 8_000_000

type IndexedDocument = { id: number; title: string; text: string; terms: string; pairs: string }

/** The parts of MiniSearch we read: its vocabulary and raw postings, never its result objects. */
interface MiniSearchInternals {
  _index: {
    get(term: string): Map<number, Map<number, number>> | undefined
  }
  _fieldLength: Map<number, number[]>
  _avgFieldLength: number[]
  _documentCount: number
}

/**
 * The words of the text as written (lowercased, accents folded, not stemmed), sorted, each with
 * the index term it analyzes to: `word*` matches the words that begin with `word`, through the
 * terms they index.
 */
export interface WordVocabulary {
  words: string[]
  terms: string[]
}

/** MiniSearch's options for an analyzer: the same analysis at build and at restore. */
function miniSearchOptions(analyzer: Analyzer): Options<IndexedDocument> {
  return {
    idField: 'id',
    fields: [...INDEX_FIELDS],
    storeFields: [],
    tokenize: (text, field) => (field === 'pairs' ? pairsOf(text, analyzer) : tokenize(text)),
    processTerm: (term, field) =>
      field === 'pairs' ? term : (analyzer.processTerm(term) ?? false),
  }
}

/**
 * The full-text index: MiniSearch owns tokenizing, the vocabulary of terms and the postings;
 * matching and scoring run here on typed-array posting lists (BM25+ per document precomputed per
 * term), so a query never builds an object per hit. Query semantics are API.md §4's.
 */
export class TextIndex {
  private readonly search: MiniSearch<IndexedDocument>
  private readonly internals: MiniSearchInternals
  private readonly fieldLengths: Float32Array[]
  private readonly cache = new Map<string, Matches>()
  private cached = 0
  private readonly textOf: (id: number) => SearchableText
  private everything: Matches | undefined
  /** How many words of the vocabulary index each term (to know when a prefix needs a check). */
  private readonly wordsPerTerm = new Map<string, number>()
  /** The analysis of the catalogue's language, for phrase checks. */
  readonly analyzer: Analyzer
  /** The words as written, for prefixes. */
  readonly vocabulary: WordVocabulary

  private constructor(
    search: MiniSearch<IndexedDocument>,
    textOf: (id: number) => SearchableText,
    analyzer: Analyzer,
    vocabulary: WordVocabulary,
  ) {
    this.search = search
    this.analyzer = analyzer
    this.vocabulary = vocabulary
    this.internals = search as unknown as MiniSearchInternals
    this.textOf = textOf
    for (const term of vocabulary.terms) {
      this.wordsPerTerm.set(term, (this.wordsPerTerm.get(term) ?? 0) + 1)
    }
    const count = this.internals._documentCount
    this.fieldLengths = INDEX_FIELDS.map(() => new Float32Array(count))
    for (const [id, lengths] of this.internals._fieldLength) {
      INDEX_FIELDS.forEach((_, field) => {
        this.fieldLengths[field]![id] = lengths[field] ?? 0
      })
    }
  }

  /** Starts an index to which documents are added in catalogue order (id = position). */
  static builder(analyzer: Analyzer): TextIndexBuilder {
    return new TextIndexBuilder(analyzer)
  }

  /** Restores an index from {@link TextIndex.toJSON}, with the analyzer it was built with. */
  static fromJSON(
    json: AsPlainObject,
    textOf: (id: number) => SearchableText,
    analyzer: Analyzer,
    vocabulary: WordVocabulary,
  ): TextIndex {
    const search = MiniSearch.loadJS(json, miniSearchOptions(analyzer))
    return new TextIndex(search, textOf, analyzer, vocabulary)
  }

  /** @internal used by the builder */
  static fromMiniSearch(
    search: MiniSearch<IndexedDocument>,
    textOf: (id: number) => SearchableText,
    analyzer: Analyzer,
    vocabulary: WordVocabulary,
  ): TextIndex {
    return new TextIndex(search, textOf, analyzer, vocabulary)
  }

  toJSON(): AsPlainObject {
    return this.search.toJSON()
  }

  /**
   * Evaluates a parsed query into scored matches (ascending ids). A negation is everything but
   * what it negates (an AND subtracts it from its positive parts instead); documents matched
   * only through a negation or `*` score 0.
   */
  evaluate(node: QueryNode): Matches {
    switch (node.kind) {
      case 'term':
        return this.postings(node.term)
      case 'prefix':
        return this.prefixPostings(node.prefix)
      case 'phrase':
        return this.phrase(node.terms, node.positions)
      case 'all':
        return this.all()
      case 'nothing':
        return NO_MATCHES
      case 'not':
        return subtract(this.all(), this.evaluate(node.child))
      case 'or':
        return node.children.map((child) => this.evaluate(child)).reduce(union)
      case 'and': {
        const positives = node.children.filter((child) => child.kind !== 'not')
        const negatives = node.children.filter((child) => child.kind === 'not')
        const sets = positives.map((child) => this.evaluate(child))
        sets.sort((a, b) => a.ids.length - b.ids.length)
        // Exclusions only: everything the exclusions do not match.
        let result = sets.length > 0 ? sets.reduce(intersect) : this.all()
        for (const negative of negatives) {
          if (result.ids.length === 0) break
          if (negative.kind === 'not') result = subtract(result, this.evaluate(negative.child))
        }
        return result
      }
    }
  }

  /** Every document, score 0 (kept once made). */
  private all(): Matches {
    if (!this.everything) {
      const count = this.internals._documentCount
      const ids = new Uint32Array(count)
      for (let id = 0; id < count; id++) ids[id] = id
      this.everything = { ids, scores: new Float32Array(count) }
    }
    return this.everything
  }

  /** The documents containing an analyzed term, with their BM25+ score for it. */
  private postings(term: string): Matches {
    const hit = this.cache.get(term)
    if (hit) {
      this.cache.delete(term)
      this.cache.set(term, hit)
      return hit
    }
    const fields = this.internals._index.get(term)
    const matches = fields ? this.score(fields) : NO_MATCHES
    this.remember(term, matches)
    return matches
  }

  private score(fields: Map<number, Map<number, number>>): Matches {
    const total = this.internals._documentCount
    const perDocument = new Map<number, number>()
    for (const [fieldId, frequencies] of fields) {
      const field = INDEX_FIELDS[fieldId]
      if (!field) continue
      const boost = FIELD_BOOSTS[field]
      const lengths = this.fieldLengths[fieldId]!
      const average = this.internals._avgFieldLength[fieldId] || 1
      const df = frequencies.size
      const idf = Math.log(1 + (total - df + 0.5) / (df + 0.5))
      for (const [id, tf] of frequencies) {
        const norm = BM25.k * (1 - BM25.b + (BM25.b * lengths[id]!) / average)
        const score = boost * idf * (BM25.d + (tf * (BM25.k + 1)) / (tf + norm))
        perDocument.set(id, (perDocument.get(id) ?? 0) + score)
      }
    }
    const ids = Uint32Array.from(perDocument.keys()).sort()
    const scores = new Float32Array(ids.length)
    ids.forEach((id, i) => {
      scores[i] = perDocument.get(id)!
    })
    return { ids, scores }
  }

  /**
   * `word*`: the words as written that begin with the prefix (never a shorter one). They are
   * found through the index terms they analyze to; a term that other words analyze to as well
   * (`run` for `running` and `runs`, with `runn*`) finds documents that are checked for a word
   * with the prefix. A prefix of very many terms keeps the most frequent.
   */
  private prefixPostings(prefix: string): Matches {
    const { words, terms } = this.vocabulary
    const inRange = new Map<string, number>()
    for (let i = lowerBound(words, prefix); i < words.length; i++) {
      if (!words[i]!.startsWith(prefix)) break
      inRange.set(terms[i]!, (inRange.get(terms[i]!) ?? 0) + 1)
    }
    const frequencies = [...inRange.keys()].map(
      (term) => [term, this.documentFrequency(term)] as const,
    )
    frequencies.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    const chosen: string[] = []
    let postings = 0
    for (const [term, frequency] of frequencies) {
      if (chosen.length >= PREFIX_LIMITS.terms) break
      if (chosen.length > 0 && postings + frequency > PREFIX_LIMITS.postings) break
      chosen.push(term)
      postings += frequency
    }
    const exact: Matches[] = []
    const shared: Matches[] = []
    for (const term of chosen) {
      const found = this.postings(term)
      if (inRange.get(term) === this.wordsPerTerm.get(term)) exact.push(found)
      else shared.push(found)
    }
    const size = this.internals._documentCount
    const certain = unionAll(exact, size)
    if (shared.length === 0) return certain
    const others = subtract(unionAll(shared, size), certain)
    return union(
      certain,
      filterMatches(others, (id) => this.hasWord(id, prefix)),
    )
  }

  /** Whether a document holds a word, as written, that begins with `prefix`. */
  private hasWord(id: number, prefix: string): boolean {
    const { title, text, terms } = this.textOf(id)
    for (const value of [title, ...text, ...terms]) {
      for (const token of tokenize(value)) {
        if (normalizeToken(token).startsWith(prefix) && this.analyzer.processTerm(token) !== null) {
          return true
        }
      }
    }
    return false
  }

  private documentFrequency(term: string): number {
    let frequency = 0
    for (const documents of this.internals._index.get(term)?.values() ?? []) {
      frequency += documents.size
    }
    return frequency
  }

  /**
   * A phrase: its terms at the given relative positions in one value. Terms at consecutive
   * positions are looked up as pairs, the others as terms; a two-term phrase of consecutive
   * terms is its pair's posting list, anything longer is checked by position in the candidates.
   */
  private phrase(terms: string[], positions: number[]): Matches {
    const pieces: Matches[] = []
    const covered = new Set<number>()
    for (let i = 0; i + 1 < terms.length; i++) {
      if (positions[i + 1] !== positions[i]! + 1) continue
      pieces.push(this.postings(`${terms[i]} ${terms[i + 1]}`))
      covered.add(i).add(i + 1)
    }
    terms.forEach((term, i) => {
      if (!covered.has(i)) pieces.push(this.postings(term))
    })
    const candidates = pieces.sort((a, b) => a.ids.length - b.ids.length).reduce(intersect)
    if (terms.length === 2 && covered.size === 2) return candidates
    return filterMatches(candidates, (id) => this.containsPhrase(id, terms, positions))
  }

  private containsPhrase(id: number, terms: string[], positions: number[]): boolean {
    const { title, text, terms: termTitles } = this.textOf(id)
    for (const value of [title, ...text, ...termTitles]) {
      const found = this.analyzer.positions(value)
      const last = positions[positions.length - 1]!
      outer: for (let start = 0; start + last < found.length; start++) {
        for (let i = 0; i < terms.length; i++) {
          if (found[start + positions[i]!] !== terms[i]) continue outer
        }
        return true
      }
    }
    return false
  }

  private remember(term: string, matches: Matches): void {
    this.cache.set(term, matches)
    this.cached += matches.ids.length
    for (const [oldest, dropped] of this.cache) {
      if (this.cached <= CACHE_BUDGET) break
      this.cache.delete(oldest)
      this.cached -= dropped.ids.length
    }
  }
}

/** Adds documents to MiniSearch one at a time, in catalogue order, and collects their words. */
export class TextIndexBuilder {
  private readonly search: MiniSearch<IndexedDocument>
  private readonly analyzer: Analyzer
  private readonly words = new Map<string, string>()
  private next = 0

  constructor(analyzer: Analyzer) {
    this.analyzer = analyzer
    this.search = new MiniSearch<IndexedDocument>(miniSearchOptions(analyzer))
  }

  add(text: SearchableText): void {
    const values = [text.title, ...text.text, ...text.terms]
    for (const value of values) this.collectWords(value)
    this.search.add({
      id: this.next++,
      title: text.title,
      text: text.text.join('\n'),
      terms: text.terms.join('\n'),
      pairs: values.join(VALUE_BREAK),
    })
  }

  build(textOf: (id: number) => SearchableText): TextIndex {
    const words = [...this.words.keys()].sort(compareCodeUnits)
    const vocabulary = { words, terms: words.map((word) => this.words.get(word)!) }
    return TextIndex.fromMiniSearch(this.search, textOf, this.analyzer, vocabulary)
  }

  private collectWords(value: string): void {
    for (const token of tokenize(value)) {
      const word = normalizeToken(token)
      if (word === '' || this.words.has(word)) continue
      const term = this.analyzer.processTerm(token)
      // A stop word is not indexed: a prefix finds it nowhere.
      if (term !== null) this.words.set(word, term)
    }
  }
}

/** The terms at consecutive positions of each value, as `first second`. */
function pairsOf(text: string, analyzer: Analyzer): string[] {
  const pairs: string[] = []
  for (const value of text.split(VALUE_BREAK)) {
    const terms = analyzer.positions(value)
    for (let i = 0; i + 1 < terms.length; i++) {
      const first = terms[i]
      const second = terms[i + 1]
      if (first != null && second != null) pairs.push(`${first} ${second}`)
    }
  }
  return pairs
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** The first index of a sorted list whose value is not below `value`. */
function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0
  let high = sorted.length
  while (low < high) {
    const mid = (low + high) >>> 1
    if (sorted[mid]! < value) low = mid + 1
    else high = mid
  }
  return low
}
