/**
 * `POST /mylist`: a reader's saved collections and objects, resolved and grouped by top-level
 * collection in the shape the DIMES "My List" page reads (the recorded response). Unknown uris
 * and other types are skipped; nothing is stored.
 */

import { NO_PARENT } from '../api/hierarchy.js'
import type { MyList } from '../api/response-schemas.js'
import { savedItem } from '../api/responses.js'
import type { CatalogueSearcher } from './catalogue-searcher.js'

type Item = MyList[number]['items'][number]

/** The saved items of `uris`, grouped by their `group`, groups in the order first saved. */
export function myList(searcher: CatalogueSearcher, uris: readonly string[]): MyList {
  const groups = new Map<string, MyList[number]>()
  for (const uri of uris) {
    const index = resolve(searcher, uri)
    if (index === undefined) continue
    const document = searcher.document(index)
    const { identifier, title } = document.group
    let group = groups.get(identifier)
    if (!group) {
      group = { title, items: [] }
      groups.set(identifier, group)
    }
    group.items.push(savedItemAt(searcher, index))
  }
  return [...groups.values()]
}

function resolve(searcher: CatalogueSearcher, uri: string): number | undefined {
  const path = uri.trim().replace(/\/+$/, '')
  if (!path.startsWith('/collections/') && !path.startsWith('/objects/')) return undefined
  return searcher.data.uriIndex.get(path)
}

function savedItemAt(searcher: CatalogueSearcher, index: number): Item {
  const document = searcher.document(index)
  if (document.type !== 'collection' && document.type !== 'object') {
    throw new TypeError(`${document.uri} is not a collection or an object`)
  }
  const parent = searcher.data.hierarchy.parentOf[index]!
  return savedItem(
    document,
    parent === NO_PARENT
      ? null
      : { title: searcher.data.titles.get(parent), uri: searcher.data.uris.get(parent) },
  )
}
