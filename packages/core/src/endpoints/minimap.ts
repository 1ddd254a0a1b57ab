/**
 * `GET /collections/{id}/minimap`: the number of descendants, and those matching the query and
 * filters with their place in the tree, in tree order (API.md §5). A subtree is one interval of
 * pre-order numbers, so this is a scan of the matches (or of the interval), never a tree walk.
 */
import type { ParsedRequest } from '../api/parsed-request.js'
import type { Minimap } from '../api/response-schemas.js'
import type { CatalogueSearcher } from './catalogue-searcher.js'

export function minimap(searcher: CatalogueSearcher, id: string, request: ParsedRequest): Minimap {
  const node = searcher.indexOf('collection', id)
  const { preorder, subtreeSize, byPreorder, treeIndex } = searcher.data.hierarchy
  const data = searcher.data
  const start = preorder[node]! + 1
  const end = preorder[node]! + subtreeSize[node]!
  const allowed = searcher.filtered(request, searcher.everything)
  const matches = searcher.matches(request)
  const numbers: number[] = []
  if (matches) {
    for (const match of matches.ids) {
      const number = preorder[match]!
      if (number >= start && number < end && allowed.has(match)) numbers.push(number)
    }
    numbers.sort((a, b) => a - b)
  } else {
    for (let number = start; number < end; number++) {
      if (allowed.has(byPreorder[number]!)) numbers.push(number)
    }
  }
  const hits = numbers.map((number) => {
    const document = byPreorder[number]!
    return {
      index: treeIndex[document]!,
      uri: data.uris.get(document),
      title: data.titles.get(document),
      online: data.online.has(document),
    }
  })
  return { hits, total: end - start }
}
