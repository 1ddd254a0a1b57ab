import { CatalogueError } from './catalogue-errors.js'

/**
 * Many strings as UTF-8 (or byte strings) in one buffer with an offsets array: no JavaScript
 * string or object per entry (a million shared parts are two typed arrays), and a snapshot
 * stores and restores them as two reads.
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

  /** Entry `index`'s bytes, a view (not a copy). */
  bytes(index: number): Buffer {
    const { offsets } = this.stored
    return this.buffer.subarray(offsets[index]!, offsets[index + 1]!)
  }

  /** Every string in order, each decoded as it is reached. */
  *[Symbol.iterator](): IterableIterator<string> {
    for (let index = 0; index < this.size; index++) yield this.get(index)
  }
}

/** These strings as {@link StoredStrings}. */
export function storedStrings(values: Iterable<string>): StoredStrings {
  const builder = new ByteStringsBuilder()
  for (const value of values) builder.add(value)
  return builder.build()
}

/**
 * Appends strings to a growing UTF-8 buffer. The buffer is a resizable `ArrayBuffer` that grows
 * in place (the engine reserves its address range and commits pages as they are written), so
 * neither growing nor {@link build} copies it: a million documents' 720 MiB are never held
 * twice. Where resizable buffers are missing (or the reservation is refused), it grows by copies.
 */
export class ByteStringsBuilder {
  private arrayBuffer: MaybeResizable
  private bytes: Buffer
  private used = 0
  private offsets = new Uint32Array(1024)
  private count = 0

  constructor() {
    this.arrayBuffer = growable(1 << 16)
    this.bytes = Buffer.from(this.arrayBuffer, 0, 1 << 16)
  }

  get size(): number {
    return this.count
  }

  /** Appends a string; returns its index. */
  add(value: string): number {
    const needed = this.used + value.length * 3
    if (needed > this.bytes.length) this.grow(needed)
    this.used += this.bytes.write(value, this.used, 'utf8')
    return this.close()
  }

  /** Appends the first `length` bytes of `source` (a string already encoded); returns its index. */
  addBytes(source: Uint8Array, length: number): number {
    const needed = this.used + length
    if (needed > this.bytes.length) this.grow(needed)
    this.bytes.set(source.subarray(0, length), this.used)
    this.used = needed
    return this.close()
  }

  /** String `index`, decoded. */
  get(index: number): string {
    return this.bytes.toString('utf8', this.offsets[index]!, this.offsets[index + 1]!)
  }

  /** Whether string `index` is the first `length` bytes of `source`. */
  equals(index: number, source: Buffer, length: number): boolean {
    const start = this.offsets[index]!
    const end = this.offsets[index + 1]!
    return end - start === length && source.compare(this.bytes, start, end, 0, length) === 0
  }

  /**
   * The strings as stored (read them with {@link ByteStrings}): views of the builder's buffer,
   * its own `ArrayBuffer`, trimmed to its length. The builder must not be used afterwards.
   */
  build(): StoredStrings {
    const offsets = this.offsets.slice(0, this.count + 1)
    if (this.arrayBuffer.resizable) {
      this.arrayBuffer.resize(this.used)
      return { bytes: new Uint8Array(this.arrayBuffer, 0, this.used), offsets }
    }
    // A copy into an exact-size buffer of its own, which a snapshot writes as it is.
    const bytes = new Uint8Array(this.used)
    bytes.set(this.bytes.subarray(0, this.used))
    return { bytes, offsets }
  }

  /** Ends the string just written. */
  private close(): number {
    if (this.count + 2 > this.offsets.length) {
      const offsets = new Uint32Array(this.offsets.length * 2)
      offsets.set(this.offsets)
      this.offsets = offsets
    }
    this.offsets[++this.count] = this.used
    return this.count - 1
  }

  private grow(needed: number): void {
    if (needed > MAX_BYTES) {
      throw new CatalogueError(
        'E_TOO_LARGE',
        `The catalogue's stored documents pass ${MAX_BYTES / 2 ** 30} GiB, the most one catalogue can hold`,
      )
    }
    // Doubling while small, then by a quarter: the last growth wastes at most a fifth (of
    // address space only, for a resizable buffer: pages never written are never committed).
    const factor = this.bytes.length < 64 * 2 ** 20 ? 2 : 1.25
    const capacity = Math.min(MAX_BYTES, Math.ceil(Math.max(needed, this.bytes.length * factor)))
    if (this.arrayBuffer.resizable) {
      this.arrayBuffer.resize(capacity)
    } else {
      const grown = new ArrayBuffer(capacity) as MaybeResizable
      new Uint8Array(grown).set(this.bytes.subarray(0, this.used))
      this.arrayBuffer = grown
    }
    this.bytes = Buffer.from(this.arrayBuffer, 0, capacity)
  }
}

/** An `ArrayBuffer` as ES2024 has it (the project's types are ES2022's). */
interface MaybeResizable extends ArrayBuffer {
  readonly resizable: boolean
  resize(length: number): void
}

const Resizable = ArrayBuffer as unknown as new (
  length: number,
  options: { maxByteLength: number },
) => MaybeResizable

/** A buffer of `length` bytes that can grow in place up to {@link MAX_BYTES}, where it can. */
function growable(length: number): MaybeResizable {
  try {
    return new Resizable(length, { maxByteLength: MAX_BYTES })
  } catch {
    return new ArrayBuffer(length) as MaybeResizable
  }
}

/** Offsets are u32. */
const MAX_BYTES = 2 ** 32 - 1
