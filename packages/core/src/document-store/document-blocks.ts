import { compressSync, uncompressSync } from 'lz4-napi'
import { ByteStrings, ByteStringsBuilder } from '../util/byte-strings.js'
import { CatalogueError } from '../util/catalogue-errors.js'
import { GrowableArray } from '../util/growable-array.js'

/**
 * Documents' own texts, compressed a few at a time: consecutive documents are laid end to end
 * in blocks of about {@link BLOCK_BYTES}, and each block is compressed by itself, so reading one
 * document decompresses one small block. A block alone compresses poorly (a document's keys and
 * common values are what repeat, and they repeat across documents), so each segment of
 * {@link DOCUMENTS_PER_DICTIONARY} documents has a dictionary drawn from its own documents,
 * which every block of the segment may refer to.
 *
 * The codec is LZ4 (`lz4-napi`: the Rust lz4_flex through N-API; a block is its length, then an
 * LZ4 block), chosen for the cost of a read: at 100,000 documents, blocks of 2 KiB, a read (of
 * a detail, a list's page) took 4.7 µs against 23 µs with node:zlib's raw DEFLATE, most of
 * zlib's in setting up a stream per call. DEFLATE compresses more (6.2× against 4.5×: 71.6 MiB
 * of texts take 15.9 MiB with LZ4), and without the dictionaries, blocks of the same size only
 * 3.7×. The bytes are the codec's own format: a change of codec is a new snapshot format.
 */
export interface StoredBlocks {
  /** The compressed blocks: block `b` is `blockBytes[blockOffsets[b] .. blockOffsets[b + 1]]`. */
  blockBytes: Uint8Array
  blockOffsets: Uint32Array
  /** Block `b` holds documents `blockStarts[b] .. blockStarts[b + 1]`; the last is the count. */
  blockStarts: Uint32Array
  /**
   * Where each document's text lies in the texts laid end to end, uncompressed: document `d` is
   * `documentOffsets[d] .. documentOffsets[d + 1]`, its block's first at 0 when decompressed.
   */
  documentOffsets: Uint32Array
  /** The dictionaries, one per segment: a block's is its first document's segment's. */
  dictionaryBytes: Uint8Array
  dictionaryOffsets: Uint32Array
  documentsPerDictionary: number
}

/**
 * A block's uncompressed size, at least: one document more would pass it. Larger blocks
 * compress better but cost a read more: at 100,000 documents (16 KiB dictionaries), blocks of
 * 2, 4 and 8 KiB took the texts 3.9, 4.2 and 4.5 times smaller, and a read 4.7, 9.1 and 12.2 µs
 * on the shared 2-core machine.
 */
const BLOCK_BYTES = 2048
/**
 * A dictionary's size: LZ4 refers back at most 64 KiB. At 100,000 documents, dictionaries of 8,
 * 16, 32 and 64 KiB took the texts 3.7, 3.9, 4.1 and 4.5 times smaller, a read costing the same.
 */
const DICTIONARY_BYTES = 65536
/** The most a dictionary takes of one document (its start: the keys, the common values). */
const SAMPLE_BYTES = 1024
/** Documents a dictionary serves: drawn again every segment, it follows the catalogue's kinds. */
const DOCUMENTS_PER_DICTIONARY = 16384
/** Offsets are u32. */
const MAX_BYTES = 2 ** 32 - 1

/** Reads documents' own texts out of {@link StoredBlocks}. */
export class DocumentBlocks {
  private readonly stored: StoredBlocks
  private readonly blocks: ByteStrings
  private readonly dictionaries: Buffer[]
  /**
   * The block read last, decompressed: reading in catalogue order (a harvest, an export, the
   * datestamps' hashes, a page of siblings) decompresses each block once.
   */
  private lastBlock = -1
  private lastBytes: Buffer = Buffer.alloc(0)

  constructor(stored: StoredBlocks) {
    this.stored = stored
    this.blocks = new ByteStrings({ bytes: stored.blockBytes, offsets: stored.blockOffsets })
    const dictionaries = new ByteStrings({
      bytes: stored.dictionaryBytes,
      offsets: stored.dictionaryOffsets,
    })
    this.dictionaries = Array.from({ length: dictionaries.size }, (_, d) => dictionaries.bytes(d))
  }

  get size(): number {
    return this.stored.documentOffsets.length - 1
  }

  /** The own text of the document at a position. */
  get(index: number): string {
    return this.bytes(index).toString('utf8')
  }

  /**
   * The own text of the document at a position as UTF-8, for a reader of part of it: a view
   * into the block read last, good until the next read.
   */
  bytes(index: number): Buffer {
    const { blockStarts, documentOffsets } = this.stored
    const block = this.blockOf(index)
    const base = documentOffsets[blockStarts[block]!]!
    return this.decompressed(block).subarray(
      documentOffsets[index]! - base,
      documentOffsets[index + 1]! - base,
    )
  }

