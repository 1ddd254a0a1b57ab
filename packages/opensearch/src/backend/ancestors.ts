/**
 * `GET /collections/{id}/ancestors`, `/objects/{id}/ancestors` (API.md §5): the ancestors
 * nested root outermost, `{}` for a top-level document, hit counts with a query.
 */
import type { Ancestor, Ancestors, ParsedRequest } from '@archive-catalogue/core'
import type { Trees } from './trees.js'

export async function ancestors(
  trees: Trees,
  type: 'collection' | 'object',
  id: string,
  request: ParsedRequest,
  signal?: AbortSignal,
): Promise<Ancestors> {
  const { tree, node } = await trees.locate(type, id, signal)
  const chain = tree.ancestors(node)
  if (chain.length === 0) return {}
  const counts = await trees.hitCounts(tree, chain[0]!, request, signal)
  const references = await trees.references(
    tree,
    chain,
    counts,
    () => ({ group: null, index: null }),
    signal,
  )
  let nested: Ancestor | undefined
  for (let i = references.length - 1; i >= 0; i--) {
    const ancestor: Ancestor = references[i]!
    if (nested) ancestor.child = nested
    nested = ancestor
  }
  return nested!
}
