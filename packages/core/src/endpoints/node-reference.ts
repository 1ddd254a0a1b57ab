/** A collection or object of the tree as children and ancestors show it (a `LinkedItem`). */
import type { LinkedItem } from '../api/response-schemas.js'
import { treeReference } from '../api/responses.js'
import type { CatalogueSearcher, HitCounts } from './catalogue-searcher.js'

/**
 * The reference to the document at `index`, with its hit counts when the request counts them.
 * @param place the group and pre-order index a child shows; ancestors show neither
 */
export function nodeReference(
  searcher: CatalogueSearcher,
  index: number,
  counts: HitCounts | null,
  place: Pick<LinkedItem, 'group' | 'index'>,
): LinkedItem {
  return treeReference(searcher.document(index), counts?.(index), place)
}
