export { analyze, normalizeToken, processTerm, stripHtml, tokenize } from './analyze.js'
export type { CallOptions, CatalogueOptions, RequestInput } from './catalogue.js'
export { Catalogue } from './catalogue.js'
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
export { pageLinks } from './links.js'
export type { InvalidDocument, LoadOptions, LoadResult } from './load.js'
export { checkCatalogue, describeProblem, InvalidCatalogueError, loadCatalogue } from './load.js'
export type { QueryNode } from './query-syntax.js'
export { parseQuery } from './query-syntax.js'
export type { DocumentSource, ReadOptions, ReadProgress, SourcedValue } from './read-documents.js'
export { formatSource, readDocuments } from './read-documents.js'
export type {
  DateField,
  DateLookup,
  Endpoint,
  Filter,
  FilterField,
  ListRequest,
  Lookup,
  ParseOptions,
  RequestParams,
  SortField,
  SortKey,
  TextField,
} from './request.js'
export { endpointParameters, parseRequest } from './request.js'
export type {
  CollectionDetail,
  CollectionsPage,
  DetailNote,
  FacetBucket,
  FacetsResponse,
  LinkedItem,
  ListDate,
  ListItem,
  Page,
  SearchResult,
  SearchResultDate,
} from './responses.js'
export { isSnapshot, loadSnapshot, saveSnapshot } from './snapshot.js'
export type { Problem } from './validate.js'
export { isCatalogueDocument, validateDocument, validatePart } from './validate.js'
