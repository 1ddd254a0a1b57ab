import { createHash } from 'node:crypto'
import type { CatalogueDocument } from '../documents/documents.js'
import { ByteStrings } from '../util/byte-strings.js'
import { canonicalPieces } from './canonical-pieces.js'
import { DocumentBlocks, DocumentBlocksBuilder, type StoredBlocks } from './document-blocks.js'
import { documentPieces, type PieceBytes } from './document-pieces.js'
import { REFERENCE_CLOSE, REFERENCE_OPEN } from './json-bytes.js'
import { memberRanges } from './json-members.js'
import { SharedParts } from './shared-parts.js'

/** A reference in a document's stored text, as characters (see `REFERENCE_OPEN`). */
const OPEN = String.fromCharCode(REFERENCE_OPEN)
const CLOSE = String.fromCharCode(REFERENCE_CLOSE)

/**
 * The stored parts of a {@link DocumentStore}, as a snapshot writes them: each document's own
 * text (UTF-8, with references), compressed in blocks ({@link StoredBlocks}), and the shared
 * parts as they are (a document refers to several, each wherever it was first seen: compressed
 * in blocks, a read would decompress one block a part).
 */
export interface StoredDocuments extends StoredBlocks {
  /** Each shared part's JSON text (UTF-8). */
  sharedBytes: Uint8Array
  sharedOffsets: Uint32Array
}

/**
 * Every document's JSON text: each document's own fields (compressed), with references to the
 * parts it shares with others. Reading one rebuilds its text (parsing it is the caller's).
 */
export class DocumentStore {
  /** The stored arrays, for snapshots. */
  readonly parts: StoredDocuments
  private readonly documents: DocumentBlocks
  private readonly shared: ByteStrings

  constructor(parts: StoredDocuments) {
    this.parts = parts
    this.documents = new DocumentBlocks(parts)
    this.shared = new ByteStrings({ bytes: parts.sharedBytes, offsets: parts.sharedOffsets })
  }

  get size(): number {
    return this.documents.size
  }

  /** The JSON text of the document at a position. */
  text(index: number): string {
    return this.expanded(this.documents.get(index))
  }

  /**
   * Whether the JSON text of the document at a position, its shared parts joined, is shorter than
   * `length` bytes of UTF-8 and holds no byte `byte` (an ASCII character): read from the stored
   * bytes, nothing decoded. Its length in UTF-16 code units is at most its length in bytes.
   */
  shorterWithout(index: number, length: number, byte: number): boolean {
    const own = this.documents.bytes(index)
    const parts: Buffer[] = []
    // Its length first, each reference counted as its part (a part may be shorter than it).
    let total = own.length
    let open = own.indexOf(REFERENCE_OPEN)
    while (open >= 0) {
      const close = own.indexOf(REFERENCE_CLOSE, open)
      const part = this.shared.bytes(Number.parseInt(own.toString('latin1', open + 1, close), 36))
      parts.push(part)
      total += part.length - (close + 1 - open)
      open = own.indexOf(REFERENCE_OPEN, close)
    }
    return total < length && !own.includes(byte) && parts.every((part) => !part.includes(byte))
  }

  /**
   * The JSON text of an object of only the named fields of the document at a position, for a
   * reader of a few fields: the others are neither joined nor parsed (a collection's `children`
   * are most of its text, and a search page's snippets read 50 records).
   */
  fieldsText(index: number, names: ReadonlySet<string>): string {
    const own = this.documents.bytes(index)
    // Picked from the bytes: the rest is not even decoded.
    const members = memberRanges(own, names).map(([start, end]) =>
      this.expanded(own.toString('utf8', start, end)),
    )
    return `{${members.join(',')}}`
  }

  /** A stored text with its references replaced by the parts they name. */
  private expanded(own: string): string {
    let open = own.indexOf(OPEN)
    if (open < 0) return own
    let text = ''
    let from = 0
    while (open >= 0) {
      const close = own.indexOf(CLOSE, open)
      text +=
        own.slice(from, open) + this.shared.get(Number.parseInt(own.slice(open + 1, close), 36))
      from = close + 1
      open = own.indexOf(OPEN, from)
    }
    return text + own.slice(from)
  }
}

/** A built store and the fingerprint of the texts it was given. */
export interface BuiltStore {
  store: DocumentStore
  /** The first 16 hex digits of the SHA-1 of the documents' texts, in order. */
  version: string
}

