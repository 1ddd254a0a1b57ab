/**
 * `/search?snippets=true` on OpenSearch: the snippets the core makes (`snippetMaker`) from the
 * same documents the in-memory engine gives it — each group's own record, read by uri, and its
 * best-matching component: the page's groups' matches other than their records, collapsed on
 * the group, best score first, then catalogue order. Two requests beside the hit counts, each
 * bounded by the page (a record and a component per group). OpenSearch's highlighter is not
 * used: its fragments and analysis are not the core's.
 */
import type {
  CatalogueDocument,
  ParsedRequest,
  Snippet,
  TextLanguage,
} from '@archive-catalogue/core'
import { analyzerFor, snippetMaker } from '@archive-catalogue/core/backend'
import { type Cluster, type Dsl, documentsByUri, searchIndex } from './cluster.js'
import { RELEVANCE } from './sort-dsl.js'

/** What the core's snippets read of a document. */
const SNIPPET_SOURCE = ['uri', 'type', 'title', 'description', 'notes', 'terms']

/**
 * The snippets of each group of a page, in its order.
 * @param query the request's query over what `/search` groups, its filters included
 * @param groups the page's groups' identifiers
 */
export async function pageSnippets(
  cluster: Cluster,
  language: TextLanguage,
  request: ParsedRequest,
  query: Dsl,
  groups: readonly string[],
  signal?: AbortSignal,
): Promise<Snippet[][]> {
  const maker = request.query && snippetMaker(request.query, analyzerFor(language))
  if (!maker || groups.length === 0) return groups.map(() => [])
  const [records, components] = await Promise.all([
    documentsByUri(cluster, groups, signal, SNIPPET_SOURCE),
    bestComponents(cluster, query, groups, signal),
  ])
  return groups.map((group, i) =>
    maker.snippets(
      records[i] as CatalogueDocument | null,
      (components.get(group) ?? null) as CatalogueDocument | null,
    ),
  )
}

/**
 * Each group's best-matching document other than its own record, by group: the request's query
 * scores as on the page (a `must` of it alone keeps its score), ties in catalogue order.
 */
async function bestComponents(
  cluster: Cluster,
  query: Dsl,
  groups: readonly string[],
  signal?: AbortSignal,
): Promise<Map<string, Record<string, unknown>>> {
  const body = await searchIndex(
    cluster,
    {
      query: {
        bool: {
          must: [query],
          filter: [{ terms: { 'group.identifier': [...groups] } }],
          must_not: [{ ids: { values: [...groups] } }],
        },
      },
      collapse: { field: 'group.identifier' },
      sort: RELEVANCE,
      size: groups.length,
      _source: [...SNIPPET_SOURCE, 'group.identifier'],
      track_total_hits: false,
    },
    signal,
    { scored: true },
  )
  const found = new Map<string, Record<string, unknown>>()
  for (const hit of body.hits.hits) {
    const source = hit._source ?? {}
    const group = (source['group'] as { identifier?: string } | undefined)?.identifier
    if (group !== undefined) found.set(group, source)
  }
  return found
}
