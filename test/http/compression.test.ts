/**
 * Compression by `listen`, on real servers over the corpus (the API, the site, and a small app of
 * our own for what neither sends), with requests over node:http, which unlike fetch neither asks
 * for an encoding nor decodes one.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { type App, type AppResponse, type Listening, listen } from '@archive-catalogue/http'
import { createSite } from '@archive-catalogue/site'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { corpusCatalogue, useServer } from '../helpers/http-server.js'

/** 8,246 bytes: compressed on the threadpool. */
const SEARCH = '/search?query=rockefeller'
/** 2,567 bytes: compressed on the event loop. */
const FACETS = '/facets'
/** 150 bytes: not worth compressing. */
const CITATION = '/collections/Zivy3B6P5nBaZ24Kb8cWEq/citation'

interface Raw {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      )
      response.on('error', reject)
    })
    request.on('error', reject)
    request.end()
  })
}

function decoded({ headers, body }: Raw): Buffer {
  const coding = headers['content-encoding']
  return coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body
}

/** The tag an encoded representation has: the identity's with the coding inside the quotes. */
function taggedFor(etag: string, coding: string): string {
  return `${etag.slice(0, -1)}-${coding}"`
}

describe('listen', () => {
  const api = useServer()
  let site: Listening
  beforeAll(async () => {
    site = await listen(createSite(await corpusCatalogue()), { port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await site?.close()
  })

  describe('compression', () => {
    it.each([
      ['the API', SEARCH, () => api.url],
      ['the API', FACETS, () => api.url],
      ['the site', SEARCH, () => site.url],
      ['the site', '/site.css', () => site.url],
      ['the site', `/api${SEARCH}`, () => site.url],
    ])('sends br and gzip that decode to the identity body (%s, %s)', async (_, path, base) => {
      const identity = await get(`${base()}${path}`)
      expect(identity.headers['content-encoding']).toBeUndefined()
      expect(identity.body.length).toBeGreaterThanOrEqual(1024)
      for (const coding of ['br', 'gzip']) {
        const response = await get(`${base()}${path}`, { 'Accept-Encoding': coding })
        expect(response.status).toBe(200)
        expect(response.headers['content-encoding']).toBe(coding)
        expect(response.headers['content-length']).toBe(String(response.body.length))
        expect(response.headers['content-type']).toBe(identity.headers['content-type'])
        expect(response.body.length).toBeLessThan(identity.body.length / 2)
        expect(decoded(response).equals(identity.body)).toBe(true)
      }
    })

    it.each([
      [undefined, 'identity'],
      ['', 'identity'],
      ['gzip', 'gzip'],
      ['br', 'br'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip, br;q=0', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip;q=0.9, br', 'br'],
      ['gzip;q=0.5, br;q=0.5', 'br'],
      ['*', 'br'],
      ['*;q=0', 'identity'],
      ['identity', 'identity'],
      ['identity;q=0', 'identity'],
      ['deflate, compress', 'identity'],
      ['gzip;q=0, *', 'br'],
      ['br;q=0, *;q=0.5', 'gzip'],
      ['x-gzip', 'gzip'],
      ['BR;Q=1', 'br'],
      ['br ; q=0.001', 'br'],
      ['br;q=0.000, gzip;q=0', 'identity'],
      ['br;q=2, gzip', 'gzip'],
      ['br;q=high, gzip', 'gzip'],
      ['br;q=0, gzip, br', 'gzip'],
    ])('answers Accept-Encoding: %j with %s', async (header, coding) => {
      const headers: Record<string, string> =
        header === undefined ? {} : { 'Accept-Encoding': header }
      const response = await get(`${api.url}${SEARCH}`, headers)
      expect(response.status).toBe(200)
      expect(response.headers['content-encoding'] ?? 'identity').toBe(coding)
      expect(response.headers.vary).toBe('Accept, Accept-Encoding')
      expect(response.headers['content-length']).toBe(String(response.body.length))
      expect(JSON.parse(decoded(response).toString())).toHaveProperty('count')
    })

    it('adds Accept-Encoding to Vary once, after what the app varies on', async () => {
      for (const coding of ['br', 'identity']) {
        const headers = { 'Accept-Encoding': coding }
        expect((await get(`${api.url}${CITATION}`, headers)).headers.vary).toBe(
          'Accept, Accept-Encoding',
        )
        // The site's pages vary on the reader's language too (`Accept-Language`).
        expect((await get(`${site.url}${SEARCH}`, headers)).headers.vary).toBe(
          'Accept-Encoding, Accept-Language',
        )
        expect((await get(`${site.url}/api${SEARCH}`, headers)).headers.vary).toBe(
          'Accept, Accept-Encoding',
        )
      }
    })

    it('sends bodies under 1 KiB as they are', async () => {
      const identity = await get(`${api.url}${CITATION}`)
      const response = await get(`${api.url}${CITATION}`, { 'Accept-Encoding': 'br, gzip' })
      expect(response.body.length).toBeLessThan(1024)
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.headers['content-length']).toBe(String(response.body.length))
      expect(response.headers.etag).toBe(identity.headers.etag)
      expect(response.body.equals(identity.body)).toBe(true)
    })

    it('compresses error pages too', async () => {
      const headers = { 'Accept-Encoding': 'br', Accept: 'text/html' }
      const response = await get(`${api.url}/collections/nope`, headers)
      expect(response.status).toBe(404)
      expect(response.headers['content-encoding']).toBe('br')
      expect(decoded(response).toString()).toContain('</html>')
    })

    it('is off with compression: false', async () => {
      const plain = await listen(createSite(await corpusCatalogue()), {
        port: 0,
        host: '127.0.0.1',
        compression: false,
      })
      try {
        const response = await get(`${plain.url}${SEARCH}`, { 'Accept-Encoding': 'br, gzip' })
        expect(response.headers['content-encoding']).toBeUndefined()
        expect(response.headers.vary).toBe('Accept-Encoding, Accept-Language')
      } finally {
        await plain.close()
      }
    })
  })

  describe('ETag of an encoded response', () => {
    it('is the identity tag with the coding inside the quotes, one per coding', async () => {
      const url = `${api.url}${SEARCH}`
      const identity = (await get(url)).headers.etag!
      expect(identity).toMatch(/^"[^"]+"$/)
      expect((await get(url, { 'Accept-Encoding': 'br' })).headers.etag).toBe(
        taggedFor(identity, 'br'),
      )
      expect((await get(url, { 'Accept-Encoding': 'gzip' })).headers.etag).toBe(
        taggedFor(identity, 'gzip'),
      )
    })

    it.each([
      ['the tag', (tag: string) => tag],
      ['a list holding the tag', (tag: string) => `"other", ${tag} , "more"`],
      ['the weak form of the tag', (tag: string) => `W/${tag}`],
    ])('answers 304 with the encoded tag when If-None-Match is %s', async (_, header) => {
      for (const coding of ['br', 'gzip']) {
        for (const [base, path] of [
          [api.url, SEARCH],
          [api.url, FACETS],
          [site.url, `/api${SEARCH}`],
        ] as const) {
          const url = `${base}${path}`
          const etag = (await get(url, { 'Accept-Encoding': coding })).headers.etag!
          for (const method of ['GET', 'HEAD']) {
            const headers = { 'Accept-Encoding': coding, 'If-None-Match': header(etag) }
            const response = await get(url, headers, method)
            expect(response.status).toBe(304)
            expect(response.body.length).toBe(0)
            expect(response.headers.etag).toBe(etag)
            expect(response.headers.vary).toBe('Accept, Accept-Encoding')
            expect(response.headers['content-encoding']).toBeUndefined()
          }
        }
      }
    })

    it('answers 200 when the tag held is of another coding', async () => {
      const url = `${api.url}${SEARCH}`
      const br = (await get(url, { 'Accept-Encoding': 'br' })).headers.etag!
      const gzip = await get(url, { 'Accept-Encoding': 'gzip', 'If-None-Match': br })
      expect(gzip.status).toBe(200)
      expect(gzip.headers.etag).toBe(taggedFor(br.replace(/-br"$/, '"'), 'gzip'))
      expect(JSON.parse(decoded(gzip).toString())).toHaveProperty('count')
      const identity = await get(url, { 'If-None-Match': br })
      expect(identity.status).toBe(200)
      expect(identity.headers['content-encoding']).toBeUndefined()
    })

    it('answers 304 with the identity tag when the client holds the identity body', async () => {
      const url = `${api.url}${SEARCH}`
      const etag = (await get(url)).headers.etag!
      const response = await get(url, { 'Accept-Encoding': 'br', 'If-None-Match': etag })
      expect(response.status).toBe(304)
      expect(response.headers.etag).toBe(etag)
    })

    it('keeps the app’s 304 for * and for bodies sent as they are', async () => {
      const star = await get(`${api.url}${SEARCH}`, {
        'Accept-Encoding': 'br',
        'If-None-Match': '*',
      })
      expect(star.status).toBe(304)
      const small = `${api.url}${CITATION}`
      const etag = (await get(small, { 'Accept-Encoding': 'br' })).headers.etag!
      const response = await get(small, { 'Accept-Encoding': 'br', 'If-None-Match': etag })
      expect(response.status).toBe(304)
      expect(response.headers.etag).toBe(etag)
    })
  })

  describe('HEAD', () => {
    it.each([
      ['br', 'the API', SEARCH, () => api.url],
      ['gzip', 'the API', FACETS, () => api.url],
      ['br', 'the site', SEARCH, () => site.url],
    ])('has the headers of GET with %s but the length (%s, %s)', async (coding, _, path, base) => {
      const url = `${base()}${path}`
      const headers = { 'Accept-Encoding': coding }
      const [got, head] = [await get(url, headers), await get(url, headers, 'HEAD')]
      expect(head.status).toBe(200)
      expect(head.body.length).toBe(0)
      expect(head.headers['content-encoding']).toBe(coding)
      for (const name of ['content-encoding', 'vary', 'etag', 'content-type', 'allow']) {
        expect(head.headers[name], name).toBe(got.headers[name])
      }
      // RFC 9110 §8.6: a HEAD may leave out the length only compressing would tell.
      expect(head.headers['content-length']).toBeUndefined()
      expect(head.headers['transfer-encoding']).toBeUndefined()
    })

    it('tells the length when nothing is encoded', async () => {
      for (const [path, headers] of [
        [SEARCH, {}],
        [CITATION, { 'Accept-Encoding': 'br' }],
      ] as const) {
        const url = `${api.url}${path}`
        const [got, head] = [await get(url, headers), await get(url, headers, 'HEAD')]
        expect(head.headers['content-encoding']).toBeUndefined()
        expect(head.headers['content-length']).toBe(String(got.body.length))
        expect(head.headers.vary).toBe(got.headers.vary)
        expect(head.headers.etag).toBe(got.headers.etag)
      }
    })
  })

  describe('an app’s own responses', () => {
    const text = Buffer.from(JSON.stringify({ words: 'archive '.repeat(150_000) }))
    const encoded = gzipSync(Buffer.from('already '.repeat(1000)))
    const responses: Record<string, AppResponse> = {
      '/encoded': {
        status: 200,
        headers: { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip', Vary: 'Origin' },
        body: encoded,
      },
      '/image': {
        status: 200,
        headers: { 'Content-Type': 'image/png', 'Content-Length': '5000' },
        body: Buffer.alloc(5000, 7),
      },
      '/lower-case': {
        status: 200,
        headers: {
          'content-type': 'application/problem+json',
          'content-length': String(text.length),
          vary: 'Origin',
          etag: 'W/"weak"',
        },
        body: text,
      },
    }
    /** A streamed answer that comes late, and whether its stream was ended. */
    let lateStreamEnded = false
    const lateStream: AsyncIterable<string> = {
      [Symbol.asyncIterator]: () => ({
        next: async () => ({ done: false, value: 'archive '.repeat(500) }),
        return: async () => {
          lateStreamEnded = true
          return { done: true, value: undefined }
        },
      }),
    }
    const app: App = {
      maxBodyBytes: 1024,
      handle: ({ url }) =>
        url === '/late-stream'
          ? new Promise((resolve) =>
              setTimeout(
                () =>
                  resolve({
                    status: 200,
                    headers: { 'Content-Type': 'application/xml' },
                    body: Buffer.alloc(0),
                    stream: lateStream,
                  }),
                300,
              ),
            )
          : (responses[url] ?? { status: 404, headers: {}, body: Buffer.alloc(0) }),
      request: async () => new Response(null),
    }
    let own: Listening
    beforeAll(async () => {
      own = await listen(app, { port: 0, host: '127.0.0.1' })
    })
    afterAll(async () => {
      await own?.close()
    })

    it('ends a compressed stream whose client left before it came, though no chunk was read', async () => {
      // The work behind a stream (a finding aid's walk, a worker's stream) ends with it.
      const { port } = new URL(own.url)
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        path: '/late-stream',
        headers: { 'Accept-Encoding': 'br' },
      })
      request.on('error', () => {})
      request.end()
      await new Promise((resolve) => setTimeout(resolve, 50))
      request.destroy()
      await expect.poll(() => lateStreamEnded, { timeout: 5_000 }).toBe(true)
    })

    it('never encodes a response twice', async () => {
      const response = await get(`${own.url}/encoded`, { 'Accept-Encoding': 'br' })
      expect(response.headers['content-encoding']).toBe('gzip')
      expect(response.headers.vary).toBe('Origin')
      expect(response.body.equals(encoded)).toBe(true)
    })

    it('sends types that are not text as they are', async () => {
      const response = await get(`${own.url}/image`, { 'Accept-Encoding': 'br' })
      expect(response.headers['content-encoding']).toBeUndefined()
      expect(response.headers['content-length']).toBe('5000')
      expect(response.headers.vary).toBe('Accept-Encoding')
    })

    it('encodes a large body (on the threadpool), whatever case its headers are in', async () => {
      for (const coding of ['br', 'gzip']) {
        const response = await get(`${own.url}/lower-case`, { 'Accept-Encoding': coding })
        expect(response.headers['content-encoding']).toBe(coding)
        expect(response.headers['content-length']).toBe(String(response.body.length))
        expect(response.headers.vary).toBe('Origin, Accept-Encoding')
        // A weak tag already says "equivalent": the encodings may share it.
        expect(response.headers.etag).toBe('W/"weak"')
        expect(decoded(response).equals(text)).toBe(true)
      }
    })
  })
})