/** Stores documents one at a time, sharing their repeated parts, and fingerprints them. */
export class DocumentStoreBuilder {
  private readonly hash = createHash('sha1')
  private readonly documents = new DocumentBlocksBuilder()
  private readonly shared = new SharedParts()
  /** A document's own text being made from its pieces' bytes (grown as needed). */
  private scratch = Buffer.allocUnsafe(1 << 16)
  /** A document's JSON text given to {@link addText}, as UTF-8 (grown as needed). */
  private input = Buffer.allocUnsafe(1 << 16)
  /** Where the shared parts stand in {@link input}: start and end of each. */
  private readonly sharedRanges: number[] = []

  /**
   * Stores the next document.
   * @param source its JSON text as given (the fingerprint is of these), when the caller has it
   */
  add(document: CatalogueDocument, source = JSON.stringify(document)): void {
    this.hash.update(source)
    this.addParsed(document)
  }

  /**
   * Stores the next document given as its JSON text alone (valid, and of a valid document): the
   * same as `add(JSON.parse(text), text)`. A text as `JSON.stringify` writes it (most are) is
   * stored from its own bytes, neither parsed nor written again.
   */
  addText(text: string): void {
    if (text.length * 3 > this.input.length) {
      this.input = Buffer.allocUnsafe(Math.max(text.length * 3, this.input.length * 2))
    }
    const bytes = this.input.subarray(0, this.input.write(text, 0, 'utf8'))
    // The same digest as of the text: a hash reads a string as its UTF-8.
    this.hash.update(bytes)
    if (!canonicalPieces(bytes, this.sharedRanges)) {
      this.addParsed(JSON.parse(text) as CatalogueDocument)
      return
    }
    const ranges = this.sharedRanges
    let used = 0
    let from = 0
    for (let at = 0; at < ranges.length; at += 2) {
      used = this.appendPiece(bytes.subarray(from, ranges[at]!), false, used)
      used = this.appendPiece(bytes.subarray(ranges[at]!, ranges[at + 1]!), true, used)
      from = ranges[at + 1]!
    }
    used = this.appendPiece(bytes.subarray(from), false, used)
    this.documents.addBytes(this.scratch, used)
  }

  private addParsed(document: CatalogueDocument): void {
    const pieces = documentPieces(document)
    let text = pieces[0]!
    for (let at = 1; at < pieces.length; at += 2) {
      text += `${OPEN}${this.shared.idOf(pieces[at]!).toString(36)}${CLOSE}${pieces[at + 1]!}`
    }
    this.documents.add(text)
  }

  /**
   * Stores the next document, given as its pieces in UTF-8 (made elsewhere: a worker), the
   * `index`-th document of `pieces`, and its JSON text as given. The same as {@link add}.
   */
  addPieceBytes(pieces: PieceBytes, index: number, source: string): void {
    this.hash.update(source)
    const { bytes, ends, firsts } = pieces
    const last = firsts[index + 1]!
    let used = 0
    for (let piece = firsts[index]!; piece < last; piece++) {
      const start = piece === 0 ? 0 : ends[piece - 1]!
      const part = Buffer.from(bytes.buffer, bytes.byteOffset + start, ends[piece]! - start)
      used = this.appendPiece(part, (piece - firsts[index]!) % 2 === 1, used)
    }
    this.documents.addBytes(this.scratch, used)
  }

  /**
   * Writes a piece of a document's text at `used` in the scratch buffer (grown as needed): its
   * own bytes as they are, or a shared part as a reference to it. Returns where it ends.
   */
  private appendPiece(part: Buffer, shared: boolean, used: number): number {
    // A reference is at most 9 bytes: 2 marks, 7 digits in base 36.
    const needed = used + (shared ? 9 : part.length)
    if (needed > this.scratch.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.scratch.length * 2))
      this.scratch.copy(grown, 0, 0, used)
      this.scratch = grown
    }
    if (!shared) return used + part.copy(this.scratch, used)
    const id = this.shared.idOfBytes(part).toString(36)
    return used + this.scratch.write(`${OPEN}${id}${CLOSE}`, used, 'latin1')
  }

  build(): BuiltStore {
    const shared = this.shared.build()
    const store = new DocumentStore({
      ...this.documents.build(),
      sharedBytes: shared.bytes,
      sharedOffsets: shared.offsets,
    })
    return { store, version: this.hash.digest('hex').slice(0, 16) }
  }
}
