/**
 * `GET /collections`, `/objects`, `/agents`, `/terms`: the documents of one type, filtered,
 * narrowed by the query, sorted (relevance by default with a query, else catalogue order).
 */

import { compareBy, compareByScore, type RowComparator } from '../columns/sorting.js'
import type { DocumentType } from '../documents/documents.js'
import type { ParsedRequest } from '../requests/parsed-request.js'
import type { ListPage } from '../responses/response-schemas.js'
import { listItem } from '../responses/responses.js'
import { filterMatches } from '../text/matches.js'
import type { QueryContext } from './query-context.js'

export function list(
  context: QueryContext,
  type: DocumentType,
  request: ParsedRequest,
  baseUrl: string,
): ListPage {
  const allowed = context.filtered(request, context.data.typeSets[type])
  const ranked = request.sort.length === 0
  const matches = ranked ? context.rankedMatches(request, allowed, type) : context.matches(request)
  const found = matches ? filterMatches(matches, (id) => allowed.has(id)) : null
  const ids = found ? found.ids : allowed.toArray()
  let compare: RowComparator = (a, b) => a - b
  if (request.sort.length > 0) {
    const byKeys = compareBy(context.data.keys, request.sort)
    compare = (a, b) => byKeys(a, b) || a - b
  } else if (found) {
    // Scores scattered by document id into the context's buffer: no allocation per hit.
    const scores = context.scoreBuffer
    for (let i = 0; i < found.ids.length; i++) scores[found.ids[i]!] = found.scores[i]!
    compare = compareByScore(scores)
  }
  const results = context.page(ids, request, compare).map((id) => listItem(context.document(id)))
  const { count, next, previous } = context.envelope(`/${type}s`, request, ids.length, [], baseUrl)
  return { count, next, previous, facets: {}, results }
}
