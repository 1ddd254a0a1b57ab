export type { OpenSearchBackendOptions } from './backend/opensearch-backend.js'
export { OpenSearchBackend } from './backend/opensearch-backend.js'
export type { IndexStats } from './backend/stats.js'
export { nodeUrls } from './cluster/cluster-client.js'
export type { OpenSearchErrorCode, RefusedDocument } from './cluster/opensearch-error.js'
export { OpenSearchError } from './cluster/opensearch-error.js'
export {
  analysisSettings,
  SORT_NORMALIZER,
  TEXT_ANALYZER,
  TITLE_WORDS_ANALYZER,
  WORDS_ANALYZER,
} from './indexing/analysis.js'
export type { BulkDocument, BulkOptions } from './indexing/bulk-sender.js'
export { BulkSender, describeRefused } from './indexing/bulk-sender.js'
export type { DerivedFields } from './indexing/derived-fields.js'
export { derivedFields } from './indexing/derived-fields.js'
export type { IndexBody } from './indexing/index-body.js'
export { DERIVED, indexBody } from './indexing/index-body.js'
export type { PushOptions, PushProgress, PushResult } from './indexing/push.js'
export { pushCatalogue } from './indexing/push.js'
