import { type ArrayMemory, newArray } from '../util/array-memory.js'
import { Bitset } from '../util/bitset.js'
import { compareCodeUnits } from '../util/code-unit-order.js'
import { GrowableArray } from '../util/growable-array.js'

/** A column as stored: its distinct keys and each document's key ids. */
export interface StoredColumn<K extends ColumnKey = ColumnKey> {
  keys: K[]
  valueOffsets: Uint32Array
  valueIds: Uint32Array
}

/** A key of a column: a string (a subject, a format) or a year. */
export type ColumnKey = string | number

/** What a {@link ValueColumn} derives from its stored parts (see its fields of these names). */
export interface InvertedColumn {
  docOffsets: Uint32Array
  docIds: Uint32Array
  keyRank: Uint32Array
}

/**
 * Each value's sorted document ids, and the keys' ranks, from a column's stored parts.
 * @param memory where the arrays are made
 */
export function invertColumn(
  keys: readonly ColumnKey[],
  valueOffsets: Uint32Array,
  valueIds: Uint32Array,
  memory: ArrayMemory = 'own',
): InvertedColumn {
  const documentCount = valueOffsets.length - 1
  // Inverted lists by counting sort: documents are visited in ascending order, so each list is sorted.
  const docOffsets = newArray(Uint32Array, keys.length + 1, memory)
  for (const id of valueIds) docOffsets[id + 1]!++
  for (let v = 0; v < keys.length; v++) docOffsets[v + 1]! += docOffsets[v]!
  const cursor = docOffsets.slice(0, keys.length)
  const docIds = newArray(Uint32Array, valueIds.length, memory)
  for (let d = 0; d < documentCount; d++) {
    for (let i = valueOffsets[d]!; i < valueOffsets[d + 1]!; i++)
      docIds[cursor[valueIds[i]!]!++] = d
  }
  const order = keys.map((_, id) => id).sort((a, b) => compareKeys(keys[a]!, keys[b]!))
  const keyRank = newArray(Uint32Array, keys.length, memory)
  order.forEach((id, rank) => {
    keyRank[id] = rank
  })
  return { docOffsets, docIds, keyRank }
}

/**
 * A column of at most this many values keeps a set of documents for each value asked for
 * ({@link ValueColumn.documentSet}, an eighth of a byte a document): its facets are counted and
 * its filters of one value tested by those sets.
 */
export const FEW_VALUES = 32

/**
 * One filterable field as columns: a dictionary of its distinct values, each document's value
 * ids (forward, for facets and sort keys) and each value's sorted document ids (inverted, so a
 * filter costs what its matches cost). Built once; never changed.
 */
export class ValueColumn<K extends ColumnKey = ColumnKey> {
  /** The distinct values, indexed by value id. */
  readonly keys: K[]
  /** Document `d` has the value ids `valueIds[valueOffsets[d] .. valueOffsets[d + 1]]`. */
  readonly valueOffsets: Uint32Array
  readonly valueIds: Uint32Array
  /** Value `v` is held by the ascending document ids `docIds[docOffsets[v] .. docOffsets[v + 1]]`. */
  readonly docOffsets: Uint32Array
  readonly docIds: Uint32Array
  /** The rank of each value id when the keys are in ascending order (codepoint or numeric). */
  readonly keyRank: Uint32Array
  private readonly idOf: Map<K, number>
  /** Made on first use: see {@link documentSet} and {@link holders}. */
  private readonly sets: Bitset[] = []
  private holderSet: Bitset | undefined
  private holding: number | undefined

  /**
   * @param inverted the lists {@link invertColumn} makes of these values, when another thread
   *   made them already (they are shared with the stored parts)
   */
  constructor(
    keys: K[],
    valueOffsets: Uint32Array,
    valueIds: Uint32Array,
    inverted: InvertedColumn = invertColumn(keys, valueOffsets, valueIds),
  ) {
    this.keys = keys
    this.valueOffsets = valueOffsets
    this.valueIds = valueIds
    this.idOf = new Map(keys.map((key, id) => [key, id]))
    this.docOffsets = inverted.docOffsets
    this.docIds = inverted.docIds
    this.keyRank = inverted.keyRank
  }

