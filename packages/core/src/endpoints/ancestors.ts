/**
 * `GET /collections/{id}/ancestors`, `/objects/{id}/ancestors`: the chain of ancestors nested
 * root outermost, each holding the next one down as `child`; `{}` at the top level (API.md §5).
 */
import { ancestorsOf } from '../api/hierarchy.js'
import type { ParsedRequest } from '../api/parsed-request.js'
import type { Ancestor, Ancestors } from '../api/response-schemas.js'
import type { CatalogueSearcher } from './catalogue-searcher.js'
import { nodeReference } from './node-reference.js'

export function ancestors(
  searcher: CatalogueSearcher,
  type: 'collection' | 'object',
  id: string,
  request: ParsedRequest,
): Ancestors {
  const chain = ancestorsOf(searcher.data.hierarchy, searcher.indexOf(type, id))
  if (chain.length === 0) return {}
  const counts = searcher.hitCounts(request)
  let nested: Ancestor | undefined
  for (let i = chain.length - 1; i >= 0; i--) {
    const ancestor: Ancestor = nodeReference(searcher, chain[i]!, counts, {
      group: null,
      index: null,
    })
    if (nested) ancestor.child = nested
    nested = ancestor
  }
  return nested!
}
