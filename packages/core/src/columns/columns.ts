/**
 * The catalogue's columns as a whole: which filterable fields there are, and each row's sort
 * keys. `value-column.ts` is one column.
 */
import type { ValueColumn } from './value-column.js'

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
  'level',
  'agent',
  'start_date',
  'end_date',
] as const
export type ColumnName = (typeof COLUMN_NAMES)[number]
type YearColumn = 'start_date' | 'end_date'

/**
 * The filterable fields, each as a {@link ValueColumn}. `title` holds the titles of agents and
 * terms only (the lists that filter on title), `agent_type` and `term_type` those of their type,
 * `level` the level of collections and objects (as written: `file`, `series`, an `otherlevel`),
 * `agent` the agents collections and objects name (`namedAgentsOf`).
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
