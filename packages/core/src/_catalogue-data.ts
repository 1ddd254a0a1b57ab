import type { Bitset } from './columns/_bitset.js'
import type { Hierarchy } from './columns/_hierarchy.js'
import type { ValueColumn } from './columns/_value-column.js'
import type { CatalogueDate, DocumentType } from './documents/documents.js'
import type { DocumentStore } from './store/document-store.js'
import type { StoredCatalogue } from './store/stored-catalogue.js'
import type { TitleWords } from './text/_title-words.js'
import type { TextIndex } from './text/text-index.js'

/** The filterable fields, by column name: the one list the builder and snapshots follow. */
export const COLUMN_NAMES = [
  'type',
  'category',
  'online',
  'formats',
  'subject',
  'creator',
  'title',
  'agent_type',
  'term_type',
  'start_date',
  'end_date',
] as const
export type ColumnName = (typeof COLUMN_NAMES)[number]
type YearColumn = 'start_date' | 'end_date'

/**
 * The filterable fields, each as a {@link ValueColumn}. `title` holds the titles of agents and
 * terms only (the lists that filter on title), `agent_type` and `term_type` those of their type.
 */
export type Columns = { [N in Exclude<ColumnName, YearColumn>]: ValueColumn<string> } & {
  [N in YearColumn]: ValueColumn<number>
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
  /** The rank of the document type's name (agents sort on `type`). */
  typeRank: Uint32Array
}

/** A search result's group: the top-level collection, or the agent itself. */
export interface GroupSummary {
  identifier: string
  title: string
  category: string | null
  dates: CatalogueDate[]
  creators: string[]
}

/**
 * Everything a built catalogue holds: its stored parts (`stored`, what snapshots write, also
 * spread here as they are) and what {@link deriveCatalogue} derives from them. Immutable once
 * built.
 */
export interface CatalogueData extends Omit<StoredCatalogue, DerivedParts> {
  stored: StoredCatalogue
  /** Each document's JSON text: documents are parsed only when a response needs them whole. */
  documents: DocumentStore
  uriIndex: Map<string, number>
  types: DocumentType[]
  columns: Columns
  /** The tree of collections and objects: parents, children in order, pre-order intervals. */
  hierarchy: Hierarchy
  /** The words of titles, for spelling suggestions. */
  titleWords: TitleWords
  /** The documents that are online. */
  online: Bitset
  /** Sets by document type, the universes of the endpoints. */
  typeSets: Record<DocumentType, Bitset>
  text: TextIndex
}

/** The stored parts the catalogue's data holds in derived form (a reader over them). */
type DerivedParts = 'documents' | 'columns' | 'hierarchy' | 'titleWords' | 'text'
