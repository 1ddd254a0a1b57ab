/** `GET /{collections,objects,agents,terms}/{id}`: one document in detail (API.md §5). */
import type {
  Agent,
  CatalogueObject,
  Collection,
  DocumentType,
  Term,
} from '../documents/documents.js'
import type {
  AgentDetail,
  CollectionDetail,
  ObjectDetail,
  TermDetail,
} from '../responses/response-schemas.js'
import { agentDetail, collectionDetail, objectDetail, termDetail } from '../responses/responses.js'
import type { QueryContext } from './query-context.js'

/** The detail shape of each document type. */
export interface DetailOf {
  collection: CollectionDetail
  object: ObjectDetail
  agent: AgentDetail
  term: TermDetail
}

/** The detail of the document of a type and id; a `NotFoundError` when there is none. */
export function detail<T extends DocumentType>(
  context: QueryContext,
  type: T,
  id: string,
): DetailOf[T] {
  const index = context.indexOf(type, id)
  const document = context.document(index)
  // Its index among its parent's children; null at the top level (as the reference answers).
  const rank = context.data.hierarchy.childIndex[index]!
  const offset = rank < 0 ? null : rank
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
