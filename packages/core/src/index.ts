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
export type { ImportedDocument, ImportWarning } from './ead/import-ead.js'
export { EadImporter, EadSyntaxError } from './ead/import-ead.js'
export type { CitationOptions } from './endpoints/citation.js'
export type { DetailOf } from './endpoints/details.js'
export type { CatalogueErrorCode } from './errors.js'
export { BadParameterError, CatalogueError, NotFoundError } from './errors.js'
export { exampleCatalogue } from './example-catalogue.js'
export { jsonSchemaFiles } from './json-schemas.js'
export type { Analyzer, TextLanguage } from './languages.js'
export { analyzerFor, isTextLanguage, TEXT_LANGUAGES } from './languages.js'
export { pageLinks } from './links.js'
export type { LiveCatalogueOptions, ReloadOutcome } from './live-catalogue.js'
export { LiveCatalogue } from './live-catalogue.js'
export type { InvalidDocument, LoadOptions, LoadResult, LoadWarning } from './load.js'
export {
  checkCatalogue,
  describeProblem,
  describeWarning,
  InvalidCatalogueError,
  loadCatalogue,
} from './load.js'
export { LruCache } from './lru-cache.js'
export type { QueryNode } from './query-syntax.js'
export { parseQuery } from './query-syntax.js'
export type {
  CatalogueFormat,
  DocumentSource,
  MalformedFileError,
  ReadOptions,
  ReadProgress,
  ReadWarning,
  SourcedValue,
} from './read-documents.js'
export { formatSource, MalformedJsonError, readDocuments } from './read-documents.js'
export type {
  DateField,
  DateLookup,
  Endpoint,
  EndpointFilters,
  EndpointParameters,
  Filter,
  FilterField,
  ListRequest,
  Lookup,
  ParameterName,
  ParameterValue,
  ParseOptions,
  RequestParams,
  SortField,
  SortKey,
  TextField,
} from './request.js'
export { endpointParameters, parseRequest, REQUEST_LIMITS } from './request.js'
export type {
  AgentDetail,
  Ancestor,
  Ancestors,
  CollectionDetail,
  DetailNote,
  DocumentDetail,
  FacetBucket,
  FacetsResponse,
  Health,
  LinkedItem,
  ListDate,
  ListItem,
  ListPage,
  Minimap,
  MyList,
  ObjectDetail,
  Page,
  ResponseShape,
  SearchResult,
  SearchResultDate,
  Suggestions,
  TermDetail,
} from './response-schemas.js'
export { responseSchemas } from './response-schemas.js'
export { isSnapshot, loadSnapshot, saveSnapshot } from './snapshot.js'
export type { Problem } from './validate.js'
export { isCatalogueDocument, validateDocument, validatePart } from './validate.js'
