/** Small valid catalogue documents that tests build their own catalogues from. */
import type { CatalogueDocument } from '../../packages/core/src/index.js'

/** A valid term document: the smallest document with a title to search. */
export function termDocument(id: string, title = `Term ${id}`): CatalogueDocument {
  return {
    uri: `/terms/${id}`,
    type: 'term',
    title,
    category: 'subject',
    term_type: 'topical',
    external_identifiers: [{ identifier: `/subjects/${id}`, source: 'archivesspace' }],
    group: { identifier: `/terms/${id}`, title, category: 'subject', creators: [], dates: [] },
  } as CatalogueDocument
}
