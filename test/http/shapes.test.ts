/**
 * Shape conformance with the reference service's recorded responses: the same keys in the same
 * order with the same value types. The data differ (the recordings are not of our corpus), so
 * only shapes are compared.
 *
 * The rule for null: a recorded `null` says the field is nullable but not what else it holds,
 * so it matches anything. Our `null` matches where the recording has a null at that place (in
 * any item) or where the contract makes the field nullable (`NULLABLE`, from API.md §5 and the
 * core's `responses.ts`: e.g. hit counts without a query, a top-level collection's `offset`).
 * Arrays: every item of ours is compared with the recorded items merged (for each key, the first
 * non-null recorded value); an empty array on either side tells nothing about items.
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type App, createApp } from '@archive-catalogue/http'
import { beforeAll, describe, expect, it } from 'vitest'
import { corpusCatalogue } from '../helpers/http-server.js'

interface Recorded {
  method: string
  url: string
  body: unknown
}

const recordings = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../fixtures/argo-responses/recorded.json', import.meta.url)),
    'utf8',
  ),
) as Recorded[]

function recorded(url: string): unknown {
  const found = recordings.find((recording) => recording.url === `https://api.rockarch.org${url}`)
  if (!found) throw new Error(`No recording of ${url}`)
  return found.body
}

/** Where our response may hold null though the recording shows a value there. */
const NULLABLE = new Set([
  'next',
  'previous',
  'results[].category',
  'results[].hit_count',
  'results[].online_hit_count',
  'results[].description',
  'results[].dates',
  '[].description',
  '[].hit_count',
  '[].online_hit_count',
  '[].items[].description',
  '[].items[].parent',
  '[].items[].parent_ref',
  '[].items[].archivesspace_uri',
  'results[].dates[].begin',
  'results[].dates[].end',
  'max_date.value',
  'min_date.value',
  'offset',
  'level',
  'parent',
  'description',
  // A list empty in the document is null (API.md §2): an object without extents, an undated one.
  'extents',
  'languages',
  'dates',
  '[].items[].extents',
  'dates[].begin',
  'dates[].end',
  'notes',
  'rights_statements',
  'agents',
  'creators',
  'terms',
])

type Shape =
  | { type: 'string' | 'number' | 'boolean' | 'null'; nullable: boolean }
  | { type: 'array'; nullable: boolean; items: Shape | undefined }
  | { type: 'object'; nullable: boolean; keys: [string, Shape][] }
  | { type: 'mixed'; nullable: boolean; why: string }

/** A value's shape: its keys in order and type names; an array's items merged into one shape. */
function shapeOf(value: unknown): Shape {
  if (value === null) return { type: 'null', nullable: true }
  if (Array.isArray(value)) {
    const items = value.map(shapeOf)
    return {
      type: 'array',
      nullable: false,
      items: items.reduce<Shape | undefined>(merge, undefined),
    }
  }
  if (typeof value === 'object') {
    const keys = Object.entries(value as object).map(([k, v]): [string, Shape] => [k, shapeOf(v)])
    return { type: 'object', nullable: false, keys }
  }
  const type = typeof value
  if (type === 'string' || type === 'number' || type === 'boolean') return { type, nullable: false }
  throw new Error(`Not JSON: ${type}`)
}

/** Two shapes of the same place as one: nulls fill in, differing keys or types are `mixed`. */
function merge(a: Shape | undefined, b: Shape): Shape {
  if (a === undefined) return b
  if (a.type === 'null') return { ...b, nullable: true }
  if (b.type === 'null') return { ...a, nullable: true }
  const nullable = a.nullable || b.nullable
  if (a.type === 'object' && b.type === 'object') {
    const keysA = a.keys.map(([key]) => key).join(',')
    const keysB = b.keys.map(([key]) => key).join(',')
    if (keysA !== keysB) return { type: 'mixed', nullable, why: `keys [${keysA}] vs [${keysB}]` }
    return {
      type: 'object',
      nullable,
      keys: a.keys.map(([key, shape], i) => [key, merge(shape, b.keys[i]![1])]),
    }
  }
  if (a.type === 'array' && b.type === 'array') {
    const items = a.items && b.items ? merge(a.items, b.items) : (a.items ?? b.items)
    return { type: 'array', nullable, items }
  }
  if (a.type !== b.type) return { type: 'mixed', nullable, why: `${a.type} vs ${b.type}` }
  return { ...a, nullable }
}

