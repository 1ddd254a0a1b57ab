import type { GrowableArray } from '../store/_growable-array.js'

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

/**
 * Decodes the varints of `bytes[start..end]` into `out` (grown when needed), returning how many.
 * The caller keeps `out` between calls so decoding allocates nothing.
 */
export function readVarints(
  bytes: Uint8Array,
  start: number,
  end: number,
  out: { values: Int32Array },
): number {
  let count = 0
  let at = start
  while (at < end) {
    let value = 0
    let shift = 0
    let byte: number
    do {
      byte = bytes[at++]!
      value |= (byte & 0x7f) << shift
      shift += 7
    } while (byte & 0x80)
    if (count === out.values.length) {
      const grown = new Int32Array(out.values.length * 2)
      grown.set(out.values)
      out.values = grown
    }
    out.values[count++] = value
  }
  return count
}
