/** A collection or object of the tree as children and ancestors show it (a `LinkedItem`). */
import { datesOf, descriptionOf } from '../documents/_document-fields.js'
import type { LinkedItem } from '../responses/response-schemas.js'
import { dateString } from '../responses/responses.js'
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
  const document = engine.document(index)
  const found = counts?.(index)
  return {
    title: document.title,
    type: document.type,
    online: 'online' in document ? document.online : false,
    hit_count: found ? found.hits : null,
    online_hit_count: found ? found.online : null,
    uri: document.uri,
    dates: dateString(datesOf(document)),
    description: descriptionOf(document),
    group: place.group,
    index: place.index,
  }
}
