/**
 * The whole catalogue by place (a site's sitemaps): the documents whose catalogue order
 * (`derived.order`, the place the push gave each) falls in a range, every type, with their
 * datestamps. A range is one query of its own, however far into the index it lies: no
 * `search_after` walk from the start, no window.
 */
import { type DocumentType, LISTING_RANGE, type ListedDocument } from '@archive-catalogue/core'
import { type Cluster, searchIndex } from './cluster.js'
import { CATALOGUE_ORDER } from './sort-dsl.js'

/** One past the last place in catalogue order; 0 for an empty index. */
export async function listingSize(cluster: Cluster, signal?: AbortSignal): Promise<number> {
  const body = (await searchIndex(
    cluster,
    { size: 0, track_total_hits: false, aggs: { last: { max: { field: 'derived.order' } } } },
    signal,
  )) as { aggregations?: { last?: { value: number | null } } }
  const last = body.aggregations?.last?.value
  return typeof last === 'number' ? last + 1 : 0
}

/** The documents at places `start` to `end` (excluded), in catalogue order. */
export async function listing(
  cluster: Cluster,
  range: { start: number; end: number },
  signal?: AbortSignal,
): Promise<ListedDocument[]> {
  const start = Math.max(0, Math.floor(range.start))
  const end = Math.min(Math.floor(range.end), start + LISTING_RANGE)
  if (end <= start) return []
  const body = await searchIndex(
    cluster,
    {
      query: { range: { 'derived.order': { gte: start, lt: end } } },
      sort: [CATALOGUE_ORDER],
      size: end - start,
      _source: false,
      docvalue_fields: ['type', 'derived.datestamp'],
      track_total_hits: false,
    },
    signal,
  )
  return body.hits.hits.map((hit) => {
    const fields = hit.fields as Record<string, unknown[] | undefined> | undefined
    const datestamp = fields?.['derived.datestamp']?.[0]
    return {
      uri: hit._id as string,
      type: fields?.type?.[0] as DocumentType,
      datestamp: typeof datestamp === 'number' ? datestamp : 0,
    }
  })
}
