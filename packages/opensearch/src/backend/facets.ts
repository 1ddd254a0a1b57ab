/**
 * `GET /facets` (API.md §5): counts over every document matching the query and filters, as
 * aggregations with the core's limits and order (`endpoints/facet-counts.ts`): buckets by number of
 * documents, then by value; subjects and creators are nested, so their buckets count
 * documents (`reverse_nested`), not references. The buckets are exact on any number of shards
 * (`exact-terms.ts`). With `level_facet=true`, the collections and objects by `level` (one more
 * terms aggregation, in the same search, as exact); with `type_facet=true`, every matching
 * document by `type` (one more). With `date_histogram=true`, the date
 * histogram too (`date-histogram.ts`), after the rest, whose `min_date` and `max_date` decide its
 * buckets.
 */
import type {
  FacetBucket,
  FacetsResponse,
  ParsedRequest,
  TextLanguage,
} from '@archive-catalogue/core'
import type { Cluster } from './cluster.js'
import { histogramOf } from './date-histogram.js'
import { exactTermsSearch } from './exact-terms.js'
import { requestQuery } from './filters-dsl.js'

/** Bucket limits of the reference service's aggregations, and of our `level` and `type` facets. */
const LIMITS = { creator: 100, subject: 100, format: 10, level: 100, type: 10 }

/**
 * The `level` facet as the core counts it (`endpoints/facet-counts.ts`): collections and objects
 * only (the core's column holds no other type's level), an empty level in no bucket.
 */
const LEVEL_AGGREGATION = {
  filter: { terms: { type: ['collection', 'object'] } },
  aggs: {
    values: {
      terms: {
        field: 'level',
        size: LIMITS.level,
        order: [{ _count: 'desc' }, { _key: 'asc' }],
        exclude: [''],
      },
    },
  },
}

/** The `type` facet as the core counts it: every matching document, by its type. */
const TYPE_AGGREGATION = {
  terms: { field: 'type', size: LIMITS.type, order: [{ _count: 'desc' }, { _key: 'asc' }] },
}

/** A nested field's values, each counted once per document holding it. */
function nestedTerms(path: string, field: string, size: number) {
  return {
    nested: { path },
    aggs: {
      values: {
        terms: { field, size, order: [{ documents: 'desc' }, { _key: 'asc' }] },
        aggs: { documents: { reverse_nested: {} } },
      },
    },
  }
}

interface Buckets {
  buckets: { key: string | number; doc_count: number; documents?: { doc_count: number } }[]
}

export async function facets(
  cluster: Cluster,
  language: TextLanguage,
  request: ParsedRequest,
  signal?: AbortSignal,
): Promise<FacetsResponse> {
  const query = requestQuery(request, language, [])
  const body = await exactTermsSearch(
    cluster,
    {
      query,
      size: 0,
      track_total_hits: false,
      aggs: {
        format: {
          terms: {
            field: 'formats',
            size: LIMITS.format,
            order: [{ _count: 'desc' }, { _key: 'asc' }],
          },
        },
        subject: nestedTerms('terms', 'terms.title.keyword', LIMITS.subject),
        creator: nestedTerms('creators', 'creators.title', LIMITS.creator),
        min_date: { min: { field: 'derived.begin_years' } },
        max_date: { max: { field: 'derived.end_years' } },
        online: { filter: { term: { online: true } } },
        // Opt-in: the reference's search has no such aggregation.
        ...(request.levelFacet ? { level: structuredClone(LEVEL_AGGREGATION) } : {}),
        ...(request.typeFacet ? { type: structuredClone(TYPE_AGGREGATION) } : {}),
      },
    },
    [
      ['format'],
      ['subject', 'values'],
      ['creator', 'values'],
      ...(request.levelFacet ? [['level', 'values']] : []),
      ...(request.typeFacet ? [['type']] : []),
    ],
    signal,
  )
  const aggs = body.aggregations as Record<string, Record<string, unknown>>
  const year = (name: string) => {
    const value = aggs[name]?.['value'] as number | null | undefined
    return { value: value === null || value === undefined ? null : Math.round(value) }
  }
  const answer: FacetsResponse = {
    max_date: year('max_date'),
    creator: buckets((aggs['creator']?.['values'] as Buckets) ?? { buckets: [] }),
    min_date: year('min_date'),
    subject: buckets((aggs['subject']?.['values'] as Buckets) ?? { buckets: [] }),
    format: buckets(aggs['format'] as unknown as Buckets),
    online: { doc_count: (aggs['online']?.['doc_count'] as number) ?? 0 },
  }
  // Opt-ins: without `level_facet=true`, `type_facet=true` and `date_histogram=true` the answer
  // is the reference's, key for key.
  if (request.levelFacet) {
    answer.level = buckets((aggs['level']?.['values'] as Buckets) ?? { buckets: [] })
  }
  if (request.typeFacet) {
    answer.type = buckets((aggs['type'] as unknown as Buckets) ?? { buckets: [] })
  }
  if (request.dateHistogram) {
    answer.date_histogram = await histogramOf(cluster, request, query, answer, signal)
  }
  return answer
}

function buckets(aggregation: Buckets): FacetBucket[] {
  return aggregation.buckets.map((bucket) => ({
    key: String(bucket.key),
    doc_count: bucket.documents ? bucket.documents.doc_count : bucket.doc_count,
  }))
}
