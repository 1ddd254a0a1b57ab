import { createHash } from 'node:crypto'
import type { CatalogueDocument } from '../documents/documents.js'
import { ByteStrings } from '../util/byte-strings.js'
import { DocumentBlocks, DocumentBlocksBuilder, type StoredBlocks } from './document-blocks.js'
import { SharedParts } from './shared-parts.js'

/**
 * The parts of documents that repeat across many of them: the group (the same for a whole
 * collection), each ancestor, each agent, term and date. Each distinct one is stored once and
 * the documents refer to it.
 */
const SHARED_FIELDS: ReadonlySet<string> = new Set([
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
/** A reference in a document's stored text: `\u0001` id (base 36) `\u0002`. JSON text escapes
 * both characters, so they never occur in it otherwise. */
const OPEN = '\u0001'
const CLOSE = '\u0002'

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
    const own = this.documents.get(index)
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

  /**
   * Stores the next document.
   * @param source its JSON text as given (the fingerprint is of these), when the caller has it
   */
  add(document: CatalogueDocument, source = JSON.stringify(document)): void {
    this.addPieces(documentPieces(document), source)
  }

  /**
   * Stores the next document, given as its {@link documentPieces} (made elsewhere: a worker)
   * and its JSON text as given.
   */
  addPieces(pieces: readonly string[], source: string): void {
    this.hash.update(source)
    let text = pieces[0]!
    for (let at = 1; at < pieces.length; at += 2) {
      text += `${OPEN}${this.shared.idOf(pieces[at]!).toString(36)}${CLOSE}${pieces[at + 1]!}`
    }
    this.documents.add(text)
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