  /** The last block whose first document is at or before `index`. */
  private blockOf(index: number): number {
    const starts = this.stored.blockStarts
    let low = 0
    let high = starts.length - 2
    while (low < high) {
      const middle = (low + high + 1) >>> 1
      if (starts[middle]! <= index) low = middle
      else high = middle - 1
    }
    return low
  }

  private decompressed(block: number): Buffer {
    if (block !== this.lastBlock) {
      const { blockStarts, documentsPerDictionary } = this.stored
      const dictionary = this.dictionaries[Math.floor(blockStarts[block]! / documentsPerDictionary)]
      this.lastBytes = uncompressSync(this.blocks.bytes(block), dictionary)
      this.lastBlock = block
    }
    return this.lastBytes
  }
}

/**
 * Compresses documents' own texts as they are added: a segment's texts are held until it is
 * whole (about 11 MiB of them), then its dictionary is drawn and its blocks compressed.
 */
export class DocumentBlocksBuilder {
  private readonly blocks = new ByteStringsBuilder()
  private readonly blockStarts = new GrowableArray(Uint32Array)
  private readonly documentOffsets = new GrowableArray(Uint32Array)
  private readonly dictionaries = new ByteStringsBuilder()
  /** The segment's texts so far, end to end, and where each ends. */
  private segment = Buffer.allocUnsafe(1 << 20)
  private segmentUsed = 0
  private readonly segmentEnds: number[] = []
  private count = 0
  private total = 0

  constructor() {
    this.documentOffsets.push(0)
  }

  get size(): number {
    return this.count
  }

  /** Appends a document's own text. */
  add(text: string): void {
    this.reserve(text.length * 3)
    this.commit(this.segment.write(text, this.segmentUsed, 'utf8'))
  }

  /** Appends a document's own text given as UTF-8: the first `length` bytes of `bytes`. */
  addBytes(bytes: Uint8Array, length: number): void {
    this.reserve(length)
    this.segment.set(bytes.subarray(0, length), this.segmentUsed)
    this.commit(length)
  }

  /** Room for `bytes` more bytes in the segment. */
  private reserve(bytes: number): void {
    const needed = this.segmentUsed + bytes
    if (needed > this.segment.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.segment.length * 2))
      this.segment.copy(grown, 0, 0, this.segmentUsed)
      this.segment = grown
    }
  }

  /** Ends the document just written in the segment, of `length` bytes. */
  private commit(length: number): void {
    if (this.total + length > MAX_BYTES) {
      throw new CatalogueError(
        'E_TOO_LARGE',
        `The catalogue's stored documents pass ${MAX_BYTES / 2 ** 30} GiB, the most one catalogue can hold`,
      )
    }
    this.segmentUsed += length
    this.total += length
    this.segmentEnds.push(this.segmentUsed)
    this.documentOffsets.push(this.total)
    this.count++
    if (this.segmentEnds.length === DOCUMENTS_PER_DICTIONARY) this.compressSegment()
  }

  /** The blocks as stored (read them with {@link DocumentBlocks}). Not to be used afterwards. */
  build(): StoredBlocks {
    if (this.segmentEnds.length > 0) this.compressSegment()
    this.blockStarts.push(this.count)
    const blocks = this.blocks.build()
    const dictionaries = this.dictionaries.build()
    return {
      blockBytes: blocks.bytes,
      blockOffsets: blocks.offsets,
      blockStarts: this.blockStarts.toArray(),
      documentOffsets: this.documentOffsets.toArray(),
      dictionaryBytes: dictionaries.bytes,
      dictionaryOffsets: dictionaries.offsets,
      documentsPerDictionary: DOCUMENTS_PER_DICTIONARY,
    }
  }

  private compressSegment(): void {
    const ends = this.segmentEnds
    const first = this.count - ends.length
    const dictionary = drawDictionary(this.segment, ends)
    this.dictionaries.addBytes(dictionary, dictionary.length)
    let end = 0
    let document = 0
    while (document < ends.length) {
      const from = end
      this.blockStarts.push(first + document)
      do end = ends[document++]!
      while (document < ends.length && end - from < BLOCK_BYTES)
      const compressed = compressSync(this.segment.subarray(from, end), dictionary)
      this.blocks.addBytes(compressed, compressed.length)
    }
    ends.length = 0
    this.segmentUsed = 0
  }
}

/**
 * A segment's dictionary: the starts of its documents, taken evenly across it (a pass over every
 * so many, then the next ones) until the dictionary is full.
 */
function drawDictionary(texts: Buffer, ends: number[]): Buffer {
  const dictionary = Buffer.allocUnsafe(DICTIONARY_BYTES)
  let used = 0
  const step = Math.max(1, Math.floor(ends.length / 64))
  for (let pass = 0; pass < step && used < DICTIONARY_BYTES; pass++) {
    for (let document = pass; document < ends.length && used < DICTIONARY_BYTES; document += step) {
      const start = document === 0 ? 0 : ends[document - 1]!
      const end = Math.min(ends[document]!, start + SAMPLE_BYTES, start + DICTIONARY_BYTES - used)
      used += texts.copy(dictionary, used, start, end)
    }
  }
  return dictionary.subarray(0, used)
}
