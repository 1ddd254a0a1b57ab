/**
 * The stored parts of a full-text index: typed arrays and sorted word lists, nothing else. A
 * snapshot writes them as they are and restoring reads them back, so the index built from
 * documents and the index restored from a file are the same arrays.
 */
export interface StoredTextIndex {
  documentCount: number
  /** The index terms (analyzed: stemmed, stop words removed), sorted; a term's id is its rank. */
  terms: string[]
  /**
   * The postings of term `t` are `postingIds[termOffsets[t] .. termOffsets[t + 1]]`, ascending
   * document ids, each with the document's score for a query of that term alone in
   * `postingScores` (`score-postings.ts`).
   */
  termOffsets: Uint32Array
  postingIds: Uint32Array
  postingScores: Float32Array
  /**
   * Where each posting's term stands in its document: a bit per field (`1 << FIELD.title`, …),
   * which is all a prefix's score needs.
   */
  postingFields: Uint8Array
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
   * Each document's tokens in order, as variable-length form ids + 1, with 0 between two values:
   * positions for phrases, words as written for prefixes, and the scores of queries, without the
   * documents' JSON. The values are the title, the description, each note's paragraphs, the
   * items, each term's title (`layouts` says how many of each). Document `d` is
   * `sequences[sequenceOffsets[d] .. sequenceOffsets[d + 1]]`.
   */
  sequenceOffsets: Uint32Array
  sequences: Uint8Array
  /**
   * How each document's values divide into fields, as varints: the number of notes, the
   * paragraphs of each, the number of items, the number of terms (the title and the description
   * are one value each, a term one value). Document `d`'s is
   * `layouts[layoutOffsets[d] .. layoutOffsets[d + 1]]`.
   */
  layoutOffsets: Uint32Array
  layouts: Uint8Array
  /** For each field (`TEXT_FIELDS`), the documents that hold it (nested ones for notes, terms). */
  fieldDocumentCounts: number[]
  /** For each field, its tokens all told (stop words aside): lengths average this per document. */
  fieldLengths: number[]
  /** Term `t`'s document frequency in field `f` is `fieldFrequencies[t * TEXT_FIELDS.length + f]`. */
  fieldFrequencies: Uint32Array
}

/** No word or no term (a stop word, or a token of marks only). */
export const NONE = -1
/** Separates two values in a token sequence: a phrase never spans it. */
export const VALUE_BREAK = 0

/**
 * The fields of the searchable text, as the reference's index holds them: the title, an agent's
 * description, each note's paragraphs (a note is a nested document of its own), the notes' list
 * items, each term's title (a nested document each).
 */
export const TEXT_FIELDS = ['title', 'description', 'note', 'items', 'term'] as const
export const FIELD = { title: 0, description: 1, note: 2, items: 3, term: 4 } as const
/**
 * How much a match in each field weighs: the title 5, as in the reference's `title^5`. List items
 * are found as the notes' text is but weigh nothing: the reference does not search them.
 */
export const FIELD_BOOSTS = [5, 1, 1, 0, 1] as const
