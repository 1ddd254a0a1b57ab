/**
 * The datestamps OAI-PMH harvests by: when each document's current content was first seen. A
 * document carries no date of its record's last change (its `dates` are the material's), so
 * the catalogue keeps one: a hash of each document's JSON, and the time that content appeared.
 * A reload carries a document's datestamp over when its content is the same (by uri and hash),
 * and stamps it with the reload's time when it changed or is new; a catalogue loaded afresh
 * stamps everything with its load (a harvester then takes it all again: nothing is missed).
 */
import { createHash } from 'node:crypto'
import type { CatalogueData } from './catalogue-data.js'

/** Documents hashed between two turns of the event loop: a few milliseconds' work. */
const SLICE = 2000

/**
 * A 48-bit hash of each document's JSON text (exact in a float64), in catalogue order; made a
 * slice at a time, the event loop turning between slices, so that a reload beside a serving
 * catalogue (about 7 s a million documents, measured at 100,000) holds no request up.
 */
export async function contentHashes(data: CatalogueData): Promise<Float64Array> {
  const hashes = new Float64Array(data.size)
  for (let index = 0; index < data.size; index++) {
    const digest = createHash('sha1').update(data.documents.text(index)).digest()
    hashes[index] = digest.readUIntBE(0, 6)
    if (index % SLICE === SLICE - 1) await new Promise((resolve) => setImmediate(resolve))
  }
  return hashes
}

/** Every document stamped `seconds`: a catalogue loaded afresh. */
export function freshDatestamps(size: number, seconds: number): Float64Array {
  return new Float64Array(size).fill(seconds)
}

/**
 * The datestamps of a catalogue that replaces another: a document the previous one held with
 * the same content keeps its datestamp, any other gets `seconds`.
 */
export function carriedDatestamps(
  next: { data: CatalogueData; hashes: Float64Array },
  previous: { data: CatalogueData; hashes: Float64Array; stamps: Float64Array },
  seconds: number,
): Float64Array {
  const stamps = new Float64Array(next.data.size)
  for (let index = 0; index < next.data.size; index++) {
    const before = previous.data.uriIndex.get(next.data.uris.get(index))
    stamps[index] =
      before !== undefined && previous.hashes[before] === next.hashes[index]
        ? previous.stamps[before]!
        : seconds
  }
  return stamps
}
