/**
 * Grouping for `/search`: matches counted by group (top-level collection or agent) in typed
 * counters that live as long as the catalogue, so a request allocates nothing per group; only
 * the groups a request touched are reset after it.
 */

import type { CatalogueData } from '../catalogue-data/catalogue-data.js'
import type { UniverseGroups } from '../catalogue-data/universe-groups.js'
import type { Matches } from '../text/matches.js'
import { Bitset } from '../util/bitset.js'
import { type IdSet, SortedIdSet } from '../util/sorted-id-set.js'

/** The groups a request touched, and what it counted of each (read only). */
export interface GroupedMatches {
  /** The groups matched, or with `inOrder` the first of them in order. */
  touched: ArrayLike<number>
  /** How many groups matched. */
  count: number
  /**
   * Whether `touched` is in the order of a page with no sort (each group's first document
   * matching, `bestAt`), holding at least the groups up to the page's end.
   */
  inOrder: boolean
  hits: Uint32Array
  onlineHits: Uint32Array
  best: Float64Array
  /**
   * Each touched group's best document: the first in catalogue order with its best score. Equal
   * best scores rank groups by it, as OpenSearch's collapse ranks a group by its top hit.
   */
  bestAt: Uint32Array
  /**
   * Orders the touched groups by their first matching document, the catalogue order of groups:
   * its rank among them, or the document's own position.
   */
  firstSeen: Uint32Array
}

/** The typed counters a request fills and resets. */
type Counters = Omit<GroupedMatches, 'touched' | 'count' | 'inOrder'>

export class GroupCounters {
  private readonly groups: number
  private made: Counters | undefined
  /**
   * The groups a request touched, in the order it touched them: a typed array, as the
   * universe's groups are, so that what pages them is compiled for one kind of array.
   */
  private touchedBuffer: Uint32Array | undefined
  private busy = false

  constructor(groups: number) {
    this.groups = groups
  }

  /** Made when first used: a thread that hands requests to workers never counts. */
  private get counters(): Counters {
    const groups = this.groups
    this.made ??= {
      hits: new Uint32Array(groups),
      onlineHits: new Uint32Array(groups),
      best: new Float64Array(groups),
      bestAt: new Uint32Array(groups),
      firstSeen: new Uint32Array(groups),
    }
    return this.made
  }

  /**
   * Counts the matches allowed by `allowed` (every allowed document when `matches` is null) by
   * group, then hands the counts to `use` and resets them.
   */
  group<T>(
    data: CatalogueData,
    matches: Matches | null,
    allowed: Bitset,
    use: (grouped: GroupedMatches) => T,
  ): T {
    // A reentrant call (never made today) would share the counters: give it its own.
    if (this.busy) return new GroupCounters(data.groups.length).group(data, matches, allowed, use)
    this.busy = true
    const { hits, onlineHits } = this.counters
    this.touchedBuffer ??= new Uint32Array(this.groups)
    const touched = this.touchedBuffer
    // Unknown until the counting ends: if it failed, every counter is reset.
    let count = -1
    // Two tight loops, no callback per document: `*` or no query visits every document. Each
    // is a function of its own, as small as it (see `takeAway`).
    try {
      count = matches
        ? countMatches(matches, allowed.words, data, this.counters, touched)
        : countAllowed(allowed.words, data, this.counters, touched)
      return use({ touched: touched.subarray(0, count), count, inOrder: false, ...this.counters })
    } finally {
      if (count < 0) {
        hits.fill(0)
        onlineHits.fill(0)
      }
      for (let i = 0; i < count; i++) {
        const group = touched[i]!
        hits[group] = 0
        onlineHits[group] = 0
      }
      this.busy = false
    }
  }

  /**
   * The grouping of every searchable document but those `excluded` holds (a query of exclusions
   * only; null for `*` or no query), with no filter, read from the universe's grouping: the work
   * is the excluded documents', not the catalogue's. Nothing scores, so each group's best
   * document is its first matching one, and groups in the order of those are in a page's order
   * when it has no sort.
   * @param firstGroups for a page with no sort, how many groups it reads from the first: only
   *   those are listed, in order (`inOrder`)
   */
  groupAllBut<T>(
    data: CatalogueData,
    universe: UniverseGroups,
    searchable: Bitset,
    excluded: Matches | null,
    use: (grouped: GroupedMatches) => T,
    firstGroups?: number,
  ): T {
    const best = universe.noScores
    if (excluded === null) {
      const { touched, hits, onlineHits, firstDocs } = universe
      return use({
        touched,
        count: touched.length,
        inOrder: firstGroups !== undefined,
        hits,
        onlineHits,
        best,
        bestAt: firstDocs,
        firstSeen: firstDocs,
      })
    }
    if (this.busy) {
      const counters = new GroupCounters(data.groups.length)
      return counters.groupAllBut(data, universe, searchable, excluded, use, firstGroups)
    }
    this.busy = true
    const { hits, onlineHits, bestAt } = this.counters
    const { groupOf } = data
    const ids = excluded.ids
    try {
      hits.set(universe.hits)
      onlineHits.set(universe.onlineHits)
      const emptied = takeAway(ids, groupOf, searchable.words, data.online.words, hits, onlineHits)
      const count = universe.touched.length - emptied
      // A group's first document left is found only for the groups listed: those of the page,
      // or every group left for a sorted page (whose ties go by it).
      const wanted = firstGroups ?? count
      const lookups = firstGroups === undefined ? count : 4 * firstGroups + 64
      const excludedSet = excludedLookup(ids, data.size, lookups)
      const touched = universe.groupsInOrderBut(hits, excludedSet, wanted, bestAt)
      return use({
        touched,
        count,
        inOrder: firstGroups !== undefined,
        hits,
        onlineHits,
        best,
        bestAt,
        firstSeen: bestAt,
      })
    } finally {
      hits.fill(0)
      onlineHits.fill(0)
      this.busy = false
    }
  }
}

