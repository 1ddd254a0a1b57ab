/**
 * `POST /mylist`: a reader's saved collections and objects, resolved and grouped by top-level
 * collection in the shape the DIMES "My List" page reads (the recorded response). Unknown uris
 * and other types are skipped; nothing is stored.
 */

import { NO_PARENT } from '../columns/hierarchy.js'
import type { MyList } from '../responses/response-schemas.js'
import { savedItem } from '../responses/responses.js'
import type { QueryContext } from './query-context.js'

type Item = MyList[number]['items'][number]

/** The saved items of `uris`, grouped by their `group`, groups in the order first saved. */
export function myList(context: QueryContext, uris: readonly string[]): MyList {
  const groups = new Map<string, MyList[number]>()
  for (const uri of uris) {
    const index = resolve(context, uri)
    if (index === undefined) continue
    const document = context.document(index)
    const { identifier, title } = document.group
    let group = groups.get(identifier)
    if (!group) {
      group = { title, items: [] }
      groups.set(identifier, group)
    }
    group.items.push(savedItemAt(context, index))
  }
  return [...groups.values()]
}

function resolve(context: QueryContext, uri: string): number | undefined {
  const path = uri.trim().replace(/\/+$/, '')
  if (!path.startsWith('/collections/') && !path.startsWith('/objects/')) return undefined
  return context.data.uriIndex.get(path)
}

function savedItemAt(context: QueryContext, index: number): Item {
  const document = context.document(index)
  if (document.type !== 'collection' && document.type !== 'object') {
    throw new TypeError(`${document.uri} is not a collection or an object`)
  }
  const parent = context.data.hierarchy.parentOf[index]!
  return savedItem(
    document,
    parent === NO_PARENT
      ? null
      : { title: context.data.titles[parent]!, uri: context.data.uris[parent]! },
  )
}
