import { GrowableArray } from '../util/growable-array.js'
import type { DocumentSource } from './read-documents.js'

/** A number a source does not have. */
const NONE = -1

/**
 * Where each document of a load was read, by its position: what a duplicate's or a warning's
 * message names. Kept as four numbers a document (the file's name once), not an object and a map
 * entry each: a million documents' sources take 16 MiB, not about 100.
 */
export class DocumentSources {
  private readonly files: string[] = []
  private readonly fileIds = new Map<string, number>()
  private readonly fileOf = new GrowableArray(Int32Array)
  private readonly lines = new GrowableArray(Int32Array)
  private readonly columns = new GrowableArray(Int32Array)
  private readonly indexes = new GrowableArray(Int32Array)

  /** Adds the source of the next document; returns its position. */
  add(source: DocumentSource): number {
    let file = this.fileIds.get(source.file)
    if (file === undefined) {
      file = this.files.push(source.file) - 1
      this.fileIds.set(source.file, file)
    }
    this.fileOf.push(file)
    this.lines.push(source.line ?? NONE)
    this.columns.push(source.column ?? NONE)
    this.indexes.push(source.index ?? NONE)
    return this.fileOf.length - 1
  }

  /** The source of the document at a position, as it was added. */
  get(position: number): DocumentSource {
    const source: DocumentSource = { file: this.files[this.fileOf.get(position)]! }
    const line = this.lines.get(position)
    const column = this.columns.get(position)
    const index = this.indexes.get(position)
    if (line !== NONE) source.line = line
    if (column !== NONE) source.column = column
    if (index !== NONE) source.index = index
    return source
  }
}
