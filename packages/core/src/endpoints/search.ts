/** `GET /search`: agents and collections matching, one result per group (API.md §5). */

import { pageOf } from '../api/links.js'
import type { ParsedRequest } from '../api/parsed-request.js'
import type { Page, SearchResult } from '../api/response-schemas.js'
import { searchResult } from '../api/responses.js'
import { compareBy, type RowComparator } from '../columns/sorting.js'
import type { CatalogueSearcher } from './catalogue-searcher.js'
import type { GroupCounters, GroupedMatches } from './group-counters.js'
import { pageSnippets } from './search-snippets.js'

export function search(
  searcher: CatalogueSearcher,
  counters: GroupCounters,
  request: ParsedRequest,
  baseUrl: string,
): Page<SearchResult> {
  const data = searcher.data
  const allowed = searcher.filtered(request, data.searchable)
  // Everything but some exclusions (or everything), unfiltered: the universe's grouping, less
  // what is excluded, instead of a visit to every document.
  const exclusions = allowed === data.searchable ? searcher.exclusions(request) : undefined
  const matches =
    exclusions !== undefined
      ? null
      : request.sort.length > 0
        ? searcher.matches(request)
        : searcher.rankedMatches(request, allowed, 'search', 'groups')
  const counted = request.query !== null
  const grouped = <T>(use: (grouped: GroupedMatches) => T): T =>
    exclusions !== undefined
      ? counters.groupAllBut(
          data,
          data.universeGroups,
          allowed,
          exclusions,
          use,
          request.sort.length === 0 ? request.offset + request.limit : undefined,
        )
      : counters.group(data, matches, allowed, use)
  return grouped(({ touched, count, inOrder, hits, onlineHits, best, bestAt, firstSeen }) => {
    // `firstSeen` orders groups by their first matching document: that is the catalogue order
    // of groups, and it breaks ties of sort keys. Equal
    // scores go by each group's best document, as OpenSearch's collapse ranks them.
    const byKeys = compareBy(data.groupKeys, request.sort)
    const catalogueOrder: RowComparator = (a, b) => firstSeen[a]! - firstSeen[b]!
    const compare: RowComparator =
      request.sort.length > 0
        ? (a, b) => byKeys(a, b) || catalogueOrder(a, b)
        : counted
          ? (a, b) => best[b]! - best[a]! || bestAt[a]! - bestAt[b]!
          : catalogueOrder
    const page = inOrder
      ? pageOfOrdered(touched, request)
      : searcher.page(touched, request, compare)
    const results = page.map((group) =>
      counted
        ? searchResult(data.groups.at(group), hits[group]!, onlineHits[group]!)
        : searchResult(data.groups.at(group), null, null),
    )
    // Opt-in: without `snippets=true` each result is the reference's, key for key.
    if (request.snippets) {
      // Ranked by score, each page group's best document is scored exactly (`rankedMatches`).
      const ranked = counted && request.sort.length === 0
      const snippets = pageSnippets(searcher, request, allowed, page, ranked ? bestAt : undefined)
      results.forEach((result, i) => {
        result.snippets = snippets[i]!
      })
    }
    return pageOf(baseUrl, '/search', request, count, results)
  })
}

/** The page of groups listed in order already: a slice, not a copy of every group. */
function pageOfOrdered(groups: ArrayLike<number>, request: ParsedRequest): number[] {
  const page: number[] = []
  const end = Math.min(request.offset + request.limit, groups.length)
  for (let i = request.offset; i < end; i++) page.push(groups[i]!)
  return page
}
