/**
 * Lucene's BM25, as OpenSearch 3 scores a term in a field (`BM25Similarity`, k1 1.2, b 0.75,
 * without the constant (k1 + 1) factor Lucene dropped in 8.0): the inverse document frequency and
 * the average length are the field's, and a document's length is read back from the one-byte
 * norm Lucene stores (exact below 24 tokens, then 4 significant bits).
 */

import { type Explanation, explained } from '../api/explanation.js'

export const BM25 = { k1: 1.2, b: 0.75 } as const

/** What the index knows of one field: how many documents hold it and their summed lengths. */
export interface FieldStatistics {
  /** Documents (nested ones for notes and terms) with at least one token in the field. */
  documentCount: number
  /** Their tokens, all told (Lucene's sumTotalTermFreq). */
  totalLength: number
}

/** The inverse document frequency of a term held by `frequency` of `count` documents. */
export function idf(frequency: number, count: number): number {
  return Math.log(1 + (count - frequency + 0.5) / (frequency + 0.5))
}

/**
 * The idf explained as Lucene explains it: its formula, `n` and `N`.
 * @param held what `n` counts, e.g. `titles holding "malaria"`
 * @param all what `N` counts, e.g. `titles in the catalogue`
 */
export function explainIdf(frequency: number, count: number, held: string, all: string) {
  return explained(idf(frequency, count), 'idf = ln(1 + (N − n + 0.5) / (n + 0.5))', [
    explained(frequency, `n, ${held}`),
    explained(count, `N, ${all}`),
  ])
}

/**
 * A field's scorer: `score(weight, frequency, length)` is `weight` (boost × idf) times BM25's
 * saturation of the frequency in a document of that length, the length as its norm keeps it.
 */
export class FieldScorer {
  /** The field's average length over the documents that hold it (Lucene's avgdl). */
  readonly averageLength: number
  /** For each norm byte, `k1 × (1 − b + b × length / average)`. */
  private readonly cache = new Float64Array(256)

  constructor(statistics: FieldStatistics) {
    const average =
      statistics.documentCount > 0 ? statistics.totalLength / statistics.documentCount : 1
    this.averageLength = average
    for (let norm = 0; norm < 256; norm++) {
      this.cache[norm] = BM25.k1 * (1 - BM25.b + (BM25.b * normLength(norm)) / average)
    }
  }

  score(weight: number, frequency: number, length: number): number {
    return (weight * frequency) / (frequency + this.cache[lengthNorm(length)]!)
  }

  /**
   * The tf factor of {@link score} explained as Lucene explains it (`score` is boost × idf ×
   * this): the frequency, k1, b, the length as its norm keeps it, the average length.
   * @param field how the explanation names the place (`the title`) and one of the field
   */
  explainTf(frequency: number, length: number, field: { here: string; one: string }): Explanation {
    const norm = lengthNorm(length)
    return explained(
      frequency / (frequency + this.cache[norm]!),
      'tf = freq / (freq + k1 × (1 − b + b × dl / avgdl))',
      [
        explained(frequency, `freq, occurrences in ${field.here}`),
        explained(BM25.k1, 'k1, term saturation parameter'),
        explained(BM25.b, 'b, length normalization parameter'),
        explained(normLength(norm), `dl, length of ${field.here} (as its norm keeps it)`),
        explained(this.averageLength, `avgdl, average length of a ${field.one}`),
      ],
    )
  }
}

// Lucene's SmallFloat.intToByte4 and byte4ToInt: lengths below NUM_FREE_VALUES are kept exact.
const NUM_FREE_VALUES = 255 - longToInt4(2 ** 31 - 1)

/** The norm byte of a field length. */
export function lengthNorm(length: number): number {
  return length < NUM_FREE_VALUES ? length : NUM_FREE_VALUES + longToInt4(length - NUM_FREE_VALUES)
}

/** The length a norm byte stands for. */
export function normLength(norm: number): number {
  return norm < NUM_FREE_VALUES ? norm : NUM_FREE_VALUES + int4ToLong(norm - NUM_FREE_VALUES)
}

/** A float-like encoding of a non-negative integer (below 2³²) keeping 4 significant bits. */
function longToInt4(value: number): number {
  const bits = 32 - Math.clz32(value)
  if (bits < 4) return value
  const shift = bits - 4
  return (Math.floor(value / 2 ** shift) & 0x07) | ((shift + 1) << 3)
}

function int4ToLong(encoded: number): number {
  const bits = encoded & 0x07
  const shift = (encoded >>> 3) - 1
  return shift === -1 ? bits : (bits | 0x08) * 2 ** shift
}
