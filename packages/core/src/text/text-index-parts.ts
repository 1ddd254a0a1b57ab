/**
 * The stored parts of a full-text index: typed arrays and sorted word lists, nothing else. A
 * snapshot writes them as they are and restoring reads them back, so the index built from
 * documents and the index restored from a file are the same arrays.
 */
export interface TextIndexParts {
  documentCount: number
  /** The index terms (analyzed: stemmed, stop words removed), sorted; a term's id is its rank. */
  terms: string[]
  /**
   * The postings of term `t` are `postingIds[termOffsets[t] .. termOffsets[t + 1]]`, ascending
   * document ids, each with its BM25+ score for the term in `postingScores` (fields weighted).
   */
  termOffsets: Uint32Array
  postingIds: Uint32Array
  postingScores: Float32Array
  /** The words as written (lowercased, accents folded, not stemmed), sorted: for `word*`. */
  words: string[]
  /** The term each word analyzes to. */
  wordTerms: Uint32Array
  /**
   * Each distinct token as it appears in the text (a "form"): its word and its term, or
   * {@link NONE} for a stop word, which is not indexed but keeps its position.
   */
  formWords: Int32Array
  formTerms: Int32Array
  /**
   * Each document's tokens in order (title, then each value of its text and terms), as
   * variable-length form ids + 1, with 0 between two values: positions for phrases, and words
   * as written for prefixes, without the documents' JSON. Document `d` is
   * `sequences[sequenceOffsets[d] .. sequenceOffsets[d + 1]]`.
   */
  sequenceOffsets: Uint32Array
  sequences: Uint8Array
}

/** No word or no term (a stop word, or a token of marks only). */
export const NONE = -1
/** Separates two values in a token sequence: a phrase never spans it. */
export const VALUE_BREAK = 0

/** The fields of the searchable text, and how much a match in each weighs. */
export const TEXT_FIELDS = ['title', 'text', 'terms'] as const
export const FIELD_BOOSTS = [5, 1, 1] as const
/** MiniSearch's BM25+ parameters, so scores rank as MiniSearch's search would. */
export const BM25 = { k: 1.2, b: 0.7, d: 0.5 } as const

/**
 * The searchable text of one document, field by field and value by value (each note
 * paragraph, each term title): a phrase never spans two values.
 */
export interface SearchableText {
  title: string
  text: string[]
  terms: string[]
}
