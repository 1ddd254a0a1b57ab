/**
 * The OpenAPI 3.1 description of the API, generated from what serves it: the route table (paths
 * and methods), each view's query parameters (the core's `endpointParameters`, as OPTIONS
 * describes them, with what the core's parser accepts: `openapi-parameters.ts`), the core's
 * response schemas (the ones the serializers compile) and the app's bounds. Served at
 * `/openapi.json`; nothing in it is written twice.
 */
import { readFileSync } from 'node:fs'
import { API_DEFAULTS, type ResponseShape, responseSchemas } from '@archive-catalogue/core'
import { type DescribedBounds, queryParameters } from './openapi-parameters.js'
import { formatParameter } from './parameters.js'
import type { Route } from './routes.js'
import { metadataSchema } from './serialize.js'
import { metadataOf } from './views.js'

type Json = Record<string, unknown>

/** The bounds of a request the description states (the app's options; these are its defaults). */
export interface OpenApiBounds extends DescribedBounds {
  /** Longest request URL (path and query): a 414 beyond. */
  maxUrlLength: number
  /** Most query parameters: a 400 beyond. */
  maxParameters: number
  /** Largest request body: a 413 beyond. */
  maxBodyBytes: number
}

const DEFAULT_BOUNDS: OpenApiBounds = {
  maxLimit: API_DEFAULTS.maxLimit,
  maxUrlLength: 8192,
  maxParameters: 100,
  maxBodyBytes: 1024 * 1024,
}

const ERROR = { $ref: '#/components/schemas/error' }
/** The browsable rendering (`format=api`, or an Accept header preferring text/html). */
const HTML = { 'text/html': { schema: { type: 'string' } } }
/** An error in the representation asked for (`format`, else the Accept header). */
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR }, ...HTML },
})

/** The OpenAPI document of a route table, its links on `baseUrl`. */
export function openApiDocument(
  table: readonly Route[],
  baseUrl: string,
  bounds: Partial<OpenApiBounds> = {},
): Json {
  const all = { ...DEFAULT_BOUNDS, ...bounds }
  const paths: Record<string, Json> = {}
  for (const route of table) {
    const path = route.path.replace(/:(\w+)/g, '{$1}')
    // A GET route also answers HEAD; every path answers OPTIONS (routes.ts), from its first route.
    paths[path] = {
      ...paths[path],
      [route.method.toLowerCase()]: operation(route, route.method, all),
      ...(route.method === 'GET' ? { head: operation(route, 'HEAD', all) } : {}),
      options: (paths[path]?.options as Json | undefined) ?? operation(route, 'OPTIONS', all),
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Archive catalogue API',
      version: packageVersion(),
      description:
        "The read API of an archive's catalogue (archive-catalogue): search, facets, lists and " +
        'details of collections, objects, agents and terms, the tree of collections, citations ' +
        'and saved lists. Every operation also answers `format=api` (or, without `format`, an ' +
        'Accept header preferring text/html) with a browsable HTML page, its errors too, but ' +
        'for the 404 of an unknown `format` (always JSON) and the 414 (decided before `format` ' +
        'is read: by the Accept header alone). Every GET also answers HEAD, and every path ' +
        'OPTIONS: a description of the endpoint, or, with Access-Control-Request-Method, a CORS ' +
        'preflight (whatever its parameters). Parameter values are trimmed; an empty value, an ' +
        'unknown parameter and one the operation does not list are ignored, but an unknown ' +
        'lookup of a filter it lists (`genre__foo`) is a 400. A request URL over ' +
        `${all.maxUrlLength} characters is a 414, more than ${all.maxParameters} query ` +
        `parameters a 400, a body over ${all.maxBodyBytes} bytes a 413.`,
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: baseUrl }],
    paths,
    components: { schemas: { ...componentSchemas(), metadata: metadataSchema } },
  }
}

/** A routed method, or one a route brings with it (HEAD with GET, OPTIONS with any). */
type Method = Route['method'] | 'HEAD' | 'OPTIONS'