  /** What the column derives from its stored parts: {@link invertColumn}'s lists. */
  get inverted(): InvertedColumn {
    return { docOffsets: this.docOffsets, docIds: this.docIds, keyRank: this.keyRank }
  }

  /** The value id of a key, or undefined when no document has it. */
  idOfKey(key: K): number | undefined {
    return this.idOf.get(key)
  }

  /** Number of documents that hold value `id`. */
  documentCount(id: number): number {
    return this.docOffsets[id + 1]! - this.docOffsets[id]!
  }

  /**
   * The documents holding value `id`, as a set made on first use and kept (an eighth of a byte
   * per document): for a column of few values, whose facet counts are then popcounts and whose
   * filters of one value a look into it (a server's warm-up asks for the largest values' sets,
   * 1 to 5 ms each at a million documents).
   */
  documentSet(id: number): Bitset {
    let set = this.sets[id]
    if (!set) {
      set = new Bitset(this.valueOffsets.length - 1)
      set.addAll(this.docIds, this.docOffsets[id]!, this.docOffsets[id + 1]!)
      this.sets[id] = set
    }
    return set
  }

  /** The documents holding any value, as a set made on first use and kept. */
  holders(): Bitset {
    if (!this.holderSet) {
      const size = this.valueOffsets.length - 1
      const set = new Bitset(size)
      for (let d = 0; d < size; d++)
        if (this.valueOffsets[d + 1]! > this.valueOffsets[d]!) set.add(d)
      this.holderSet = set
    }
    return this.holderSet
  }

  /** The number of documents holding any value (counted on first use). */
  holderCount(): number {
    this.holding ??= this.holders().count()
    return this.holding
  }

  /** Adds to `set` every document holding one of the value ids. */
  addDocuments(ids: Iterable<number>, set: Bitset): void {
    for (const id of ids) set.addAll(this.docIds, this.docOffsets[id]!, this.docOffsets[id + 1]!)
  }

  /** The value ids whose keys satisfy `test`. */
  idsWhere(test: (key: K) => boolean): number[] {
    const ids: number[] = []
    this.keys.forEach((key, id) => {
      if (test(key)) ids.push(id)
    })
    return ids
  }
}

/** Ascending order of keys: numbers numerically, strings by UTF-16 code units (like ES keywords). */
export function compareKeys(a: ColumnKey, b: ColumnKey): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return compareCodeUnits(a, b)
}

/** Collects each document's keys, in document order, then builds a {@link ValueColumn}. */
export class ValueColumnBuilder<K extends ColumnKey = ColumnKey> {
  private readonly keys: K[] = []
  private readonly idOf = new Map<K, number>()
  private readonly offsets = new GrowableArray(Uint32Array)
  private readonly ids = new GrowableArray(Uint32Array)

  constructor() {
    this.offsets.push(0)
  }

  /** Records the keys of the next document (duplicates are kept once). */
  push(keys: Iterable<K>): void {
    const start = this.ids.length
    for (const key of keys) {
      let id = this.idOf.get(key)
      if (id === undefined) {
        id = this.keys.length
        this.keys.push(key)
        this.idOf.set(key, id)
      }
      if (!this.holds(start, id)) this.ids.push(id)
    }
    this.offsets.push(this.ids.length)
  }

  /** The stored column (a {@link ValueColumn} is derived from it). The builder is left empty. */
  build(): StoredColumn<K> {
    this.idOf.clear()
    return { keys: this.keys, valueOffsets: this.offsets.take(), valueIds: this.ids.take() }
  }

  /** Whether the current document already has a value id (its ids start at `start`). */
  private holds(start: number, id: number): boolean {
    for (let i = start; i < this.ids.length; i++) if (this.ids.get(i) === id) return true
    return false
  }
}
