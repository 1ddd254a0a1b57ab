import type { Bitset } from './_bitset.js'
import { type CatalogueData, NO_YEAR } from './_catalogue-data.js'
import type { ValueColumn } from './_value-column.js'
import type { FacetBucket, FacetsResponse } from './response-schemas.js'

/** Bucket limits of the reference service's aggregations. */
const LIMITS = { creator: 100, subject: 100, format: 10 }

/**
 * Counts the facets of a match set in one scan: each document's value ids index typed counters;
 * buckets are then read off the counters (doc_count descending, key ascending).
 */
export function countFacets(data: CatalogueData, matches: Bitset): FacetsResponse {
  const { formats, subject, creator } = data.columns
  const onlineSet = data.online
  const formatCounts = new Uint32Array(formats.keys.length)
  const subjectCounts = new Uint32Array(subject.keys.length)
  const creatorCounts = new Uint32Array(creator.keys.length)
  let onlineCount = 0
  let minYear = Number.POSITIVE_INFINITY
  let maxYear = Number.NEGATIVE_INFINITY
  const { startMin, endMax } = data.keys
  matches.forEachId((id) => {
    count(formats, id, formatCounts)
    count(subject, id, subjectCounts)
    count(creator, id, creatorCounts)
    if (onlineSet.has(id)) onlineCount++
    const begin = startMin[id]!
    if (begin !== NO_YEAR && begin < minYear) minYear = begin
    const end = endMax[id]!
    if (end !== NO_YEAR && end > maxYear) maxYear = end
  })
  return {
    max_date: { value: Number.isFinite(maxYear) ? maxYear : null },
    creator: buckets(creator, creatorCounts, LIMITS.creator),
    min_date: { value: Number.isFinite(minYear) ? minYear : null },
    subject: buckets(subject, subjectCounts, LIMITS.subject),
    format: buckets(formats, formatCounts, LIMITS.format),
    online: { doc_count: onlineCount },
  }
}

function count(column: ValueColumn, id: number, counts: Uint32Array): void {
  const { valueOffsets, valueIds } = column
  for (let i = valueOffsets[id]!; i < valueOffsets[id + 1]!; i++) counts[valueIds[i]!]!++
}

function buckets(column: ValueColumn, counts: Uint32Array, limit: number): FacetBucket[] {
  const ids: number[] = []
  for (let id = 0; id < counts.length; id++) if (counts[id]! > 0) ids.push(id)
  const rank = column.keyRank
  ids.sort((a, b) => counts[b]! - counts[a]! || rank[a]! - rank[b]!)
  return ids.slice(0, limit).map((id) => ({ key: String(column.keys[id]), doc_count: counts[id]! }))
}
