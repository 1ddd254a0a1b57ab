/** `GET /{collections,objects,agents,terms}/{id}/citation` in memory (API.md §5). */
import { type CitationOptions, writeCitation } from '../api/citation.js'
import { ancestorsOf } from '../api/hierarchy.js'
import type { DocumentType } from '../documents/documents.js'
import type { CatalogueSearcher } from './catalogue-searcher.js'

export function citation(
  searcher: CatalogueSearcher,
  type: DocumentType,
  id: string,
  options: CitationOptions & { publicUrl: string },
): string {
  const index = searcher.indexOf(type, id)
  const ancestors = ancestorsOf(searcher.data.hierarchy, index).map((i) =>
    searcher.data.titles.get(i),
  )
  return writeCitation(searcher.document(index), ancestors, options)
}
