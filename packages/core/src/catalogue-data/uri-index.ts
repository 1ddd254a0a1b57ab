import { type ByteStrings, ByteStringsBuilder, type StoredStrings } from '../util/byte-strings.js'
import { GrowableArray } from '../util/growable-array.js'

/**
 * Each uri's catalogue position, from a hash table the build makes and the snapshot keeps
 * (`uriSlots`): open addressing with linear probing, at least twice as many slots as documents,
 * each slot a document's position plus one (0: empty). A `Map` of the uris, made at each start,
 * was the largest part of a start (about a second at 1M documents, most of it hashing and the
 * garbage collector); this table is read as it is, and a lookup hashes the uri and compares it
 * with the uri of a slot or two, as fast as the `Map`.
 */
export class UriIndex {
  private readonly uris: ByteStrings
  private readonly slots: Uint32Array

  /** @param slots the table {@link uriSlots} made of these uris */
  constructor(uris: ByteStrings, slots: Uint32Array) {
    this.uris = uris
    this.slots = slots
  }

  /** The position of the document with this uri, or undefined. */
  get(uri: string): number | undefined {
    const { uris, slots } = this
    const mask = slots.length - 1
    // Bounded by the table's size, so that even a damaged table cannot loop for ever.
    for (let probe = 0, slot = hashOf(uri) & mask; probe < slots.length; probe++) {
      const entry = slots[slot]!
      if (entry === 0) return undefined
      if (uris.get(entry - 1) === uri) return entry - 1
      slot = (slot + 1) & mask
    }
    return undefined
  }

  /** Whether a document has this uri. */
  has(uri: string): boolean {
    return this.get(uri) !== undefined
  }
}

/** The hash table of {@link UriIndex} over distinct uris: a power of two of slots, at least 2n. */
export function uriSlots(uris: readonly string[]): Uint32Array {
  const table = new UriTableBuilder()
  for (const uri of uris) table.add(uri)
  return table.build().slots
}

/**
 * The uris of a catalogue being built, each given its position in turn, and found again by the
 * same hash table {@link UriIndex} reads: as UTF-8 and two typed arrays, not a string and a map
 * entry each (at 1M documents, about 45 MiB instead of about 150 in the builder's heap). The
 * table always has the size {@link uriSlots} gives the uris so far and, rebuilt in their order
 * when it doubles, the same slots.
 */
export class UriTableBuilder {
  private readonly uris = new ByteStringsBuilder()
  /** Each uri's hash, to rebuild the table and to compare a uri's bytes only on an equal hash. */
  private readonly hashes = new GrowableArray(Uint32Array)
  private slots = new Uint32Array(2)

  get size(): number {
    return this.uris.size
  }

  /** The position of this uri, or undefined. */
  get(uri: string): number | undefined {
    return this.find(uri, hashOf(uri))
  }

  /** The uri at a position. */
  uriAt(index: number): string {
    return this.uris.get(index)
  }

  /** Adds a uri and returns its position; undefined, adding nothing, when it was added before. */
  add(uri: string): number | undefined {
    const hash = hashOf(uri)
    if (this.find(uri, hash) !== undefined) return undefined
    const index = this.uris.add(uri)
    this.hashes.push(hash)
    if (2 * this.uris.size > this.slots.length) {
      this.slots = new Uint32Array(this.slots.length * 2)
      for (let earlier = 0; earlier < index; earlier++) this.place(earlier)
    }
    this.place(index)
    return index
  }

  /** The uris as stored, and their table. The builder must not be used afterwards. */
  build(): { uris: StoredStrings; slots: Uint32Array } {
    return { uris: this.uris.build(), slots: this.slots }
  }

  private find(uri: string, hash: number): number | undefined {
    const { slots } = this
    const mask = slots.length - 1
    for (let slot = hash & mask; slots[slot] !== 0; slot = (slot + 1) & mask) {
      const index = slots[slot]! - 1
      if (this.hashes.get(index) === hash && this.uris.get(index) === uri) return index
    }
    return undefined
  }

  private place(index: number): void {
    const { slots } = this
    const mask = slots.length - 1
    let slot = this.hashes.get(index) & mask
    while (slots[slot] !== 0) slot = (slot + 1) & mask
    slots[slot] = index + 1
  }
}

/** FNV-1a over the UTF-16 code units: the same everywhere, so a snapshot's table stays valid. */
function hashOf(uri: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < uri.length; i++) hash = Math.imul(hash ^ uri.charCodeAt(i), 0x01000193)
  return hash >>> 0
}
