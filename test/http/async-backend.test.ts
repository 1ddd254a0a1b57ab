/**
 * The app over a backend that answers with promises (the corpus catalogue behind a delay): the
 * same bytes as over the in-memory catalogue, a 503 naming a backend that is down or too slow,
 * cancellation when the client goes away, one backend call for identical concurrent requests,
 * and the in-memory path still synchronous.
 */
import { connect } from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import type { Catalogue } from '@archive-catalogue/core'
import {
  type App,
  type AppOptions,
  type AppResponse,
  createApp,
  type Listening,
  listen,
} from '@archive-catalogue/http'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { overHttp } from '../cases/over-http.js'
import { runCases } from '../cases/run-cases.js'
import { DelayedBackend, type DelayedOptions } from '../helpers/delayed-backend.js'
import { corpusCatalogue } from '../helpers/http-server.js'

const COLLECTION = 'Zivy3B6P5nBaZ24Kb8cWEq'
const OBJECT = 'kk2ukZzXhbJtq35nNEgmJJ'

/** Every endpoint, its errors and its renderings. */
const REQUESTS: [
  path: string,
  init?: { method?: string; body?: string; headers?: Record<string, string> },
][] = [
  ['/'],
  ['/search?query=malaria&limit=2'],
  ['/search?query=malaria&limit=2', { method: 'HEAD' }],
  ['/search?query=malaria&format=api'],
  ['/search?query=rockefeller', { headers: { accept: 'text/html' } }],
  ['/search/suggest?title_suggest=malria'],
  ['/facets?query=photographs'],
  ['/collections?sort=title'],
  ['/objects?limit=3'],
  ['/agents?limit=3'],
  ['/terms?limit=3'],
  [`/collections/${COLLECTION}`],
  [`/objects/${OBJECT}`],
  [`/collections/${COLLECTION}/children?query=malaria&limit=2`],
  [`/objects/${OBJECT}/ancestors?query=malaria`],
  [`/collections/${COLLECTION}/minimap?query=malaria`],
  [`/objects/${OBJECT}/citation`],
  ['/collections/unknown'],
  ['/search?limit=0'],
  ['/search?start_date__gte=soon', { headers: { accept: 'text/html' } }],
  ['/mylist', { method: 'POST', body: JSON.stringify({ list: [`/objects/${OBJECT}`] }) }],
  ['/mylist', { method: 'POST', body: '{"list": 3}' }],
  ['/health'],
  ['/search?query=malaria', { method: 'OPTIONS' }],
]

/** A response as bytes: status, headers, body. */
async function bytesOf(response: Response) {
  return {
    status: response.status,
    headers: Object.fromEntries(response.headers),
    body: Buffer.from(await response.arrayBuffer()).toString('base64'),
  }
}

/** Waits until `check` holds, polling; fails after a second. */
async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 5) {
    if (waited > 1000) throw new Error('timed out waiting')
    await delay(5)
  }
}

