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
import type { Engine } from './_engine.js'

/** The detail shape of each document type. */
export interface DetailOf {
  collection: CollectionDetail
  object: ObjectDetail
  agent: AgentDetail
  term: TermDetail
}

/** The detail of the document of a type and id; a `NotFoundError` when there is none. */
export function detail<T extends DocumentType>(engine: Engine, type: T, id: string): DetailOf[T] {
  const index = engine.indexOf(type, id)
  const document = engine.document(index)
  // Its index among its parent's children; null at the top level (as the reference answers).
  const rank = engine.data.hierarchy.childIndex[index]!
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
