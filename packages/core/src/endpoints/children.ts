/**
 * `GET /collections/{id}/children`: the direct children in order, paginated, each with the
 * number of documents at or below it that match the query and filters (API.md §5).
 */
import type { ParsedRequest } from '../requests/parsed-request.js'
import type { LinkedItem, Page } from '../responses/response-schemas.js'
import { nodeReference } from './node-reference.js'
import type { QueryContext } from './query-context.js'

export function children(
  context: QueryContext,
  id: string,
  request: ParsedRequest,
  baseUrl: string,
): Page<LinkedItem> {
  const parent = context.indexOf('collection', id)
  const { childOffsets, childIds, treeIndex } = context.data.hierarchy
  const all = childIds.subarray(childOffsets[parent]!, childOffsets[parent + 1]!)
  const page = all.subarray(request.offset, request.offset + request.limit)
  const counts = page.length > 0 ? context.hitCounts(request) : null
  // The reference service shows the parent's group on every child.
  const { group } = context.document(parent)
  const results = Array.from(page, (child) =>
    nodeReference(context, child, counts, {
      group: { identifier: group.identifier, title: group.title },
      index: treeIndex[child]!,
    }),
  )
  return context.envelope(`/collections/${id}/children`, request, all.length, results, baseUrl)
}
