import type { FacetBucket, FacetsResponse } from '../api/response-schemas.js'
import type { CatalogueData } from '../catalogue-data/catalogue-data.js'
import type { ValueColumn } from '../columns/value-column.js'
import { valueCounts } from '../columns/value-counts.js'
import type { Bitset } from '../util/bitset.js'
import { matchYears } from './date-histogram-counts.js'

/** Bucket limits of the reference service's aggregations, and of our `level` and `type` facets. */
const LIMITS = { creator: 100, subject: 100, format: 10, level: 100, type: 10 }

/** What {@link countFacets} adds to the reference's facets. */
export interface FacetOptIns {
  /** The `level` facet (`level_facet=true`). */
  level?: boolean
  /** The `type` facet (`type_facet=true`). */
  type?: boolean
}

/**
 * Counts the facets of a match set (each column the cheapest way its sizes allow:
 * `columns/value-counts.ts`); buckets are read off the counters (doc_count descending, key
 * ascending). The `level` and `type` facets are counted when asked.
 * @param years the matches' earliest begin year and latest end year, when read already (a date
 *   histogram's pass over the matches reads them)
 */
export function countFacets(
  data: CatalogueData,
  matches: Bitset,
  optIns: FacetOptIns = {},
  years?: [number | null, number | null],
): FacetsResponse {
  const { formats, subject, creator, level, type, start_date, end_date } = data.columns
  const matchCount = matches.count()
  const dense = matchCount > data.size / 2
  const counts = (column: ValueColumn) => valueCounts(column, matches, matchCount)
  const [minYear, maxYear] =
    years ??
    (dense
      ? [firstYear(start_date, matches, 1), firstYear(end_date, matches, -1)]
      : // Fewer than half match: the pass over them gives the range.
        matchYears(data, matches).range!)
  const answer: FacetsResponse = {
    max_date: { value: maxYear },
    creator: buckets(creator, counts(creator), LIMITS.creator),
    min_date: { value: minYear },
    subject: buckets(subject, counts(subject), LIMITS.subject),
    format: buckets(formats, counts(formats), LIMITS.format),
    online: { doc_count: data.online.countAnd(matches) },
  }
  if (optIns.level) {
    const levelCounts = counts(level)
    // An empty level is no level: its bucket could not be followed (`level=` is no filter).
    const empty = level.idOfKey('')
    if (empty !== undefined) levelCounts[empty] = 0
    answer.level = buckets(level, levelCounts, LIMITS.level)
  }
  if (optIns.type) answer.type = buckets(type, counts(type), LIMITS.type)
  return answer
}

/**
 * The first year (ascending for `1`, descending for `-1`) held by a match, read from the
 * column's lists of documents by year: quick when most documents match.
 */
function firstYear(column: ValueColumn<number>, matches: Bitset, direction: 1 | -1): number | null {
  const byRank = new Uint32Array(column.keys.length)
  column.keyRank.forEach((rank, id) => {
    byRank[rank] = id
  })
  for (let r = 0; r < byRank.length; r++) {
    const id = byRank[direction === 1 ? r : byRank.length - 1 - r]!
    for (let i = column.docOffsets[id]!; i < column.docOffsets[id + 1]!; i++) {
      if (matches.has(column.docIds[i]!)) return column.keys[id]!
    }
  }
  return null
}

function buckets(column: ValueColumn, counts: Int32Array, limit: number): FacetBucket[] {
  let ids: number[] = []
  for (let id = 0; id < counts.length; id++) if (counts[id]! > 0) ids.push(id)
  if (ids.length > limit) {
    // Only the values with at least the limit-th largest count are sorted: a typed array's own
    // sort finds that count in a fraction of what sorting thousands of values by two keys costs.
    const sorted = Int32Array.from(ids, (id) => counts[id]!).sort()
    const least = sorted[sorted.length - limit]!
    ids = ids.filter((id) => counts[id]! >= least)
  }
  const rank = column.keyRank
  ids.sort((a, b) => counts[b]! - counts[a]! || rank[a]! - rank[b]!)
  return ids.slice(0, limit).map((id) => ({ key: String(column.keys[id]), doc_count: counts[id]! }))
}
