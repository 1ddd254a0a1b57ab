/**
 * Whatever a client sends, the app answers 2xx, 3xx or 4xx with a body that is valid JSON (or
 * the browsable HTML page), never a 5xx and never an exception: random paths, parameters,
 * lookups and values (huge numbers, NaN, unicode, control characters, `%zz`, thousands of
 * parameters, 100 KB query strings, deep parentheses), every method, odd Accept headers,
 * malformed bodies.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { endpointParameters, loadCatalogue } from '../../packages/core/src/index.js'
import { type App, type AppResponse, createApp, routes } from '../../packages/http/src/index.js'
import { SAMPLE } from '../helpers/corpus.js'

let app: App<AppResponse>
let errors: unknown[]

beforeAll(async () => {
  errors = []
  app = createApp((await loadCatalogue(SAMPLE)).catalogue, {
    logger: { info: () => {}, error: (_message, error) => errors.push(error) },
  })
})

const IDS = ['xVJyUuJNfsVyjdZikFSn6G', 'kk2ukZzXhbJtq35nNEgmJJ', 'FfKNrySoKER3PujF3a3pRx', 'nosuch']
const SEGMENTS = [
  '',
  'search',
  'suggest',
  'facets',
  'collections',
  'objects',
  'agents',
  'terms',
  'children',
  'ancestors',
  'minimap',
  'citation',
  'mylist',
  'openapi.json',
  'health',
  '%zz',
  '%00',
  '..',
  '%2e%2e',
  'é',
  '\u0001',
  '💥',
  ...IDS,
]
/** Every parameter some endpoint reads, from the parser's own table. */
const NAMES = [
  ...new Set([
    'query',
    'limit',
    'offset',
    'sort',
    'format',
    'title_suggest',
    ...Object.values(endpointParameters).flatMap((endpoint) => endpoint.filters),
  ]),
]
const LOOKUPS = [
  '',
  '__in',
  '__exclude',
  '__prefix',
  '__wildcard',
  '__gt',
  '__gte',
  '__lt',
  '__lte',
  '__range',
  '__nosuch',
  '__',
]
const nasty = fc.oneof(
  fc.constantFrom(
    '',
    '0',
    '-1',
    '1e309',
    'NaN',
    'Infinity',
    '9007199254740993',
    '99999999999999999999999',
    'true',
    'false',
    '%zz',
    '%',
    '__',
    '*',
    '-',
    '|',
    '"',
    '((((((((((',
    '))))',
    'a'.repeat(2000),
    '('.repeat(5000) + 'a',
    '\u0000\u0001\u001f',
    '\ud800',
    '日本語',
    '<script>alert(1)</script>',
    'title,-start_date,creator,type',
    '1900__1950__2000',
    '*a*a*a*a*a*a*a*a*a*a*',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer().map(String),
  fc.double().map(String),
)
/** Parameters a front end sends, so that requests reach the engine too, not only the 400s. */
const plausibleParameter = fc.constantFrom(
  'query=malaria',
  'query=public%20health',
  'query=%22control%20of%20malaria%22',
  'query=agricult*',
  'query=malaria%20-photographs',
  'limit=5',
  'limit=0',
  'offset=40',
  'online=true',
  'online=false',
  'start_date__gte=1900',
  'end_date__lte=1950',
  'sort=title',
  'sort=-start_date',
  'sort=type,title',
  'category=collection',
  'genre=photographs',
  'agent_type=person',
  'term_type=topical',
  'title__prefix=Mal',
  'title_suggest=mal',
  'creator=Rockefeller%20Foundation',
  'subject__in=Malaria|Public%20health',
  'format=json',
)
const hostileParameter = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...NAMES) },
      { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
    ),
    fc.constantFrom(...LOOKUPS),
    nasty,
  )
  .map(([name, lookup, value]) => `${encode(name + lookup)}=${encode(value)}`)
