/**
 * `GET /collections/{id}/minimap` (API.md §5): the number of descendants, and those matching
 * the query and filters with their place in the tree, in tree order.
 */
import type { Minimap, ParsedRequest } from '@archive-catalogue/core'
import type { Trees } from './trees.js'

export async function minimap(
  trees: Trees,
  id: string,
  request: ParsedRequest,
  signal?: AbortSignal,
): Promise<Minimap> {
  const { tree, node } = await trees.locate('collection', id, signal)
  const start = tree.preorder[node]! + 1
  const end = tree.preorder[node]! + tree.subtreeSize[node]!
  const filtered = request.syntax !== null || request.filters.length > 0
  const matching = filtered ? new Set(await trees.matching(tree, node, request, signal)) : null
  const hits: Minimap['hits'] = []
  for (let number = start; number < end; number++) {
    const at = tree.byPreorder[number]!
    const { uri, title, online } = tree.nodes[at]!
    if (matching && !matching.has(uri)) continue
    hits.push({ index: tree.treeIndex[at]!, uri, title, online })
  }
  return { hits, total: end - start }
}
