export type {
  BackendCallOptions,
  BackendOptions,
  CallOptions,
  CatalogueBackend,
  MaybePromise,
} from './backend.js'
export type { CatalogueOptions, RequestInput } from './catalogue.js'
export { Catalogue } from './catalogue.js'
export type { GroupSummary } from './catalogue-data/catalogue-data.js'
export { isSnapshot } from './catalogue-data/snapshot-file.js'
export { parentUri } from './columns/hierarchy.js'
export {
  datesOf,
  descriptionOf,
  idOf,
  noteItems,
  notesOf,
} from './documents/document-fields.js'
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
} from './documents/documents.js'
export { DOCUMENT_TYPES, FORMATS, NOTE_TYPES, schemas } from './documents/documents.js'
export { exampleCatalogue } from './documents/example-catalogue.js'
export { jsonSchemaFiles } from './documents/json-schemas.js'
export type { Problem } from './documents/validate.js'
export { isCatalogueDocument, validateDocument, validatePart } from './documents/validate.js'
export { EadImporter } from './ead/import-ead.js'
export type { ImportedDocument, ImportWarning } from './ead/imported-document.js'
export { EadSyntaxError } from './ead/imported-document.js'
export type { CitationOptions } from './endpoints/citation.js'
export { citationTitle, joinHierarchy } from './endpoints/citation.js'
export type { DetailOf } from './endpoints/details.js'
export { documentProblems, malformedDocument } from './input/catalogue-checks.js'
export type {
  CatalogueFormat,
  DocumentSource,
  MalformedFileError,
  ReadOptions,
  ReadProgress,
  ReadWarning,
  SourcedValue,
} from './input/read-documents.js'
export { formatSource, MalformedJsonError, readDocuments } from './input/read-documents.js'
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
export type { EndpointParameters } from './requests/endpoint-parameters.js'
export { endpointParameters, REQUEST_LIMITS, YEAR_PATTERN } from './requests/endpoint-parameters.js'
export { pageLinks } from './requests/links.js'
export type { ParseOptions } from './requests/parse-request.js'
export { parseRequest } from './requests/parse-request.js'
export type {
  DateField,
  DateLookup,
  Endpoint,
  EndpointFilters,
  Filter,
  FilterField,
  Lookup,
  ParameterName,
  ParameterValue,
  ParsedRequest,
  RequestParams,
  SortField,
  SortKey,
  TextField,
} from './requests/parsed-request.js'
export type { CatalogueStats } from './responses/catalogue-stats.js'
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
} from './responses/response-schemas.js'
export { responseSchemas } from './responses/response-schemas.js'
export {
  agentDetail,
  collectionDetail,
  dateString,
  listItem,
  nullWhenEmpty,
  objectDetail,
  savedItem,
  searchResult,
  termDetail,
  treeReference,
} from './responses/responses.js'
export { loadSnapshot, saveSnapshot } from './snapshot.js'
export {
  analyze,
  normalizeToken,
  processTerm,
  stripHtml,
  tokenize,
  tokenSpans,
} from './text/analyze.js'
export { editDistance } from './text/fuzzy-walk.js'
export type { Analyzer, TextLanguage } from './text/languages.js'
export { analyzerFor, isTextLanguage, languageRules, TEXT_LANGUAGES } from './text/languages.js'
export type { IndexLeaf, QueryNode } from './text/query-analysis.js'
export { analyzeQuery, parseQuery } from './text/query-analysis.js'
export { FUZZY_EXPANSIONS } from './text/query-scorer.js'
export type { QuerySyntax } from './text/query-syntax.js'
export { parseQuerySyntax } from './text/query-syntax.js'
export type { QueryLeaves, QueryTree } from './text/query-tree.js'
export { readQuery } from './text/query-tree.js'
export type { CatalogueErrorCode } from './util/catalogue-errors.js'
export {
  BackendUnavailableError,
  BadParameterError,
  CatalogueError,
  NotFoundError,
} from './util/catalogue-errors.js'
export { compareCodeUnits } from './util/code-unit-order.js'
export { LruCache } from './util/lru-cache.js'
