/**
 * `GET /collections/{id}/ancestors`, `/objects/{id}/ancestors`: the chain of ancestors nested
 * root outermost, each holding the next one down as `child`; `{}` at the top level (API.md §5).
 */
import { ancestorsOf } from '../columns/_hierarchy.js'
import type { ListRequest } from '../requests/request.js'
import type { Ancestor, Ancestors } from '../responses/response-schemas.js'
import type { Engine } from './_engine.js'
import { nodeReference } from './_node-reference.js'

export function ancestors(
  engine: Engine,
  type: 'collection' | 'object',
  id: string,
  request: ListRequest,
): Ancestors {
  const chain = ancestorsOf(engine.data.hierarchy, engine.indexOf(type, id))
  if (chain.length === 0) return {}
  const counts = engine.hitCounts(request)
  let nested: Ancestor | undefined
  for (let i = chain.length - 1; i >= 0; i--) {
    const ancestor: Ancestor = nodeReference(engine, chain[i]!, counts, {
      group: null,
      index: null,
    })
    if (nested) ancestor.child = nested
    nested = ancestor
  }
  return nested!
}
