/**
 * The whole catalogue surface over a real socket, as the DIMES front end calls it: suggestions,
 * lists and details of every type, children, ancestors, minimap, citations, `POST /mylist` with
 * its CORS preflight, bodies too large or too slow, and the status of every wrong request.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { type Catalogue, loadCatalogue } from '../../packages/core/src/index.js'
import { SAMPLE } from '../helpers/corpus.js'
import { openSocket, send } from '../helpers/http-client.js'
import { startServer, useServer } from '../helpers/http-server.js'

const ROOT = 'xVJyUuJNfsVyjdZikFSn6G'
const SERIES = '23bc2XbrwotcVFaZX2s7ib'
const OBJECT = 'kk2ukZzXhbJtq35nNEgmJJ'
const AGENT = 'FfKNrySoKER3PujF3a3pRx'
const TERM_TYPE = 'geographic'

let sample: Catalogue

beforeAll(async () => {
  sample = (await loadCatalogue(SAMPLE)).catalogue
})

describe('the catalogue surface over HTTP', () => {
  const server = useServer(async () => ({ catalogue: (await loadCatalogue(SAMPLE)).catalogue }))

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.url}${path}`, { headers })
    return { response, body: (await response.json()) as Record<string, unknown> }
  }

  describe('GET', () => {
    it.each([
      '/search/suggest?title_suggest=malria',
      '/objects?genre=photographs&sort=-start_date',
      '/agents?agent_type=person&sort=title',
      `/terms?term_type=${TERM_TYPE}`,
      `/objects/${OBJECT}`,
      `/agents/${AGENT}`,
      `/collections/${ROOT}/children?category=&limit=5&offset=10&query=banana`,
      `/collections/${SERIES}/ancestors?category=&limit=40&query=malaria`,
      `/objects/${OBJECT}/ancestors`,
      `/collections/${ROOT}/minimap?category=&limit=40&query=malaria`,
      `/collections/${SERIES}/citation`,
      `/objects/${OBJECT}/citation`,
      `/agents/${AGENT}/citation`,
    ])('answers %s with 200, the API headers and an ETag', async (path) => {
      const { response } = await get(path)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS')
      const etag = response.headers.get('etag')!
      const again = await fetch(`${server.url}${path}`, { headers: { 'If-None-Match': etag } })
      expect(again.status).toBe(304)
    })

    it('follows children’s next links to the last page as DIMES does', async () => {
      let next: string | null =
        `${server.url}/collections/${ROOT}/children?category=&limit=5&query=malaria`
      const uris: string[] = []
      while (next) {
        const response = await fetch(next)
        const page = (await response.json()) as {
          next: string | null
          results: { uri: string; hit_count: number }[]
        }
        uris.push(...page.results.map((item) => item.uri))
        expect(page.results.every((item) => typeof item.hit_count === 'number')).toBe(true)
        next = page.next
      }
      expect(uris).toEqual(sample.children(ROOT, { limit: 500 }).results.map((item) => item.uri))
    })

    it('answers suggestions for an empty or missing parameter with an empty list', async () => {
      for (const path of [
        '/search/suggest',
        '/search/suggest?title_suggest=',
        '/search/suggest?x=1',
      ]) {
        const { response, body } = await get(path)
        expect(response.status).toBe(200)
        expect(body).toEqual({ title_suggest: [] })
      }
    })

    it('answers a citation as one JSON string', async () => {
      const { body } = await get(`/objects/${OBJECT}/citation`)
      expect(typeof body).toBe('string')
      expect(body as unknown as string).toMatch(new RegExp(`${server.url}/objects/${OBJECT}$`))
    })

    it.each([
      `/objects/${ROOT}`,
      `/collections/${OBJECT}`,
      `/agents/${ROOT}`,
      '/terms/nosuch',
      `/collections/${OBJECT}/children`,
      `/collections/${OBJECT}/minimap`,
      `/objects/${ROOT}/ancestors`,
      `/agents/${AGENT}/ancestors`,
      `/agents/${AGENT}/children`,
      `/terms/nosuch/citation`,
      `/collections/${ROOT}/children/x`,
      '/mylist/x',
    ])('answers 404 Not found for %s', async (path) => {
      const { response, body } = await get(path)
      expect(response.status).toBe(404)
      expect(body).toEqual({ detail: 'Not found.' })
    })

    it('answers 400 naming the parameter for a malformed limit on children', async () => {
      const { response, body } = await get(`/collections/${ROOT}/children?limit=-1`)
      expect(response.status).toBe(400)
      expect(body.detail).toContain("'limit'")
    })
  })

  describe('methods', () => {
    it.each([
      ['POST', '/search', 'GET, HEAD, OPTIONS'],
      ['PUT', `/collections/${ROOT}`, 'GET, HEAD, OPTIONS'],
      ['GET', '/mylist', 'POST, OPTIONS'],
      ['HEAD', '/mylist', 'POST, OPTIONS'],
      ['DELETE', '/mylist', 'POST, OPTIONS'],
    ])('answers %s %s with 405 and Allow: %s', async (method, path, allow) => {
      const response = await send(`${server.url}${path}`, { method })
      expect(response.status).toBe(405)
      expect(response.headers.allow).toBe(allow)
      if (method !== 'HEAD')
        expect(JSON.parse(response.body)).toEqual({ detail: `Method "${method}" not allowed.` })
    })

    it('describes /mylist to OPTIONS without a preflight', async () => {
      const response = await fetch(`${server.url}/mylist`, { method: 'OPTIONS' })
      expect(response.status).toBe(200)
      expect(response.headers.get('allow')).toBe('POST, OPTIONS')
      expect(await response.json()).toMatchObject({ name: 'My List', parses: ['application/json'] })
    })
  })

  describe('POST /mylist', () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/mylist`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body,
      })

    it('answers the saved items grouped, skipping unknown uris, and stores nothing', async () => {
      const list = [`/objects/${OBJECT}`, '/objects/nope', `/collections/${SERIES}`]
      const response = await post(JSON.stringify({ list }))
      expect(response.status).toBe(200)
      expect(response.headers.get('access-control-allow-origin')).toBe('*')
      expect(response.headers.get('etag')).toBeNull()
      expect(await response.json()).toEqual(sample.myList(list))
      expect(await (await post(JSON.stringify({ list: [] }))).json()).toEqual([])
    })

    it.each([
      ['{"list": [', 'JSON parse error'],
      ['not json', 'JSON parse error'],
      ['[]', 'Expected a JSON object'],
      ['{"items": []}', 'Expected a JSON object'],
      ['{"list": "/objects/x"}', "'list' must be an array"],
      ['{"list": [1, 2]}', "'list' must be an array"],
      ['', 'JSON parse error'],
    ])('answers 400 with a detail for the body %j', async (body, detail) => {
      const response = await post(body)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { detail: string }).detail).toContain(detail)
    })

    it('answers 413 to a body over 1 MB, by its length or as it arrives, and keeps serving', async () => {
      const big = JSON.stringify({
        list: Array.from({ length: 60_000 }, (_, i) => `/objects/${i}xxxxxxxx`),
      })
      expect(big.length).toBeGreaterThan(1024 * 1024)
      const response = await post(big)
      expect(response.status).toBe(413)
      expect(((await response.json()) as { detail: string }).detail).toContain('1048576 bytes')
      // Chunked: no length is announced, the server counts as it reads.
      const chunked = await new Promise<string>((resolve, reject) => {
        openSocket(server.url).then(({ socket, ended }) => {
          socket.write(
            'POST /mylist HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n',
          )
          const chunk = 'x'.repeat(64 * 1024)
          for (let i = 0; i < 20; i++) socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
          ended.then(resolve, reject)
        }, reject)
      })
      expect(chunked).toMatch(/^HTTP\/1\.1 413 /)
      expect((await get('/search?limit=1')).response.status).toBe(200)
    })
  })

  describe('CORS preflight', () => {
    it.each(['/mylist', '/search', `/collections/${ROOT}/children`, '/nowhere'])(
      'allows a cross-origin request with a JSON body on %s',
      async (path) => {
        const response = await fetch(`${server.url}${path}`, {
          method: 'OPTIONS',
          headers: {
            Origin: 'http://front-end.example',
            'Access-Control-Request-Method': path === '/mylist' ? 'POST' : 'GET',
            'Access-Control-Request-Headers': 'content-type',
          },
        })
        expect(response.status).toBe(200)
        expect(response.headers.get('access-control-allow-origin')).toBe('*')
        expect(response.headers.get('access-control-allow-methods')).toContain(
          path === '/mylist' ? 'POST' : 'GET',
        )
        expect(response.headers.get('access-control-allow-headers')).toBe('content-type')
        expect(Number(response.headers.get('access-control-max-age'))).toBeGreaterThan(0)
      },
    )
  })
})

describe('a slow body', () => {
  it('times out without holding up other clients', async () => {
    const slow = await startServer({
      catalogue: sample,
      requestTimeout: 500,
      headersTimeout: 400,
    })
    try {
      const { socket, ended } = await openSocket(slow.url)
      socket.write(
        'POST /mylist HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"list":',
      )
      // Meanwhile another client is answered.
      const other = await fetch(`${slow.url}/search?limit=1`)
      expect(other.status).toBe(200)
      const answer = await ended
      expect(answer).toMatch(/^HTTP\/1\.1 408 /)
    } finally {
      await slow.close()
    }
  })
})
