import { gallopTo } from '../util/gallop.js'

/**
 * A scored match set: ascending document ids with a score each. Full-text queries are evaluated
 * as set operations on these, so their cost grows with the posting lists, not the catalogue.
 */
export interface Matches {
  readonly ids: Uint32Array
  readonly scores: Float32Array
}

export const NO_MATCHES: Matches = { ids: new Uint32Array(0), scores: new Float32Array(0) }

/** Documents in both; scores add. */
export function intersect(a: Matches, b: Matches): Matches {
  if (a.ids.length > b.ids.length) return intersect(b, a)
  const ids = new Uint32Array(a.ids.length)
  const scores = new Float32Array(a.ids.length)
  let n = 0
  // Gallop through the longer list when it is much longer: cost ~ |a| log |b| instead of |a| + |b|.
  const gallop = b.ids.length > a.ids.length * 16
  let j = 0
  for (let i = 0; i < a.ids.length && j < b.ids.length; i++) {
    const id = a.ids[i]!
    j = gallop ? gallopTo(b.ids, id, j) : scanTo(b.ids, id, j)
    if (j < b.ids.length && b.ids[j] === id) {
      ids[n] = id
      scores[n++] = a.scores[i]! + b.scores[j]!
    }
  }
  return { ids: ids.subarray(0, n), scores: scores.subarray(0, n) }
}

/** Documents in either; scores add. */
export function union(a: Matches, b: Matches): Matches {
  const ids = new Uint32Array(a.ids.length + b.ids.length)
  const scores = new Float32Array(ids.length)
  let i = 0
  let j = 0
  let n = 0
  while (i < a.ids.length || j < b.ids.length) {
    const x = i < a.ids.length ? a.ids[i]! : Number.POSITIVE_INFINITY
    const y = j < b.ids.length ? b.ids[j]! : Number.POSITIVE_INFINITY
    if (x === y) {
      ids[n] = x
      scores[n++] = a.scores[i++]! + b.scores[j++]!
    } else if (x < y) {
      ids[n] = x
      scores[n++] = a.scores[i++]!
    } else {
      ids[n] = y
      scores[n++] = b.scores[j++]!
    }
  }
  return { ids: ids.subarray(0, n), scores: scores.subarray(0, n) }
}

/**
 * Documents in any of many lists; scores add. Many lists are marked in a dense buffer (one pass
 * over their postings, then one over the set's words) instead of merged two at a time, whose
 * cost would grow with the number of lists times the result.
 */
export function unionAll(lists: readonly Matches[], size: number): Matches {
  if (lists.length === 0) return NO_MATCHES
  if (lists.length <= 2) return lists.reduce(union)
  const scores = new Float32Array(size)
  const seen = new Uint32Array((size + 31) >>> 5)
  let count = 0
  for (const list of lists) {
    for (let i = 0; i < list.ids.length; i++) {
      const id = list.ids[i]!
      const bit = 1 << (id & 31)
      if ((seen[id >>> 5]! & bit) === 0) {
        seen[id >>> 5]! |= bit
        count++
      }
      scores[id]! += list.scores[i]!
    }
  }
  const ids = new Uint32Array(count)
  const kept = new Float32Array(count)
  let n = 0
  for (let w = 0; w < seen.length; w++) {
    let word = seen[w]!
    while (word !== 0) {
      const low = word & -word
      const id = (w << 5) + 31 - Math.clz32(low)
      ids[n] = id
      kept[n++] = scores[id]!
      word ^= low
    }
  }
  return { ids, scores: kept }
}

/** Documents of `a` not in `b`; `a`'s scores. */
export function subtract(a: Matches, b: Matches): Matches {
  const ids = new Uint32Array(a.ids.length)
  const scores = new Float32Array(a.ids.length)
  let n = 0
  let j = 0
  for (let i = 0; i < a.ids.length; i++) {
    const id = a.ids[i]!
    j = scanTo(b.ids, id, j)
    if (j < b.ids.length && b.ids[j] === id) continue
    ids[n] = id
    scores[n++] = a.scores[i]!
  }
  return { ids: ids.subarray(0, n), scores: scores.subarray(0, n) }
}

/**
 * Every document id below `size` that is not in `matches`, score 0: `-word` over the whole
 * catalogue, in one pass that steps over the sorted ids instead of merging two lists.
 */
export function complement(matches: Matches, size: number): Matches {
  const excluded = matches.ids
  const ids = new Uint32Array(size - excluded.length)
  let n = 0
  let next = 0
  for (let j = 0; j < excluded.length; j++) {
    const skip = excluded[j]!
    while (next < skip) ids[n++] = next++
    next = skip + 1
  }
  while (next < size) ids[n++] = next++
  return { ids: ids.subarray(0, n), scores: new Float32Array(n) }
}

/** Keeps the documents for which `keep` is true. */
export function filterMatches(
  matches: Matches,
  keep: (id: number, index: number) => boolean,
): Matches {
  const ids = new Uint32Array(matches.ids.length)
  const scores = new Float32Array(matches.ids.length)
  let n = 0
  for (let i = 0; i < matches.ids.length; i++) {
    const id = matches.ids[i]!
    if (!keep(id, i)) continue
    ids[n] = id
    scores[n++] = matches.scores[i]!
  }
  return { ids: ids.subarray(0, n), scores: scores.subarray(0, n) }
}

/**
 * The first index at or after `from` whose id is not below `target`, stepping one id at a time:
 * cheaper than galloping when the lists are of like lengths and the next match is near.
 */
function scanTo(ids: Uint32Array, target: number, from: number): number {
  let j = from
  while (j < ids.length && ids[j]! < target) j++
  return j
}
