/**
 * `POST /mylist`: a reader's saved collections and objects, resolved and grouped by top-level
 * collection in the shape the DIMES "My List" page reads (the recorded response). Unknown uris
 * and other types are skipped; nothing is stored.
 */

import { NO_PARENT } from '../columns/_hierarchy.js'
import { datesOf, descriptionOf, notesOf } from '../documents/_document-fields.js'
import type { MyList } from '../responses/response-schemas.js'
import { dateString, nullWhenEmpty } from '../responses/responses.js'
import type { Engine } from './_engine.js'

type Item = MyList[number]['items'][number]

/** The saved items of `uris`, grouped by their `group`, groups in the order first saved. */
export function myList(engine: Engine, uris: readonly string[]): MyList {
  const groups = new Map<string, MyList[number]>()
  for (const uri of uris) {
    const index = resolve(engine, uri)
    if (index === undefined) continue
    const document = engine.document(index)
    const { identifier, title } = document.group
    let group = groups.get(identifier)
    if (!group) {
      group = { title, items: [] }
      groups.set(identifier, group)
    }
    group.items.push(savedItem(engine, index))
  }
  return [...groups.values()]
}

function resolve(engine: Engine, uri: string): number | undefined {
  const path = uri.trim().replace(/\/+$/, '')
  if (!path.startsWith('/collections/') && !path.startsWith('/objects/')) return undefined
  return engine.data.uriIndex.get(path)
}

function savedItem(engine: Engine, index: number): Item {
  const document = engine.document(index)
  if (document.type !== 'collection' && document.type !== 'object') {
    throw new TypeError(`${document.uri} is not a collection or an object`)
  }
  const parent = engine.data.hierarchy.parentOf[index]!
  const archivesspace = document.external_identifiers.find(
    (identifier) => identifier.source === 'archivesspace',
  )
  return {
    title: document.title,
    uri: document.uri,
    dates: dateString(datesOf(document)),
    description: descriptionOf(document),
    extents: nullWhenEmpty(
      document.extents.map((extent) => ({ type: extent.type, value: extent.value })),
    ),
    notes: notesOf(document)
      .filter((note) => note.type === 'scopecontent' || note.type === 'abstract')
      .map((note) => ({
        source: note.source,
        type: note.type,
        title: note.title,
        subnotes: note.subnotes.map((subnote) => ({
          type: subnote.type,
          items: subnote.items ?? [],
          content: subnote.content ?? [],
        })),
      })),
    parent: parent === NO_PARENT ? null : engine.data.titles[parent]!,
    parent_ref: parent === NO_PARENT ? null : engine.data.uris[parent]!,
    online: document.online,
    archivesspace_uri: archivesspace?.identifier ?? null,
  }
}
