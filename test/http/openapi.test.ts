/**
 * `/openapi.json`: a valid OpenAPI 3.1 document (checked by @seriousme/openapi-schema-validator
 * against the specification's own schema), and every real response of the app, on the sample,
 * valid against it (checked by openapi-backend, which validates responses per operation).
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import fc from 'fast-check'
import { OpenAPIBackend } from 'openapi-backend'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  endpointParameters,
  loadCatalogue,
  parseRequest,
  REQUEST_LIMITS,
} from '../../packages/core/src/index.js'
import { type App, createApp, operationId } from '../../packages/http/src/index.js'
import { matchPath, routeFor, routes } from '../../packages/http/src/routes.js'
import { endpointExamples, errorExamples } from '../../scripts/docs/api-examples.js'
import { SAMPLE } from '../helpers/corpus.js'

let app: App
let document: Record<string, unknown>
let backend: OpenAPIBackend

beforeAll(async () => {
  app = createApp((await loadCatalogue(SAMPLE)).catalogue, { baseUrl: 'http://localhost:8000' })
  document = (await (await app.request('/openapi.json')).json()) as Record<string, unknown>
  // `quick`: openapi-backend checks definitions against OpenAPI 3.0's schema only; the 3.1
  // document is checked by @seriousme's validator below.
  backend = new OpenAPIBackend({ definition: structuredClone(document) as never, quick: true })
  await backend.init()
})

interface Parameter {
  name: string
  description: string
  allowEmptyValue?: boolean
  schema: Record<string, unknown>
}
interface Operation {
  parameters: Parameter[]
  requestBody?: unknown
  responses: Record<string, { content?: Record<string, unknown> }>
}
type Operations = Record<string, Operation>

function queryParameters(path: string): Parameter[] {
  const operation = (document.paths as Record<string, Operations>)[path]!.get!
  return operation.parameters.filter((p) => (p as { in?: string }).in === 'query')
}

function parameter(path: string, name: string): Parameter {
  const found = queryParameters(path).find((p) => p.name === name)
  expect(found, `${path} ${name}`).toBeDefined()
  return found!
}

/** Whether the core's parser takes a value of a /search parameter. */
function accepts(name: string, value: string): boolean {
  try {
    parseRequest('search', new URLSearchParams([[name, value]]))
    return true
  } catch {
    return false
  }
}

/** The operation id of a request, from the same route table. */
function operationOf(method: string, path: string): string {
  const match = matchPath(routes, path.split('?')[0]!)
  expect(match, path).toBeDefined()
  return operationId(routeFor(match!.routes, method) ?? match!.routes[0]!)
}