/** An operation id from the method and path: `GET /collections/:id/children` → `getCollectionsIdChildren`. */
export function operationId(route: Route, method: Method = route.method): string {
  const words = [method.toLowerCase(), ...route.segments.map((s) => s.replace(/^:/, ''))]
  return words
    .flatMap((word) => word.split(/[^A-Za-z0-9]+/))
    .filter((word) => word !== '')
    .map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('')
}

function operation(route: Route, method: Method, bounds: OpenApiBounds): Json {
  const view = route.view
  const metadata = metadataOf(view)
  const pathParameters = route.segments
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => ({
      name: segment.slice(1),
      in: 'path',
      required: true,
      description: 'The document’s id: the last part of its uri.',
      schema: { type: 'string', minLength: 1 },
    }))
  // OPTIONS describes the endpoint: it reads no parameter but `format`, and looks up no id.
  const options = method === 'OPTIONS'
  const described = options ? [formatParameter] : metadata.query_parameters
  const reads = !options && (view.endpoint !== undefined || view.body !== undefined)
  const ok = options
    ? { $ref: '#/components/schemas/metadata' }
    : view.serialize
      ? { type: 'object', description: 'An OpenAPI 3.1 document.' }
      : responseSchema(view.shape)
  // A streamed view answers its own media type, is never cached, and refuses what it cannot write.
  const streamed = !options && view.stream !== undefined
  const responses: Json = {
    '200': {
      description: method === 'HEAD' ? 'OK (the headers of the GET, no body)' : 'OK',
      content: streamed
        ? { [view.stream!.contentType.split(';')[0]!]: { schema: { type: 'string' } } }
        : { 'application/json': { schema: ok }, ...HTML },
    },
    ...((method === 'GET' || method === 'HEAD') && !streamed
      ? { '304': { description: 'Not modified (If-None-Match)' } }
      : {}),
    ...(streamed
      ? {
          '409': errorResponse('A collection inside another: `detail` names its top-level one'),
          '501': errorResponse('A backend that cannot give documents whole'),
        }
      : {}),
    '400': errorResponse(
      `${reads ? 'A malformed value of a parameter (named in `detail`) or of the body, or m' : 'M'}` +
        `ore than ${bounds.maxParameters} query parameters`,
    ),
    '404': errorResponse(
      `${pathParameters.length > 0 && !options ? 'An unknown id, or a' : 'A'}n unknown \`format\``,
    ),
    ...(options
      ? {}
      : { '413': errorResponse(`A request body over ${bounds.maxBodyBytes} bytes`) }),
    '414': errorResponse(`A request URL over ${bounds.maxUrlLength} characters`),
    // Node's own answers, before the app sees the request.
    '408': { description: 'The request was not received in time (no body)' },
    '431': { description: 'Request headers over the server’s limit (no body)' },
  }
  return {
    operationId: operationId(route, method),
    summary: options ? `${view.name} (description)` : view.name,
    description: options
      ? `What ${route.path} answers and the parameters it reads.`
      : view.description,
    parameters: [
      ...pathParameters,
      ...queryParameters(described, options ? undefined : view.endpoint, bounds),
    ],
    ...(method === 'POST' && view.body
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              (view.parses ?? []).map((type) => [type, { schema: view.body }]),
            ),
          },
        }
      : {}),
    responses,
  }
}

function responseSchema(shape: ResponseShape): Json {
  const schema = { $ref: `#/components/schemas/${shape}` }
  // A top-level collection has no ancestors: `{}`.
  return shape === 'ancestors' ? { oneOf: [schema, { type: 'object', maxProperties: 0 }] } : schema
}

/** The core's response schemas as OpenAPI components (JSON Schema 2020-12, refs resolved). */
function componentSchemas(): Record<string, Json> {
  const schemas: Record<string, Json> = {}
  for (const [shape, schema] of Object.entries(responseSchemas)) {
    schemas[shape] = JSON.parse(JSON.stringify(schema), (key, value) => {
      // The recursive ancestor refers to itself by its `$id`; in a document, by its place.
      if (key === '$ref' && value === 'Ancestor') return '#/components/schemas/ancestors'
      return value
    })
    delete schemas[shape]!.$id
  }
  return schemas
}

/** The package's version: `package.json` is one folder up from both `src/` and `dist/`. */
function packageVersion(): string {
  const file = new URL('../package.json', import.meta.url)
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
}
