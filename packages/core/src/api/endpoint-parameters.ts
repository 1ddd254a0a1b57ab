/** What each endpoint accepts (API.md §3) and the bounds of one request's work. */
import type {
  DateField,
  DescriptionFilter,
  Endpoint,
  EndpointFilters,
  FilterField,
  OptIn,
  SearchFilter,
  SortField,
  TextField,
} from './parsed-request.js'

/**
 * The bounds of one request's work (a 400 beyond them): what a client can ask stays cheap at a
 * million documents. The deepest page matches Elasticsearch's `max_result_window`.
 */
export const REQUEST_LIMITS = {
  /** Characters of `query`. */
  queryLength: 1024,
  /** Words, phrase words and prefixes of `query`. */
  queryTerms: 64,
  /** The deepest result a page of the lists that rank or sort reaches (`offset` + its `limit`). */
  window: 10_000,
  /** Characters of a `__wildcard` pattern, and its `*`s. */
  wildcardLength: 100,
  wildcardStars: 10,
} as const

/**
 * A year as the date filters read it, the source of a regular expression: up to four digits, `-`
 * before the common era. For documentation too (the OpenAPI description's patterns).
 */
export const YEAR_PATTERN = '-?\\d{1,4}'
export const YEAR = new RegExp(`^${YEAR_PATTERN}$`)

export const TEXT_FIELDS: readonly TextField[] = [
  'category',
  'genre',
  'type',
  'subject',
  'creator',
  'title',
  'agent_type',
  'term_type',
  'level',
  'agent',
]
export const DATE_FIELDS: readonly DateField[] = ['start_date', 'end_date']
export const TEXT_LOOKUPS = ['in', 'exclude', 'prefix', 'wildcard'] as const
export const DATE_LOOKUPS = ['gt', 'gte', 'lt', 'lte', 'range', 'in'] as const

/** What one endpoint accepts besides `query`. */
export interface EndpointParameters {
  readonly filters: readonly FilterField[]
  /** The sort fields; an endpoint without any ignores `sort` (front ends send it everywhere). */
  readonly sorts: readonly SortField[]
  /** Whether `limit` and `offset` are read (and checked); elsewhere they are ignored. */
  readonly paginated: boolean
  /**
   * Whether it ranks or sorts its results, so that a deep page costs: there a page ends by
   * {@link REQUEST_LIMITS}' `window` (a deeper `offset` is a 400, a longer page is cut there).
   */
  readonly ranked: boolean
  /** The {@link OptIn} parameters it reads (`true` or `false`); others ignore them. */
  readonly optIns?: readonly OptIn[]
}

/**
 * The filters of collections and objects (API.md §3), also those that count hits below a node.
 * `level` is ours (the reference has no such filter): it follows the `level` facet's buckets;
 * `agent` too: the records that name an agent (`namedAgentsOf`), objects included.
 */
const DESCRIPTION_FILTERS: readonly DescriptionFilter[] = [
  'category',
  'genre',
  'subject',
  'creator',
  'level',
  'agent',
  'online',
  ...DATE_FIELDS,
]
const SEARCH_FILTERS: readonly SearchFilter[] = [
  'category',
  'genre',
  'type',
  'subject',
  'creator',
  'level',
  'agent',
  'online',
  ...DATE_FIELDS,
]

/**
 * The filters and sort fields each endpoint accepts (API.md §3, §5; the lists as the reference
 * service's views declare them), for parsers and documentation.
 */
export const endpointParameters: {
  readonly [E in Endpoint]: EndpointParameters & { readonly filters: readonly EndpointFilters[E][] }
} = {
  search: {
    filters: SEARCH_FILTERS,
    sorts: ['title', 'start_date', 'end_date', 'creator'],
    paginated: true,
    ranked: true,
    optIns: ['snippets'],
  },
  // /facets neither sorts nor pages, but checks what DIMES sends it as /search does.
  facets: {
    filters: SEARCH_FILTERS,
    sorts: ['title', 'start_date', 'end_date', 'creator'],
    paginated: true,
    ranked: false,
    optIns: ['date_histogram', 'level_facet', 'type_facet'],
  },
  collections: {
    filters: DESCRIPTION_FILTERS,
    sorts: ['title', 'start_date', 'end_date'],
    paginated: true,
    ranked: true,
  },
  objects: {
    filters: DESCRIPTION_FILTERS,
    sorts: ['title', 'start_date', 'end_date'],
    paginated: true,
    ranked: true,
  },
  agents: {
    filters: ['title', 'agent_type', ...DATE_FIELDS],
    sorts: ['title', 'start_date', 'end_date', 'type'],
    paginated: true,
    ranked: true,
  },
  terms: { filters: ['title', 'term_type'], sorts: ['title'], paginated: true, ranked: true },
  children: { filters: DESCRIPTION_FILTERS, sorts: [], paginated: true, ranked: false },
  minimap: { filters: DESCRIPTION_FILTERS, sorts: [], paginated: false, ranked: false },
  ancestors: { filters: DESCRIPTION_FILTERS, sorts: [], paginated: false, ranked: false },
}
