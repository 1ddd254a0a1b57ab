/**
 * A request as every backend receives it once parsed (`parse-request.ts`): its endpoint's
 * filters, sort, page and query tree, and the types that describe each endpoint's parameters.
 */
import type { QueryNode } from '../analysis/query-analysis.js'
import type { QuerySyntax } from '../analysis/query-syntax.js'

/** The endpoints that take list parameters; each allows its own filters and sort fields. */
export type Endpoint =
  | 'search'
  | 'facets'
  | 'collections'
  | 'objects'
  | 'agents'
  | 'terms'
  | 'children'
  | 'minimap'
  | 'ancestors'

/** A field that can be filtered on. */
export type FilterField = TextField | 'online' | DateField

/** How a filter compares: API.md §3's lookups, `exact` being the plain `field=value`. */
export type Lookup =
  | 'exact'
  | 'in'
  | 'exclude'
  | 'prefix'
  | 'wildcard'
  | 'gt'
  | 'gte'
  | 'lt'
  | 'lte'
  | 'range'

/** One filter: documents whose `field` satisfies `lookup` against `values`. */
export type Filter =
  | {
      field: TextField
      lookup: 'exact' | 'in' | 'exclude' | 'prefix' | 'wildcard'
      values: string[]
    }
  | { field: 'online'; lookup: 'exact'; values: boolean[] }
  | { field: DateField; lookup: DateLookup; values: number[] }

export type TextField =
  | 'category'
  | 'genre'
  | 'type'
  | 'subject'
  | 'creator'
  | 'title'
  | 'agent_type'
  | 'term_type'
  | 'level'
  | 'agent'
export type DateField = 'start_date' | 'end_date'
export type DateLookup = 'exact' | 'in' | 'gt' | 'gte' | 'lt' | 'lte' | 'range'

/** A field results can be sorted on. */
export type SortField = 'title' | 'start_date' | 'end_date' | 'creator' | 'type'
export interface SortKey {
  field: SortField
  descending: boolean
}

/**
 * A validated request of any endpoint that takes parameters (lists, search, facets, children,
 * minimap, ancestors): the same for every front end (HTTP, CLI, library) and every backend.
 */
export interface ParsedRequest {
  readonly endpoint: Endpoint
  /** The query as written, trimmed; '' when none. */
  readonly queryText: string
  /** The query as written, read but not analyzed (what a search cluster analyzes its own way); null when none. */
  readonly syntax: QuerySyntax | null
  /** The query analyzed as the catalogue's text is; null when there is none. */
  readonly query: QueryNode | null
  readonly filters: Filter[]
  readonly sort: SortKey[]
  /** How many results to answer: the page size, cut where the page would pass the window. */
  readonly limit: number
  readonly offset: number
  /** The page size asked for (clamped to the largest page), which the `next`/`previous` links keep. */
  readonly pageSize: number
  /** Every parameter of the request as given (unknown ones too), for `next`/`previous` links. */
  readonly params: ReadonlyArray<readonly [string, string]>
  /** `/facets` with `date_histogram=true`: add the date histogram (`api/date-histogram.ts`). */
  readonly dateHistogram: boolean
  /** `/facets` with `level_facet=true`: add the `level` facet (collections and objects by level). */
  readonly levelFacet: boolean
  /** `/facets` with `type_facet=true`: add the `type` facet (the matching documents by type). */
  readonly typeFacet: boolean
  /**
   * `/search` with `snippets=true`: add to each result where the query's words stand in it
   * (`api/snippets.ts`).
   */
  readonly snippets: boolean
}

/**
 * A parameter that adds a key to its endpoint's answer when `true` and leaves the answer as the
 * reference's otherwise (`endpointParameters`' `optIns` say which endpoint reads it).
 */
export type OptIn = FacetsOptIn | SearchOptIn
/** The opt-ins of `/facets`. */
export type FacetsOptIn = 'date_histogram' | 'level_facet' | 'type_facet'
/** The opt-ins of `/search`. */
export type SearchOptIn = 'snippets'

/** The value of a parameter in a plain object: a repeated parameter as an array. */
export type ParameterValue = string | readonly string[] | number | boolean | undefined

export type DescriptionFilter =
  | 'category'
  | 'genre'
  | 'subject'
  | 'creator'
  | 'level'
  | 'agent'
  | 'online'
  | DateField
export type SearchFilter = DescriptionFilter | 'type'

/** The filters of each endpoint, as types (the table below is checked against them). */
export interface EndpointFilters {
  search: SearchFilter
  facets: SearchFilter
  collections: DescriptionFilter
  objects: DescriptionFilter
  agents: 'title' | 'agent_type' | DateField
  terms: 'title' | 'term_type'
  children: DescriptionFilter
  minimap: DescriptionFilter
  ancestors: DescriptionFilter
}

export type TextLookup = 'in' | 'exclude' | 'prefix' | 'wildcard'
type FilterName<F extends FilterField> = F extends DateField
  ? F | `${F}__${Exclude<DateLookup, 'exact'>}`
  : F extends 'online'
    ? F
    : F | `${F}__${TextLookup}`

/** Every parameter name an endpoint reads: `query`, paging, `sort`, its filters and lookups, its opt-ins. */
export type ParameterName<E extends Endpoint> =
  | 'query'
  | 'limit'
  | 'offset'
  | 'sort'
  | FilterName<EndpointFilters[E]>
  | (E extends 'facets' ? FacetsOptIn : E extends 'search' ? SearchOptIn : never)

/**
 * Parameters as URLSearchParams (any names: the API ignores unknown ones) or a plain object
 * typed per endpoint, so that a misspelt name (`{ qeury: 'x' }`) fails to compile.
 */
export type RequestParams<E extends Endpoint = Endpoint> =
  | URLSearchParams
  | { readonly [N in ParameterName<E>]?: ParameterValue }
