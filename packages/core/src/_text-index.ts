import MiniSearch, { type AsPlainObject, type Options } from 'minisearch'
import { filterMatches, intersect, type Matches, NO_MATCHES, subtract, union } from './_matches.js'
import { tokenize } from './analyze.js'
import type { Analyzer } from './languages.js'
import type { QueryNode } from './query-syntax.js'

/** The searchable text of one document, field by field. */
export interface SearchableText {
  title: string
  text: string
  terms: string
}

export const TEXT_FIELDS = ['title', 'text', 'terms'] as const
/**
 * Besides the searchable fields, a `pairs` field indexes each two consecutive analyzed terms of a
 * field as one term (`"public health"` → `public health`), as Elasticsearch's `index_phrases`
 * does: a two-word phrase is then one posting list, and longer ones intersect their pairs before
 * the few remaining candidates are checked in their text.
 */
const INDEX_FIELDS = [...TEXT_FIELDS, 'pairs'] as const
const FIELD_BOOSTS: Record<(typeof INDEX_FIELDS)[number], number> = {
  title: 5,
  text: 1,
  terms: 1,
  pairs: 1,
}
/** Separates the fields in the text of `pairs`, so that no pair spans two fields. */
const FIELD_BREAK = '\u0000'
// MiniSearch's BM25+ parameters, so our scores rank as MiniSearch.search would.
const BM25 = { k: 1.2, b: 0.7, d: 0.5 }
/** A prefix that expands to more index terms than this keeps the most frequent ones. */
const MAX_PREFIX_EXPANSIONS = 2000
/** Posting lists kept converted, counted in postings (ids), least recently used dropped first. */
const CACHE_BUDGET = 8_000_000

type IndexedDocument = SearchableText & { id: number; pairs: string }

/** The parts of MiniSearch we read: its vocabulary and raw postings, never its result objects. */
interface MiniSearchInternals {
  _index: {
    get(term: string): Map<number, Map<number, number>> | undefined
    atPrefix(prefix: string): Iterable<[string, Map<number, Map<number, number>>]>
  }
  _fieldIds: Record<string, number>
  _fieldLength: Map<number, number[]>
  _avgFieldLength: number[]
  _documentCount: number
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
 * The full-text index: MiniSearch owns tokenizing, the vocabulary and prefix expansion; matching
 * and scoring run here on typed-array posting lists (BM25+ per document precomputed per term),
 * so a query never builds an object per hit.
 */
export class TextIndex {
  private readonly search: MiniSearch<IndexedDocument>
  private readonly internals: MiniSearchInternals
  private readonly fieldLengths: Float32Array[]
  private readonly cache = new Map<string, Matches>()
  private cached = 0
  private readonly textOf: (id: number) => SearchableText
  /** The analysis of the catalogue's language, for prefixes and phrase checks. */
  readonly analyzer: Analyzer

  private constructor(
    search: MiniSearch<IndexedDocument>,
    textOf: (id: number) => SearchableText,
    analyzer: Analyzer,
  ) {
    this.search = search
    this.analyzer = analyzer
    this.internals = search as unknown as MiniSearchInternals
    this.textOf = textOf
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
  ): TextIndex {
    return new TextIndex(MiniSearch.loadJS(json, miniSearchOptions(analyzer)), textOf, analyzer)
  }

  /** @internal used by the builder */
  static fromMiniSearch(
    search: MiniSearch<IndexedDocument>,
    textOf: (id: number) => SearchableText,
    analyzer: Analyzer,
  ): TextIndex {
    return new TextIndex(search, textOf, analyzer)
  }

  toJSON(): AsPlainObject {
    return this.search.toJSON()
  }

