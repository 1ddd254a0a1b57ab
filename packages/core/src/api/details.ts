/** `GET /{collections,objects,agents,terms}/{id}`: one document in detail (API.md §5). */
import type {
  Agent,
  CatalogueDocument,
  CatalogueObject,
  Collection,
  DocumentType,
  Term,
} from '../documents/documents.js'
import type { AgentDetail, CollectionDetail, ObjectDetail, TermDetail } from './response-schemas.js'
import { agentDetail, collectionDetail, objectDetail, termDetail } from './responses.js'

/** The detail shape of each document type. */
export interface DetailOf {
  collection: CollectionDetail
  object: ObjectDetail
  agent: AgentDetail
  term: TermDetail
}

/**
 * A document in detail, in the shape of its type.
 * @param offset a collection's or object's index among its parent's children; null at the top
 *   level (as the reference answers) and for agents and terms
 */
export function detailOf<T extends DocumentType>(
  document: CatalogueDocument,
  offset: number | null,
): DetailOf[T] {
  switch (document.type) {
    case 'collection':
      return collectionDetail(document as Collection, offset) as DetailOf[T]
    case 'object':
      return objectDetail(document as CatalogueObject, offset) as DetailOf[T]
    case 'agent':
      return agentDetail(document as Agent) as DetailOf[T]
    case 'term':
      return termDetail(document as Term) as DetailOf[T]
  }
}
