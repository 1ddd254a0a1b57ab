/**
 * `GET /collections`, `/objects`, `/agents`, `/terms`: the documents of one type, filtered,
 * narrowed by the query, sorted (relevance by default with a query, else catalogue order).
 */

import { compareBy, compareByScore, type RowComparator } from '../columns/_sort.js'
import type { DocumentType } from '../documents/documents.js'
import type { ListRequest } from '../requests/request.js'
import type { ListPage } from '../responses/response-schemas.js'
import { listItem } from '../responses/responses.js'
import { filterMatches } from '../text/_matches.js'
import type { Engine } from './_engine.js'

export function list(
  engine: Engine,
  type: DocumentType,
  request: ListRequest,
  baseUrl: string,
): ListPage {
  const allowed = engine.filtered(request, engine.data.typeSets[type])
  const ranked = request.sort.length === 0
  const matches = ranked ? engine.rankedMatches(request, allowed, type) : engine.matches(request)
  const found = matches ? filterMatches(matches, (id) => allowed.has(id)) : null
  const ids = found ? found.ids : allowed.toArray()
  let compare: RowComparator = (a, b) => a - b
  if (request.sort.length > 0) {
    const byKeys = compareBy(engine.data.keys, request.sort)
    compare = (a, b) => byKeys(a, b) || a - b
  } else if (found) {
    // Scores scattered by document id into the engine's buffer: no allocation per hit.
    const scores = engine.scoreBuffer
    for (let i = 0; i < found.ids.length; i++) scores[found.ids[i]!] = found.scores[i]!
    compare = compareByScore(scores)
  }
  const results = engine.page(ids, request, compare).map((id) => listItem(engine.document(id)))
  const { count, next, previous } = engine.envelope(`/${type}s`, request, ids.length, [], baseUrl)
  return { count, next, previous, facets: {}, results }
}
