/**
 * The scores of a query that is one fuzzy word (`word~N`), without reading most documents back.
 * Such a word can match a hundred thousand documents at a million (`photgraph~1`, or `felbe~2`,
 * which reaches `file`), and reading each back, as any other query's scorer does, was most of its
 * first run. The word scores only where one of its kept terms (the 50 most similar of each field,
 * `QueryWeight`) stands in a field it is kept for, and its terms' postings say which documents
 * hold one, and in which fields (`postingFields`):
 *
 * - a document that holds none scores 0, unread;
 * - one that holds one kept term, in its title alone, is scored from that term's posting: the
 *   posting's score is the term's alone, `weight × f / (f + norm(L))` with the title's length
 *   `L` (known per document, `titleLengths`), from which the frequency `f` is found exactly (the
 *   only `f` that gives that score), and the word's score is the same formula with its weight;
 * - one that holds them only in its title, or its title and description, has only those read
 *   (the places after them would add nothing); any other is read whole.
 *
 * The scores are the {@link DocumentScorer}'s to the bit (the same operations on the same
 * numbers): `test/core/full-text.test.ts` holds them to reading every document back.
 */

import type { DocumentScorer } from './document-scorer.js'
import { idf } from './lucene-bm25.js'
import type { Matches } from './matches.js'
import type { WeightedLeaf } from './query-weight.js'
import { FIELD, FIELD_BOOSTS, type StoredTextIndex, TEXT_FIELDS } from './stored-text-index.js'

const FIELD_COUNT = TEXT_FIELDS.length
const TITLE = 1 << FIELD.title
const TOP = TITLE | (1 << FIELD.description)
/** Besides the field bits, in `marks`: a kept term was seen, a second one was, `scoreOf` holds it. */
const SEEN = 0x20
const MANY = 0x40
const KNOWN = 0x80

/** What the scores read besides the query's scorer: reused from query to query. */
export interface FuzzyWordBuffers {
  /** A byte per document, all 0 (left so). */
  marks: Uint8Array
  /** A score per document, read only where this query marked it known. */
  scoreOf: Float32Array
  /** Each document's title length (`titleLengths`), when the index has them. */
  titleLengths: Uint16Array | undefined
}

/**
 * Sets `scores[i]`, the score of `matches.ids[i]` for the fuzzy word `leaf` alone.
 * @param documents the query's scorer of documents (the query is `leaf` alone)
 */
export function scoreFuzzyWord(
  parts: StoredTextIndex,
  documents: DocumentScorer,
  leaf: WeightedLeaf & { kind: 'fuzzy' },
  matches: Matches,
  scores: Float32Array,
  { marks, scoreOf, titleLengths }: FuzzyWordBuffers,
): void {
  const { termOffsets, postingIds, postingFields, postingScores } = parts
  const titles = documents.scorers[FIELD.title]!
  const marked: number[] = []
  leaf.terms.forEach((term, at) => {
    let kept = 0
    for (let field = 0; field < FIELD_COUNT; field++) {
      if (leaf.kept[field]![at]) kept |= 1 << field
    }
    if (kept === 0) return
    marked.push(term)
    // The term's own weight in titles, as its postings were scored (`score-postings.ts`), and
    // the word's weight for it there.
    const { fieldFrequencies, fieldDocumentCounts } = parts
    const own =
      FIELD_BOOSTS[FIELD.title] *
      idf(fieldFrequencies[term * FIELD_COUNT + FIELD.title]!, fieldDocumentCounts[FIELD.title]!)
    const word = leaf.weights[FIELD.title]![at]!
    for (let p = termOffsets[term]!; p < termOffsets[term + 1]!; p++) {
      const fields = postingFields[p]! & kept
      if (fields === 0) continue
      const id = postingIds[p]!
      let mark = marks[id]!
      if (mark & SEEN) mark |= MANY
      else if (titleLengths && postingFields[p] === TITLE && fields === TITLE) {
        const score = titleScore(titles, own, word, postingScores[p]!, titleLengths[id]!)
        if (!Number.isNaN(score)) {
          scoreOf[id] = score
          mark |= KNOWN
        }
      }
      marks[id] = mark | fields | SEEN
    }
  })
  for (let i = 0; i < matches.ids.length; i++) {
    const id = matches.ids[i]!
    const mark = marks[id]!
    if (mark === 0) scores[i] = 0
    else if ((mark & (KNOWN | MANY)) === KNOWN) scores[i] = scoreOf[id]!
    else {
      const fields = mark & ~(SEEN | MANY | KNOWN)
      scores[i] = documents.score(id, fields === TITLE ? 1 : (fields & ~TOP) === 0 ? 2 : undefined)
    }
  }
  for (const term of marked) {
    for (let p = termOffsets[term]!; p < termOffsets[term + 1]!; p++) marks[postingIds[p]!] = 0
  }
}

/**
 * The word's score in a title of `length` that holds one of its terms alone, from that term's
 * posting: the frequency is the one that gives the posting's score with the term's own weight
 * (scores rise with it, several percent a step, so no other gives the same float); NaN when
 * none does (a title of 65,535 words or more).
 */
function titleScore(
  titles: DocumentScorer['scorers'][number],
  own: number,
  word: number,
  posting: number,
  length: number,
): number {
  if (length === 0xffff) return Number.NaN
  for (let frequency = 1; frequency <= length; frequency++) {
    const alone = Math.fround(titles.score(own, frequency, length))
    if (alone === posting) return titles.score(word, frequency, length)
    if (alone > posting) break
  }
  return Number.NaN
}
