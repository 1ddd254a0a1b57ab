/**
 * `/facets`' date histogram on OpenSearch (`date_histogram=true`): the buckets the core's
 * contract plans from `min_date`, `max_date` and the request's year filters
 * (`histogramPlan`), each counted by a `filters` aggregation as the core counts it in memory
 * (`endpoints/date-histogram-counts.ts`): a document is in `[from, to]` when some begin year is
 * ≤ `to` and some end year ≥ `from`, which is two `range` clauses on the derived year fields, the
 * same two that `start_date__lte=to&end_date__gte=from` make. A `filters` aggregation counts every
 * matching document on every shard: exact, not approximate. (A `histogram` aggregation would
 * put a document in the bucket of each of its years, not of each year its span covers.)
 */
import type { DateHistogram, FacetsResponse, ParsedRequest } from '@archive-catalogue/core'
import { dateHistogram, histogramPlan } from '@archive-catalogue/core/backend'
import { type Cluster, type Dsl, searchIndex } from './cluster.js'

/** The histogram of the documents `query` matches, in the plan of the answer's years. */
export async function histogramOf(
  cluster: Cluster,
  request: ParsedRequest,
  query: Dsl,
  facets: FacetsResponse,
  signal?: AbortSignal,
): Promise<DateHistogram> {
  const plan = histogramPlan(request, facets.min_date.value, facets.max_date.value)
  if (plan.buckets.length === 0) return dateHistogram(plan, [])
  const body = await searchIndex(
    cluster,
    {
      // Counted, not scored: the query as a filter.
      query: { bool: { filter: [query] } },
      size: 0,
      track_total_hits: false,
      aggs: {
        buckets: {
          filters: {
            filters: plan.buckets.map(({ from, to }) => ({
              bool: {
                filter: [
                  { range: { 'derived.begin_years': { lte: to } } },
                  { range: { 'derived.end_years': { gte: from } } },
                ],
              },
            })),
          },
        },
      },
    },
    signal,
    { filterPath: ['aggregations.buckets.buckets.doc_count'] },
  )
  const { buckets } = (body.aggregations?.['buckets'] ?? { buckets: [] }) as {
    buckets: { doc_count: number }[]
  }
  return dateHistogram(
    plan,
    buckets.map((bucket) => bucket.doc_count),
  )
}
