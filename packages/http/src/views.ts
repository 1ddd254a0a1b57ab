/**
 * The views: what each endpoint computes and how it is serialized. A view is a few lines; the
 * route table (`routes.ts`) maps paths to them.
 */
import type { Catalogue, Endpoint, ListRequest } from '@archive-catalogue/core'
import { describeParameters } from './parameters.js'
import { type EndpointMetadata, serialize } from './serialize.js'

/** What a view gets to compute its response. */
export interface ViewContext {
  readonly catalogue: Catalogue
  /** Path parameters by name (`:id` → `params.id`), percent-decoded. */
  readonly params: Readonly<Record<string, string>>
  /** The query parameters parsed and validated for the view's `endpoint` (throws a 400 error). */
  readonly request: ListRequest
  /** The call options for the core's list methods: `{ baseUrl }` for `next`/`previous`. */
  readonly links: { baseUrl: string }
  /** The routed top-level endpoints and their absolute URLs, for `GET /`. */
  readonly endpoints: Readonly<Record<string, string>>
}

/** An endpoint: its name and description (OPTIONS, HTML), how it computes and serializes. */
export interface View<T = unknown> {
  /** DRF-style view name, e.g. `Collection List`. */
  readonly name: string
  readonly description: string
  /** The list endpoint whose query parameters the view parses; none for a view without any. */
  readonly endpoint?: Endpoint
  /** Whether the view answers pages (its HTML form then has `sort` and `limit`). */
  readonly paginated?: boolean
  run(context: ViewContext): T
  serialize(value: T): string
}

/** Erases a view's value type for the route table (each view pairs `run` with its serializer). */
function view<T>(definition: View<T>): View {
  return definition as View
}

export const apiRoot = view({
  name: 'Api Root',
  description: 'The endpoints of the catalogue API.',
  run: (c) => c.endpoints,
  serialize: serialize.root,
})

export const search = view({
  name: 'Search',
  description:
    'Agents and collections matching the query, across agents, collections and objects: ' +
    'one result per top-level collection or agent.',
  endpoint: 'search',
  paginated: true,
  run: (c) => c.catalogue.search(c.request, c.links),
  serialize: serialize.searchPage,
})

export const facets = view({
  name: 'Facets',
  description: 'Counts over every document matching the query and the filters.',
  endpoint: 'facets',
  run: (c) => c.catalogue.facets(c.request),
  serialize: serialize.facets,
})

export const collectionList = view({
  name: 'Collection List',
  description: 'Collections of every level, filtered, narrowed by the query, sorted.',
  endpoint: 'collections',
  paginated: true,
  run: (c) => c.catalogue.collections(c.request, c.links),
  serialize: serialize.collectionsPage,
})

export const collectionDetail = view({
  name: 'Collection Detail',
  description: 'One collection in detail.',
  run: (c) => c.catalogue.collection(c.params.id ?? ''),
  serialize: serialize.collectionDetail,
})

/** What OPTIONS answers about a view: DRF's metadata and the query parameters it accepts. */
export function metadataOf(view: View): EndpointMetadata {
  return {
    name: view.name,
    description: view.description,
    renders: ['application/json', 'text/html'],
    // Nothing reads a request body: the API is read-only.
    parses: [],
    query_parameters: describeParameters(view.endpoint),
  }
}
