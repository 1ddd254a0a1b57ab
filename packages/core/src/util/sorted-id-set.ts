/**
 * Membership in a list of ascending document ids, by binary search: for a few lookups in a long
 * list, cheaper than filling a bitset of the whole catalogue with it (a page of an exclusion
 * looks up a few hundred groups' first documents among some 76,000 excluded at 1M).
 */
export class SortedIdSet {
  constructor(private readonly ids: Uint32Array) {}

  has(id: number): boolean {
    const { ids } = this
    let low = 0
    let high = ids.length
    while (low < high) {
      const mid = (low + high) >>> 1
      if (ids[mid]! < id) low = mid + 1
      else high = mid
    }
    return low < ids.length && ids[low] === id
  }
}

/** What a set of document ids answers: whether it holds one. */
export interface IdSet {
  has(id: number): boolean
}
