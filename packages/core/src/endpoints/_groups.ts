/**
 * Grouping for `/search`: matches counted by group (top-level collection or agent) in typed
 * counters that live as long as the catalogue, so a request allocates nothing per group; only
 * the groups a request touched are reset after it.
 */
import type { Bitset } from '../_bitset.js'
import type { CatalogueData } from '../_catalogue-data.js'
import type { Matches } from '../_matches.js'

/** The groups a request touched, in the order of their first matching document. */
export interface GroupedMatches {
  touched: number[]
  hits: Uint32Array
  onlineHits: Uint32Array
  best: Float64Array
  /** Each touched group's rank in `touched`: the catalogue order of groups. */
  firstSeen: Uint32Array
}

export class GroupCounters {
  private readonly counters: Omit<GroupedMatches, 'touched'>
  private busy = false

  constructor(groups: number) {
    this.counters = {
      hits: new Uint32Array(groups),
      onlineHits: new Uint32Array(groups),
      best: new Float64Array(groups),
      firstSeen: new Uint32Array(groups),
    }
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
    const { hits, onlineHits, best, firstSeen } = this.counters
    const touched: number[] = []
    const onlineWords = data.online.words
    const allowedWords = allowed.words
    const groupOf = data.groupOf
    const visit = (id: number, score: number) => {
      const group = groupOf[id]!
      if (hits[group] === 0) {
        firstSeen[group] = touched.length
        touched.push(group)
        best[group] = score
      } else if (score > best[group]!) best[group] = score
      hits[group]!++
      if ((onlineWords[id >>> 5]! & (1 << (id & 31))) !== 0) onlineHits[group]!++
    }
    try {
      if (matches) {
        const { ids, scores } = matches
        for (let i = 0; i < ids.length; i++) {
          const id = ids[i]!
          if ((allowedWords[id >>> 5]! & (1 << (id & 31))) !== 0) visit(id, scores[i]!)
        }
      } else {
        allowed.forEachId((id) => visit(id, 0))
      }
      return use({ touched, ...this.counters })
    } finally {
      for (const group of touched) {
        hits[group] = 0
        onlineHits[group] = 0
      }
      this.busy = false
    }
  }
}
