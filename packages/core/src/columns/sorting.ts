import type { SortKey } from '../api/parsed-request.js'
import { NO_RANK, NO_YEAR, type SortKeys } from './columns.js'

/** Compares two rows (documents or groups): negative when `a` comes first. */
export type RowComparator = (a: number, b: number) => number

/**
 * The order of rows for a list of sort keys. Multi-valued dates sort ascending by a row's earliest
 * year and descending by its latest (Elasticsearch's min/max sort modes); rows without a value come
 * last either way. Rows equal on every key compare 0: the caller breaks ties (catalogue order).
 */
export function compareBy(keys: SortKeys, sort: readonly SortKey[]): RowComparator {
  const comparators = sort.map((key) => compareOne(keys, key))
  return (a, b) => {
    for (const compare of comparators) {
      const order = compare(a, b)
      if (order !== 0) return order
    }
    return 0
  }
}

function compareOne(keys: SortKeys, { field, descending }: SortKey): RowComparator {
  switch (field) {
    case 'title':
      return descending
        ? (a, b) => keys.titleRank[b]! - keys.titleRank[a]!
        : (a, b) => keys.titleRank[a]! - keys.titleRank[b]!
    case 'start_date':
      return descending ? byValue(keys.startMax, NO_YEAR, -1) : byValue(keys.startMin, NO_YEAR, 1)
    case 'end_date':
      return descending ? byValue(keys.endMax, NO_YEAR, -1) : byValue(keys.endMin, NO_YEAR, 1)
    case 'creator':
      return descending
        ? byValue(keys.creatorMax, NO_RANK, -1)
        : byValue(keys.creatorMin, NO_RANK, 1)
    case 'type':
      return descending
        ? (a, b) => keys.typeRank[b]! - keys.typeRank[a]!
        : (a, b) => keys.typeRank[a]! - keys.typeRank[b]!
  }
}

function byValue(values: Int16Array | Uint32Array, none: number, direction: 1 | -1): RowComparator {
  return (a, b) => {
    const x = values[a]!
    const y = values[b]!
    if (x === y) return 0
    if (x === none) return 1
    if (y === none) return -1
    return x < y ? -direction : direction
  }
}

/** Relevance order: higher score first, ties in catalogue order. */
export function compareByScore(scores: Float32Array | Float64Array): RowComparator {
  return (a, b) => scores[b]! - scores[a]! || a - b
}

/**
 * The first `k` rows in `compare` order, sorted. A bounded heap keeps this O(n log k), so a page
 * of 50 from a million matches never sorts the million.
 */
export function selectTop(rows: ArrayLike<number>, k: number, compare: RowComparator): number[] {
  const n = rows.length
  if (k <= 0 || n === 0) return []
  if (k * 4 >= n) return Array.from(rows).sort(compare).slice(0, k)
  // Max-heap on `compare`: the root is the worst row kept so far.
  const heap: number[] = []
  const worse = (i: number, j: number) => compare(heap[i]!, heap[j]!) > 0
  for (let r = 0; r < n; r++) {
    const row = rows[r]!
    if (heap.length < k) {
      heap.push(row)
      let i = heap.length - 1
      while (i > 0) {
        const parent = (i - 1) >> 1
        if (!worse(i, parent)) break
        ;[heap[i], heap[parent]] = [heap[parent]!, heap[i]!]
        i = parent
      }
    } else if (compare(row, heap[0]!) < 0) {
      heap[0] = row
      let i = 0
      for (;;) {
        const left = 2 * i + 1
        const right = left + 1
        let largest = i
        if (left < heap.length && worse(left, largest)) largest = left
        if (right < heap.length && worse(right, largest)) largest = right
        if (largest === i) break
        ;[heap[i], heap[largest]] = [heap[largest]!, heap[i]!]
        i = largest
      }
    }
  }
  return heap.sort(compare)
}
