import { ByteStringsBuilder, type StoredStrings } from '../util/byte-strings.js'

/**
 * The distinct parts documents share (a group, an ancestor, an agent…), each stored once as
 * UTF-8 and found again by its bytes. The table that finds them is two typed arrays (a hash and
 * an id per slot, open addressing): a million documents share 1.4 million parts, which as a
 * `Map` from their JSON text took 420 MiB of strings and entries beside the bytes themselves.
 */
export class SharedParts {
  private readonly parts = new ByteStringsBuilder()
  /** Per slot: the id + 1 of the part there (0: empty), and its hash. */
  private slotIds = new Int32Array(1 << 12)
  private slotHashes = new Uint32Array(1 << 12)
  /** A part given as text, encoded (grown as needed). */
  private scratch = Buffer.allocUnsafe(1 << 12)

  /** The id of a part, given as its JSON text: the one it got when first seen, or a new one. */
  idOf(json: string): number {
    if (json.length * 3 > this.scratch.length) this.scratch = Buffer.allocUnsafe(json.length * 6)
    const length = this.scratch.write(json, 0, 'utf8')
    return this.idOfBytes(this.scratch.subarray(0, length))
  }

  /** The id of a part given as its JSON text's UTF-8 bytes (as {@link idOf}). */
  idOfBytes(bytes: Buffer): number {
    const length = bytes.length
    const hash = hashOf(bytes, length)
    const mask = this.slotIds.length - 1
    let slot = hash & mask
    for (;;) {
      const id = this.slotIds[slot]! - 1
      if (id < 0) break
      if (this.slotHashes[slot] === hash && this.parts.equals(id, bytes, length)) return id
      slot = (slot + 1) & mask
    }
    const id = this.parts.addBytes(bytes, length)
    this.slotIds[slot] = id + 1
    this.slotHashes[slot] = hash
    // At most half full: probes stay short.
    if (this.parts.size * 2 > this.slotIds.length) this.grow()
    return id
  }

  /** The parts as stored. The table must not be used afterwards. */
  build(): StoredStrings {
    this.slotIds = new Int32Array(0)
    this.slotHashes = new Uint32Array(0)
    return this.parts.build()
  }

  private grow(): void {
    const ids = this.slotIds
    const hashes = this.slotHashes
    this.slotIds = new Int32Array(ids.length * 2)
    this.slotHashes = new Uint32Array(ids.length * 2)
    const mask = this.slotIds.length - 1
    for (let old = 0; old < ids.length; old++) {
      if (ids[old] === 0) continue
      let slot = hashes[old]! & mask
      while (this.slotIds[slot] !== 0) slot = (slot + 1) & mask
      this.slotIds[slot] = ids[old]!
      this.slotHashes[slot] = hashes[old]!
    }
  }
}

/** FNV-1a over bytes, finished with a multiply-xorshift (the table masks its low bits). */
function hashOf(bytes: Uint8Array, length: number): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < length; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193)
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b)
  return (hash ^ (hash >>> 13)) >>> 0
}