  /** Evaluates a parsed query into scored matches (ascending ids). */
  evaluate(node: QueryNode): Matches {
    switch (node.kind) {
      case 'term':
        return this.postings(node.term)
      case 'prefix':
        return this.prefixPostings(node.prefix)
      case 'phrase':
        return this.phrase(node.terms)
      case 'or':
        return node.children.map((child) => this.evaluate(child)).reduce(union)
      case 'not':
        // A lone negation matches nothing by itself; 'and' applies it to its positive siblings.
        return NO_MATCHES
      case 'nothing':
        return NO_MATCHES
      case 'and': {
        const positives = node.children.filter((child) => child.kind !== 'not')
        const negatives = node.children.filter((child) => child.kind === 'not')
        const sets = positives.map((child) => this.evaluate(child))
        sets.sort((a, b) => a.ids.length - b.ids.length)
        let result = sets.reduce(intersect)
        for (const negative of negatives) {
          if (result.ids.length === 0) break
          if (negative.kind === 'not') result = subtract(result, this.evaluate(negative.child))
        }
        return result
      }
    }
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
   * The index holds stems, so a prefix as typed (`foundatio*`) may be longer than the stem of the
   * words it should find (`foundat`). Besides the index terms starting with the prefix, it also
   * takes those starting with the prefix's own stem, and the index terms that are the prefix cut
   * short by up to three letters (never below four).
   */
  private prefixPostings(prefix: string): Matches {
    const expansions = new Map<string, number>()
    const starts = new Set([prefix, this.analyzer.processTerm(prefix) ?? prefix])
    for (const start of starts) {
      for (const [term, fields] of this.internals._index.atPrefix(start)) {
        if (term.includes(' ')) continue // a pair of the phrase field, not a word
        let frequency = 0
        for (const documents of fields.values()) frequency += documents.size
        expansions.set(term, frequency)
      }
    }
    for (let length = Math.max(4, prefix.length - 3); length < prefix.length; length++) {
      const term = prefix.slice(0, length)
      if (this.internals._index.get(term)) expansions.set(term, 1)
    }
    let terms = [...expansions.keys()]
    if (terms.length > MAX_PREFIX_EXPANSIONS) {
      terms = [...expansions]
        .sort((a, b) => b[1] - a[1])
        .slice(0, MAX_PREFIX_EXPANSIONS)
        .map(([term]) => term)
    }
    let result = NO_MATCHES
    for (const term of terms) result = union(result, this.postings(term))
    return result
  }

  /**
   * A phrase of two terms is its pair's posting list; a longer one intersects its pairs, then
   * checks the terms' sequence in the candidates' text.
   */
  private phrase(terms: string[]): Matches {
    const pairs: string[] = []
    for (let i = 0; i + 1 < terms.length; i++) pairs.push(`${terms[i]} ${terms[i + 1]}`)
    const candidates = pairs
      .map((pair) => this.postings(pair))
      .sort((a, b) => a.ids.length - b.ids.length)
      .reduce(intersect)
    if (terms.length === 2) return candidates
    return filterMatches(candidates, (id) => {
      const text = this.textOf(id)
      return TEXT_FIELDS.some((field) =>
        containsSequence(this.analyzer.analyze(text[field]), terms),
      )
    })
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

/** Adds documents to MiniSearch one at a time, in catalogue order. */
export class TextIndexBuilder {
  private readonly search: MiniSearch<IndexedDocument>
  private readonly analyzer: Analyzer
  private next = 0

  constructor(analyzer: Analyzer) {
    this.analyzer = analyzer
    this.search = new MiniSearch<IndexedDocument>(miniSearchOptions(analyzer))
  }

  add(text: SearchableText): void {
    const pairs = [text.title, text.text, text.terms].join(FIELD_BREAK)
    this.search.add({ id: this.next++, ...text, pairs })
  }

  build(textOf: (id: number) => SearchableText): TextIndex {
    return TextIndex.fromMiniSearch(this.search, textOf, this.analyzer)
  }
}

/** Each two consecutive analyzed terms of each field, as `first second`. */
function pairsOf(text: string, analyzer: Analyzer): string[] {
  const pairs: string[] = []
  for (const field of text.split(FIELD_BREAK)) {
    const terms = analyzer.analyze(field)
    for (let i = 0; i + 1 < terms.length; i++) pairs.push(`${terms[i]} ${terms[i + 1]}`)
  }
  return pairs
}

function containsSequence(tokens: string[], sequence: string[]): boolean {
  outer: for (let i = 0; i + sequence.length <= tokens.length; i++) {
    for (let j = 0; j < sequence.length; j++) if (tokens[i + j] !== sequence[j]) continue outer
    return true
  }
  return false
}
