import { CatalogueError } from './catalogue-errors.js'

/**
 * Many strings as UTF-8 in one buffer with an offsets array: no JavaScript string or object
 * per entry (a million documents are two typed arrays), and a snapshot stores and restores
 * them as two reads.
 */
export interface StoredStrings {
  bytes: Uint8Array
  /** String `i` is `bytes[offsets[i] .. offsets[i + 1]]`. */
  offsets: Uint32Array
}

/** Reads strings out of {@link StoredStrings}. */
export class ByteStrings {
  private readonly stored: StoredStrings
  private readonly buffer: Buffer

  constructor(stored: StoredStrings) {
    this.stored = stored
    const { bytes } = stored
    this.buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  }

  get size(): number {
    return this.stored.offsets.length - 1
  }

  get(index: number): string {
    const { offsets } = this.stored
    return this.buffer.toString('utf8', offsets[index]!, offsets[index + 1]!)
  }
}

/** Appends strings to a growing UTF-8 buffer. */
export class ByteStringsBuilder {
  private bytes = Buffer.allocUnsafe(1 << 16)
  private used = 0
  private offsets = new Uint32Array(1024)
  private count = 0

  get size(): number {
    return this.count
  }

  /** Appends a string; returns its index. */
  add(value: string): number {
    const needed = this.used + value.length * 3
    if (needed > this.bytes.length) this.grow(needed)
    this.used += this.bytes.write(value, this.used, 'utf8')
    if (this.count + 2 > this.offsets.length) {
      const offsets = new Uint32Array(this.offsets.length * 2)
      offsets.set(this.offsets)
      this.offsets = offsets
    }
    this.offsets[++this.count] = this.used
    return this.count - 1
  }

  /** The strings as stored (read them with {@link ByteStrings}). */
  build(): StoredStrings {
    // A copy into an exact-size buffer of its own, which a snapshot writes as it is.
    const bytes = new Uint8Array(this.used)
    bytes.set(this.bytes.subarray(0, this.used))
    return { bytes, offsets: this.offsets.slice(0, this.count + 1) }
  }

  private grow(needed: number): void {
    if (needed > MAX_BYTES) {
      throw new CatalogueError(
        'E_TOO_LARGE',
        `The catalogue's stored documents pass ${MAX_BYTES / 2 ** 30} GiB, the most one catalogue can hold`,
      )
    }
    // Doubling while small, then by a quarter: the last growth wastes at most a fifth.
    const factor = this.bytes.length < 64 * 2 ** 20 ? 2 : 1.25
    const capacity = Math.ceil(Math.max(needed, this.bytes.length * factor))
    const grown = Buffer.allocUnsafe(Math.min(MAX_BYTES, capacity))
    this.bytes.copy(grown, 0, 0, this.used)
    this.bytes = grown
  }
}

/** Offsets are u32. */
const MAX_BYTES = 2 ** 32 - 1
