/**
 * A catalogue shared between worker threads: its typed arrays (the postings, the columns, the
 * documents' bytes, the uris and titles, nineteen twentieths of its memory) and the arrays
 * derived from them (`DerivedArrays`: the columns' inverted lists, the tree's numbering, the
 * titles' lengths, the searchable documents' groups) in `SharedArrayBuffer`s
 * that every thread reads without a copy, and the rest (short lists of strings, options) copied
 * to each thread when it is sent. Each thread makes its own readers over the shared arrays.
 */
import { Catalogue, type CatalogueOptions } from './catalogue.js'
import {
  type DerivedArrays,
  deriveCatalogue,
  derivedArrays,
  type StoredCatalogue,
} from './catalogue-data/catalogue-data.js'

/**
 * What a thread needs to answer as a catalogue does: its stored parts (typed arrays shared), its
 * options and its datestamps. Made by {@link shareCatalogue}, sent with `postMessage`, opened by
 * {@link openSharedCatalogue}.
 */
export interface SharedCatalogue {
  stored: StoredCatalogue
  /** What the thread that shared it derived from `stored`: the other threads make none. */
  derived: DerivedArrays
  options: CatalogueOptions
  /** Each document's datestamp (seconds), shared: a harvest reads the same on every thread. */
  datestamps: Float64Array
}

/**
 * The catalogue's parts with every typed array in shared memory: an array already there is kept,
 * any other copied once (a build's, or a snapshot's read without `sharedMemory`). The lists are
 * kept as they are. The catalogue takes the shared copy of its datestamps (the same values), so
 * that it holds them once.
 */
export function shareCatalogue(catalogue: Catalogue): SharedCatalogue {
  const datestamps = shared(catalogue.datestampArray())
  catalogue.adoptDatestamps(datestamps)
  return {
    stored: sharedParts(catalogue.data.stored) as StoredCatalogue,
    derived: sharedParts(derivedArrays(catalogue.data)) as DerivedArrays,
    options: catalogue.options,
    datestamps,
  }
}

/**
 * Whether every typed array the catalogue stores or derives is in shared memory already (a
 * catalogue opened by {@link openSharedCatalogue}, or a snapshot read with `sharedMemory`):
 * sharing it copies nothing, and it answers as well as a copy made over its parts would.
 */
export function isShared(catalogue: Catalogue): boolean {
  return everyArrayShared(catalogue.data.stored) && everyArrayShared(derivedArrays(catalogue.data))
}

function everyArrayShared(part: unknown): boolean {
  if (ArrayBuffer.isView(part)) return part.buffer instanceof SharedArrayBuffer
  if (part === null || typeof part !== 'object' || Array.isArray(part)) return true
  return Object.values(part).every(everyArrayShared)
}

/**
 * The catalogue over shared parts, answering exactly as the one they were shared from: the same
 * parts, derived arrays, options and datestamps; its own readers over them (maps, sets, the
 * text index).
 * @param cacheShare the share of the engine's caches this copy keeps (`Catalogue.shareCaches`):
 *   1/N for each of N threads answering
 */
export function openSharedCatalogue(shared: SharedCatalogue, cacheShare = 1): Catalogue {
  const catalogue = new Catalogue(deriveCatalogue(shared.stored, shared.derived), shared.options)
  catalogue.adoptDatestamps(shared.datestamps)
  catalogue.shareCaches(cacheShare)
  return catalogue
}

type TypedArray = Uint8Array | Int16Array | Uint32Array | Int32Array | Float32Array | Float64Array

/** A part as it is, its typed arrays (at any depth) in shared memory. */
function sharedParts(part: unknown): unknown {
  if (ArrayBuffer.isView(part)) return shared(part as TypedArray)
  if (part === null || typeof part !== 'object' || Array.isArray(part)) return part
  return Object.fromEntries(Object.entries(part).map(([key, value]) => [key, sharedParts(value)]))
}

/** The array itself when it is in shared memory already, else a copy there. */
function shared<T extends TypedArray>(array: T): T {
  if (array.buffer instanceof SharedArrayBuffer) return array
  const Type = array.constructor as new (buffer: SharedArrayBuffer) => T
  const copy = new Type(new SharedArrayBuffer(array.byteLength))
  copy.set(array as never)
  return copy
}
