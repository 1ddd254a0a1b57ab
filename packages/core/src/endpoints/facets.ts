/** `GET /facets`: counts over every document matching the query and filters (API.md §5). */

import type { ParsedRequest } from '../api/parsed-request.js'
import type { FacetsResponse } from '../api/response-schemas.js'
import { Bitset } from '../util/bitset.js'
import type { CatalogueSearcher } from './catalogue-searcher.js'
import { countFacets } from './facet-counts.js'

export function facets(searcher: CatalogueSearcher, request: ParsedRequest): FacetsResponse {
  const allowed = searcher.filtered(request, searcher.everything)
  const matches = searcher.matches(request)
  if (!matches) return countFacets(searcher.data, allowed)
  const matched = new Bitset(allowed.size)
  for (const id of matches.ids) if (allowed.has(id)) matched.add(id)
  return countFacets(searcher.data, matched)
}