/** Where our shape departs from the recorded one, as `path: why` lines (none when it conforms). */
function mismatches(ours: Shape, theirs: Shape, path = ''): string[] {
  const at = path === '' ? '(root)' : path
  if (ours.type === 'mixed') return [`${at}: our items differ: ${ours.why}`]
  if (theirs.type === 'null') return []
  if (ours.type === 'null') {
    return theirs.nullable || NULLABLE.has(path)
      ? []
      : [`${at}: null where ${theirs.type} is recorded`]
  }
  if (ours.type !== theirs.type) return [`${at}: ${ours.type} where ${theirs.type} is recorded`]
  if (ours.type === 'object' && theirs.type === 'object') {
    const keys = ours.keys.map(([key]) => key)
    const recordedKeys = theirs.keys.map(([key]) => key)
    if (keys.join() !== recordedKeys.join()) {
      return [`${at}: keys [${keys}] where [${recordedKeys}] are recorded`]
    }
    return ours.keys.flatMap(([key, shape], i) =>
      mismatches(shape, theirs.keys[i]![1], path === '' ? key : `${path}.${key}`),
    )
  }
  if (ours.type === 'array' && theirs.type === 'array' && ours.items && theirs.items) {
    return mismatches(ours.items, theirs.items, `${path}[]`)
  }
  return []
}

