/**
 * A document's stored text in pieces: its own fields, and the parts it shares with others (a
 * document store keeps each of those once, and the document refers to it). Pieces are made
 * wherever the document was parsed (on a worker, as UTF-8 bytes that cross threads in one
 * buffer) and joined by the store, in catalogue order.
 */
import type { CatalogueDocument } from '../documents/documents.js'

/**
 * The parts of documents that repeat across many of them: the group (the same for a whole
 * collection), each ancestor, each agent, term and date. Each distinct one is stored once and
 * the documents refer to it.
 */
export const SHARED_FIELDS: ReadonlySet<string> = new Set([
  'group',
  'ancestors',
  'people',
  'organizations',
  'families',
  'creators',
  'terms',
  'dates',
  'languages',
  'extents',
  'external_identifiers',
])
/**
 * A document's stored text in pieces: its own text, then by turns a part it shares with others
 * (as JSON) and its own text again, from which a store makes the text with references.
 */
export function documentPieces(document: CatalogueDocument): string[] {
  const pieces: string[] = []
  let text = '{'
  for (const [key, value] of Object.entries(document)) {
    if (value === undefined) continue
    if (text.length > 1 || pieces.length > 0) text += ','
    text += `${JSON.stringify(key)}:`
    if (!SHARED_FIELDS.has(key) || value === null || typeof value !== 'object') {
      text += JSON.stringify(value)
      continue
    }
    const items: unknown[] = Array.isArray(value) ? value : [value]
    if (Array.isArray(value)) text += '['
    items.forEach((item, index) => {
      if (index > 0) text += ','
      const json = JSON.stringify(item) ?? 'null'
      if (item === null || typeof item !== 'object') {
        text += json
        return
      }
      pieces.push(text, json)
      text = ''
    })
    if (Array.isArray(value)) text += ']'
  }
  pieces.push(`${text}}`)
  return pieces
}

/** The pieces of a batch of documents as UTF-8, end to end. */
export interface PieceBytes {
  bytes: Uint8Array
  /** Where each piece ends in `bytes` (each starts where the one before ends). */
  ends: Uint32Array
  /** Each document's first piece, and one past the last document's last. */
  firsts: Uint32Array
}

/** Collects the pieces of a batch's documents as {@link PieceBytes}. */
export class PieceBytesBuilder {
  private bytes = Buffer.allocUnsafe(1 << 20)
  private used = 0
  private ends: number[] = []
  private firsts: number[] = [0]

  add(pieces: readonly string[]): void {
    for (const piece of pieces) {
      if (this.used + piece.length * 3 > this.bytes.length) {
        const grown = Buffer.allocUnsafe(
          Math.max(this.used + piece.length * 3, this.bytes.length * 2),
        )
        this.bytes.copy(grown, 0, 0, this.used)
        this.bytes = grown
      }
      this.used += this.bytes.write(piece, this.used, 'utf8')
      this.ends.push(this.used)
    }
    this.firsts.push(this.ends.length)
  }

  /** The batch so far (its own arrays, to transfer); the builder starts a new one. */
  take(): PieceBytes {
    const taken = {
      bytes: new Uint8Array(this.bytes.subarray(0, this.used)),
      ends: Uint32Array.from(this.ends),
      firsts: Uint32Array.from(this.firsts),
    }
    this.used = 0
    this.ends = []
    this.firsts = [0]
    return taken
  }
}
