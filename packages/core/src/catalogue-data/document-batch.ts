/**
 * A batch of documents read, validated and analyzed by itself (on a worker): what the loading
 * thread needs of each, in the batch's order, to add it as `CatalogueBuilder.add` would (its
 * row, its analyzed text, its stored text in pieces). The
 * checks that need the whole catalogue (a uri seen before) stay with the loading thread.
 */

import { analyzerFor, type TextLanguage } from '../analysis/languages.js'
import {
  documentPieces,
  type PieceBytes,
  PieceBytesBuilder,
} from '../document-store/document-pieces.js'
import { searchableText } from '../documents/document-fields.js'
import type { CatalogueDocument } from '../documents/documents.js'
import { type Problem, validateDocument } from '../documents/validate.js'
import { type DocumentSource, MalformedJsonError, parseJson } from '../input/read-documents.js'
import { type AnalyzedTexts, TextBatchBuilder } from '../text/text-batch.js'
import { type DocumentRow, rowOf } from './document-row.js'

/** Documents as their JSON texts, each with where it was read. */
export interface DocumentBatch {
  texts: string[]
  sources: DocumentSource[]
}

/** What became of one document of a batch. */
export type BatchOutcome =
  | { row: DocumentRow }
  | { problems: Problem[]; uri: string | undefined }
  | { malformed: { line: number; column: number; reason: string; cause: string } }

/** A batch read: an outcome per document, and the analyzed text and pieces of each row. */
export interface AnalyzedBatch {
  outcomes: BatchOutcome[]
  texts: AnalyzedTexts
  pieces: PieceBytes
}

/** Reads batches one after another, remembering the analysis of the tokens it has seen. */
export class BatchReader {
  private readonly texts: TextBatchBuilder
  private readonly pieces = new PieceBytesBuilder()

  constructor(language: TextLanguage) {
    this.texts = new TextBatchBuilder(analyzerFor(language))
  }

  read({ texts, sources }: DocumentBatch): AnalyzedBatch {
    const outcomes = texts.map((text, index): BatchOutcome => {
      const source = sources[index]!
      let value: unknown
      try {
        value = parseJson(text, source.file, source.line ?? 1)
      } catch (error) {
        if (!(error instanceof MalformedJsonError)) throw error
        const { source, column, reason, cause } = error
        return { malformed: { line: source.line, column, reason, cause: String(cause) } }
      }
      const problems = validateDocument(value)
      if (problems.length > 0) return { problems, uri: uriOf(value) }
      const document = value as CatalogueDocument
      this.texts.add(searchableText(document))
      this.pieces.add(documentPieces(document))
      return { row: rowOf(document) }
    })
    return { outcomes, texts: this.texts.take(), pieces: this.pieces.take() }
  }
}

/** A value's uri when it has a readable one. */
export function uriOf(value: unknown): string | undefined {
  const uri = (value as { uri?: unknown } | null)?.uri
  return typeof uri === 'string' ? uri : undefined
}