/**
 * The excluded ids as a set to look `lookups` documents up in (a guess: a page's groups and
 * those emptied or moved on the way): the ids themselves, searched, for a few lookups; a bitset
 * of the catalogue's size, filled with them, for many. A new bitset is 125 KB at 1M, and making
 * one cost about 2 of the 3.5 ms of `-photographs` (a page of 50, 75,967 excluded).
 */
export function excludedLookup(ids: Uint32Array, size: number, lookups: number): IdSet {
  // Each cost in steps: a search is log2 of the ids; a bitset, a word to clear per 32
  // documents and a bit to set per id.
  if (lookups * Math.log2(ids.length + 1) <= size / 32 + ids.length) return new SortedIdSet(ids)
  const bitset = new Bitset(size)
  bitset.addAll(ids)
  return bitset
}

/**
 * Takes the searchable documents of `ids` away from their groups' counts of hits and of online
 * hits; how many groups it empties. A group's documents mostly stand together, so a run of ids
 * of one group is counted in locals and taken from its counters once. A function of its own, as
 * small as its loop: V8 optimizes it on a request's first tens of thousands of ids, where inside
 * the method the loop ran unoptimized for a reader's first four exclusions (10 to 22 ms each at
 * 1M, against 2).
 */
function takeAway(
  ids: Uint32Array,
  groupOf: Uint32Array,
  searchableWords: Uint32Array,
  onlineWords: Uint32Array,
  hits: Uint32Array,
  onlineHits: Uint32Array,
): number {
  let emptied = 0
  let group = -1
  let taken = 0
  let takenOnline = 0
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!
    const bit = 1 << (id & 31)
    if ((searchableWords[id >>> 5]! & bit) === 0) continue
    const own = groupOf[id]!
    if (own !== group) {
      // The run of the group before ends: its counts go down by what it held.
      if (group !== -1) {
        hits[group]! -= taken
        if (hits[group] === 0) emptied++
        onlineHits[group]! -= takenOnline
      }
      group = own
      taken = 0
      takenOnline = 0
    }
    taken++
    if ((onlineWords[id >>> 5]! & bit) !== 0) takenOnline++
  }
  if (group !== -1) {
    hits[group]! -= taken
    if (hits[group] === 0) emptied++
    onlineHits[group]! -= takenOnline
  }
  return emptied
}

/** Counts the matches of the allowed documents by group; how many groups it touched. */
function countMatches(
  matches: Matches,
  allowedWords: Uint32Array,
  data: CatalogueData,
  counters: Counters,
  touched: Uint32Array,
): number {
  const { hits, onlineHits, best, bestAt, firstSeen } = counters
  const { ids, scores } = matches
  const onlineWords = data.online.words
  const groupOf = data.groupOf
  let count = 0
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!
    const bit = 1 << (id & 31)
    if ((allowedWords[id >>> 5]! & bit) === 0) continue
    const group = groupOf[id]!
    const score = scores[i]!
    if (hits[group] === 0) {
      firstSeen[group] = count
      touched[count++] = group
      best[group] = score
      bestAt[group] = id
    } else if (score > best[group]!) {
      best[group] = score
      bestAt[group] = id
    }
    hits[group]!++
    if ((onlineWords[id >>> 5]! & bit) !== 0) onlineHits[group]!++
  }
  return count
}

/** Counts every allowed document by group, score 0; how many groups it touched. */
function countAllowed(
  allowedWords: Uint32Array,
  data: CatalogueData,
  counters: Counters,
  touched: Uint32Array,
): number {
  const { hits, onlineHits, best, firstSeen } = counters
  const onlineWords = data.online.words
  const groupOf = data.groupOf
  let count = 0
  // The online bits are read a word at a time.
  for (let w = 0; w < allowedWords.length; w++) {
    let word = allowedWords[w]!
    const onlineWord = onlineWords[w]!
    while (word !== 0) {
      const low = word & -word
      const group = groupOf[(w << 5) + 31 - Math.clz32(low)]!
      if (hits[group] === 0) {
        firstSeen[group] = count
        touched[count++] = group
        best[group] = 0
      }
      hits[group]!++
      if ((onlineWord & low) !== 0) onlineHits[group]!++
      word ^= low
    }
  }
  return count
}
