import { gallopTo } from './gallop.js'

/**
 * Membership in a list of ascending document ids, searched ({@link gallopTo}): for a few lookups in a long
 * list, cheaper than filling a bitset of the whole catalogue with it (a page of an exclusion
 * looks up a few hundred groups' first documents among some 76,000 excluded at 1M).
 */
export class SortedIdSet {
  constructor(private readonly ids: Uint32Array) {}

  has(id: number): boolean {
    const at = gallopTo(this.ids, id, 0)
    return at < this.ids.length && this.ids[at] === id
  }
}

/** What a set of document ids answers: whether it holds one. */
export interface IdSet {
  has(id: number): boolean
}
