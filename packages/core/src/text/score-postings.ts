import { BM25, FIELD_BOOSTS, TEXT_FIELDS } from './text-index-parts.js'

interface Postings {
  termOffsets: Uint32Array
  postingIds: Uint32Array
  documentCount: number
  /** Per field, each document's length (its distinct tokens). */
  fieldLengths: Uint32Array[]
  /** A posting's term frequency in a field. */
  frequency: (posting: number, field: number) => number
}

/**
 * Each posting's score for its term: BM25+ per field, as MiniSearch computes it (the document
 * frequency and average length are the field's), weighted by the field's boost and summed.
 * Computed once at build, so a query reads scores and never recomputes them.
 */
export function scorePostings(postings: Postings): Float32Array {
  const { termOffsets, postingIds, documentCount, fieldLengths, frequency } = postings
  const scores = new Float32Array(postingIds.length)
  const averages = fieldLengths.map((lengths) => {
    let total = 0
    for (const length of lengths) total += length
    return total / Math.max(documentCount, 1) || 1
  })
  const fields = TEXT_FIELDS.map((_, field) => field)
  for (let term = 0; term + 1 < termOffsets.length; term++) {
    const start = termOffsets[term]!
    const end = termOffsets[term + 1]!
    for (const field of fields) {
      let documentFrequency = 0
      for (let posting = start; posting < end; posting++) {
        if (frequency(posting, field) > 0) documentFrequency++
      }
      if (documentFrequency === 0) continue
      const idf = Math.log(
        1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5),
      )
      const weight = FIELD_BOOSTS[field]! * idf
      const lengths = fieldLengths[field]!
      const average = averages[field]!
      for (let posting = start; posting < end; posting++) {
        const tf = frequency(posting, field)
        if (tf === 0) continue
        const norm = BM25.k * (1 - BM25.b + (BM25.b * lengths[postingIds[posting]!]!) / average)
        scores[posting]! += weight * (BM25.d + (tf * (BM25.k + 1)) / (tf + norm))
      }
    }
  }
  return scores
}
