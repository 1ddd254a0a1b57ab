/** `GET /facets`: counts over every document matching the query and filters (API.md §5). */

import { dateHistogram } from '../api/date-histogram.js'
import type { ParsedRequest } from '../api/parsed-request.js'
import type { FacetsResponse } from '../api/response-schemas.js'
import { Bitset } from '../util/bitset.js'
import type { CatalogueSearcher } from './catalogue-searcher.js'
import { histogramCounts, matchYears } from './date-histogram-counts.js'
import { countFacets } from './facet-counts.js'

export function facets(searcher: CatalogueSearcher, request: ParsedRequest): FacetsResponse {
  const matched = matchSet(searcher, request)
  // The histogram's pass over the matches reads their year range too.
  const years = request.dateHistogram ? matchYears(searcher.data, matched) : undefined
  // Opt-ins: without `level_facet=true`, `type_facet=true` and `date_histogram=true` the answer
  // is the reference's, key for key.
  const answer = countFacets(
    searcher.data,
    matched,
    { level: request.levelFacet, type: request.typeFacet },
    years?.range,
  )
  if (years) {
    const { plan, counts } = histogramCounts(searcher.data, request, matched, years, answer)
    answer.date_histogram = dateHistogram(plan, counts)
  }
  return answer
}

/** The documents the query and the filters match, of every type. */
function matchSet(searcher: CatalogueSearcher, request: ParsedRequest): Bitset {
  const allowed = searcher.filtered(request, searcher.everything)
  const matches = searcher.matches(request)
  if (!matches) return allowed
  const matched = new Bitset(allowed.size)
  matched.addAll(matches.ids)
  return allowed === searcher.everything ? matched : matched.and(allowed)
}