async function answer(example: { method?: string; path: string; body?: unknown }) {
  const response = await app.request(example.path, {
    method: example.method ?? 'GET',
    ...(example.body === undefined
      ? {}
      : { body: JSON.stringify(example.body), headers: { 'Content-Type': 'application/json' } }),
  })
  return { status: response.status, body: (await response.json()) as unknown }
}

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, linked from GET /', async () => {
    const result = await new Validator().validate(structuredClone(document) as never)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(document.openapi).toBe('3.1.0')
    const root = (await (await app.request('/')).json()) as Record<string, string>
    expect(root.openapi).toBe('http://localhost:8000/openapi.json')
  })

  it('describes every route with its operation', () => {
    const paths = document.paths as Record<string, Record<string, { operationId: string }>>
    for (const route of routes) {
      const path = route.path.replace(/:(\w+)/g, '{$1}')
      expect(paths[path]?.[route.method.toLowerCase()]?.operationId).toBe(operationId(route))
    }
  })

  const examples = Object.values(endpointExamples).flat()
  it.each(examples.map((example) => [example.path, example] as const))(
    'validates the real answer to %s',
    async (_path, example) => {
      const { status, body } = await answer(example)
      expect(status).toBe(200)
      const operation = operationOf(example.method ?? 'GET', example.path)
      const result = backend.validateResponse(body, operation, status)
      expect(result.errors ?? []).toEqual([])
    },
  )

  it.each(errorExamples.map((example) => [example.path, example] as const))(
    'validates the real error answer to %s',
    async (_path, example) => {
      const { status, body } = await answer(example)
      expect(status).toBeGreaterThanOrEqual(400)
      const operation = operationOf(example.method ?? 'GET', example.path)
      const result = backend.validateResponse(body, operation, status)
      expect(result.errors ?? []).toEqual([])
    },
  )

  it('documents the browsable HTML: every answer and every error also as text/html', () => {
    for (const [path, methods] of Object.entries(document.paths as Record<string, Operations>)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          if (status === '304' || status === '408' || status === '431') continue
          // The finding aid and OAI-PMH are XML, whatever is asked (their errors are as every
          // other's; OAI-PMH's protocol errors are inside its 200).
          if (path.endsWith('/ead') && status === '200' && method !== 'options') {
            expect(Object.keys(response.content ?? {})).toEqual(['application/xml'])
            continue
          }
          if (path === '/oai' && status === '200' && method !== 'options') {
            expect(Object.keys(response.content ?? {})).toEqual(['text/xml'])
            continue
          }
          expect(Object.keys(response.content ?? {}), `${method} ${path} ${status}`).toEqual([
            'application/json',
            'text/html',
          ])
        }
      }
    }
  })

  it('lists HEAD with every GET, OPTIONS on every path, and every status they answer', () => {
    const paths = document.paths as Record<string, Operations>
    for (const route of routes) {
      const methods = paths[route.path.replace(/:(\w+)/g, '{$1}')]!
      // A path may have several routes (`/oai` answers GET and POST).
      const routed = routes
        .filter((other) => other.path === route.path)
        .flatMap((other) => (other.method === 'GET' ? ['get', 'head'] : ['post']))
      expect(Object.keys(methods).sort()).toEqual([...routed, 'options'].sort())
      const statuses = Object.keys(methods[route.method.toLowerCase()]!.responses)
      expect(statuses).toEqual(expect.arrayContaining(['200', '400', '404', '413', '414']))
      // A URL over the limit is refused before anything else is read: on every operation.
      for (const [method, operation] of Object.entries(methods)) {
        expect(Object.keys(operation.responses), `${method} ${route.path}`).toContain('414')
      }
      expect(methods.options!.parameters.map((p) => p.name)).toEqual(
        route.segments.some((s) => s.startsWith(':')) ? ['id', 'format'] : ['format'],
      )
    }
    expect(Object.keys(paths['/search']!.get!.responses)).toContain('304')
    expect(paths['/mylist']!.post!.requestBody).toMatchObject({
      content: { 'application/json': { schema: { properties: { list: { maxItems: 10_000 } } } } },
    })
  })

  it('says an empty value is ignored: allowEmptyValue, and a schema that takes ""', () => {
    const parameters = queryParameters('/search')
    for (const parameter of parameters) {
      expect(parameter.allowEmptyValue, parameter.name).toBe(true)
    }
    expect(parameter('/search', 'format').schema).toEqual({
      type: 'string',
      enum: ['json', 'api', ''],
    })
    expect(parameter('/search', 'limit').schema).toEqual({
      anyOf: [{ type: 'integer', minimum: 1 }, { const: '' }],
    })
    expect(parameter('/search', 'online').schema).toEqual({
      anyOf: [{ type: 'boolean' }, { const: '' }],
    })
  })

  it('leaves out the parameters an endpoint ignores', () => {
    const names = (path: string) => queryParameters(path).map((p) => p.name)
    for (const path of ['/collections/{id}/ancestors', '/collections/{id}/minimap']) {
      expect(names(path)).not.toEqual(expect.arrayContaining(['limit']))
      expect(names(path).filter((name) => ['limit', 'offset', 'sort'].includes(name))).toEqual([])
    }
    expect(names('/collections/{id}/children')).toEqual(expect.arrayContaining(['limit', 'offset']))
    expect(names('/collections/{id}/children')).not.toContain('sort')
    expect(names('/collections/{id}')).toEqual(['format'])
    expect(names('/collections')).not.toContain('type')
    // /facets checks paging and sort as /search does: described, and marked so.
    expect(parameter('/facets', 'sort').description).toContain('without effect')
  })

  it('gives sort its values per endpoint, - for descending, comma-separated', () => {
    expect(parameter('/terms', 'sort')).toMatchObject({
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { enum: ['title', '-title', ''] } },
    })
    const sorts = [...endpointParameters.agents.sorts.flatMap((field) => [field, `-${field}`]), '']
    expect(parameter('/agents', 'sort')).toMatchObject({ schema: { items: { enum: sorts } } })
  })

  it('bounds offset alone where pages end by the window: every offset within it is taken', () => {
    const maximum = (path: string) =>
      (parameter(path, 'offset').schema as { anyOf: { maximum?: number }[] }).anyOf[0]!.maximum
    const { window } = REQUEST_LIMITS
    for (const path of ['/search', '/collections', '/objects', '/agents', '/terms']) {
      expect(maximum(path), path).toBe(window - 1)
    }
    expect(maximum('/collections/{id}/children')).toBe(Number.MAX_SAFE_INTEGER)
    expect(maximum('/facets')).toBe(Number.MAX_SAFE_INTEGER)
    // The deepest offset described, with any limit or none, is a page cut at the window; one
    // deeper is a 400 with any limit.
    for (const limit of [undefined, 1, 50, 10 ** 9]) {
      const deepest = { offset: window - 1, ...(limit === undefined ? {} : { limit }) }
      expect(parseRequest('search', deepest).limit).toBe(1)
      expect(() => parseRequest('search', { ...deepest, offset: window })).toThrow(
        `'offset': must be at most ${window - 1}`,
      )
    }
    expect(parameter('/search', 'query').schema).toEqual({
      type: 'string',
      maxLength: REQUEST_LIMITS.queryLength,
    })
  })

  const dateParameters = ['', '__gt', '__gte', '__lt', '__lte', '__range', '__in'].map(
    (lookup) => `start_date${lookup}`,
  )
  /** Values around the year syntax: digits, signs, separators and whitespace the parser trims. */
  const yearish = fc
    .array(fc.constantFrom('1', '9', '0', '-', '_', '__', ' ', '\u3000', '\t', 'x', '+'), {
      maxLength: 14,
    })
    .map((parts) => parts.join(''))

  it.each(dateParameters)('gives %s the pattern of what the parser accepts', (name) => {
    const pattern = new RegExp(parameter('/search', name).schema.pattern as string, 'u')
    expect(pattern.test('1950')).toBe(true)
    expect(pattern.test('é')).toBe(false)
    fc.assert(
      fc.property(yearish, (value) => {
        expect(pattern.test(value), JSON.stringify(value)).toBe(accepts(name, value))
      }),
      { numRuns: 2000 },
    )
  })

  it('gives __wildcard the limits the parser checks (characters of the BMP)', () => {
    const { schema } = parameter('/search', 'genre__wildcard')
    const pattern = new RegExp(schema.pattern as string, 'u')
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z*]{0,120}$/), (value) => {
        const valid = value.length <= (schema.maxLength as number) && pattern.test(value)
        expect(valid, value).toBe(accepts('genre__wildcard', value))
      }),
      { numRuns: 500 },
    )
  })

  it('finds an answer that breaks the schema (the check can fail)', () => {
    const result = backend.validateResponse(
      { count: '2', next: null, previous: null, results: [] },
      operationOf('GET', '/search'),
      200,
    )
    expect(result.valid).toBe(false)
  })
})
