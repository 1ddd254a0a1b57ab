/**
 * `/openapi.json`: a valid OpenAPI 3.1 document (checked by @seriousme/openapi-schema-validator
 * against the specification's own schema), and every real response of the app, on the sample,
 * valid against it (checked by openapi-backend, which validates responses per operation).
 */
import { Validator } from '@seriousme/openapi-schema-validator'
import { OpenAPIBackend } from 'openapi-backend'
import { beforeAll, describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../packages/core/src/index.js'
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

  it('finds an answer that breaks the schema (the check can fail)', () => {
    const result = backend.validateResponse(
      { count: '2', next: null, previous: null, results: [] },
      operationOf('GET', '/search'),
      200,
    )
    expect(result.valid).toBe(false)
  })
})
