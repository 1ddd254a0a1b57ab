/** `GET /facets`: counts over every document matching the query and filters (API.md §5). */

import type { ParsedRequest } from '../requests/parsed-request.js'
import type { FacetsResponse } from '../responses/response-schemas.js'
import { Bitset } from '../util/bitset.js'
import { countFacets } from './facet-counts.js'
import type { QueryContext } from './query-context.js'

export function facets(context: QueryContext, request: ParsedRequest): FacetsResponse {
  const allowed = context.filtered(request, context.everything)
  const matches = context.matches(request)
  if (!matches) return countFacets(context.data, allowed)
  const matched = new Bitset(allowed.size)
  for (const id of matches.ids) if (allowed.has(id)) matched.add(id)
  return countFacets(context.data, matched)
}
