import type { DocumentType } from '../documents/documents.js'
import type { ValueColumn } from './value-column.js'

/**
 * Each document's type, read from the `type` column (one key per document): no array of a
 * million strings on each thread's heap.
 */
export class DocumentTypes {
  private readonly column: ValueColumn

  constructor(column: ValueColumn) {
    this.column = column
  }

  /** The number of documents. */
  get size(): number {
    return this.column.valueOffsets.length - 1
  }

  /** Document `index`'s type. */
  get(index: number): DocumentType {
    const { keys, valueIds, valueOffsets } = this.column
    return keys[valueIds[valueOffsets[index]!]!] as DocumentType
  }
}
