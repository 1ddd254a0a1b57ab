import type { GrowableArray } from './growable-array.js'

/**
 * Unsigned LEB128: 7 bits per byte, low bits first, the high bit set on every byte but the last.
 * Token sequences use it because most tokens are frequent words with small form ids (one byte).
 */
export function writeVarint(out: GrowableArray<Uint8Array>, value: number): void {
  let rest = value
  while (rest >= 0x80) {
    out.push((rest & 0x7f) | 0x80)
    rest >>>= 7
  }
  out.push(rest)
}

/** A position in a byte array that {@link readVarint} moves past each value it reads. */
export interface VarintCursor {
  at: number
}

/**
 * Reads the varint at `cursor.at` and moves the cursor past it. The caller keeps one cursor, so
 * reading a document's tokens allocates nothing, and can stop at any token.
 */
export function readVarint(bytes: Uint8Array, cursor: VarintCursor): number {
  let value = 0
  let shift = 0
  let byte: number
  do {
    byte = bytes[cursor.at++]!
    value |= (byte & 0x7f) << shift
    shift += 7
  } while (byte & 0x80)
  return value
}
