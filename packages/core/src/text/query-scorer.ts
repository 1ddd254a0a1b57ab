/**
 * Scores the documents a query matched, as the reference service's OpenSearch scores its query,
 * and as the OpenSearch backend asks it to (`packages/opensearch/src/backend/query-dsl.ts`). As
 * tantivy and Lucene split a search, the query is first bound to the index's statistics
 * ({@link QueryWeight}: idfs, boosts, expansions, once per query), then each document is scored
 * with it ({@link DocumentScorer}: its tokens read back, each place scored). Three shapes of
 * query skip most of the reading, scoring from the postings instead.
 */

import type { QueryNode } from '../analysis/query-analysis.js'
import type { Explanation } from '../api/explanation.js'
import { gallopTo } from '../util/gallop.js'
import { DocumentScorer } from './document-scorer.js'
import { DocumentTokens, TOUCHED_AHEAD, touchDocuments } from './document-tokens.js'
import { explainDocument } from './explain-document.js'
import type { WordsWithinEdits } from './fuzzy-walk.js'
import { scoreFuzzyWord } from './fuzzy-word-scores.js'
import type { FieldScorer } from './lucene-bm25.js'
import type { Matches } from './matches.js'
import { QueryWeight } from './query-weight.js'
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

/** A prefix's words and terms (`TextIndex.prefixTerms`). */
export interface PrefixTerms {
  first: number
  end: number
  exact: number[]
  shared: number[]
}

/**
 * Scores documents for a query: each document with a {@link DocumentScorer}, except where three
 * shapes of query need not read it back: a tree of words scores a document holding one of them,
 * or holding them only in its title and description, from the words' postings; a prefix alone
 * scores each document from the fields its terms stand in; and a fuzzy word alone reads only the
 * places its terms' postings say it scores in (`fuzzy-word-scores.ts`).
 */
export class QueryScorer {
  private readonly parts: StoredTextIndex
  private readonly prefixTerms: (prefix: string) => PrefixTerms
  private readonly scorers: FieldScorer[]
  private readonly tokens: DocumentTokens
  /** Each term's slot in the query being scored, or -1. */
  private readonly slotOf: Int32Array
  private readonly fuzzyTerms: ((word: string, edits: number) => WordsWithinEdits) | undefined
  private readonly titleLengths: Uint16Array | undefined
  /**
   * Per document, the fields a prefix's terms stand in (and {@link VIA_SHARED}), or a fuzzy
   * word's marks; kept zeroed.
   */
  private fieldsOf: Uint8Array | undefined
  /** Per document, a fuzzy word's score found from its postings (read where it marks so). */
  private scoreOf: Float32Array | undefined

  /**
   * @param prefixTerms a prefix's words and terms, as the index matches them
   * @param fuzzyTerms the terms within some edits of a word, as the index matches them
   * @param titleLengths each document's title length (`titleLengths`), which lets a fuzzy word
   *   score a title from its postings
   */
  constructor(
    parts: StoredTextIndex,
    prefixTerms: (prefix: string) => PrefixTerms,
    fuzzyTerms?: (word: string, edits: number) => WordsWithinEdits,
    titleLengths?: Uint16Array,
  ) {
    this.parts = parts
    this.prefixTerms = prefixTerms
    this.fuzzyTerms = fuzzyTerms
    this.titleLengths = titleLengths
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
    const weight = new QueryWeight(node, this.parts, this.slotOf, this.fuzzyTerms)
    try {
      const documents = new DocumentScorer(weight, this.tokens, this.scorers)
      const scores = new Float32Array(matches.ids.length)
      if (!readBack && node.kind === 'prefix') {
        this.scorePrefix(node.prefix, documents, matches, scores)
      } else if (!readBack && node.kind === 'fuzzy' && weight.leaves[0]?.kind === 'fuzzy') {
        this.fieldsOf ??= new Uint8Array(this.parts.documentCount)
        this.scoreOf ??= new Float32Array(this.parts.documentCount)
        scoreFuzzyWord(this.parts, documents, weight.leaves[0], matches, scores, {
          marks: this.fieldsOf,
          scoreOf: this.scoreOf,
          titleLengths: this.titleLengths,
        })
      } else if (!readBack && weight.scoresWhereItsTermsStand) {
        this.scoreByPlaces(documents, matches, scores)
      } else if (weight.leaves.length > 0) {
        for (let i = 0; i < matches.ids.length; i++) {
          this.touch(matches.ids, i)
          scores[i] = documents.score(matches.ids[i]!)
        }
      }
      return { ids: matches.ids, scores }
    } finally {
      weight.release()
    }
  }

  /**
   * Document `id`'s score for the query explained, as it reads the document back: the tree whose
   * root {@link score} gives when it reads it (the shortcuts add the same values in float32).
   */
  explain(node: QueryNode, id: number): Explanation {
    const weight = new QueryWeight(node, this.parts, this.slotOf, this.fuzzyTerms)
    try {
      return explainDocument(new DocumentScorer(weight, this.tokens, this.scorers), this.parts, id)
    } finally {
      weight.release()
    }
  }

  /** At every {@link TOUCHED_AHEAD}th document, the next ones' memory on its way. */
  private touch(ids: Uint32Array, index: number): void {
    if (index % TOUCHED_AHEAD === 0) touchDocuments(this.parts, ids, index, index + TOUCHED_AHEAD)
  }

  /**
   * A tree of words and phrases (no exclusion, no `*`) scores a document only in the places its
   * terms stand in, which their postings' fields tell: it is read as far as the last of them (the
   * title alone, with the description, or all of it). A tree of words alone, in a document
   * holding one of its words or holding them only in its title and description, matches in one
   * place at most, where the tree reads as the set operations read it: its score is what they
   * added up from the words' postings, and the document is not read.
   */
  private scoreByPlaces(documents: DocumentScorer, matches: Matches, scores: Float32Array): void {
    const { weight } = documents
    const { termOffsets, postingIds, postingFields } = this.parts
    // A tree of words counts the words it holds by leaf (a word asked twice counts twice).
    const terms = weight.onlyWords
      ? weight.leaves.map((leaf) => (leaf.kind === 'term' ? leaf.term : NONE))
      : weight.slotTerms
    const cursors = terms.map((term) => (term === NONE ? 0 : termOffsets[term]!))
    const ends = terms.map((term) => (term === NONE ? 0 : termOffsets[term + 1]!))
    const title = 1 << FIELD.title
    const top = title | (1 << FIELD.description)
    for (let i = 0; i < matches.ids.length; i++) {
      if (!weight.onlyWords) this.touch(matches.ids, i)
      const id = matches.ids[i]!
      let count = 0
      let fields = 0
      for (let t = 0; t < terms.length; t++) {
        const at = gallopTo(postingIds, id, cursors[t]!, ends[t]!)
        cursors[t] = at
        if (at < ends[t]! && postingIds[at] === id) {
          count++
          fields |= postingFields[at]!
        }
      }
      if (weight.onlyWords && (count === 1 || (fields & ~top) === 0)) scores[i] = matches.scores[i]!
      else
        scores[i] = documents.score(
          id,
          fields === title ? 1 : (fields & ~top) === 0 ? 2 : undefined,
        )
    }
  }

  /**
   * `word*` alone scores, in each place, the boost of each field where a word with the prefix
   * stands: read from its terms' postings, except in documents where a term other words share
   * stands (their tokens are read).
   */
  private scorePrefix(
    prefix: string,
    documents: DocumentScorer,
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
      if (fields & VIA_SHARED) scores[i] = documents.score(id)
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
}
