/**
 * The views: what each endpoint computes and how it is serialized. A view is a few lines; the
 * route table (`routes.ts`) maps methods and paths to them.
 */
import {
  type BackendCallOptions,
  type CatalogueBackend,
  type Chunks,
  type CitationOptions,
  type DocumentType,
  EAD_EDITIONS,
  type Endpoint,
  editionOf,
  findingAid,
  type MaybePromise,
  OAI_VERBS,
  type OaiOptions,
  oaiResponse,
  type ParsedRequest,
  type ResponseShape,
} from '@archive-catalogue/core'
import { HttpError } from './http-errors.js'
import { describeParameters, formatParameter } from './parameters.js'
import { type EndpointMetadata, type QueryParameter, serialize } from './serialize.js'

/** What a view gets to compute its response. */
export interface ViewContext {
  /** What answers: one backend for the whole request. */
  readonly backend: CatalogueBackend
  /** Path parameters by name (`:id` → `params.id`), percent-decoded. */
  readonly params: Readonly<Record<string, string>>
  /** The query parameters parsed and validated for the view's `endpoint` (throws a 400 error). */
  readonly request: ParsedRequest
  /** The raw query parameters. */
  readonly query: URLSearchParams
  /** The options of the backend's methods: `baseUrl` for links, the call's `signal`. */
  readonly call: BackendCallOptions & { readonly baseUrl: string }
  /** The routed top-level endpoints and their absolute URLs, for `GET /`. */
  readonly endpoints: Readonly<Record<string, string>>
  /** The request body (POST), empty when there is none. */
  readonly body: Buffer
  /** How citations are written (the app's options). */
  readonly citation: CitationOptions
  /** The OpenAPI description of the app, its links on this request's base URL. */
  readonly openApi: Readonly<Record<string, unknown>>
  /** How the OAI-PMH endpoint describes the repository (the app's `oai` option). */
  readonly oai: OaiSettings
}

/** The OAI-PMH options an app is given: all but what each request decides. */
export type OaiSettings = Omit<OaiOptions, 'baseUrl' | 'signal' | 'now'>

/** An endpoint: its name and description (OPTIONS, HTML), how it computes and serializes. */
export interface View<T = unknown> {
  /** DRF-style view name, e.g. `Collection List`. */
  readonly name: string
  readonly description: string
  /** The list endpoint whose query parameters the view parses; none for a view without any. */
  readonly endpoint?: Endpoint
  /** Whether the view answers pages (its HTML form then has `sort` and `limit`). */
  readonly paginated?: boolean
  /** The media types of the request bodies it reads (POST views). */
  readonly parses?: readonly string[]
  /** The JSON Schema of the request body it accepts (POST views), for the OpenAPI description. */
  readonly body?: Readonly<Record<string, unknown>>
  /** The query parameters it reads, when they are not a list endpoint's. */
  readonly parameters?: readonly QueryParameter[]
  /** The response shape (its schema and serializer are the core's). */
  readonly shape: ResponseShape
  /** A serializer of its own, for a body that is no response shape of the API (OpenAPI). */
  readonly serialize?: (value: T) => string
  /**
   * Whether its answer changes without the catalogue changing (`/health`): sent with
   * `Cache-Control: no-store` and no ETag, so no cache or 304 shows a stale answer.
   */
  readonly live?: boolean
  /** Its answer: a promise only when the backend answers with one. */
  run(context: ViewContext): MaybePromise<T>
  /**
   * A view whose answer is written as it is made (not a response shape): its chunks, and their
   * media type. An error before the first chunk is an error response as any view's; one after
   * cuts the response. Never cached.
   */
  readonly stream?: {
    readonly contentType: string
    /** Its chunks: at once from a backend that answers at once, so the app answers at once. */
    chunks(context: ViewContext): Chunks
  }
}

/** Erases a view's value type for the route table. */
function view<T>(definition: View<T>): View {
  return definition as View
}

export const apiRoot = view({
  name: 'Api Root',
  description: 'The endpoints of the catalogue API.',
  shape: 'root',
  run: (c) => c.endpoints,
})

export const search = view({
  name: 'Search',
  description:
    'Agents and collections matching the query, across agents, collections and objects: ' +
    'one result per top-level collection or agent.',
  endpoint: 'search',
  paginated: true,
  shape: 'searchPage',
  run: (c) => c.backend.search(c.request, c.call),
})

