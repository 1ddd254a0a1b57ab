import { DocumentTokens } from './document-tokens.js'
import { FieldScorer, idf } from './lucene-bm25.js'
import {
  FIELD,
  FIELD_BOOSTS,
  NONE,
  type StoredTextIndex,
  TEXT_FIELDS,
} from './stored-text-index.js'

const FIELD_COUNT = TEXT_FIELDS.length

/**
 * Completes a built index's statistics and scores, from its token sequences: each field's
 * document count and total length, each term's document frequency per field, and each posting's
 * score, the document's score for a query of its term alone (`query-scorer.ts` scores
 * everything else, the same way). Two passes over every document's tokens, once at build.
 */
export function scorePostings(parts: StoredTextIndex): void {
  const termCount = parts.terms.length
  const tokens = new DocumentTokens(parts)
  const documentCounts = new Array<number>(FIELD_COUNT).fill(0)
  const lengths = new Array<number>(FIELD_COUNT).fill(0)
  const frequencies = new Uint32Array(termCount * FIELD_COUNT)
  // The last instance each term was counted in (instances numbered across the catalogue).
  const seenIn = new Int32Array(termCount).fill(-1)
  let instance = 0
  for (let id = 0; id < parts.documentCount; id++) {
    tokens.read(id)
    for (let i = 0; i < tokens.instanceCount; i++, instance++) {
      const field = tokens.fields[i]!
      const length = tokens.lengths[i]!
      if (length === 0) continue
      documentCounts[field]!++
      lengths[field]! += length
      for (let t = tokens.starts[i]!; t < tokens.starts[i + 1]!; t++) {
        const term = tokens.terms[t]!
        if (term === NONE || seenIn[term] === instance) continue
        seenIn[term] = instance
        frequencies[term * FIELD_COUNT + field]!++
      }
    }
  }
  parts.fieldDocumentCounts = documentCounts
  parts.fieldLengths = lengths
  parts.fieldFrequencies = frequencies
  singleTermScores(parts, tokens)
}

/**
 * Each posting's score for its term alone (and the fields it stands in, `postingFields`): the
 * title and description clause (title × 5), the
 * average over the notes that hold the term, the average over the terms that hold it (list
 * items weigh nothing: `FIELD_BOOSTS`).
 */
function singleTermScores(parts: StoredTextIndex, tokens: DocumentTokens): void {
  const { termOffsets, fieldFrequencies, fieldDocumentCounts } = parts
  const scorers = fieldScorers(parts)
  const scores = new Float32Array(parts.postingIds.length)
  const fields = new Uint8Array(parts.postingIds.length)
  const cursor = termOffsets.slice(0, parts.terms.length)
  const termCount = parts.terms.length
  // Per document: its terms (slots), what each clause adds up for them.
  const slotOf = new Int32Array(termCount).fill(-1)
  const documentTerms: number[] = []
  let sums = new Float64Array(0)
  const fieldsOf: number[] = []
  // Per instance: each term's frequency.
  const frequencyIn = new Uint32Array(termCount)
  const instanceTerms: number[] = []
  for (let id = 0; id < parts.documentCount; id++) {
    tokens.read(id)
    for (let i = 0; i < tokens.instanceCount; i++) {
      const field = tokens.fields[i]!
      for (let t = tokens.starts[i]!; t < tokens.starts[i + 1]!; t++) {
        const term = tokens.terms[t]!
        if (term === NONE) continue
        if (frequencyIn[term]!++ === 0) instanceTerms.push(term)
      }
      for (const term of instanceTerms) {
        let slot = slotOf[term]!
        if (slot === -1) {
          slot = documentTerms.length
          slotOf[term] = slot
          documentTerms.push(term)
          fieldsOf[slot] = 0
          if (sums.length < (slot + 1) * CLAUSE_SUMS) {
            const grown = new Float64Array(Math.max(64, sums.length * 2))
            grown.set(sums)
            sums = grown
          }
          sums.fill(0, slot * CLAUSE_SUMS, (slot + 1) * CLAUSE_SUMS)
        }
        const weight =
          FIELD_BOOSTS[field]! *
          idf(fieldFrequencies[term * FIELD_COUNT + field]!, fieldDocumentCounts[field]!)
        const score = scorers[field]!.score(weight, frequencyIn[term]!, tokens.lengths[i]!)
        fieldsOf[slot]! |= 1 << field
        const at = slot * CLAUSE_SUMS + CLAUSE_OF_FIELD[field]!
        sums[at]! += score
        if (field === FIELD.note || field === FIELD.term) sums[at + 1]!++
        frequencyIn[term] = 0
      }
      instanceTerms.length = 0
    }
    for (const term of documentTerms) {
      const at = slotOf[term]! * CLAUSE_SUMS
      const notes = sums[at + NOTES + 1]! > 0 ? sums[at + NOTES]! / sums[at + NOTES + 1]! : 0
      const terms = sums[at + TERMS + 1]! > 0 ? sums[at + TERMS]! / sums[at + TERMS + 1]! : 0
      const posting = cursor[term]!++
      scores[posting] = sums[at + TOP]! + notes + sums[at + ITEMS]! + terms
      fields[posting] = fieldsOf[slotOf[term]!]!
      slotOf[term] = -1
    }
    documentTerms.length = 0
  }
  parts.postingScores = scores
  parts.postingFields = fields
}

// A term's sums in one document: the title and description, the notes (sum, count), the items,
// the terms (sum, count).
const TOP = 0
const NOTES = 1
const ITEMS = 3
const TERMS = 4
const CLAUSE_SUMS = 6
const CLAUSE_OF_FIELD = [TOP, TOP, NOTES, ITEMS, TERMS] as const

/** A scorer per field, over the index's statistics. */
export function fieldScorers(parts: StoredTextIndex): FieldScorer[] {
  return TEXT_FIELDS.map(
    (_, field) =>
      new FieldScorer({
        documentCount: parts.fieldDocumentCounts[field]!,
        totalLength: parts.fieldLengths[field]!,
      }),
  )
}
