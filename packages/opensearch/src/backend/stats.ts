/**
 * What `catalogue stats` reports, counted by the cluster: documents by type and level, date
 * coverage by decade, the online share and the top values, as the CLI counts them in memory
 * (`packages/cli/src/support/stats-report.ts`). A document's span is its earliest to its latest year over its
 * begin and end years, so "its span covers a decade" is "some year ≤ the decade's last and some
 * year ≥ its first": one filter per decade.
 */
import type { CatalogueStats, DocumentType, FacetBucket } from '@archive-catalogue/core'
import { type Cluster, type Dsl, searchIndex } from './cluster.js'
import { exactTermsSearch } from './exact-terms.js'

/** The content of a catalogue in the cluster, in the shape the CLI's stats print. */
export type IndexStats = CatalogueStats

const YEARS = ['derived.begin_years', 'derived.end_years']

/** Agents, collections and objects: what has dates. */
const DATABLE: Dsl = { bool: { must_not: [{ term: { type: 'term' } }] } }

interface Bucket {
  key: string
  doc_count: number
  documents?: { doc_count: number }
}

export async function indexStats(
  cluster: Cluster,
  top: number,
  signal?: AbortSignal,
): Promise<IndexStats> {
  const nested = (path: string, field: string) => ({
    nested: { path },
    aggs: {
      values: {
        terms: { field, size: top, order: [{ documents: 'desc' }, { _key: 'asc' }] },
        aggs: { documents: { reverse_nested: {} } },
      },
    },
  })
  const body = await exactTermsSearch(
    cluster,
    {
      size: 0,
      track_total_hits: true,
      aggs: {
        types: { terms: { field: 'type', size: 10 } },
        levels: {
          filter: { terms: { type: ['collection', 'object'] } },
          aggs: { values: { terms: { field: 'level', size: 1000, missing: '(no level)' } } },
        },
        dated: {
          filter: {
            bool: {
              filter: [DATABLE],
              should: YEARS.map((field) => ({ exists: { field } })),
              minimum_should_match: 1,
            },
          },
          aggs: {
            ...Object.fromEntries(YEARS.map((field, i) => [`min${i}`, { min: { field } }])),
            ...Object.fromEntries(YEARS.map((field, i) => [`max${i}`, { max: { field } }])),
          },
        },
        datable: { filter: DATABLE },
        online: { filter: { term: { online: true } } },
        formats: {
          terms: { field: 'formats', size: top, order: [{ _count: 'desc' }, { _key: 'asc' }] },
        },
        creators: nested('creators', 'creators.title'),
        subjects: nested('terms', 'terms.title.keyword'),
      },
    },
    [['types'], ['levels', 'values'], ['formats'], ['creators', 'values'], ['subjects', 'values']],
    signal,
  )
  const aggs = body.aggregations as Record<string, Record<string, unknown>>
  const buckets = (agg: unknown) => ((agg as { buckets: Bucket[] }).buckets ?? []).map(bucketOf)
  const count = (name: string) => (aggs[name]?.['doc_count'] as number) ?? 0
  const byType = { agent: 0, collection: 0, object: 0, term: 0 }
  for (const { key, doc_count } of buckets(aggs['types'])) {
    if (key in byType) byType[key as DocumentType] = doc_count
  }
  const dated = aggs['dated'] as Record<string, { value: number | null } | number>
  const extreme = (names: string[], pick: (...values: number[]) => number) => {
    const values = names.flatMap((name) => {
      const value = (dated[name] as { value: number | null }).value
      return value === null ? [] : [Math.round(value)]
    })
    return values.length > 0 ? pick(...values) : null
  }
  const min = extreme(['min0', 'min1'], Math.min)
  const max = extreme(['max0', 'max1'], Math.max)
  return {
    documents: body.hits.total?.value ?? 0,
    byType,
    byLevel: sortBuckets(buckets((aggs['levels']?.['values'] as unknown) ?? { buckets: [] })),
    dates: {
      dated: count('dated'),
      undated: count('datable') - count('dated'),
      min,
      max,
      decades: min === null || max === null ? [] : await decades(cluster, min, max, signal),
    },
    online: { documents: count('online'), of: byType.collection + byType.object },
    top: {
      creators: buckets(aggs['creators']?.['values']),
      subjects: buckets(aggs['subjects']?.['values']),
      formats: buckets(aggs['formats']),
    },
  }
}

/** The documents whose span covers each decade from `min`'s to `max`'s. */
async function decades(cluster: Cluster, min: number, max: number, signal?: AbortSignal) {
  const starts: number[] = []
  for (let decade = Math.floor(min / 10) * 10; decade <= max; decade += 10) starts.push(decade)
  const anyYear = (range: Dsl) => ({
    bool: {
      should: YEARS.map((field) => ({ range: { [field]: range } })),
      minimum_should_match: 1,
    },
  })
  const body = await searchIndex(
    cluster,
    {
      size: 0,
      track_total_hits: false,
      query: DATABLE,
      aggs: {
        decades: {
          filters: {
            filters: Object.fromEntries(
              starts.map((decade) => [
                String(decade),
                { bool: { filter: [anyYear({ lte: decade + 9 }), anyYear({ gte: decade })] } },
              ]),
            ),
          },
        },
      },
    },
    signal,
  )
  const { buckets: counts } = (body.aggregations?.['decades'] ?? { buckets: {} }) as {
    buckets: Record<string, { doc_count: number }>
  }
  return starts.map((decade) => ({ decade, documents: counts[String(decade)]?.doc_count ?? 0 }))
}

function bucketOf(bucket: Bucket): FacetBucket {
  return { key: String(bucket.key), doc_count: bucket.documents?.doc_count ?? bucket.doc_count }
}

function sortBuckets(list: FacetBucket[]): FacetBucket[] {
  return list.sort((a, b) => b.doc_count - a.doc_count || (a.key < b.key ? -1 : 1))
}