export const suggest = view({
  name: 'Search Suggest',
  description:
    'Spelling suggestions for each word of title_suggest, from the words of titles ' +
    '(at most 5 a word, within two edits, same first letter).',
  shape: 'suggestions',
  parameters: [
    { name: 'title_suggest', description: 'The words to suggest spellings for.' },
    formatParameter,
  ],
  run: (c) => c.backend.suggest(c.query.getAll('title_suggest').join(' '), c.call),
})

export const facets = view({
  name: 'Facets',
  description: 'Counts over every document matching the query and the filters.',
  endpoint: 'facets',
  shape: 'facets',
  run: (c) => c.backend.facets(c.request, c.call),
})

const LIST_DESCRIPTIONS = {
  collections: 'Collections of every level, filtered, narrowed by the query, sorted.',
  objects: 'Objects, filtered, narrowed by the query, sorted.',
  agents: 'People, organizations and families, filtered, narrowed by the query, sorted.',
  terms: 'Subject terms, filtered, narrowed by the query, sorted.',
} as const

/** `GET /collections`, `/objects`, `/agents`, `/terms`. */
function listView(endpoint: keyof typeof LIST_DESCRIPTIONS, name: string): View {
  return view({
    name,
    description: LIST_DESCRIPTIONS[endpoint],
    endpoint,
    paginated: true,
    shape: 'listPage',
    run: (c) => c.backend[endpoint](c.request, c.call),
  })
}

export const collectionList = listView('collections', 'Collection List')
export const objectList = listView('objects', 'Object List')
export const agentList = listView('agents', 'Agent List')
export const termList = listView('terms', 'Term List')

const DETAIL_SHAPES = {
  collection: 'collectionDetail',
  object: 'objectDetail',
  agent: 'agentDetail',
  term: 'termDetail',
} as const satisfies Record<DocumentType, ResponseShape>

/** `GET /{type}s/{id}`: query parameters (DIMES sends its search state) are ignored. */
export function detailView(type: DocumentType): View {
  const name = `${type[0]!.toUpperCase()}${type.slice(1)}`
  return view({
    name: `${name} Detail`,
    description: `One ${type} in detail.`,
    shape: DETAIL_SHAPES[type],
    run: (c) => c.backend.detail(type, c.params.id ?? '', c.call),
  })
}

export const children = view({
  name: 'Collection Children',
  description:
    'The direct children of a collection in order, paginated; with a query, each with the ' +
    'number of documents at or below it that match the query and the filters.',
  endpoint: 'children',
  paginated: true,
  shape: 'childrenPage',
  run: (c) => c.backend.children(c.params.id ?? '', c.request, c.call),
})

/** `GET /collections/{id}/ancestors`, `/objects/{id}/ancestors`. */
export function ancestorsView(type: 'collection' | 'object'): View {
  return view({
    name: type === 'collection' ? 'Collection Ancestors' : 'Object Ancestors',
    description:
      `The ancestors of a ${type}, root outermost, each holding the next as "child"; {} at ` +
      'the top level. With a query, each with its hit counts.',
    endpoint: 'ancestors',
    shape: 'ancestors',
    run: (c) => c.backend.ancestors(type, c.params.id ?? '', c.request, c.call),
  })
}

export const minimap = view({
  name: 'Collection Minimap',
  description:
    'The number of descendants of a collection, and those matching the query and the ' +
    'filters with their place in the tree.',
  endpoint: 'minimap',
  shape: 'minimap',
  run: (c) => c.backend.minimap(c.params.id ?? '', c.request, c.call),
})

/** `GET /collections/{id}/ead`: the whole finding aid, written as it is read. */
export const findingAidView = view({
  name: 'Finding Aid',
  description:
    'The whole finding aid of a top-level collection as EAD3 (edition=ead2002 for EAD 2002), ' +
    'every component in order, written as it is read. A collection inside another is a 409 ' +
    'naming its top-level collection.',
  parameters: [
    {
      name: 'edition',
      description: 'ead3 (the default: EAD3 1.1.1) or ead2002 (EAD 2002).',
      choices: [...EAD_EDITIONS],
    },
  ],
  shape: 'root',
  stream: {
    contentType: 'application/xml; charset=utf-8',
    chunks: (c) =>
      findingAid(c.backend, c.params.id ?? '', {
        edition: editionOf(c.query.getAll('edition').at(-1)),
        signal: c.call.signal,
      }),
  },
  run: () => {
    throw new Error('The finding aid is streamed')
  },
})

