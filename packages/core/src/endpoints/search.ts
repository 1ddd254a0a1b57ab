/** `GET /search`: agents and collections matching, one result per group (API.md §5). */
import { compareBy, type RowComparator } from '../columns/_sort.js'
import type { ListRequest } from '../requests/request.js'
import type { Page, SearchResult } from '../responses/response-schemas.js'
import { searchResult } from '../responses/responses.js'
import type { Engine } from './_engine.js'
import type { GroupCounters } from './_groups.js'

export function search(
  engine: Engine,
  counters: GroupCounters,
  request: ListRequest,
  baseUrl: string,
): Page<SearchResult> {
  const data = engine.data
  const allowed = engine.filtered(request, engine.searchable)
  const matches =
    request.sort.length > 0
      ? engine.matches(request)
      : engine.rankedMatches(request, allowed, 'search')
  return counters.group(
    data,
    matches,
    allowed,
    ({ touched, hits, onlineHits, best, firstSeen }) => {
      // `firstSeen` numbers groups by their first matching document (ids are visited in ascending
      // order): that is the catalogue order of groups, and it breaks every tie.
      const byKeys = compareBy(data.groupKeys, request.sort)
      const catalogueOrder: RowComparator = (a, b) => firstSeen[a]! - firstSeen[b]!
      const compare: RowComparator =
        request.sort.length > 0
          ? (a, b) => byKeys(a, b) || catalogueOrder(a, b)
          : matches
            ? (a, b) => best[b]! - best[a]! || catalogueOrder(a, b)
            : catalogueOrder
      const results = engine
        .page(touched, request, compare)
        .map((group) =>
          matches
            ? searchResult(data.groups[group]!, hits[group]!, onlineHits[group]!)
            : searchResult(data.groups[group]!, null, null),
        )
      return engine.envelope('/search', request, touched.length, results, baseUrl)
    },
  )
}