describe('response shapes', () => {
  let app: App
  beforeAll(async () => {
    app = createApp(await corpusCatalogue(), { baseUrl: 'https://api.rockarch.org' })
  })

  async function ours(path: string): Promise<unknown> {
    const response = await app.request(path)
    expect(response.status).toBe(200)
    return response.json()
  }

  describe('shapeOf', () => {
    it('finds a mismatch when keys are reordered, missing or of another type', () => {
      const theirs = shapeOf({ a: 1, b: [{ c: 'x', d: null }] })
      expect(mismatches(shapeOf({ a: 2, b: [{ c: 'y', d: true }] }), theirs)).toEqual([])
      expect(mismatches(shapeOf({ b: [], a: 1 }), theirs)).toHaveLength(1)
      expect(mismatches(shapeOf({ a: '1', b: [] }), theirs)).toEqual([
        'a: string where number is recorded',
      ])
      expect(mismatches(shapeOf({ a: 1, b: [{ c: 'y' }] }), theirs)).toHaveLength(1)
      expect(mismatches(shapeOf({ a: null, b: [] }), theirs)).toEqual([
        'a: null where number is recorded',
      ])
      expect(
        mismatches(
          shapeOf({
            a: 1,
            b: [
              { c: 'y', d: 1 },
              { d: 1, c: 'z' },
            ],
          }),
          theirs,
        ),
      ).toEqual(['b[]: our items differ: keys [c,d] vs [d,c]'])
    })
  })

  describe('GET /search', () => {
    it.each([
      '/search?category=&limit=40&query=rockefeller',
      '/search?category=&limit=40&query=papers',
      '/search?limit=40',
      '/search?limit=40&offset=40',
    ])('answers %s in the recorded shape', async (path) => {
      const theirs = shapeOf(recorded('/search?category=&limit=40&query=banana'))
      const body = (await ours(path)) as { results: unknown[] }
      expect(body.results.length).toBeGreaterThan(0)
      expect(mismatches(shapeOf(body), theirs)).toEqual([])
    })
  })

  describe('GET /facets', () => {
    it.each(['/facets?category=&limit=40&query=rockefeller', '/facets', '/facets?query=zzzzzz'])(
      'answers %s in the recorded shape',
      async (path) => {
        const theirs = shapeOf(recorded('/facets?category=&limit=40&query=banana'))
        expect(mismatches(shapeOf(await ours(path)), theirs)).toEqual([])
      },
    )
  })

  describe('GET /collections/{id}', () => {
    it.each([
      'Zivy3B6P5nBaZ24Kb8cWEq',
      'gfvm2HihpLwCTnKgpDtdhR',
      'gxzsDBLTNpDADsvwrBS8ad',
      'kqx4Z5uJzTUF2RhdKbF8bB',
      'ntnzqFH9UU4BDwiYxgjaUN',
    ])('answers the collection %s in the recorded shape', async (id) => {
      const theirs = shapeOf(
        recorded('/collections/WY7fpswEV3oLhyjiArpHES?category=&limit=40&query=banana'),
      )
      expect(
        mismatches(shapeOf(await ours(`/collections/${id}?category=&limit=40`)), theirs),
      ).toEqual([])
    })
  })

  describe('GET /collections', () => {
    it('answers the envelope and items API.md §5 gives when there is no recording', async () => {
      const body = (await ours('/collections?limit=2')) as {
        results: { dates: object[] }[]
      }
      expect(Object.keys(body)).toEqual(['count', 'next', 'previous', 'facets', 'results'])
      for (const item of body.results) {
        expect(Object.keys(item)).toEqual(['uri', 'type', 'title', 'dates'])
        for (const date of item.dates) {
          expect(Object.keys(date)).toEqual(['expression', 'begin', 'end', 'label', 'type'])
        }
      }
    })
  })

  /**
   * Every recording, asked of our corpus: the same path pattern and query string, with the
   * corpus's own ids (the recordings' documents are not in it).
   */
  describe('every recorded response', () => {
    const OURS: [RegExp, string][] = [
      [/^\/collections\/[^/]+\/children\?/, '/collections/kqx4Z5uJzTUF2RhdKbF8bB/children?'],
      [/^\/collections\/[^/]+\/ancestors\?/, '/collections/Zivy3B6P5nBaZ24Kb8cWEq/ancestors?'],
      [/^\/collections\/[^/]+\/minimap\?/, '/collections/Zivy3B6P5nBaZ24Kb8cWEq/minimap?'],
      [/^\/collections\/[^/?]+\?/, '/collections/Zivy3B6P5nBaZ24Kb8cWEq?'],
      [/^\/objects\/[^/]+\/ancestors\?/, '/objects/2tCPMsahXfUURDNEMLUFYs/ancestors?'],
      [/^\/objects\/[^/?]+\?/, '/objects/2tCPMsahXfUURDNEMLUFYs?'],
      [/^\/search\/suggest\?.*/, '/search/suggest?title_suggest=rockefelle%20nelso%20banana'],
      [/^\/search\?/, '/search?'],
      [/^\/facets\?/, '/facets?'],
    ]

    /** An ancestors chain as a list of its levels, `child` taken out. */
    const levels = (value: unknown): unknown[] => {
      const found: unknown[] = []
      let node = value as Record<string, unknown> | undefined
      while (node && Object.keys(node).length > 0) {
        const { child, ...level } = node
        found.push(level)
        node = child as Record<string, unknown> | undefined
      }
      return found
    }

    it.each(recordings.map((recording) => [recording.method, recording.url, recording] as const))(
      'answers like %s %s',
      async (method, url, recording) => {
        const path = url.replace('https://api.rockarch.org', '')
        let response: Response
        if (method === 'POST') {
          response = await app.request('/mylist', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              list: [
                '/objects/2tCPMsahXfUURDNEMLUFYs',
                '/collections/kqx4Z5uJzTUF2RhdKbF8bB',
                '/objects/FM8Xe2Aghf8RKX4dLHfR3c',
              ],
            }),
          })
        } else {
          const rule = OURS.find(([pattern]) => pattern.test(path))
          expect(rule, path).toBeDefined()
          const ourPath = path.replace(rule![0], rule![1])
          response = await app.request(ourPath)
        }
        expect(response.status).toBe(200)
        const body = (await response.json()) as unknown
        if (path.includes('/ancestors')) {
          // Chains differ in depth: compare the levels, and {} with {}.
          expect(Object.keys(body as object).length === 0).toBe(
            Object.keys(recording.body as object).length === 0,
          )
          expect(mismatches(shapeOf(levels(body)), shapeOf(levels(recording.body)))).toEqual([])
          return
        }
        if (path.startsWith('/objects/') && 'files' in (body as object)) {
          // An online object's files (API.md §5), after `extents` as the reference serializes
          // them; the recorded object has none.
          const keys = Object.keys(body as object)
          expect(keys[keys.indexOf('files') - 1]).toBe('extents')
          delete (body as { files?: unknown }).files
        }
        expect(mismatches(shapeOf(body), shapeOf(recording.body))).toEqual([])
      },
    )

    it('answers objects’ ancestors with hit counts in the recorded nesting', async () => {
      const response = await app.request(
        '/objects/2tCPMsahXfUURDNEMLUFYs/ancestors?category=&limit=40&query=audio',
      )
      const body = (await response.json()) as Record<string, unknown>
      expect(levels(body).map((level) => (level as { uri: string }).uri)).toEqual([
        '/collections/Zivy3B6P5nBaZ24Kb8cWEq',
        '/collections/gfvm2HihpLwCTnKgpDtdhR',
        '/collections/kqx4Z5uJzTUF2RhdKbF8bB',
      ])
      expect(
        levels(body).every(
          (level) => typeof (level as { hit_count: unknown }).hit_count === 'number',
        ),
      ).toBe(true)
    })
  })
})
