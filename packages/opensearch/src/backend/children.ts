/**
 * `GET /collections/{id}/children` (API.md §5): the direct children in order, paginated, with
 * hit counts below each when there is a query.
 */
import type { LinkedItem, Page, ParsedRequest } from '@archive-catalogue/core'
import { pageOf } from '@archive-catalogue/core/backend'
import type { Trees } from './trees.js'

export async function children(
  trees: Trees,
  id: string,
  request: ParsedRequest,
  baseUrl: string,
  signal?: AbortSignal,
): Promise<Page<LinkedItem>> {
  const { document, tree, node } = await trees.locate('collection', id, signal)
  const all = tree.childrenOf(node)
  const page = Array.from(all.subarray(request.offset, request.offset + request.limit))
  const counts = page.length > 0 ? await trees.hitCounts(tree, node, request, signal) : null
  // The reference service shows the parent's group on every child.
  const group = { identifier: document.group.identifier, title: document.group.title }
  const results = await trees.references(
    tree,
    page,
    counts,
    (child) => ({ group, index: tree.treeIndex[child]! }),
    signal,
  )
  const count = all.length
  return pageOf(baseUrl, `/collections/${id}/children`, request, count, results)
}
