/**
 * `/search`'s grouping of every searchable document, made once per catalogue. A search that
 * matches everything but its exclusions (`*`, `-photographs`, no query at all) with no filter
 * reads it instead of visiting each of a catalogue's documents, a million at a time: `*` and no
 * query take it as it is, exclusions subtract only what they exclude.
 */

import type { CatalogueData } from '../catalogue-data/catalogue-data.js'
import type { Bitset } from '../util/bitset.js'
import { gallopTo } from '../util/gallop.js'

export class UniverseGroups {
  /** The groups that hold a searchable document, in the order of their first one. */
  readonly touched: Uint32Array
  /** Each group's searchable documents, and those of them online. */
  readonly hits: Uint32Array
  readonly onlineHits: Uint32Array
  /** Each group's first searchable document. */
  readonly firstDocs: Uint32Array
  /** A score of 0 for every group: `*` and exclusions score nothing. */
  readonly noScores: Float64Array
  /** Each group's searchable documents in catalogue order: `groupDocs[groupStarts[g]…]`. */
  private readonly groupStarts: Uint32Array
  private readonly groupDocs: Uint32Array

  constructor(data: CatalogueData, searchable: Bitset) {
    const groups = data.groups.length
    const { groupOf } = data
    this.hits = new Uint32Array(groups)
    this.onlineHits = new Uint32Array(groups)
    const touched: number[] = []
    searchable.forEachId((id) => {
      const group = groupOf[id]!
      if (this.hits[group] === 0) touched.push(group)
      this.hits[group]!++
      if (data.online.has(id)) this.onlineHits[group]!++
    })
    this.touched = Uint32Array.from(touched)
    this.groupStarts = new Uint32Array(groups + 1)
    for (let group = 0; group < groups; group++) {
      this.groupStarts[group + 1] = this.groupStarts[group]! + this.hits[group]!
    }
    this.groupDocs = new Uint32Array(this.groupStarts[groups]!)
    const next = this.groupStarts.slice(0, groups)
    searchable.forEachId((id) => {
      this.groupDocs[next[groupOf[id]!]!++] = id
    })
    this.firstDocs = new Uint32Array(groups)
    for (const group of this.touched)
      this.firstDocs[group] = this.groupDocs[this.groupStarts[group]!]!
    this.noScores = new Float64Array(groups)
  }

  /** A group's first searchable document that `excluded` (ascending ids) does not hold, or -1. */
  firstDocBut(group: number, excluded: ArrayLike<number>): number {
    // Both lists ascend: one walk through each, galloping over the excluded ids.
    let at = 0
    for (let i = this.groupStarts[group]!; i < this.groupStarts[group + 1]!; i++) {
      const id = this.groupDocs[i]!
      at = gallopTo(excluded, id, at)
      if (at === excluded.length || excluded[at] !== id) return id
    }
    return -1
  }
}
