/**
 * `@archive-catalogue/core/backend` for people writing a backend (the OpenSearch package is one)
 * or a front end over one: the contract's parts a backend builds its answers from. The response
 * shapers, paging links, citations and details; the tree of collections (parents resolved,
 * siblings ranked, pre-order numbers); the query tree both backends read a query into; the text
 * analysis a query's words go through; the checks a catalogue's documents pass before a push.
 * The library's own surface (the backend interface, requests, responses, errors) is the first
 * door's; the two never name the same thing.
 */

export {
  analyze,
  indexedText,
  normalizeToken,
  processTerm,
  stripHtml,
  tokenize,
  tokenSpans,
} from './analysis/analyze.js'
export type { Analyzer } from './analysis/languages.js'
export { analyzerFor, languageRules } from './analysis/languages.js'
export type { IndexLeaf, QueryNode } from './analysis/query-analysis.js'
export { analyzeQuery, parseQuery } from './analysis/query-analysis.js'
export type { QuerySyntax } from './analysis/query-syntax.js'
export { parseQuerySyntax } from './analysis/query-syntax.js'
export type { QueryLeaves, QueryTree } from './analysis/query-tree.js'
export { FUZZY_EXPANSIONS, readQuery } from './analysis/query-tree.js'
export { compatibilityMappings, foldingMappings } from './analysis/unicode-forms.js'
export { citationTitle, joinHierarchy, writeCitation } from './api/citation.js'
export type { HistogramPlan } from './api/date-histogram.js'
export { dateHistogram, HISTOGRAM_INTERVALS, histogramPlan } from './api/date-histogram.js'
export { detailOf } from './api/details.js'
export type { Hierarchy, HierarchyWarning, StoredHierarchy } from './api/hierarchy.js'
export {
  ancestorsOf,
  deriveHierarchy,
  NO_PARENT,
  parentUri,
  rankSiblings,
  resolveParents,
} from './api/hierarchy.js'
export { listPageOf, pageLinks, pageOf } from './api/links.js'
export type { GroupSummary } from './api/responses.js'
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
} from './api/responses.js'
export type { SnippetMaker } from './api/snippets.js'
export { snippetMaker } from './api/snippets.js'
export {
  datesOf,
  descriptionOf,
  idOf,
  namedAgentsOf,
  noteItems,
  notesOf,
} from './documents/document-fields.js'
export { documentProblems, malformedDocument } from './input/catalogue-checks.js'
export type { ArrayMemory } from './util/array-memory.js'
export { compareCodeUnits } from './util/code-unit-order.js'
export { editDistance } from './util/edit-distance.js'
export { LruCache } from './util/lru-cache.js'
export { hasWorkerScript, startWorker, workerScript } from './util/worker-scripts.js'