/** `GET /oai`, `POST /oai`: OAI-PMH 2.0, its errors answered inside a 200 as it says. */
export const oai = view({
  name: 'OAI-PMH',
  description:
    'OAI-PMH 2.0 for harvesters: Identify, ListMetadataFormats, ListSets, ListIdentifiers, ' +
    'ListRecords, GetRecord; oai_dc for every collection and object, the whole finding aid ' +
    '(ead: EAD 2002, ead3: EAD3) for each top-level collection (docs/harvesting.md).',
  parses: ['application/x-www-form-urlencoded'],
  parameters: [
    // No choices: another value is answered inside a 200 (badVerb), as the protocol asks.
    { name: 'verb', description: `The OAI-PMH verb: ${OAI_VERBS.join(', ')}.` },
    { name: 'identifier', description: 'An item: oai:<repository>:collections/<id>.' },
    { name: 'metadataPrefix', description: 'oai_dc, ead (EAD 2002) or ead3.' },
    { name: 'from', description: 'YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ (UTC).' },
    { name: 'until', description: 'YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ (UTC).' },
    { name: 'set', description: 'A setSpec of ListSets.' },
    { name: 'resumptionToken', description: 'The token of the previous page of a list.' },
  ],
  shape: 'root',
  stream: {
    contentType: 'text/xml; charset=utf-8',
    chunks: (c) =>
      oaiResponse(
        c.backend,
        c.body.length > 0 ? new URLSearchParams(c.body.toString('utf8')) : c.query,
        { ...c.oai, baseUrl: `${c.call.baseUrl}/oai`, signal: c.call.signal },
      ),
  },
  run: () => {
    throw new Error('OAI-PMH is streamed')
  },
})

/** `GET /{type}s/{id}/citation`. */
export function citationView(type: DocumentType): View {
  return view({
    name: 'Citation',
    description: `The citation of a ${type}: title and dates, ancestors, repository, URL.`,
    shape: 'citation',
    run: (c) => {
      const { baseUrl, signal } = c.call
      return c.backend.citation(type, c.params.id ?? '', { ...c.citation, baseUrl, signal })
    },
  })
}

/** Most uris one `POST /mylist` resolves: a saved list is a reader's, not a catalogue dump. */
const MAX_SAVED = 10_000

export const myList = view({
  name: 'My List',
  description:
    'POST {"list": [uris]}: the saved collections and objects, grouped by top-level ' +
    'collection. Unknown uris are skipped; nothing is stored.',
  parses: ['application/json'],
  // What `savedUris` accepts.
  body: {
    type: 'object',
    required: ['list'],
    properties: { list: { type: 'array', items: { type: 'string' }, maxItems: MAX_SAVED } },
  },
  shape: 'myList',
  run: (c) => c.backend.myList(savedUris(c.body), c.call),
})

/** The uris of a `/mylist` body, or a 400 naming what is wrong with it. */
function savedUris(body: Buffer): string[] {
  let value: unknown
  try {
    value = JSON.parse(body.toString('utf8'))
  } catch (error) {
    throw new HttpError(400, `JSON parse error - ${(error as Error).message}`)
  }
  const list = (value as { list?: unknown } | null)?.list
  if (typeof value !== 'object' || value === null || Array.isArray(value) || list === undefined) {
    throw new HttpError(400, 'Expected a JSON object {"list": ["/objects/<id>", ...]}.')
  }
  if (!Array.isArray(list) || list.some((uri) => typeof uri !== 'string')) {
    throw new HttpError(400, '\'list\' must be an array of uri strings, e.g. ["/objects/abc"].')
  }
  if (list.length > MAX_SAVED) {
    throw new HttpError(400, `'list' has ${list.length} uris; the limit is ${MAX_SAVED}.`)
  }
  return list as string[]
}

export const health = view({
  name: 'Health',
  description:
    'The catalogue in use: its version (it changes with the content), its number of ' +
    'documents, when and how fast it was loaded, and why the last reload failed, if it did.',
  shape: 'health',
  live: true,
  run: (c) => c.backend.health(c.call),
})

export const openApi = view({
  name: 'OpenAPI',
  description: 'The OpenAPI 3.1 description of this API.',
  // Not a response shape of the API: its own document, serialized as it is.
  shape: 'root',
  serialize: (value) => JSON.stringify(value),
  run: (c) => c.openApi,
})

/** The serializer of a view: its own, else its shape's. */
export function serializerOf(view: View): (value: unknown) => string {
  return view.serialize ?? serialize[view.shape]
}

/** What OPTIONS answers about a view: DRF's metadata and the query parameters it accepts. */
export function metadataOf(view: View): EndpointMetadata {
  return {
    name: view.name,
    description: view.description,
    renders: ['application/json', 'text/html'],
    parses: [...(view.parses ?? [])],
    query_parameters: [...(view.parameters ?? describeParameters(view.endpoint))],
  }
}
