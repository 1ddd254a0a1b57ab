/** `GET /facets`: counts over every document matching the query and filters (API.md §5). */
import { Bitset } from '../columns/_bitset.js'
import { countFacets } from '../columns/_facets.js'
import type { ListRequest } from '../requests/request.js'
import type { FacetsResponse } from '../responses/response-schemas.js'
import type { Engine } from './_engine.js'

export function facets(engine: Engine, request: ListRequest): FacetsResponse {
  const allowed = engine.filtered(request, engine.everything)
  const matches = engine.matches(request)
  if (!matches) return countFacets(engine.data, allowed)
  const matched = new Bitset(allowed.size)
  for (const id of matches.ids) if (allowed.has(id)) matched.add(id)
  return countFacets(engine.data, matched)
}
