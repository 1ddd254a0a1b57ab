/** `GET /{collections,objects,agents,terms}/{id}` in memory (API.md §5). */
import { type DetailOf, detailOf } from '../api/details.js'
import type { DocumentType } from '../documents/documents.js'
import type { CatalogueSearcher } from './catalogue-searcher.js'

/** The detail of the document of a type and id; a `NotFoundError` when there is none. */
export function detail<T extends DocumentType>(
  searcher: CatalogueSearcher,
  type: T,
  id: string,
): DetailOf[T] {
  const index = searcher.indexOf(type, id)
  // Its index among its parent's children; null at the top level (as the reference answers).
  const rank = searcher.data.hierarchy.childIndex[index]!
  return detailOf<T>(searcher.document(index), rank < 0 ? null : rank)
}
