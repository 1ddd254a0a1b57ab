/**
 * `/search`'s grouping of every searchable document, derived once per catalogue (and shared by
 * the threads that share it). A search that matches everything but its exclusions (`*`,
 * `-photographs`, no query at all) with no filter reads it instead of visiting each of a
 * catalogue's documents, a million at a time: `*` and no query take it as it is, exclusions
 * subtract only what they exclude.
 */

import { type ArrayMemory, newArray } from '../util/array-memory.js'
import type { Bitset } from '../util/bitset.js'
import type { IdSet } from '../util/sorted-id-set.js'

/** The arrays of {@link UniverseGroups}, as {@link groupUniverse} derives them. */
export interface UniverseGroupArrays {
  /** The groups that hold a searchable document, in the order of their first one. */
  touched: Uint32Array
  /** Each group's searchable documents, and those of them online. */
  hits: Uint32Array
  onlineHits: Uint32Array
  /** Each group's first searchable document. */
  firstDocs: Uint32Array
  /** A score of 0 for every group: `*` and exclusions score nothing. */
  noScores: Float64Array
  /** Each group's searchable documents in catalogue order: `groupDocs[groupStarts[g]…]`. */
  groupStarts: Uint32Array
  groupDocs: Uint32Array
}

/**
 * Groups the searchable documents by their group.
 * @param groupOf each document's group
 * @param groups how many groups
 * @param searchable the documents `/search` finds (agents, collections, objects)
 * @param online the documents online
 * @param memory where the arrays are made
 */
export function groupUniverse(
  groupOf: Uint32Array,
  groups: number,
  searchable: Bitset,
  online: Bitset,
  memory: ArrayMemory,
): UniverseGroupArrays {
  const hits = newArray(Uint32Array, groups, memory)
  const onlineHits = newArray(Uint32Array, groups, memory)
  const touchedList: number[] = []
  searchable.forEachId((id) => {
    const group = groupOf[id]!
    if (hits[group] === 0) touchedList.push(group)
    hits[group]!++
    if (online.has(id)) onlineHits[group]!++
  })
  const touched = newArray(Uint32Array, touchedList.length, memory)
  touched.set(touchedList)
  const groupStarts = newArray(Uint32Array, groups + 1, memory)
  for (let group = 0; group < groups; group++) {
    groupStarts[group + 1] = groupStarts[group]! + hits[group]!
  }
  const groupDocs = newArray(Uint32Array, groupStarts[groups]!, memory)
  const next = groupStarts.slice(0, groups)
  searchable.forEachId((id) => {
    groupDocs[next[groupOf[id]!]!++] = id
  })
  const firstDocs = newArray(Uint32Array, groups, memory)
  for (const group of touched) firstDocs[group] = groupDocs[groupStarts[group]!]!
  const noScores = newArray(Float64Array, groups, memory)
  return { touched, hits, onlineHits, firstDocs, noScores, groupStarts, groupDocs }
}

/** The grouping of every searchable document, read by `/search` (see the module's comment). */
export class UniverseGroups {
  readonly touched: Uint32Array
  readonly hits: Uint32Array
  readonly onlineHits: Uint32Array
  readonly firstDocs: Uint32Array
  readonly noScores: Float64Array
  /** The arrays it reads, to share with another thread. */
  readonly arrays: UniverseGroupArrays

  constructor(arrays: UniverseGroupArrays) {
    this.arrays = arrays
    this.touched = arrays.touched
    this.hits = arrays.hits
    this.onlineHits = arrays.onlineHits
    this.firstDocs = arrays.firstDocs
    this.noScores = arrays.noScores
  }

  /**
   * The first `wanted` groups left once the documents of `excluded` are taken away (`hits`:
   * each group's searchable documents left), in the order of their first document left, which
   * is written in `bestAt` for each: the universe's order, but a group whose first document is
   * excluded moves to its first one left, later. The walk stops once `wanted` groups that did
   * not move are found: a group beyond them cannot come before them, moved or not.
   */
  groupsInOrderBut(
    hits: Uint32Array,
    excluded: IdSet,
    wanted: number,
    bestAt: Uint32Array,
  ): Uint32Array {
    const { touched, firstDocs } = this
    const stayed: number[] = []
    const moved: number[] = []
    for (let i = 0; i < touched.length && stayed.length < wanted; i++) {
      const group = touched[i]!
      if (hits[group] === 0) continue
      const first = firstDocs[group]!
      if (excluded.has(first)) {
        bestAt[group] = this.firstDocBut(group, excluded)
        moved.push(group)
      } else {
        bestAt[group] = first
        stayed.push(group)
      }
    }
    moved.sort((a, b) => bestAt[a]! - bestAt[b]!)
    // The two lists merged, each in order.
    const groups = new Uint32Array(Math.min(wanted, stayed.length + moved.length))
    let s = 0
    let m = 0
    for (let n = 0; n < groups.length; n++) {
      const takeMoved =
        m < moved.length && (s === stayed.length || bestAt[moved[m]!]! < bestAt[stayed[s]!]!)
      groups[n] = takeMoved ? moved[m++]! : stayed[s++]!
    }
    return groups
  }

  /** A group's first searchable document that `excluded` does not hold, or -1. */
  private firstDocBut(group: number, excluded: IdSet): number {
    const { groupStarts, groupDocs } = this.arrays
    const end = groupStarts[group + 1]!
    for (let i = groupStarts[group]!; i < end; i++) {
      const id = groupDocs[i]!
      if (!excluded.has(id)) return id
    }
    return -1
  }
}
