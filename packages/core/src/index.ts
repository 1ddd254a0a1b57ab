/**
 * `@archive-catalogue/core` for people using the library: a catalogue in memory (`Catalogue`,
 * `LiveCatalogue`), loading, snapshots, validation and EAD import, the documents' types, and the
 * API's requests, responses and backend interface. What writing a backend takes besides is the
 * second entry, `@archive-catalogue/core/backend` (`for-backends.ts`).
 */

export type { TextLanguage } from './analysis/languages.js'
export { isTextLanguage, TEXT_LANGUAGES } from './analysis/languages.js'
export type {
  BackendCallOptions,
  BackendOptions,
  CallOptions,
  CatalogueBackend,
  CatalogueListing,
  DocumentLookup,
  ExplainSource,
  HarvestedRecord,
  HarvestRequest,
  HarvestSet,
  HarvestSource,
  ListedDocument,
  MaybePromise,
  StatsSource,
  SubtreeEntry,
  SubtreeSource,
} from './api/backend.js'
export {
  isCatalogueListing,
  isDocumentLookup,
  isHarvestSource,
  isSubtreeSource,
  LISTING_RANGE,
  parseFor,
} from './api/backend.js'
export type { CatalogueStats } from './api/catalogue-stats.js'
export type { CitationOptions } from './api/citation.js'
export { API_DEFAULTS } from './api/defaults.js'
export type { DetailOf } from './api/details.js'
export type { EndpointParameters } from './api/endpoint-parameters.js'
export { endpointParameters, REQUEST_LIMITS, YEAR_PATTERN } from './api/endpoint-parameters.js'
export type { Explanation } from './api/explanation.js'
export type { ParseOptions } from './api/parse-request.js'
export { parseRequest } from './api/parse-request.js'
export type {
  DateField,
  DateLookup,
  Endpoint,
  EndpointFilters,
  FacetsOptIn,
  Filter,
  FilterField,
  Lookup,
  OptIn,
  ParameterName,
  ParameterValue,
  ParsedRequest,
  RequestParams,
  SearchOptIn,
  SortField,
  SortKey,
  TextField,
} from './api/parsed-request.js'
export type {
  AgentDetail,
  Ancestor,
  Ancestors,
  CollectionDetail,
  DateHistogram,
  DetailNote,
  DocumentDetail,
  FacetBucket,
  FacetsResponse,
  Health,
  HistogramInterval,
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
  Snippet,
  Suggestions,
  TermDetail,
} from './api/response-schemas.js'
export { responseSchemas } from './api/response-schemas.js'
export type { CatalogueOptions, ReportedLoad, RequestInput } from './catalogue.js'
export { Catalogue } from './catalogue.js'
export { isSnapshot } from './catalogue-data/snapshot-file.js'
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
export type { EadEdition } from './ead-export/edition.js'
export { EAD_EDITIONS, editionOf } from './ead-export/edition.js'
export type { FindingAidOptions } from './ead-export/finding-aid.js'
export { findingAid } from './ead-export/finding-aid.js'
export type {
  ComponentPlace,
  FindingAidFormat,
  FindingAidWalkOptions,
} from './ead-export/finding-aid-walk.js'
export { writeFindingAid } from './ead-export/finding-aid-walk.js'
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
export { VERBS as OAI_VERBS } from './oai-pmh/oai-arguments.js'
export type { OaiOptions } from './oai-pmh/oai-pmh.js'
export { oaiResponse } from './oai-pmh/oai-pmh.js'
export {
  isShared,
  openSharedCatalogue,
  type SharedCatalogue,
  shareCatalogue,
} from './shared-catalogue.js'
export { loadSnapshot, type SnapshotLoadOptions, saveSnapshot } from './snapshot.js'
export type { CatalogueErrorCode } from './util/catalogue-errors.js'
export {
  BackendUnavailableError,
  BadParameterError,
  CatalogueError,
  NotFoundError,
  NotTopLevelError,
} from './util/catalogue-errors.js'
export type { Chunks } from './util/chunks.js'
