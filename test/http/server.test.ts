import { Agent } from 'node:http'
import type { Catalogue } from '@archive-catalogue/core'
import { handleSignals } from '@archive-catalogue/http'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openSocket, send } from '../helpers/http-client.js'
import { corpusCatalogue, startServer, useServer } from '../helpers/http-server.js'

const COLLECTION = 'Zivy3B6P5nBaZ24Kb8cWEq'
const ETAG = /^"[0-9a-f]{16}-[\w-]+"$/

interface SearchPage {
  count: number
  next: string | null
  previous: string | null
  results: { uri: string }[]
}

async function getJson<T = Record<string, unknown>>(url: string, init?: RequestInit) {
  const response = await fetch(url, init)
  return { response, body: (await response.json()) as T }
}

describe('http server', () => {
  const server = useServer()
  let catalogue: Catalogue
  beforeAll(async () => {
    catalogue = await corpusCatalogue()
  })

  describe('GET /', () => {
    it('lists the routed top-level endpoints with absolute URLs when asked', async () => {
      const { response, body } = await getJson(`${server.url}/`)
      expect(response.status).toBe(200)
      expect(body).toEqual({
        agents: `${server.url}/agents`,
        collections: `${server.url}/collections`,
        facets: `${server.url}/facets`,
        health: `${server.url}/health`,
        mylist: `${server.url}/mylist`,
        objects: `${server.url}/objects`,
        openapi: `${server.url}/openapi.json`,
        search: `${server.url}/search`,
        terms: `${server.url}/terms`,
      })
      expect(Object.keys(body)).toEqual([
        'agents',
        'collections',
        'facets',
        'health',
        'mylist',
        'objects',
        'openapi',
        'search',
        'terms',
      ])
    })
  })

  describe('GET', () => {
    it.each(['/', '/search', '/facets', '/collections', `/collections/${COLLECTION}`])(
      'sends the headers every 200 has when %s is asked for',
      async (path) => {
        const response = await fetch(`${server.url}${path}`, {
          headers: { 'Accept-Encoding': 'identity' },
        })
        expect(response.status).toBe(200)
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
        expect(response.headers.get('vary')).toBe('Accept, Accept-Encoding')
        expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
        expect(response.headers.get('access-control-allow-origin')).toBe('*')
        expect(response.headers.get('etag')).toMatch(ETAG)
        const body = Buffer.from(await response.arrayBuffer())
        expect(response.headers.get('content-length')).toBe(String(body.length))
      },
    )

    it('answers search results with absolute next links when there are more pages', async () => {
      const { body } = await getJson<SearchPage>(`${server.url}/search?query=rockefeller&limit=5`)
      expect(body.count).toBeGreaterThan(5)
      expect(body.results).toHaveLength(5)
      expect(body.next).toBe(`${server.url}/search?limit=5&offset=5&query=rockefeller`)
      expect(body.previous).toBeNull()
    })

    it('partitions the results when next is followed until it is null', async () => {
      for (const path of [
        '/search?query=rockefeller&limit=4',
        '/search?limit=9',
        '/collections?limit=2',
      ]) {
        const { body: all } = await getJson<SearchPage>(`${server.url}${path}&limit=500`)
        const seen: string[] = []
        let next: string | null = `${server.url}${path}`
        let earlier: SearchPage | undefined
        while (next !== null) {
          const { body: page }: { body: SearchPage } = await getJson<SearchPage>(next)
          expect(page.count).toBe(all.count)
          // `previous` leads back to the page before (its link is the normalized form).
          if (earlier === undefined) expect(page.previous).toBeNull()
          else expect((await getJson<SearchPage>(page.previous!)).body).toEqual(earlier)
          seen.push(...page.results.map((result) => result.uri))
          earlier = page
          next = page.next
        }
        expect(seen).toEqual(all.results.map((result) => result.uri))
        expect(new Set(seen).size).toBe(all.count)
        expect(seen.length).toBeGreaterThan(earlier!.results.length)
      }
    })

    it('gives previous links without offset when they point at the first page', async () => {
      const { body } = await getJson<SearchPage>(`${server.url}/search?limit=5&offset=5`)
      expect(body.previous).toBe(`${server.url}/search?limit=5`)
      const { body: third } = await getJson<SearchPage>(`${server.url}/search?limit=5&offset=10`)
      expect(third.previous).toBe(`${server.url}/search?limit=5&offset=5`)
    })

    it('accepts a trailing slash as the same path', async () => {
      for (const path of [
        '/search?limit=3',
        '/facets',
        '/collections',
        `/collections/${COLLECTION}`,
      ]) {
        const [plain, slashed] = await Promise.all([
          fetch(`${server.url}${path}`),
          fetch(`${server.url}${path.replace(/(\?|$)/, '/$1')}`),
        ])
        expect(slashed.status).toBe(200)
        expect(await slashed.text()).toBe(await plain.text())
        expect(slashed.headers.get('etag')).toBe(plain.headers.get('etag'))
      }
    })

    it('ignores unknown parameters and empty values but keeps them in the links', async () => {
      const { body: plain } = await getJson<SearchPage>(`${server.url}/search?limit=3`)
      const { body } = await getJson<SearchPage>(
        `${server.url}/search?limit=3&category=&genre=&bogus=1`,
      )
      expect(body.results).toEqual(plain.results)
      expect(body.next).toBe(`${server.url}/search?bogus=1&category=&genre=&limit=3&offset=3`)
    })

    it('finds a collection by id when it exists', async () => {
      const { body } = await getJson(`${server.url}/collections/${COLLECTION}`)
      expect(body.uri).toBe(`/collections/${COLLECTION}`)
      expect(body.offset).toBeNull()
    })
  })

  describe('errors', () => {
    it.each([
      ['/search?limit=abc', 'limit', 'abc'],
      ['/search?limit=-1', 'limit', '-1'],
      ['/search?limit=0', 'limit', '0'],
      ['/collections?offset=-5', 'offset', '-5'],
      ['/search?offset=two', 'offset', 'two'],
      ['/search?start_date__gte=19x0', 'start_date__gte', '19x0'],
      ['/facets?end_date=soon', 'end_date', 'soon'],
      ['/search?online=yes', 'online', 'yes'],
      ['/search?sort=colour', 'sort', 'colour'],
      ['/collections?sort=creator', 'sort', 'creator'],
      ['/search?category__gt=a', 'category__gt', 'a'],
      ['/search?start_date__prefix=19', 'start_date__prefix', '19'],
      ['/collections?online__in=true', 'online__in', 'true'],
    ])('answers 400 naming the parameter and value when %s', async (path, parameter, value) => {
      const { response, body } = await getJson<{ detail: string }>(`${server.url}${path}`)
      expect(response.status).toBe(400)
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(Object.keys(body)).toEqual(['detail'])
      expect(body.detail).toContain(`'${parameter}'`)
      expect(body.detail).toContain(`'${value}'`)
      expect(response.headers.get('etag')).toBeNull()
    })

    it.each([
      '/nowhere',
      '/search/suggest/x',
      '/collections/doesNotExist',
      '/collections/doesNotExist/',
      '/collections/a/b/c',
      '//search',
      '/search?format=xml',
      `/collections/${COLLECTION}?format=yaml`,
    ])('answers 404 Not found when %s is asked for', async (path) => {
      const { response, body } = await getJson(`${server.url}${path}`)
      expect(response.status).toBe(404)
      expect(body).toEqual({ detail: 'Not found.' })
    })

    it.each(['POST', 'PUT', 'DELETE', 'PATCH'])(
      'answers 405 with Allow when the method is %s',
      async (method) => {
        for (const path of ['/', '/search', `/collections/${COLLECTION}`]) {
          const { response, body } = await getJson(`${server.url}${path}`, { method })
          expect(response.status).toBe(405)
          expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
          expect(body).toEqual({ detail: `Method "${method}" not allowed.` })
        }
      },
    )
  })

  describe('HEAD', () => {
    it('sends the same status and headers as GET and no body', async () => {
      for (const path of ['/search?limit=2', `/collections/${COLLECTION}`, '/collections/nope']) {
        const [get, head] = await Promise.all([
          send(`${server.url}${path}`),
          send(`${server.url}${path}`, { method: 'HEAD' }),
        ])
        expect(head.status).toBe(get.status)
        expect(head.body).toBe('')
        const { date: _getDate, ...getHeaders } = get.headers
        const { date: _headDate, ...headHeaders } = head.headers
        expect(headHeaders).toEqual(getHeaders)
      }
    })
  })

  describe('OPTIONS', () => {
    it('describes a list endpoint and the query parameters it accepts', async () => {
      const { response, body } = await getJson<{
        name: string
        renders: string[]
        parses: string[]
        query_parameters: { name: string; lookups?: string[]; choices?: string[] }[]
      }>(`${server.url}/search`, { method: 'OPTIONS' })
      expect(response.status).toBe(200)
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(Object.keys(body)).toEqual([
        'name',
        'description',
        'renders',
        'parses',
        'query_parameters',
      ])
      expect(body.name).toBe('Search')
      expect(body.renders).toEqual(['application/json', 'text/html'])
      expect(body.parses).toEqual([])
      const names = body.query_parameters.map((parameter) => parameter.name)
      expect(names).toEqual(expect.arrayContaining(['query', 'limit', 'offset', 'sort', 'type']))
      const sort = body.query_parameters.find((parameter) => parameter.name === 'sort')
      expect(sort?.choices).toContain('-creator')
    })

    it('lists only the parameters each endpoint accepts', async () => {
      const { body: collections } = await getJson<{ query_parameters: { name: string }[] }>(
        `${server.url}/collections`,
        { method: 'OPTIONS' },
      )
      expect(collections.query_parameters.map((p) => p.name)).not.toContain('type')
      const { body: detail } = await getJson<{
        name: string
        query_parameters: { name: string }[]
      }>(`${server.url}/collections/${COLLECTION}`, { method: 'OPTIONS' })
      expect(detail.name).toBe('Collection Detail')
      expect(detail.query_parameters.map((p) => p.name)).toEqual(['format'])
    })

    it('answers a CORS preflight for any origin when a browser app asks', async () => {
      const response = await fetch(`${server.url}/search`, {
        method: 'OPTIONS',
        headers: {
          Origin: 'https://app.example',
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'if-none-match',
        },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS')
      expect(response.headers.get('access-control-allow-headers')).toBe('if-none-match')
    })
  })

  describe('ETag', () => {
    it('gives the same strong tag to the same request over the same catalogue', async () => {
      const first = await fetch(`${server.url}/search?query=rockefeller&limit=3`)
      const again = await fetch(`${server.url}/search?limit=3&query=rockefeller`)
      const etag = first.headers.get('etag')
      expect(etag).toMatch(ETAG)
      expect(etag?.startsWith(`"${catalogue.version}-`)).toBe(true)
      expect(again.headers.get('etag')).toBe(etag)
    })

    it('gives different tags when the body differs', async () => {
      const urls = [
        '/search?limit=3',
        '/search?limit=4',
        '/search?limit=3&offset=3',
        '/search?limit=3&format=api',
        '/search?limit=3&sort=title,-start_date',
        '/search?limit=3&sort=-start_date,title',
        '/facets',
        '/collections',
      ]
      const tags = await Promise.all(
        urls.map(async (path) => (await fetch(`${server.url}${path}`)).headers.get('etag')),
      )
      expect(new Set(tags).size).toBe(urls.length)
      const html = await fetch(`${server.url}/search?limit=3`, { headers: { Accept: 'text/html' } })
      expect(tags).not.toContain(html.headers.get('etag'))
    })

    it.each([
      ['the tag', (tag: string) => tag],
      ['a list holding the tag', (tag: string) => `"other", ${tag} , "more"`],
      ['the weak form of the tag', (tag: string) => `W/${tag}`],
      ['*', () => '*'],
    ])('answers 304 without a body when If-None-Match is %s', async (_, header) => {
      const url = `${server.url}/collections?limit=2`
      const etag = (await fetch(url)).headers.get('etag')!
      for (const method of ['GET', 'HEAD']) {
        const response = await send(url, { method, headers: { 'If-None-Match': header(etag) } })
        expect(response.status).toBe(304)
        expect(response.body).toBe('')
        expect(response.headers.etag).toBe(etag)
        expect(response.headers.vary).toBe('Accept, Accept-Encoding')
      }
    })

    it('answers 200 when If-None-Match holds other tags', async () => {
      const url = `${server.url}/facets`
      const etag = (await fetch(url)).headers.get('etag')!
      const response = await send(url, {
        headers: { 'If-None-Match': `"nope", ${etag.slice(0, -2)}"` },
      })
      expect(response.status).toBe(200)
      expect(JSON.parse(response.body)).toHaveProperty('format')
    })

    it('answers errors as errors whatever If-None-Match says', async () => {
      const response = await send(`${server.url}/collections/nope`, {
        headers: { 'If-None-Match': '*' },
      })
      expect(response.status).toBe(404)
    })
  })

  describe('content negotiation', () => {
    it.each([
      ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'text/html'],
      ['text/html', 'text/html'],
      ['application/json;q=0.5, text/*', 'text/html'],
      ['*/*', 'application/json'],
      ['application/json', 'application/json'],
      ['application/json, text/html', 'application/json'],
      ['text/html;q=0.2, application/json;q=0.3', 'application/json'],
      ['image/png', 'application/json'],
    ])('answers Accept: %s with %s', async (accept, type) => {
      const response = await fetch(`${server.url}/search?limit=2`, { headers: { Accept: accept } })
      expect(response.headers.get('content-type')).toBe(`${type}; charset=utf-8`)
      expect(response.headers.get('vary')).toBe('Accept, Accept-Encoding')
    })

    it('renders the browsable page when format=api and JSON when format=json', async () => {
      const browser = { Accept: 'text/html,*/*;q=0.8' }
      const api = await fetch(`${server.url}/search?format=api`)
      expect(api.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(await api.text()).toMatch(/^<!doctype html>/)
      const json = await fetch(`${server.url}/search?format=json`, { headers: browser })
      expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8')
    })

    it('renders errors as HTML with their status when the browsable format is asked', async () => {
      for (const [path, status] of [
        ['/search?limit=x&format=api', 400],
        ['/nowhere?format=api', 404],
        ['/collections/nope', 404],
      ] as const) {
        const response = await fetch(`${server.url}${path}`, { headers: { Accept: 'text/html' } })
        expect(response.status).toBe(status)
        expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
        expect(await response.text()).toContain(`HTTP ${status}`)
      }
      const post = await fetch(`${server.url}/search?format=api`, { method: 'POST' })
      expect(post.status).toBe(405)
      const page = await post.text()
      expect(page).toContain('Method \\&quot;POST\\&quot; not allowed.')
      expect(page).toContain('<form method="get"')
    })

    it('escapes the request in the page when parameters hold markup', async () => {
      const evil = '<script>alert(1)</script>"\''
      const encoded = encodeURIComponent(evil)
      const response = await fetch(`${server.url}/search?format=api&query=${encoded}&x${encoded}=1`)
      const html = await response.text()
      expect(html).not.toContain('<script>')
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    })
  })

  describe('base URL', () => {
    const prefixed = useServer({ baseUrl: 'https://example.org/api/' })

    it('builds links on the configured base URL and its prefix', async () => {
      for (const path of ['/api/search?limit=5', '/search?limit=5', '/api/search/?limit=5']) {
        const { response, body } = await getJson<SearchPage>(`${prefixed.url}${path}`)
        expect(response.status).toBe(200)
        expect(body.next).toBe('https://example.org/api/search?limit=5&offset=5')
      }
      const { body: root } = await getJson(`${prefixed.url}/api`)
      expect(root).toEqual({
        agents: 'https://example.org/api/agents',
        collections: 'https://example.org/api/collections',
        facets: 'https://example.org/api/facets',
        health: 'https://example.org/api/health',
        mylist: 'https://example.org/api/mylist',
        objects: 'https://example.org/api/objects',
        openapi: 'https://example.org/api/openapi.json',
        search: 'https://example.org/api/search',
        terms: 'https://example.org/api/terms',
      })
      const detail = await fetch(`${prefixed.url}/api/collections/${COLLECTION}?format=api`)
      expect(await detail.text()).toContain(
        `href="https://example.org/api/collections/${COLLECTION}"`,
      )
    })

    it('builds links on the Host header when no base URL is configured', async () => {
      const response = await send(`${server.url}/search?limit=5`, {
        headers: { Host: 'catalogue.test:8080' },
      })
      expect(JSON.parse(response.body).next).toBe(
        'http://catalogue.test:8080/search?limit=5&offset=5',
      )
    })

    it('answers 400 when the Host header is not a host', async () => {
      const response = await send(`${server.url}/search`, { headers: { Host: 'bad host/<x>' } })
      expect(response.status).toBe(400)
      expect(JSON.parse(response.body).detail).toContain('Host')
    })
  })

  describe('behind a proxy', () => {
    const proxied = useServer({ trustProxy: true })
    const forwarded = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'proxy.example' }

    it('ignores X-Forwarded-* when the proxy is not trusted', async () => {
      const response = await send(`${server.url}/search?limit=5`, { headers: forwarded })
      expect(JSON.parse(response.body).next).toBe(`${server.url}/search?limit=5&offset=5`)
    })

    it('honours X-Forwarded-Proto and X-Forwarded-Host when the proxy is trusted', async () => {
      const response = await send(`${proxied.url}/search?limit=5`, { headers: forwarded })
      expect(JSON.parse(response.body).next).toBe('https://proxy.example/search?limit=5&offset=5')
      const chained = await send(`${proxied.url}/`, {
        headers: { 'X-Forwarded-Proto': 'https, http', 'X-Forwarded-Host': 'a.example, b.example' },
      })
      expect(JSON.parse(chained.body).search).toBe('https://a.example/search')
      const plain = await send(`${proxied.url}/`)
      expect(JSON.parse(plain.body).search).toBe(`${proxied.url}/search`)
    })

    it('answers 400 when a trusted X-Forwarded-Host is not a host', async () => {
      const response = await send(`${proxied.url}/`, {
        headers: { 'X-Forwarded-Host': 'evil.example/"><script>' },
      })
      expect(response.status).toBe(400)
      expect(JSON.parse(response.body).detail).toContain('X-Forwarded-Host')
    })
  })

  describe('limits', () => {
    const small = useServer({ maxLimit: 10 })

    it('clamps limit to maxLimit when a larger page is asked for', async () => {
      const { body } = await getJson<SearchPage>(`${small.url}/search?limit=50`)
      expect(body.results).toHaveLength(10)
      expect(body.next).toBe(`${small.url}/search?limit=10&offset=10`)
    })

    it('answers 414 when the URL is longer than 8 KiB', async () => {
      const { response, body } = await getJson<{ detail: string }>(
        `${server.url}/search?query=${'a'.repeat(8200)}`,
      )
      expect(response.status).toBe(414)
      expect(body.detail).toContain('8192')
      // Long, but under the URL limit (and the query under its own 1,024-character limit).
      const fits = await fetch(`${server.url}/search?query=malaria&utm=${'a'.repeat(8000)}`)
      expect(fits.status).toBe(200)
    })

    it('answers 400 naming the limit when there are more than 100 query parameters', async () => {
      const parameters = (n: number) => Array.from({ length: n }, (_, i) => `p${i}=1`).join('&')
      const { response, body } = await getJson<{ detail: string }>(
        `${server.url}/search?${parameters(101)}`,
      )
      expect(response.status).toBe(400)
      expect(body.detail).toBe('Too many query parameters: 101; the limit is 100.')
      expect((await fetch(`${server.url}/search?${parameters(100)}`)).status).toBe(200)
    })
  })

  describe('failures', () => {
    const logger = { info: vi.fn(), error: vi.fn() }
    const failing = useServer(async () => {
      const catalogue = await corpusCatalogue()
      // A catalogue whose search throws as a bug would: everything else is the real one.
      const broken = Object.create(catalogue) as Catalogue
      broken.search = () => {
        throw new TypeError('boom')
      }
      return { catalogue: broken, logger }
    })

    it('answers 500 and logs the stack when a handler throws, then keeps serving', async () => {
      const { response, body } = await getJson(`${failing.url}/search?query=x`)
      expect(response.status).toBe(500)
      expect(body).toEqual({ detail: 'Internal server error.' })
      expect(logger.error).toHaveBeenCalledTimes(1)
      const [message, error] = logger.error.mock.calls[0]!
      expect(message).toBe('GET /search?query=x failed')
      expect((error as Error).stack).toContain('boom')
      expect((await fetch(`${failing.url}/facets`)).status).toBe(200)
      expect((await fetch(`${failing.url}/search`)).status).toBe(500)
    })
  })

  describe('access log', () => {
    const lines: string[] = []
    const logged = useServer({
      accessLog: true,
      logger: { info: (line) => lines.push(line), error: () => {} },
    })

    it('writes one line per request: method, target, status, bytes and time', async () => {
      const response = await fetch(`${logged.url}/search?limit=1`)
      const bytes = (await response.arrayBuffer()).byteLength
      await fetch(`${logged.url}/nowhere`, { method: 'HEAD' })
      expect(lines).toHaveLength(2)
      expect(lines[0]).toMatch(new RegExp(`^GET /search\\?limit=1 200 ${bytes} \\d+\\.\\dms$`))
      expect(lines[1]).toMatch(/^HEAD \/nowhere 404 0 \d+\.\dms$/)
    })
  })

  describe('connections', () => {
    it('keeps a connection alive across two requests', async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      try {
        const first = await send(`${server.url}/search?limit=1`, { agent })
        const second = await send(`${server.url}/facets`, { agent })
        expect(first.headers.connection).toBe('keep-alive')
        expect([first.status, second.status]).toEqual([200, 200])
        expect(first.reusedSocket).toBe(false)
        expect(second.reusedSocket).toBe(true)
      } finally {
        agent.destroy()
      }
    })

    it('answers 408 and closes when the headers are not sent in time', async () => {
      const slow = await startServer({ headersTimeout: 300, requestTimeout: 1000 })
      try {
        const { socket, ended } = await openSocket(slow.url)
        socket.write('GET /search HTTP/1.1\r\nHost: x\r\n')
        expect(await ended).toMatch(/^HTTP\/1\.1 408 /)
      } finally {
        await slow.close()
      }
    })
  })

  describe('close', () => {
    it('finishes an in-flight request before it resolves and refuses new connections', async () => {
      const closing = await startServer()
      const { socket, ended, received } = await openSocket(closing.url)
      socket.write(`GET /collections/${COLLECTION} HTTP/1.1\r\nHost: x\r\n`)
      await new Promise((resolve) => setTimeout(resolve, 100))
      let closed = false
      const done = closing.close().then(() => {
        closed = true
      })
      await expect(fetch(`${closing.url}/`)).rejects.toThrow()
      expect(closed).toBe(false)
      expect(received()).toBe('')
      socket.write('\r\n')
      const response = await ended
      await done
      expect(response).toMatch(/^HTTP\/1\.1 200 OK/)
      expect(response).toMatch(/\r\nConnection: close\r\n/i)
      expect(response).toContain(`"uri":"/collections/${COLLECTION}"`)
    })

    it('closes idle keep-alive connections at once when closing', async () => {
      const idle = await startServer({ keepAliveTimeout: 60_000 })
      const agent = new Agent({ keepAlive: true })
      try {
        await send(`${idle.url}/`, { agent })
        const started = Date.now()
        await idle.close()
        expect(Date.now() - started).toBeLessThan(1000)
      } finally {
        agent.destroy()
      }
    })

    it('closes when the signal given to listen is aborted', async () => {
      const controller = new AbortController()
      const aborted = await startServer({ signal: controller.signal })
      expect((await fetch(`${aborted.url}/`)).status).toBe(200)
      controller.abort()
      await vi.waitFor(() => expect(aborted.server.listening).toBe(false))
      await expect(fetch(`${aborted.url}/`)).rejects.toThrow()
    })
  })

  describe('handleSignals', () => {
    let dispose: (() => void) | undefined
    afterEach(() => {
      dispose?.()
      dispose = undefined
    })

    it('closes gracefully then exits 0 on a signal, and exits 1 on a second one', async () => {
      const signalled = await startServer()
      const exit = vi.fn()
      const onSignal = vi.fn()
      dispose = handleSignals(signalled, { signals: ['SIGUSR2'], exit, onSignal })
      const { socket, ended } = await openSocket(signalled.url)
      socket.write('GET /facets HTTP/1.1\r\nHost: x\r\n')
      await new Promise((resolve) => setTimeout(resolve, 100))
      process.emit('SIGUSR2', 'SIGUSR2')
      expect(onSignal).toHaveBeenCalledWith('SIGUSR2')
      await expect(fetch(`${signalled.url}/`)).rejects.toThrow()
      expect(exit).not.toHaveBeenCalled()
      socket.write('\r\n')
      expect(await ended).toMatch(/^HTTP\/1\.1 200 OK/)
      await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0))
      process.emit('SIGUSR2', 'SIGUSR2')
      expect(exit).toHaveBeenLastCalledWith(1)
    })

    it('closes a bare node server too, closing connections after their response', async () => {
      const { server: bare, url } = await startServer({ keepAliveTimeout: 60_000 })
      const exit = vi.fn()
      dispose = handleSignals(bare, { signals: ['SIGUSR2'], exit })
      const { socket, ended } = await openSocket(url)
      socket.write('GET / HTTP/1.1\r\nHost: x\r\n')
      await new Promise((resolve) => setTimeout(resolve, 100))
      process.emit('SIGUSR2', 'SIGUSR2')
      socket.write('\r\n')
      expect(await ended).toMatch(/\r\nConnection: close\r\n/i)
      await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(0))
    })
  })
})
