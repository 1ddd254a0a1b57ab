/**
 * `POST /mylist` (API.md §5): saved collections and objects by uri, grouped by top-level
 * collection in the order first saved, as the core's `endpoints/my-list.ts` shapes them. Unknown
 * uris and other types are skipped. Two reads: the saved documents, then their parents.
 */
import type { CatalogueObject, Collection, MyList } from '@archive-catalogue/core'
import { parentUri, savedItem } from '@archive-catalogue/core/backend'
import { type Cluster, documentsByUri } from './cluster.js'

export async function myList(
  cluster: Cluster,
  uris: readonly string[],
  signal?: AbortSignal,
): Promise<MyList> {
  const paths = uris
    .map((uri) => uri.trim().replace(/\/+$/, ''))
    .filter((path) => path.startsWith('/collections/') || path.startsWith('/objects/'))
  const documents = (await documentsByUri(cluster, paths, signal)) as unknown as (
    | Collection
    | CatalogueObject
    | null
  )[]
  const parentUris = documents.map((document) => {
    const uri = document ? parentUri(document.parent) : null
    return uri?.startsWith('/collections/') && uri !== document?.uri ? uri : null
  })
  const wanted = [...new Set(parentUris.filter((uri): uri is string => uri !== null))]
  const found = await documentsByUri(cluster, wanted, signal, ['uri', 'title', 'type'])
  const parents = new Map<string, string>()
  wanted.forEach((uri, i) => {
    const parent = found[i]
    if (parent && parent['type'] === 'collection') parents.set(uri, parent['title'] as string)
  })
  const groups = new Map<string, MyList[number]>()
  documents.forEach((document, i) => {
    if (!document) return
    const { identifier, title } = document.group
    let group = groups.get(identifier)
    if (!group) {
      group = { title, items: [] }
      groups.set(identifier, group)
    }
    const parent = parentUris[i]
    const parentTitle = parent ? parents.get(parent) : undefined
    group.items.push(
      savedItem(document, parentTitle === undefined ? null : { title: parentTitle, uri: parent! }),
    )
  })
  return [...groups.values()]
}
