export {
  analysisSettings,
  SORT_NORMALIZER,
  TEXT_ANALYZER,
  TITLE_WORDS_ANALYZER,
  WORDS_ANALYZER,
} from './analysis.js'
export type { OpenSearchBackendOptions } from './backend/opensearch-backend.js'
export { OpenSearchBackend } from './backend/opensearch-backend.js'
export type { IndexStats } from './backend/stats.js'
export type { BulkDocument, BulkOptions } from './bulk-sender.js'
export { BulkSender, describeRefused } from './bulk-sender.js'
export type { DerivedFields } from './derived-fields.js'
export { derivedFields } from './derived-fields.js'
export type { OpenSearchErrorCode, RefusedDocument } from './errors.js'
export { OpenSearchError } from './errors.js'
export type { IndexBody } from './index-body.js'
export { DERIVED, indexBody } from './index-body.js'
export type { PushOptions, PushProgress, PushResult } from './push.js'
export { pushCatalogue } from './push.js'
