import type { ByteStrings } from '../util/byte-strings.js'

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
  let size = 2
  while (size < 2 * uris.length) size *= 2
  const slots = new Uint32Array(size)
  const mask = size - 1
  for (let index = 0; index < uris.length; index++) {
    let slot = hashOf(uris[index]!) & mask
    while (slots[slot] !== 0) slot = (slot + 1) & mask
    slots[slot] = index + 1
  }
  return slots
}

/** FNV-1a over the UTF-16 code units: the same everywhere, so a snapshot's table stays valid. */
function hashOf(uri: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < uri.length; i++) hash = Math.imul(hash ^ uri.charCodeAt(i), 0x01000193)
  return hash >>> 0
}
