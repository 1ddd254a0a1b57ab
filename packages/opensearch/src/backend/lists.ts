/**
 * `GET /collections`, `/objects`, `/agents`, `/terms` (API.md §5): the documents of one type,
 * filtered, narrowed by the query, sorted (relevance with a query, else catalogue order), with
 * an exact count (`track_total_hits: true`: no cap at 10,000).
 */
import type {
  CatalogueDocument,
  DocumentType,
  ListPage,
  ParsedRequest,
  TextLanguage,
} from '@archive-catalogue/core'
import { listItem, listPageOf } from '@archive-catalogue/core/backend'
import { type Cluster, searchIndex } from './cluster.js'
import { requestQuery } from './filters-dsl.js'
import { relevanceRanked, sortOf } from './sort-dsl.js'

export async function list(
  cluster: Cluster,
  language: TextLanguage,
  type: DocumentType,
  request: ParsedRequest,
  baseUrl: string,
  signal?: AbortSignal,
): Promise<ListPage> {
  const body = await searchIndex(
    cluster,
    {
      query: requestQuery(request, language, [type]),
      sort: sortOf(request.sort, 'list', relevanceRanked(request)),
      from: request.offset,
      size: request.limit,
      _source: ['uri', 'type', 'title', 'dates'],
      track_total_hits: true,
    },
    signal,
    { scored: relevanceRanked(request) },
  )
  const count = body.hits.total?.value ?? 0
  const results = body.hits.hits.map((hit) => listItem(hit._source as unknown as CatalogueDocument))
  return listPageOf(baseUrl, `/${type}s`, request, count, results)
}
