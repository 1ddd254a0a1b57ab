/** The app without a socket: its parts that the server suite cannot reach or pin down. */
import { type Catalogue, type Endpoint, parseRequest } from '@archive-catalogue/core'
import { type App, type AppResponse, createApp } from '@archive-catalogue/http'
import { beforeAll, describe, expect, it } from 'vitest'
import { ifNoneMatch } from '../../packages/http/src/etag.js'
import { negotiate } from '../../packages/http/src/negotiate.js'
import { endpointParameters } from '../../packages/http/src/parameters.js'
import { renderHtml } from '../../packages/http/src/render-html.js'
import { corpusCatalogue } from '../helpers/http-server.js'

const COLLECTION = 'Zivy3B6P5nBaZ24Kb8cWEq'
const FIELDS = [
  'category',
  'genre',
  'type',
  'subject',
  'creator',
  'title',
  'agent_type',
  'term_type',
  'level',
  'agent',
  'online',
  'start_date',
  'end_date',
]
const SORTS = ['title', 'start_date', 'end_date', 'creator', 'type']

/** The text a browser shows for an HTML fragment (tags dropped, entities decoded). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|quot|#39|amp);/g, (_, name: string) =>
      name === 'lt'
        ? '<'
        : name === 'gt'
          ? '>'
          : name === 'quot'
            ? '"'
            : name === '#39'
              ? "'"
              : '&',
    )
}

describe('createApp', () => {
  let catalogue: Catalogue
  let app: App<AppResponse>
  beforeAll(async () => {
    catalogue = await corpusCatalogue()
    app = createApp(catalogue)
  })

  describe('options', () => {
    it.each(['ftp://example.org', '/api', 'https://example.org/api?x=1', 'not a url'])(
      'refuses the base URL %s when it is not an absolute http(s) URL',
      (baseUrl) => {
        expect(() => createApp(catalogue, { baseUrl })).toThrow(TypeError)
      },
    )
  })

  describe('handle', () => {
    it('answers HEAD with GET headers, Content-Length included, and an empty body', () => {
      const request = { url: '/collections?limit=2', headers: { host: 'h' } }
      const get = app.handle({ method: 'GET', ...request })
      const head = app.handle({ method: 'HEAD', ...request })
      expect(head.headers).toEqual(get.headers)
      expect(head.body).toHaveLength(0)
      expect(Number(head.headers['Content-Length'])).toBe(get.body.length)
    })

    it('uses the catalogue base URL when the request has no Host header', async () => {
      const response = app.handle({ method: 'GET', url: '/', headers: {} })
      expect(JSON.parse(response.body.toString()).search).toBe('http://localhost:8000/search')
    })

    it('reads the path of an absolute-form request target', () => {
      const response = app.handle({
        method: 'GET',
        url: 'http://other.example/collections?limit=1',
        headers: { host: 'h' },
      })
      expect(response.status).toBe(200)
      expect(JSON.parse(response.body.toString()).next).toBe(
        'http://h/collections?limit=1&offset=1',
      )
    })

    it('decodes percent-encoded path parameters and 404s malformed ones', () => {
      const encoded = `/collections/${encodeURIComponent(COLLECTION).replace('Z', '%5A')}`
      expect(app.handle({ method: 'GET', url: encoded, headers: {} }).status).toBe(200)
      expect(app.handle({ method: 'GET', url: '/collections/%E0%A4%A', headers: {} }).status).toBe(
        404,
      )
    })

    it('treats method names case-sensitively as HTTP does', () => {
      const response = app.handle({ method: 'get', url: '/', headers: {} })
      expect(response.status).toBe(405)
      expect(JSON.parse(response.body.toString())).toEqual({ detail: 'Method "get" not allowed.' })
    })
  })

  describe('ETag', () => {
    it('gives equal tags only to equal bodies over orders, slashes, formats, methods', async () => {
      const targets = [
        '/search?limit=2&query=rockefeller',
        '/search?query=rockefeller&limit=2',
        '/search/?limit=2&query=rockefeller',
        '/search?limit=2&query=rockefeller&format=json',
        '/search?limit=2&query=rockefeller&format=api',
        '/search?format=api&limit=2&query=rockefeller',
        '/search/?limit=2&query=rockefeller&format=api',
        '/search?sort=title&sort=-start_date&limit=2',
        '/search?sort=-start_date&sort=title&limit=2',
        `/collections/${COLLECTION}`,
        `/collections/${COLLECTION}/`,
        `/collections/${COLLECTION}?format=api`,
      ]
      const bodies = new Map<string, string>()
      for (const target of targets) {
        for (const accept of ['application/json', 'text/html']) {
          const get = app.handle({ method: 'GET', url: target, headers: { accept, host: 'h' } })
          const head = app.handle({ method: 'HEAD', url: target, headers: { accept, host: 'h' } })
          expect(head.headers).toEqual(get.headers)
          const etag = get.headers.ETag!
          const body = get.body.toString()
          if (bodies.has(etag)) expect(body).toBe(bodies.get(etag))
          bodies.set(etag, body)
        }
      }
      expect(new Set(bodies.values()).size).toBe(bodies.size)
      expect(bodies.size).toBeGreaterThan(10)
    })
  })

  describe('request', () => {
    it('takes the Host from an absolute URL and answers a fetch Response', async () => {
      const response = await app.request('https://catalogue.example/search?limit=1')
      expect(response).toBeInstanceOf(Response)
      const body = (await response.json()) as { next: string }
      expect(body.next).toBe('http://catalogue.example/search?limit=1&offset=1')
    })

    it('answers HEAD and 304 with a null body', async () => {
      const head = await app.request('/facets', { method: 'HEAD' })
      expect(head.body).toBeNull()
      const etag = head.headers.get('etag')!
      const cached = await app.request('/facets', { headers: { 'If-None-Match': etag } })
      expect(cached.status).toBe(304)
      expect(cached.body).toBeNull()
    })
  })
})

describe('endpointParameters', () => {
  describe('table', () => {
    // The core's parser is the authority: a filter it knows throws on an unknown lookup, one it
    // does not allow on the endpoint is ignored; a sort field it does not allow throws.
    it.each([
      'search',
      'facets',
      'collections',
      'objects',
      'agents',
      'terms',
      'children',
      'minimap',
      'ancestors',
    ] as Endpoint[])('agrees with the core parser on %s', (endpoint) => {
      const filters = FIELDS.filter((field) => {
        try {
          parseRequest(endpoint, { [`${field}__nosuch`]: 'x' })
          return false
        } catch {
          return true
        }
      })
      // An endpoint that sorts nothing ignores `sort` (front ends send it everywhere).
      const sorts = SORTS.filter((field) => {
        if (endpointParameters[endpoint].sorts.length === 0) return false
        try {
          parseRequest(endpoint, { sort: field })
          return true
        } catch {
          return false
        }
      })
      expect([...endpointParameters[endpoint].filters].sort()).toEqual(filters.sort())
      expect([...endpointParameters[endpoint].sorts].sort()).toEqual(sorts.sort())
    })
  })
})

describe('negotiate', () => {
  describe('negotiate', () => {
    it.each([
      [null, undefined, 'json'],
      ['', 'text/html', 'html'],
      ['json', 'text/html', 'json'],
      ['api', 'application/json', 'html'],
      ['xml', undefined, undefined],
      [null, 'text/html;q=0, */*', 'json'],
      [null, 'TEXT/HTML', 'html'],
      [null, 'text/html;q=0.5, application/*;q=0.4', 'html'],
      [null, 'text/html;q=2, application/json;q=0.9', 'html'],
      [null, 'garbage, ;;, /', 'json'],
    ] as const)('chooses format=%s Accept=%s as %s', (format, accept, expected) => {
      expect(negotiate(format, accept)).toBe(expected)
    })
  })
})

