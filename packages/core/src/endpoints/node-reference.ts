/** A collection or object of the tree as children and ancestors show it (a `LinkedItem`). */
import type { LinkedItem } from '../responses/response-schemas.js'
import { treeReference } from '../responses/responses.js'
import type { HitCounts, QueryContext } from './query-context.js'

/**
 * The reference to the document at `index`, with its hit counts when the request counts them.
 * @param place the group and pre-order index a child shows; ancestors show neither
 */
export function nodeReference(
  context: QueryContext,
  index: number,
  counts: HitCounts | null,
  place: Pick<LinkedItem, 'group' | 'index'>,
): LinkedItem {
  return treeReference(context.document(index), counts?.(index), place)
}
