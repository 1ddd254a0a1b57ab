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
import { DocumentTokens, touchAhead } from './document-tokens.js'
import { explainDocument } from './explain-document.js'
import type { WordsWithinEdits } from './fuzzy-walk.js'
import { scoreFuzzyWord } from './fuzzy-word-scores.js'
import { GroupBests, type GroupRanking } from './group-ranking.js'
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
   * @param ranking the ranking of groups the scores are for, when only its first groups are
   *   shown: a document that cannot rank its group among them may keep a bound of its score
   */
  score(node: QueryNode, matches: Matches, readBack = false, ranking?: GroupRanking): Matches {
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
        this.scoreByPlaces(documents, matches, scores, ranking)
      } else if (weight.leaves.length > 0) {
        for (let i = 0; i < matches.ids.length; i++) {
          touchAhead(this.parts, matches.ids, i)
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

  /**
   * A tree of words and phrases (no exclusion, no `*`) scores a document only in the places its
   * terms stand in, which their postings' fields tell: it is read as far as the last of them (the
   * title alone, with the description, or all of it). A tree of words alone, in a document
   * holding one of its words or holding them only in its title and description, matches in one
   * place at most, where the tree reads as the set operations read it: its score is what they
   * added up from the words' postings, and the document is not read. For a ranking of groups,
   * the documents to read go by what their score may reach (`readForRanking`).
   */
  private scoreByPlaces(
    documents: DocumentScorer,
    matches: Matches,
    scores: Float32Array,
    ranking: GroupRanking | undefined,
  ): void {
    const { weight } = documents
    const { termOffsets, postingIds, postingFields, postingScores } = this.parts
    const { ids } = matches
    const slots = weight.slotTerms
    const cursors = slots.map((term) => (term === NONE ? 0 : termOffsets[term]!))
    const ends = slots.map((term) => (term === NONE ? 0 : termOffsets[term + 1]!))
    /** The fields each slot's term stands in, in the document at hand, and its score there. */
    const slotFields = new Int32Array(slots.length)
    const slotScores = new Float64Array(slots.length)
    const title = 1 << FIELD.title
    const top = title | (1 << FIELD.description)
    const toRead: DocumentsToRead = {
      count: 0,
      indexes: new Int32Array(ids.length),
      ids: new Uint32Array(ids.length),
      places: new Uint8Array(ids.length),
      bounds: new Float64Array(ranking ? ids.length : 0),
    }
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!
      let fields = 0
      for (let slot = 0; slot < slots.length; slot++) {
        const at = gallopTo(postingIds, id, cursors[slot]!, ends[slot]!)
        cursors[slot] = at
        const holds = at < ends[slot]! && postingIds[at] === id
        slotFields[slot] = holds ? postingFields[at]! : 0
        slotScores[slot] = holds ? postingScores[at]! : 0
        fields |= slotFields[slot]!
      }
      if (weight.onlyWords) {
        // A word asked twice counts twice.
        let count = 0
        for (const leaf of weight.leaves) {
          if (leaf.kind === 'term' && slotFields[leaf.slot] !== 0) count++
        }
        if (count === 1 || (fields & ~top) === 0) {
          scores[i] = matches.scores[i]!
          continue
        }
      }
      const read = toRead.count++
      toRead.indexes[read] = i
      toRead.ids[read] = id
      toRead.places[read] = fields === title ? 1 : (fields & ~top) === 0 ? 2 : 0
      if (ranking) toRead.bounds[read] = scoreBound(weight, slotFields, slotScores)
    }
    // A few documents to read are read: a ranking's bounds would cost more than they save.
    if (ranking && toRead.count >= (ranking.fewestReads ?? RANKED_READS)) {
      this.readForRanking(documents, matches, scores, toRead, ranking)
    } else this.read(documents, scores, toRead, null)
  }

  /**
   * Reads back the documents to read that `picked` lists (in order; all when null), scoring each
   * (the next ones' memory on its way: `touchAhead`).
   */
  private read(
    documents: DocumentScorer,
    scores: Float32Array,
    toRead: DocumentsToRead,
    picked: Uint32Array | null,
    scored?: (index: number) => void,
  ): void {
    const count = picked ? picked.length : toRead.count
    let pickedIds = toRead.ids.subarray(0, count)
    if (picked) {
      pickedIds = new Uint32Array(count)
      for (let at = 0; at < count; at++) pickedIds[at] = toRead.ids[picked[at]!]!
    }
    for (let at = 0; at < count; at++) {
      touchAhead(this.parts, pickedIds, at)
      const read = picked ? picked[at]! : at
      const index = toRead.indexes[read]!
      scores[index] = documents.score(pickedIds[at]!, toRead.places[read]! || undefined)
      scored?.(index)
    }
  }

  /**
   * For a ranking of groups: the documents to read go by the bound of their score, from the
   * highest {@link BOUND_BUCKETS}th of the highest bound down, and once the last group the
   * ranking shows has a best above the next bucket's, the rest are not read: each keeps its
   * bound as its score, which ranks its group below that group whatever its true score (at most
   * the bound). The groups shown, their order and their best documents are those of every
   * document read.
   */
  private readForRanking(
    documents: DocumentScorer,
    matches: Matches,
    scores: Float32Array,
    toRead: DocumentsToRead,
    ranking: GroupRanking,
  ): void {
    const { groupOf, groups } = ranking
    const { count, bounds } = toRead
    const { ids } = matches
    const bests = new GroupBests()
    // The documents scored from their postings are exact already.
    for (let i = 0, read = 0; i < ids.length; i++) {
      if (read < count && toRead.indexes[read] === i) read++
      else bests.add(groupOf[ids[i]!]!, scores[i]!)
    }
    let highest = 0
    for (let read = 0; read < count; read++) highest = Math.max(highest, bounds[read]!)
    // The buckets from the highest bounds down, each's documents in catalogue order.
    const bucketOf = (read: number) =>
      highest === 0
        ? 0
        : BOUND_BUCKETS -
          1 -
          Math.min(BOUND_BUCKETS - 1, Math.floor((bounds[read]! / highest) * BOUND_BUCKETS))
    const starts = new Uint32Array(BOUND_BUCKETS + 1)
    for (let read = 0; read < count; read++) starts[bucketOf(read) + 1]!++
    for (let bucket = 0; bucket < BOUND_BUCKETS; bucket++) starts[bucket + 1]! += starts[bucket]!
    const order = new Uint32Array(count)
    const next = starts.slice(0, BOUND_BUCKETS)
    for (let read = 0; read < count; read++) order[next[bucketOf(read)]!++] = read
    for (let bucket = 0; bucket < BOUND_BUCKETS; bucket++) {
      const ceiling = (highest * (BOUND_BUCKETS - bucket)) / BOUND_BUCKETS
      // A score may round up into float32: the ceiling, a little above, must stay below.
      if (bests.atLeastAbove(Math.max(1, groups), Math.fround(ceiling * (1 + 2 ** -20)))) {
        for (let at = starts[bucket]!; at < count; at++) {
          const read = order[at]!
          scores[toRead.indexes[read]!] = bounds[read]!
        }
        return
      }
      this.read(
        documents,
        scores,
        toRead,
        order.subarray(starts[bucket]!, starts[bucket + 1]!),
        (index) => bests.add(groupOf[ids[index]!]!, scores[index]!),
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

/** How many buckets of their scores' bounds a ranking reads documents in. */
const BOUND_BUCKETS = 64
/** The fewest documents to read that a ranking reads by the bounds of their scores. */
const RANKED_READS = 1024

/** The documents of a query's matches that are read back to score. */
interface DocumentsToRead {
  count: number
  /** Each one's index in the matches, its id, and the places to read (0: all of them). */
  indexes: Int32Array
  ids: Uint32Array
  places: Uint8Array
  /** For a ranking, the most each one's score may reach. */
  bounds: Float64Array
}

/**
 * The most a document's score for a tree of words and phrases may reach, from the fields its
 * terms stand in and their scores alone (`slotFields`, `slotScores`, by slot). In each place a
 * leaf scores below its weight there (BM25's tf is below 1), and the notes and the terms are
 * averaged: so at most the leaf's weights in the fields where it may match. In the title and
 * description, one place, a word scores at most its score alone, and an exact phrase (whose
 * terms stand there at least as often as it does) at most its terms' scores alone added.
 */
function scoreBound(weight: QueryWeight, slotFields: Int32Array, slotScores: Float64Array): number {
  let bound = 0
  for (const leaf of weight.leaves) {
    // Only words and phrases: a tree that scores where its terms stand.
    if (leaf.kind !== 'term' && leaf.kind !== 'phrase') continue
    let fields = ~0
    let alone = 0
    const places = leaf.kind === 'term' ? 1 : leaf.slots.length
    for (let place = 0; place < places; place++) {
      const slot = leaf.kind === 'term' ? leaf.slot : leaf.slots[place]!
      fields &= slotFields[slot]!
      alone += slotScores[slot]!
    }
    let top = 0
    for (let field = 0; field < FIELD_COUNT; field++) {
      if ((fields & (1 << field)) === 0) continue
      if (field === FIELD.title || field === FIELD.description) top += leaf.weights[field]!
      else bound += leaf.weights[field]!
    }
    // A sloppy phrase may stand more often than its terms (each match its walk finds adds
    // 1 / (1 + distance)): its weights alone bound it. The scores alone are float32: a little
    // above them.
    bound += leaf.kind === 'phrase' && leaf.slop > 0 ? top : Math.min(top, alone * (1 + 2 ** -16))
  }
  return bound
}
