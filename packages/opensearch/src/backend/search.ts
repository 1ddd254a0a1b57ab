/**
 * `GET /search` (API.md §5): agents, collections and objects matching, one result per group
 * (collapse on `group.identifier`). Hit counts of the page's groups come from one terms
 * aggregation restricted to them; with `snippets=true`, the snippets of the page's groups
 * (`search-snippets.ts`) are read beside them.
 *
 * The count is the exact number of groups (a `cardinality` is approximate): a composite
 * aggregation paged to its end. Each page scans every match again, so the pages are as large as
 * the cluster allows, and their buckets come back as bare counts: profiled at 1M documents on
 * three nodes, the 72,000 groups of a search without a query took 348 ms in pages of 10,000
 * (each bucket with its key) and 123 ms in pages of 65,000. (A terms aggregation as large, which
 * could count without listing, took 2 to 4 times as long where the matches are fewer.)
 */
import type { Page, ParsedRequest, SearchResult, TextLanguage } from '@archive-catalogue/core'
import { type GroupSummary, pageOf, searchResult } from '@archive-catalogue/core/backend'
import { type Cluster, type Dsl, searchIndex } from './cluster.js'
import { requestQuery } from './filters-dsl.js'
import { pageSnippets } from './search-snippets.js'
import { relevanceRanked, sortOf } from './sort-dsl.js'

/** What `/search` groups. */
const SEARCHABLE = ['agent', 'collection', 'object']

interface SourceGroup {
  identifier: string
  title: string
  category?: string | null
  dates?: GroupSummary['dates']
  creators?: { title?: string | null }[]
}

export async function search(
  cluster: Cluster,
  language: TextLanguage,
  request: ParsedRequest,
  baseUrl: string,
  signal?: AbortSignal,
): Promise<Page<SearchResult>> {
  const query = requestQuery(request, language, SEARCHABLE)
  // The hit counts need only the page's groups, yet wait for the count too: run beside it, they
  // only shared the cores with it (1M documents on three nodes: p50 36 against 31 ms).
  const [groups, count] = await Promise.all([
    pageGroups(cluster, query, request, signal),
    countGroups(cluster, query, signal),
  ])
  const identifiers = groups.map((group) => group.identifier)
  const [counts, snippets] = await Promise.all([
    request.syntax ? hitCounts(cluster, query, identifiers, signal) : null,
    // Opt-in: without `snippets=true` each result is the reference's, key for key.
    request.snippets ? pageSnippets(cluster, language, request, query, identifiers, signal) : null,
  ])
  const results = groups.map((group, i) => {
    const found = counts?.get(group.identifier)
    const result = searchResult(
      summary(group),
      counts ? (found?.hits ?? 0) : null,
      counts ? (found?.online ?? 0) : null,
    )
    if (snippets) result.snippets = snippets[i]!
    return result
  })
  return pageOf(baseUrl, '/search', request, count, results)
}

/** The groups of the page, one per group (collapse on `group.identifier`), in the request's order. */
async function pageGroups(
  cluster: Cluster,
  query: Dsl,
  request: ParsedRequest,
  signal?: AbortSignal,
): Promise<SourceGroup[]> {
  const scored = relevanceRanked(request)
  const page = await searchIndex(
    cluster,
    {
      query,
      collapse: { field: 'group.identifier' },
      sort: sortOf(request.sort, 'group', scored),
      from: request.offset,
      size: request.limit,
      _source: ['group'],
      track_total_hits: false,
    },
    signal,
    { scored },
  )
  return page.hits.hits.map((hit) => hit._source?.['group'] as SourceGroup)
}

/** A group as the core keeps it: its creators' titles, empty ones left out. */
function summary(group: SourceGroup): GroupSummary {
  return {
    identifier: group.identifier,
    title: group.title,
    category: group.category ?? null,
    dates: group.dates ?? [],
    creators: (group.creators ?? []).flatMap((creator) => (creator.title ? [creator.title] : [])),
  }
}

/**
 * The exact number of groups among the documents a query matches: a composite aggregation over
 * `group.identifier` paged to its end, as many groups a page as one aggregation may list, and of
 * each group only its count read back (`filter_path`).
 */
async function countGroups(cluster: Cluster, query: Dsl, signal?: AbortSignal): Promise<number> {
  let count = 0
  let after: unknown
  for (;;) {
    const body = await searchIndex(
      cluster,
      {
        query,
        size: 0,
        track_total_hits: false,
        aggs: {
          groups: {
            composite: {
              size: cluster.maxBuckets,
              sources: [{ group: { terms: { field: 'group.identifier' } } }],
              ...(after ? { after } : {}),
            },
          },
        },
      },
      signal,
      {
        filterPath: [
          '_shards',
          'aggregations.groups.after_key',
          'aggregations.groups.buckets.doc_count',
        ],
      },
    )
    const groups = (body.aggregations?.['groups'] ?? {}) as {
      buckets?: unknown[]
      after_key?: unknown
    }
    const listed = groups.buckets?.length ?? 0
    count += listed
    if (listed < cluster.maxBuckets || !groups.after_key) return count
    after = groups.after_key
  }
}

/** Matches and online matches of each group of a page. */
async function hitCounts(
  cluster: Cluster,
  query: Dsl,
  identifiers: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, { hits: number; online: number }>> {
  const counts = new Map<string, { hits: number; online: number }>()
  if (identifiers.length === 0) return counts
  const body = await searchIndex(
    cluster,
    {
      query: { bool: { filter: [query, { terms: { 'group.identifier': [...identifiers] } }] } },
      size: 0,
      track_total_hits: false,
      aggs: {
        groups: {
          terms: { field: 'group.identifier', size: identifiers.length },
          aggs: { online: { filter: { term: { online: true } } } },
        },
      },
    },
    signal,
  )
  const { buckets } = (body.aggregations?.['groups'] ?? { buckets: [] }) as {
    buckets: { key: string; doc_count: number; online: { doc_count: number } }[]
  }
  for (const bucket of buckets) {
    counts.set(bucket.key, { hits: bucket.doc_count, online: bucket.online.doc_count })
  }
  return counts
}
