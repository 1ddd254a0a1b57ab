/**
 * `GET /collections/{id}/children`: the direct children in order, paginated, each with the
 * number of documents at or below it that match the query and filters (API.md §5).
 */
import { pageOf } from '../api/links.js'
import type { ParsedRequest } from '../api/parsed-request.js'
import type { LinkedItem, Page } from '../api/response-schemas.js'
import type { CatalogueSearcher } from './catalogue-searcher.js'
import { nodeReference } from './node-reference.js'

export function children(
  searcher: CatalogueSearcher,
  id: string,
  request: ParsedRequest,
  baseUrl: string,
): Page<LinkedItem> {
  const parent = searcher.indexOf('collection', id)
  const { childOffsets, childIds, treeIndex } = searcher.data.hierarchy
  const all = childIds.subarray(childOffsets[parent]!, childOffsets[parent + 1]!)
  const page = all.subarray(request.offset, request.offset + request.limit)
  const counts = page.length > 0 ? searcher.hitCounts(request) : null
  // The reference service shows the parent's group on every child.
  const { group } = searcher.document(parent)
  const results = Array.from(page, (child) =>
    nodeReference(searcher, child, counts, {
      group: { identifier: group.identifier, title: group.title },
      index: treeIndex[child]!,
    }),
  )
  return pageOf(baseUrl, `/collections/${id}/children`, request, all.length, results)
}