describe('ifNoneMatch', () => {
  describe('ifNoneMatch', () => {
    it.each([
      ['"a-b"', true],
      ['W/"a-b"', true],
      ['"x", "a-b"', true],
      ['"x",W/"a-b"', true],
      [' * ', true],
      ['"a-b-c"', false],
      ['a-b', false],
      ['"x, a-b"', false],
      ['', false],
    ])('matches %s against "a-b": %s', (header, expected) => {
      expect(ifNoneMatch(header, '"a-b"')).toBe(expected)
    })
  })
})

describe('renderHtml', () => {
  const value = {
    count: 2,
    next: 'https://example.org/search?limit=1&offset=1',
    previous: null,
    results: [
      {
        uri: '/collections/abc',
        title: '<b>"Fish" & \'chips\'</b>\n',
        group: { identifier: '/agents/xyz' },
        external_identifiers: [{ identifier: '/repositories/2/resources/1' }],
        link: 'javascript:alert(1)',
        online: false,
        empty: [],
        nothing: {},
      },
    ],
  }
  const page = {
    method: 'GET',
    target: '/search?q=<x>',
    path: 'https://example.org/search',
    query: new URLSearchParams('q=<x>&type="y"&offset=2'),
    status: 200,
    headers: { Allow: 'GET, HEAD, OPTIONS' },
    value,
    baseUrl: 'https://example.org',
    view: { name: 'Search', description: 'd', endpoint: 'search' as const, paginated: true },
  }

  describe('renderHtml', () => {
    it('shows exactly JSON.stringify(value, null, 2) when tags are dropped', () => {
      const html = renderHtml(page)
      const response = html.slice(
        html.indexOf('<pre class="response">'),
        html.lastIndexOf('</pre>'),
      )
      const text = textOf(response)
      expect(text.slice(text.indexOf('\n\n') + 2)).toBe(JSON.stringify(value, null, 2))
    })

    it('links http(s) URLs and catalogue uris only, with escaped attributes', () => {
      const html = renderHtml(page)
      const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1])
      expect(hrefs).toEqual([
        'https://example.org/',
        'https://example.org/search?q=%3Cx%3E&amp;type=%22y%22&amp;offset=2&amp;format=json',
        'https://example.org/search?limit=1&amp;offset=1',
        'https://example.org/collections/abc',
        'https://example.org/agents/xyz',
      ])
      expect(html).toContain('rel="next"')
      expect(html).not.toContain('<x>')
      expect(html).toContain('&lt;b&gt;\\&quot;Fish\\&quot; &amp; &#39;chips&#39;&lt;/b&gt;')
    })

    it('keeps parameters the form has no field for as escaped hidden inputs', () => {
      const html = renderHtml(page)
      expect(html).toContain('<input type="hidden" name="type" value="&quot;y&quot;">')
      expect(html).toContain('<input type="hidden" name="format" value="api">')
      expect(html).not.toContain('name="offset"')
    })
  })
})