describe('createApp over a backend that answers with promises', () => {
  let catalogue: Catalogue
  let memory: App<AppResponse>
  const servers: Listening[] = []
  beforeAll(async () => {
    catalogue = await corpusCatalogue()
    memory = createApp(catalogue)
  })
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()))
  })

  function delayed(settings: DelayedOptions = {}, options: AppOptions = {}) {
    const backend = new DelayedBackend(catalogue, settings)
    return { backend, app: createApp(backend, options) }
  }

  async function serve(app: App): Promise<Listening> {
    const server = await listen(app, { port: 0, host: '127.0.0.1' })
    servers.push(server)
    return server
  }

  describe('its answers', () => {
    describe('are those of the in-memory catalogue byte for byte', () => {
      runCases({
        ...overHttp(() => delayed().app),
        async alsoExpect({ endpoint, query }) {
          const path = `/${endpoint}?${query}`
          const { app } = delayed()
          expect(await bytesOf(await app.request(path)), 'the in-memory bytes').toEqual(
            await bytesOf(await memory.request(path)),
          )
        },
        // Skips nothing: a delay changes no answer.
        skip: [],
      })
    })

    it.each(REQUESTS)(
      'are those of the in-memory catalogue byte for byte: %s',
      async (path, init) => {
        const { app } = delayed()
        const headers: Record<string, string> = { ...init?.headers }
        if (init?.method === 'POST') headers['content-type'] = 'application/json'
        const request = { ...init, headers }
        expect(await bytesOf(await app.request(path, request))).toEqual(
          await bytesOf(await memory.request(path, request)),
        )
      },
    )

    it('answer 304 to the entity tag the in-memory catalogue gives', async () => {
      const { app } = delayed()
      const etag = (await memory.request('/search?query=malaria')).headers.get('etag')!
      const response = await app.request('/search?query=malaria', {
        headers: { 'If-None-Match': etag },
      })
      expect(response.status).toBe(304)
    })

    it("report the backend's own fields on /health, never cached", async () => {
      const health = { backend: 'opensearch', cluster_status: 'yellow', index: 'catalogue-2' }
      const { app } = delayed({ health: health as DelayedOptions['health'] })
      const response = await app.request('/health')
      expect(response.headers.get('cache-control')).toBe('no-store')
      const body = (await response.json()) as Record<string, unknown>
      expect(Object.keys(body).slice(-3)).toEqual(['backend', 'cluster_status', 'index'])
      expect(body).toMatchObject({ status: 'ok', version: catalogue.version, ...health })
    })
  })

  describe('a backend that fails', () => {
    it('is a 503 naming it when it is down', async () => {
      const down = 'OpenSearch at http://127.0.0.1:9201 refused the connection'
      const { app } = delayed({ down })
      for (const path of ['/search?query=malaria', `/collections/${COLLECTION}`, '/health']) {
        const response = await app.request(path)
        expect(response.status).toBe(503)
        expect(await response.json()).toEqual({ detail: down })
      }
      const html = await app.request('/search', { headers: { accept: 'text/html' } })
      expect(html.status).toBe(503)
      expect(await html.text()).toContain('refused the connection')
    })

    it('is a 503 after backendTimeoutMs when it never answers, and the server keeps answering', async () => {
      const { backend, app } = delayed({ hang: ['search'] }, { backendTimeoutMs: 300 })
      const { url } = await serve(app)
      const started = performance.now()
      let answered = false
      const hanging = fetch(`${url}/search?query=malaria`).finally(() => {
        answered = true
      })
      // Answered while the search hangs.
      const facets = await fetch(`${url}/facets?query=malaria`)
      expect(facets.status).toBe(200)
      expect(answered).toBe(false)
      const response = await hanging
      expect(performance.now() - started).toBeGreaterThanOrEqual(290)
      expect(response.status).toBe(503)
      expect(await response.json()).toEqual({
        detail: 'the delayed test backend did not answer within 0.3 s',
      })
      // The call that timed out is aborted, and the next request calls the backend again.
      expect(backend.callsOf('search')[0]!.signal?.aborted).toBe(true)
      expect((await fetch(`${url}/search?query=malaria`)).status).toBe(503)
      expect(backend.callsOf('search')).toHaveLength(2)
    })

    it('has a timeout only of a positive number of milliseconds', () => {
      for (const backendTimeoutMs of [0, -1, Number.NaN]) {
        expect(() => delayed({}, { backendTimeoutMs })).toThrow(RangeError)
      }
    })

    it('is a logged 500 when it rejects with an error of its own', async () => {
      const errors: unknown[] = []
      const backend = new DelayedBackend(catalogue)
      backend.search = () => Promise.reject(new TypeError('a bug in the backend'))
      const app = createApp(backend, { logger: { info() {}, error: (_, e) => errors.push(e) } })
      const response = await app.request('/search?query=malaria')
      expect(response.status).toBe(500)
      expect(await response.json()).toEqual({ detail: 'Internal server error.' })
      expect(errors).toEqual([new TypeError('a bug in the backend')])
    })
  })

  describe('a client that goes away', () => {
    it("aborts the backend's call", async () => {
      const { backend, app } = delayed({ hang: ['search'] })
      const { url } = await serve(app)
      const { port } = new URL(url)
      const socket = connect(Number(port), '127.0.0.1')
      socket.on('error', () => {})
      socket.write('GET /search?query=malaria HTTP/1.1\r\nHost: localhost\r\n\r\n')
      await until(() => backend.callsOf('search').length === 1)
      const signal = backend.callsOf('search')[0]!.signal!
      expect(signal.aborted).toBe(false)
      socket.destroy()
      await until(() => signal.aborted)
    })

    it('leaves the call running for another request waiting on it', async () => {
      const { backend, app } = delayed({ delayMs: 100 })
      const { url } = await serve(app)
      const { host, port } = new URL(url)
      const socket = connect(Number(port), '127.0.0.1')
      socket.on('error', () => {})
      // The same Host as fetch sends: the same links, so the same request.
      socket.write(`GET /search?query=malaria HTTP/1.1\r\nHost: ${host}\r\n\r\n`)
      await until(() => backend.callsOf('search').length === 1)
      const staying = fetch(`${url}/search?query=malaria`)
      await delay(20)
      socket.destroy()
      const response = await staying
      expect(response.status).toBe(200)
      expect(backend.callsOf('search')).toHaveLength(1)
      expect(backend.callsOf('search')[0]!.signal?.aborted).toBe(false)
    })
  })

  describe('identical concurrent requests', () => {
    it.each([64 * 2 ** 20, 0])(
      'make one backend call and get the same answer (response cache of %i bytes)',
      async (responseCacheBytes) => {
        const { backend, app } = delayed({}, { responseCacheBytes })
        const [first, second] = await Promise.all([
          app.request('/search?query=malaria&limit=2'),
          app.request('/search?limit=2&query=malaria'),
        ])
        expect(backend.callsOf('search')).toHaveLength(1)
        expect(await bytesOf(first!)).toEqual(await bytesOf(second!))
        // Settled: the next one is cached, or calls again when nothing is cached.
        await app.request('/search?query=malaria&limit=2')
        expect(backend.callsOf('search')).toHaveLength(responseCacheBytes === 0 ? 2 : 1)
      },
    )

    it('make one call each when they differ', async () => {
      const { backend, app } = delayed()
      await Promise.all([
        app.request('/search?query=malaria'),
        app.request('/search?query=rockefeller'),
      ])
      expect(backend.callsOf('search')).toHaveLength(2)
    })
  })

  describe('the in-memory catalogue', () => {
    it('answers synchronously, never with a promise', () => {
      for (const url of ['/search?query=malaria', '/facets', '/health', '/collections/unknown']) {
        const answer = memory.handle({ method: 'GET', url, headers: { host: 'localhost' } })
        expect(answer).not.toBeInstanceOf(Promise)
        expect(answer.status).toBeGreaterThanOrEqual(200)
      }
    })

    it('is read without making a signal', () => {
      let made = 0
      const request = {
        method: 'GET',
        url: '/search?query=health',
        headers: { host: 'localhost' },
        get signal() {
          made++
          return new AbortController().signal
        },
      }
      expect(memory.handle(request).status).toBe(200)
      expect(made).toBe(0)
    })

    it('is not what a backend with promises answers with', async () => {
      const { app } = delayed()
      const answer = app.handle({ method: 'GET', url: '/search', headers: { host: 'localhost' } })
      expect(answer).toBeInstanceOf(Promise)
      expect((await answer).status).toBe(200)
    })
  })
})
