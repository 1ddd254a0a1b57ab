/**
 * The OpenAPI 3.1 description of the API, generated from what serves it: the route table (paths
 * and methods), each view's query parameters (the core's `endpointParameters`, as OPTIONS
 * describes them) and the core's response schemas (the ones the serializers compile). Served at
 * `/openapi.json`; nothing in it is written twice.
 */
import { readFileSync } from 'node:fs'
import { type ResponseShape, responseSchemas } from '@archive-catalogue/core'
import type { Route } from './routes.js'
import type { QueryParameter } from './serialize.js'
import { metadataOf } from './views.js'

type Json = Record<string, unknown>

const ERROR = { $ref: '#/components/schemas/error' }
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR } },
})

/** The OpenAPI document of a route table, its links on `baseUrl`. */
export function openApiDocument(table: readonly Route[], baseUrl: string): Json {
  const paths: Record<string, Json> = {}
  for (const route of table) {
    const path = route.path.replace(/:(\w+)/g, '{$1}')
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Archive catalogue API',
      version: packageVersion(),
      description:
        "The read API of an archive's catalogue (archive-catalogue): search, facets, lists and " +
        'details of collections, objects, agents and terms, the tree of collections, citations ' +
        'and saved lists. Every GET also answers `format=api` (or an Accept header preferring ' +
        'text/html) with a browsable HTML page, HEAD, and OPTIONS (a description of the ' +
        'endpoint, or a CORS preflight).',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: baseUrl }],
    paths,
    components: { schemas: componentSchemas() },
  }
}

/** An operation id from the method and path: `GET /collections/:id/children` → `getCollectionsIdChildren`. */
export function operationId(route: Route): string {
  const words = [route.method.toLowerCase(), ...route.segments.map((s) => s.replace(/^:/, ''))]
  return words
    .flatMap((word) => word.split(/[^A-Za-z0-9]+/))
    .filter((word) => word !== '')
    .map((word, i) => (i === 0 ? word : word[0]!.toUpperCase() + word.slice(1)))
    .join('')
}

function operation(route: Route): Json {
  const view = route.view
  const metadata = metadataOf(view)
  const pathParameters = route.segments
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => ({
      name: segment.slice(1),
      in: 'path',
      required: true,
      description: 'The document’s id: the last part of its uri.',
      schema: { type: 'string' },
    }))
  const responses: Json = {
    '200': {
      description: 'OK',
      content: { 'application/json': { schema: responseSchema(view.shape) } },
    },
    ...(route.method === 'GET' ? { '304': { description: 'Not modified (If-None-Match)' } } : {}),
    '400': errorResponse('A malformed value of a parameter, named in `detail`'),
    '404': errorResponse('An unknown path or id, or an unknown `format`'),
    '405': errorResponse('A method the path does not answer (see Allow)'),
    ...(route.method === 'POST'
      ? { '413': errorResponse('A request body over the size limit') }
      : {}),
  }
  return {
    operationId: operationId(route),
    summary: view.name,
    description: view.description,
    parameters: [...pathParameters, ...metadata.query_parameters.flatMap(queryParameters)],
    ...(route.method === 'POST'
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['list'],
                  properties: { list: { type: 'array', items: { type: 'string' } } },
                },
              },
            },
          },
        }
      : {}),
    responses,
  }
}

/** One OpenAPI parameter per name the API reads: a filter and each of its lookups. */
function queryParameters(parameter: QueryParameter): Json[] {
  const integer = parameter.name === 'limit' || parameter.name === 'offset'
  const schema =
    parameter.choices && parameter.name !== 'sort'
      ? { type: 'string', enum: parameter.choices }
      : integer
        ? { type: 'integer', minimum: parameter.name === 'limit' ? 1 : 0 }
        : { type: 'string' }
  const plain = { name: parameter.name, in: 'query', description: parameter.description, schema }
  const lookups = (parameter.lookups ?? []).filter((lookup) => lookup !== 'exact')
  return [
    plain,
    ...lookups.map((lookup) => ({
      name: `${parameter.name}__${lookup}`,
      in: 'query',
      description: `${parameter.description} Lookup \`${lookup}\`${lookup === 'in' || lookup === 'exclude' || lookup === 'range' ? ' (values joined by __)' : ''}.`,
      schema: { type: 'string' },
    })),
  ]
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
