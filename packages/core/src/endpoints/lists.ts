/**
 * `GET /collections`, `/objects`, `/agents`, `/terms`: the documents of one type, filtered,
 * narrowed by the query, sorted (relevance by default with a query, else catalogue order).
 */

import { listPageOf } from '../api/links.js'
import type { ParsedRequest } from '../api/parsed-request.js'
import type { ListPage } from '../api/response-schemas.js'
import { listItem } from '../api/responses.js'
import { compareBy, compareByScore, type RowComparator } from '../columns/sorting.js'
import type { DocumentType } from '../documents/documents.js'
import { filterMatches } from '../text/matches.js'
import type { CatalogueSearcher } from './catalogue-searcher.js'

export function list(
  searcher: CatalogueSearcher,
  type: DocumentType,
  request: ParsedRequest,
  baseUrl: string,
): ListPage {
  const allowed = searcher.filtered(request, searcher.data.typeSets[type])
  const ranked = request.sort.length === 0
  const matches = ranked
    ? searcher.rankedMatches(request, allowed, type)
    : searcher.matches(request)
  const found = matches ? filterMatches(matches, (id) => allowed.has(id)) : null
  const ids = found ? found.ids : allowed.toArray()
  let compare: RowComparator = (a, b) => a - b
  if (request.sort.length > 0) {
    const byKeys = compareBy(searcher.data.keys, request.sort)
    compare = (a, b) => byKeys(a, b) || a - b
  } else if (found) {
    // Scores scattered by document id into the searcher's buffer: no allocation per hit.
    const scores = searcher.scoreBuffer
    for (let i = 0; i < found.ids.length; i++) scores[found.ids[i]!] = found.scores[i]!
    compare = compareByScore(scores)
  }
  const results = searcher.page(ids, request, compare).map((id) => listItem(searcher.document(id)))
  return listPageOf(baseUrl, `/${type}s`, request, ids.length, results)
}
