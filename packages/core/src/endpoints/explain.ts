/** Why a document scores what it does for a query, in memory (`catalogue explain`). */

import type { Explanation } from '../api/explanation.js'
import type { ParsedRequest } from '../api/parsed-request.js'
import { NotFoundError } from '../util/catalogue-errors.js'
import type { CatalogueSearcher } from './catalogue-searcher.js'

/**
 * The request's query's score of the document at `uri`, explained; null when the query does not
 * match it (or has nothing to search). A `NotFoundError` naming the uri when there is no such
 * document.
 */
export function explain(
  searcher: CatalogueSearcher,
  request: ParsedRequest,
  uri: string,
): Explanation | null {
  const index = searcher.data.uriIndex.get(uri)
  if (index === undefined) throw new NotFoundError(`No document ${uri} in the catalogue.`)
  if (!request.query) return null
  const tree = searcher.data.text.explain(request.query, index)
  if (!tree) return null
  return { ...tree, description: `${uri} for "${request.queryText}": ${tree.description}` }
}