const parameter = fc.oneof(
  { weight: 2, arbitrary: plausibleParameter },
  { weight: 1, arbitrary: hostileParameter },
)
const rawParameter = fc.constantFrom('query=%zz', 'limit=%', '%zz=1', '=', '&&&', 'a=b=c', 'query')
/** Every routed path, each `:id` filled with every id of IDS (real ones of each type and none). */
const REAL_PATHS = [
  ...new Set(
    routes.flatMap((route) =>
      route.path.includes(':id') ? IDS.map((id) => route.path.replace(':id', id)) : [route.path],
    ),
  ),
]
const path = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...REAL_PATHS) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.constantFrom(...SEGMENTS), { maxLength: 4 })
      .map((segments) => `/${segments.join('/')}`),
  },
)
const target = fc
  .tuple(
    path,
    fc.oneof(
      { weight: 8, arbitrary: fc.array(fc.oneof(parameter, rawParameter), { maxLength: 8 }) },
      // Thousands of parameters, or one huge one.
      { weight: 1, arbitrary: fc.constant(Array.from({ length: 3000 }, (_, i) => `p${i}=${i}`)) },
      { weight: 1, arbitrary: fc.constant([`query=${'a'.repeat(100_000)}`]) },
    ),
    fc.boolean(),
  )
  .map(([base, params, slash]) => {
    const full = slash && base !== '/' ? `${base}/` : base
    return params.length > 0 ? `${full}?${params.join('&')}` : full
  })
const method = fc.oneof(
  { weight: 4, arbitrary: fc.constant('GET') },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'GET',
      'HEAD',
      'POST',
      'PUT',
      'DELETE',
      'PATCH',
      'OPTIONS',
      'TRACE',
      'CONNECT',
      'FOO',
      'get',
    ),
  },
)
const accept = fc.constantFrom(
  undefined,
  '*/*',
  'text/html',
  'application/json;q=0',
  'text/html;q=2, */*;q=-1',
  ';;;,,,',
  'image/png',
  'text/*',
  'application/json, text/html;q=0.9',
)
const body = fc.option(
  fc.oneof(
    fc.constantFrom(
      '{"list": ["/objects/kk2ukZzXhbJtq35nNEgmJJ"]}',
      '{"list": [1, null, {}]}',
      '{"list": "x"}',
      '[',
      '{"list": [' + '"/objects/x",'.repeat(20_000) + '"/objects/y"]}',
      '\u0000',
      'null',
      '{"__proto__": {"list": []}}',
    ),
    fc.string({ maxLength: 50 }),
  ),
  { nil: undefined },
)

/** Percent-encoding; a lone surrogate (no UTF-8 form) becomes the bytes a client could send. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text)
  } catch {
    const lone = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g
    return `${encodeURIComponent(text.replace(lone, ''))}%ED%A0%80`
  }
}

/** Whether an answer is one a client can read: a status under 500 and a well-formed body. */
function assertReadable(response: AppResponse, method: string): void {
  expect(response.status).toBeGreaterThanOrEqual(200)
  expect(response.status).toBeLessThan(500)
  if (method === 'HEAD' || response.status === 304 || response.body.length === 0) return
  const type = response.headers['Content-Type'] ?? ''
  const text = response.body.toString('utf8')
  if (type.startsWith('text/html')) expect(text).toMatch(/^<!DOCTYPE html>/i)
  else {
    expect(type).toBe('application/json; charset=utf-8')
    expect(() => JSON.parse(text)).not.toThrow()
  }
}

describe('the app under hostile requests', () => {
  it('answers every one readably, without a 5xx or an exception', () => {
    fc.assert(
      fc.property(target, method, accept, body, (url, verb, acceptHeader, content) => {
        const response = app.handle({
          method: verb,
          url,
          headers: { host: 'localhost', ...(acceptHeader ? { accept: acceptHeader } : {}) },
          ...(content === undefined ? {} : { body: Buffer.from(content) }),
        })
        assertReadable(response, verb)
      }),
      {
        numRuns: 5000,
        // Requests a front end sends, checked on every run whatever the generator draws.
        examples: [
          ['/facets?online=true', 'GET', undefined, undefined],
          ['/search?query=malaria&category=collection&sort=title', 'GET', undefined, undefined],
          ['/collections/xVJyUuJNfsVyjdZikFSn6G/children?limit=5', 'GET', undefined, undefined],
          ['/mylist', 'POST', undefined, '{"list": ["/objects/kk2ukZzXhbJtq35nNEgmJJ"]}'],
        ],
      },
    )
    expect(errors).toEqual([])
  })

  it('answers a malformed Host header with a 400, not a failure', () => {
    const response = app.handle({ method: 'GET', url: '/search', headers: { host: 'a b\u0000' } })
    expect(response.status).toBe(400)
  })
})
