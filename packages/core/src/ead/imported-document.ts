import type { CatalogueDocument } from '../documents/documents.js'
import { CatalogueError } from '../util/catalogue-errors.js'
import type { Position } from './xml-elements.js'
/**
 * An imported document as its JSON text (kept as text while the finding aid is read, which
 * holds a third of the memory of objects), the line of its element, and the document itself
 * parsed on demand.
 */
export interface ImportedDocument {
  readonly text: string
  readonly document: CatalogueDocument
  readonly type: CatalogueDocument['type']
  readonly file: string
  readonly line: number
  /** The column of its element's start tag (a finding aid may be one line). */
  readonly column: number
}

/** A document in the order it was met, its text set once it is final. */
export class Slot implements ImportedDocument {
  text = ''
  readonly type: CatalogueDocument['type']
  readonly file: string
  readonly line: number
  readonly column: number
  /** The document while it may still change (a collection until its end). */
  pending: CatalogueDocument | undefined

  constructor(document: CatalogueDocument, file: string, at: Position, final: boolean) {
    this.type = document.type
    this.file = file
    this.line = at.line
    this.column = at.column
    if (final) this.text = JSON.stringify(document)
    else this.pending = document
  }

  get document(): CatalogueDocument {
    return this.pending ?? (JSON.parse(this.text) as CatalogueDocument)
  }

  /** The document is final: keep its text only. */
  settle(): void {
    if (!this.pending) return
    this.text = JSON.stringify(this.pending)
    this.pending = undefined
  }
}

/** A problem that did not stop the import: where, in which component, and what. */
export interface ImportWarning {
  file: string
  line: number
  column: number
  /**
   * The component, as an archivist finds it again: `component id ref12` (its `id`), else
   * `component unitid 'MS 1.2'`, else its path of titles `component 'Series 1 > Letters'`;
   * `archdesc` for the finding aid's own description.
   */
  component: string
  /** What is wrong, e.g. `unparseable date 'Summer'`. */
  message: string
}

/** A file that is not well-formed XML, or not EAD: it imports nothing. */
export class EadSyntaxError extends CatalogueError {
  /** The file and the line of the mistake. */
  readonly source: { file: string; line: number }
  readonly column: number
  /** What is wrong, e.g. `unexpected close tag`. */
  readonly reason: string

  constructor(file: string, line: number, column: number, reason: string) {
    super(
      'E_MALFORMED_XML',
      `Malformed XML in ${file} at line ${line}, column ${column}: ${reason}`,
    )
    this.name = 'EadSyntaxError'
    this.source = { file, line }
    this.column = column
    this.reason = reason
  }
}
