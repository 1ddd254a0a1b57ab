/** A collection or object of the tree as children and ancestors show it (a `LinkedItem`). */
import type { LinkedItem } from '../responses/response-schemas.js'
import { treeReference } from '../responses/responses.js'
import type { Engine, HitCounts } from './_engine.js'

/**
 * The reference to the document at `index`, with its hit counts when the request counts them.
 * @param place the group and pre-order index a child shows; ancestors show neither
 */
export function nodeReference(
  engine: Engine,
  index: number,
  counts: HitCounts | null,
  place: Pick<LinkedItem, 'group' | 'index'>,
): LinkedItem {
  return treeReference(engine.document(index), counts?.(index), place)
}
