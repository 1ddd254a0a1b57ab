/**
 * `GET /collections/{id}/ancestors`, `/objects/{id}/ancestors`: the chain of ancestors nested
 * root outermost, each holding the next one down as `child`; `{}` at the top level (API.md §5).
 */
import { ancestorsOf } from '../columns/hierarchy.js'
import type { ParsedRequest } from '../requests/parsed-request.js'
import type { Ancestor, Ancestors } from '../responses/response-schemas.js'
import { nodeReference } from './node-reference.js'
import type { QueryContext } from './query-context.js'

export function ancestors(
  context: QueryContext,
  type: 'collection' | 'object',
  id: string,
  request: ParsedRequest,
): Ancestors {
  const chain = ancestorsOf(context.data.hierarchy, context.indexOf(type, id))
  if (chain.length === 0) return {}
  const counts = context.hitCounts(request)
  let nested: Ancestor | undefined
  for (let i = chain.length - 1; i >= 0; i--) {
    const ancestor: Ancestor = nodeReference(context, chain[i]!, counts, {
      group: null,
      index: null,
    })
    if (nested) ancestor.child = nested
    nested = ancestor
  }
  return nested!
}
