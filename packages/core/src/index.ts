export type {
  Agent,
  CatalogueDate,
  CatalogueDocument,
  CatalogueFile,
  CatalogueObject,
  Collection,
  DocumentType,
  Extent,
  ExternalIdentifier,
  Format,
  Group,
  Language,
  Note,
  NoteType,
  Reference,
  RightsGranted,
  RightsStatement,
  SchemaName,
  Subnote,
  Term,
} from './documents.js'
export { DOCUMENT_TYPES, FORMATS, NOTE_TYPES, schemas } from './documents.js'
export type { CatalogueErrorCode } from './errors.js'
export { BadParameterError, CatalogueError, NotFoundError } from './errors.js'
export type { Problem } from './validate.js'
export { isCatalogueDocument, validateDocument, validatePart } from './validate.js'
