import type { Bitset } from './_bitset.js'
import type { TextIndex } from './_text-index.js'
import type { ValueColumn } from './_value-column.js'
import type { CatalogueDate, DocumentType } from './documents.js'

/** The filterable fields, each as a {@link ValueColumn}. */
export interface Columns {
  type: ValueColumn<string>
  category: ValueColumn<string>
  online: ValueColumn<string>
  formats: ValueColumn<string>
  subject: ValueColumn<string>
  creator: ValueColumn<string>
  start_date: ValueColumn<number>
  end_date: ValueColumn<number>
}

/** Marks "no year" in the year sort keys; sorts last either way because the sort checks it. */
export const NO_YEAR = -32768
/** Marks "no value" in rank sort keys. */
export const NO_RANK = 0xffffffff

/**
 * Per-row sort keys, for documents and for groups alike: sorting compares these numbers, never
 * strings or dates.
 */
export interface SortKeys {
  titleRank: Uint32Array
  startMin: Int16Array
  startMax: Int16Array
  endMin: Int16Array
  endMax: Int16Array
  creatorMin: Uint32Array
  creatorMax: Uint32Array
}

/** A search result's group: the top-level collection, or the agent itself. */
export interface GroupSummary {
  identifier: string
  title: string
  category: string | null
  dates: CatalogueDate[]
  creators: string[]
}

/** Everything a built catalogue holds. Immutable once built. */
export interface CatalogueData {
  size: number
  /** Each document's JSON text: documents are parsed only when a response needs them whole. */
  texts: string[]
  uris: string[]
  uriIndex: Map<string, number>
  types: DocumentType[]
  columns: Columns
  keys: SortKeys
  /** Each document's group index. */
  groupOf: Uint32Array
  groups: GroupSummary[]
  groupKeys: SortKeys
  /** Each document's parent collection (document index), -1 when it has none in the catalogue. */
  parentOf: Int32Array
  /** Each document's position among its parent's children, -1 for a top-level document. */
  childIndex: Int32Array
  /** The documents that are online. */
  online: Bitset
  /** Sets by document type, the universes of the endpoints. */
  typeSets: Record<DocumentType, Bitset>
  text: TextIndex
  /** A fingerprint of the content, for ETags and snapshots. */
  version: string
}
