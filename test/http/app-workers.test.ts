/**
 * `AppWorkers`: the API answered on real worker threads over one shared copy of the catalogue,
 * behind a real server: the same answers as on the main thread, spread over the workers, a swap
 * that never mixes two catalogues within one request, and a worker that stops costing only its
 * own requests.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Catalogue,
  Catalogue as CatalogueClass,
  type CatalogueDocument,
  shareCatalogue,
} from '@archive-catalogue/core'
import { AppWorkers, createApp, type Listening, listen } from '@archive-catalogue/http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { overHttp } from '../cases/over-http.js'
import { runCases } from '../cases/run-cases.js'
import { corpusCatalogue } from '../helpers/http-server.js'
import type { ThreadedData } from '../helpers/threaded-app.js'

const MODULE = new URL('../helpers/threaded-app.ts', import.meta.url)

/** Every line the workers logged, and the errors logged with a line. */
const logged: string[] = []
const loggedErrors: { line: string; error: unknown }[] = []
const logger = {
  info: (line: string) => {
    logged.push(line)
  },
  error: (line: string, error: unknown) => {
    logged.push(line)
    loggedErrors.push({ line, error })
  },
}

let catalogue: Catalogue
let workers: AppWorkers
let server: Listening

beforeAll(async () => {
  catalogue = await corpusCatalogue()
  const data: ThreadedData = { catalogue: shareCatalogue(catalogue) }
  workers = await AppWorkers.start({ workers: 2, module: MODULE, data, logger })
  server = await listen(workers, { port: 0 })
})

afterAll(async () => {
  await server?.close()
  await workers?.close()
})

/** A GET over the socket: status, headers and body as text. */
async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}${path}`, { headers })
  return { status: response.status, headers: response.headers, text: await response.text() }
}

/** The threads that answered these requests, sent all at once. */
async function threadsOf(paths: string[]): Promise<Set<string>> {
  const answers = await Promise.all(paths.map((path) => get(path)))
  return new Set(answers.map((answer) => answer.headers.get('x-thread')!))
}

const PATHS = [
  '/search?query=rockefeller',
  '/search?query=%22public%20health%22&sort=title&limit=3',
  '/search?query=medical&category=collection&format=api',
  '/search?query=zzzznothing',
  '/search?limit=-1',
  '/facets?query=health',
  '/collections?limit=5&offset=5',
  '/objects?query=malaria',
  '/agents?sort=-title',
  '/terms',
  '/search/suggestions?query=rockefel',
  '/oai?verb=Identify',
  '/oai?verb=ListRecords&metadataPrefix=oai_dc',
  '/health',
  '/nowhere',
  '/openapi.json',
]

/** An OAI-PMH answer without the time it was made. */
function withoutResponseDate(text: string): string {
  return text.replace(/<responseDate>[^<]*<\/responseDate>/, '<responseDate/>')
}

describe('AppWorkers over a real server', () => {
  it('answers as the app on the main thread does, byte for byte', async () => {
    const app = createApp(catalogue)
    const { uris } = catalogue.data
    const details = [uris.get(0), uris.get(40), uris.get(uris.size - 1)]
    for (const path of [...PATHS, ...details, `${details[0]}/children?limit=2`]) {
      // Unencoded: the ETag of a compressed answer says how it was encoded.
      const threaded = await get(path, { 'accept-encoding': 'identity' })
      const main = await app.request(path, { headers: { host: new URL(server.url).host } })
      expect({ path, status: threaded.status }).toEqual({ path, status: main.status })
      const mainText = await main.text()
      expect(withoutResponseDate(threaded.text)).toBe(withoutResponseDate(mainText))
      // An OAI-PMH answer carries the second it was made, and its ETag with it: the two
      // answers may straddle a second.
      if (threaded.text === mainText) {
        expect(threaded.headers.get('etag')).toBe(main.headers.get('etag'))
      }
    }
  })

  it('spreads requests over every worker', async () => {
    const paths = Array.from({ length: 40 }, (_, i) => `/search?query=health&offset=${i}`)
    expect((await threadsOf(paths)).size).toBe(2)
  })

  it('answers 304 to an ETag made by another worker', async () => {
    const first = await get('/collections?limit=3')
    const etag = first.headers.get('etag')!
    const again = await Promise.all(
      Array.from({ length: 10 }, () => get('/collections?limit=3', { 'if-none-match': etag })),
    )
    expect(new Set(again.map((answer) => answer.headers.get('x-thread'))).size).toBe(2)
    expect(again.map((answer) => answer.status)).toEqual(Array(10).fill(304))
  })

  it('reads a POST body (My list) and refuses one too large with a 413', async () => {
    const uris = [...catalogue.data.uris].slice(0, 3)
    const response = await fetch(`${server.url}/mylist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ list: uris }),
    })
    const main = await createApp(catalogue).request('/mylist', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ list: uris }),
    })
    expect(response.status).toBe(main.status)
    expect(await response.text()).toBe(await main.text())
    const tooLarge = await fetch(`${server.url}/mylist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: 'x'.repeat(workers.maxBodyBytes + 1),
    })
    expect(tooLarge.status).toBe(413)
  })

  it('streams a finding aid from a worker as the client reads it, whole', async () => {
    const id = topCollectionWithMostDescendants()
    const threaded = await get(`/collections/${id}/ead`)
    const main = await createApp(catalogue).request(`/collections/${id}/ead`)
    expect(threaded.status).toBe(200)
    expect(threaded.headers.get('content-length')).toBeNull()
    expect(threaded.text).toBe(await main.text())
  })

  it("logs a worker's error on the main thread with its stack", async () => {
    expect((await get('/log-error')).status).toBe(404)
    await expect.poll(() => logged).toContain('failed on purpose')
    const { error } = loggedErrors.find(({ line }) => line === 'failed on purpose')!
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toBe('boom')
    expect((error as Error).stack).toMatch(/threaded-app\.ts/)
  })

  it('stops a worker streaming to a client that went away, and keeps answering', async () => {
    const id = topCollectionWithMostDescendants()
    const { host, port } = new URL(server.url)
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(
        { host: host.split(':')[0], port, path: `/collections/${id}/ead` },
        (response) => {
          response.once('data', () => {
            request.destroy()
            resolve()
          })
        },
      )
      request.on('error', (error) => (request.destroyed ? resolve() : reject(error)))
      request.end()
    })
    expect((await get('/search?query=health')).status).toBe(200)
  })

  runCases({ ...overHttp(() => workers), skip: [] })
})

describe('AppWorkers when a worker stops', () => {
  it('answers the requests it held with a 500, the others as usual, and replaces it', async () => {
    const before = await threadsOf(Array.from({ length: 20 }, () => '/search?query=health'))
    const [crashed, ...others] = await Promise.all([
      get('/crash'),
      ...Array.from({ length: 10 }, () => get('/search?query=health')),
    ])
    expect(crashed.status).toBe(500)
    expect(JSON.parse(crashed.text)).toEqual({ detail: 'Internal server error.' })
    // A worker holds two requests at most: the one that stopped it, and at most one more.
    const failed = others.filter((answer) => answer.status !== 200)
    expect(failed.length).toBeLessThanOrEqual(1)
    for (const answer of failed) expect(answer.status).toBe(500)
    expect(logged.some((line) => /A worker thread stopped \(exit code 3\)/.test(line))).toBe(true)
    // The replacement takes its share: two threads answer again, one of them new.
    await expect
      .poll(() => threadsOf(Array.from({ length: 20 }, () => '/search?query=health')), {
        timeout: 30_000,
        interval: 250,
      })
      .toSatisfy(
        (threads: Set<string>) => threads.size === 2 && [...threads].some((t) => !before.has(t)),
      )
    expect(workers.size).toBe(2)
  })
})

describe('AppWorkers when a worker stops mid-stream', () => {
  it('cuts the streamed answer: the client never takes it for a whole one', async () => {
    const id = topCollectionWithMostDescendants()
    const response = await fetch(`${server.url}/collections/${id}/ead?crash=stream`, {
      headers: { 'accept-encoding': 'identity' },
    })
    expect(response.status).toBe(200)
    await expect(response.text()).rejects.toThrow()
    await expect
      .poll(() => threadsOf(Array.from({ length: 20 }, () => '/search?query=health')), {
        timeout: 30_000,
        interval: 250,
      })
      .toSatisfy((threads: Set<string>) => threads.size === 2)
  })
})

describe('AppWorkers.replace', () => {
  it('swaps every worker to the new catalogue; a stream begun before ends on the old one', async () => {
    const id = topCollectionWithMostDescendants()
    const oldEad = await (await createApp(catalogue).request(`/collections/${id}/ead`)).text()
    // A client that reads the finding aid slowly, across the swap.
    const response = await fetch(`${server.url}/collections/${id}/ead`)
    const reader = response.body!.getReader()
    const first = await reader.read()

    const smaller = CatalogueClass.fromDocuments(
      [...catalogue.data.uris].slice(0, 50).map((uri) => catalogue.get(uri)! as CatalogueDocument),
    )
    await workers.replace({ catalogue: shareCatalogue(smaller) } satisfies ThreadedData)
    const health = JSON.parse((await get('/health')).text) as { version: string; documents: number }
    expect(health).toMatchObject({ version: smaller.version, documents: 50 })
    const everyThread = await Promise.all(Array.from({ length: 10 }, () => get('/health')))
    expect(new Set(everyThread.map((answer) => JSON.parse(answer.text).version))).toEqual(
      new Set([smaller.version]),
    )

    let text = new TextDecoder().decode(first.value)
    const decoder = new TextDecoder()
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      text += decoder.decode(next.value, { stream: true })
    }
    expect(text).toBe(oldEad)
    await workers.replace({ catalogue: shareCatalogue(catalogue) } satisfies ThreadedData)
  })

  it('lets the old catalogue go once a compressed stream begun on it is abandoned', async () => {
    const id = topCollectionWithMostDescendants()
    const { port } = new URL(server.url)
    // The client asks for brotli and leaves once the headers came.
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: `/collections/${id}/ead`,
          headers: { 'accept-encoding': 'br' },
        },
        (response) => {
          expect(response.headers['content-encoding']).toBe('br')
          request.destroy()
          resolve()
        },
      )
      request.on('error', (error) => (request.destroyed ? resolve() : reject(error)))
      request.end()
    })
    await workers.replace({ catalogue: shareCatalogue(catalogue) } satisfies ThreadedData)
    await expect.poll(() => workers.generationsHeld, { timeout: 10_000 }).toBe(1)
  })

  it('keeps the old catalogue on every worker when a worker cannot open the new one', async () => {
    const { version } = JSON.parse((await get('/health')).text) as { version: string }
    await expect(
      workers.replace({
        catalogue: shareCatalogue(catalogue),
        refuse: true,
      } satisfies ThreadedData),
    ).rejects.toThrow('this catalogue is refused on purpose')
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('/health')))
    expect(answers.map((answer) => JSON.parse(answer.text).version)).toEqual(
      Array(10).fill(version),
    )
  })
})

describe('AppWorkers when no worker can start', () => {
  it('answers 503 saying so while none can, and answers again once one starts', async () => {
    const refuse = join(mkdtempSync(join(tmpdir(), 'app-workers-')), 'refuse')
    const data: ThreadedData = { catalogue: shareCatalogue(catalogue), refuseWhile: refuse }
    const alone = await AppWorkers.start({ workers: 1, module: MODULE, data, logger })
    try {
      writeFileSync(refuse, '')
      expect((await alone.request('/crash')).status).toBe(500)
      const status = async () => (await alone.request('/health')).status
      await expect.poll(status, { timeout: 20_000, interval: 100 }).toBe(503)
      const refused = await alone.request('/health')
      expect(refused.headers.get('retry-after')).toBe('5')
      expect(((await refused.json()) as { detail: string }).detail).toMatch(
        /^No worker thread can answer: a worker thread stopped before it could answer \(exit code 1\); another is starting\.$/,
      )
      expect(logged).toContain('A worker thread could not open the catalogue')
      rmSync(refuse)
      await expect.poll(status, { timeout: 30_000, interval: 250 }).toBe(200)
    } finally {
      await alone.close()
    }
  })
})

describe('AppWorkers.start', () => {
  it('refuses a count of workers below 1', async () => {
    await expect(
      AppWorkers.start({
        workers: 0,
        module: MODULE,
        data: { catalogue: shareCatalogue(catalogue) },
      }),
    ).rejects.toThrow('workers must be an integer of at least 1, got 0')
  })

  it('refuses a young generation below 1 MB', async () => {
    await expect(
      AppWorkers.start({
        workers: 1,
        module: MODULE,
        data: { catalogue: shareCatalogue(catalogue) },
        youngGenerationMb: 0,
      }),
    ).rejects.toThrow('youngGenerationMb must be an integer of at least 1, got 0')
  })

  it("bounds each worker's young generation: 16 MB unless asked otherwise", async () => {
    const data: ThreadedData = { catalogue: shareCatalogue(catalogue) }
    // How far V8 grows the space under these requests is its own choice (past 16 MB in some runs,
    // not in others): the bound is read back, and the space checked to stay within it.
    for (const [asked, bound] of [
      [64, 64],
      [undefined, 16],
      [8, 8],
    ] as const) {
      const pool = await AppWorkers.start({
        workers: 1,
        module: MODULE,
        data,
        youngGenerationMb: asked,
      })
      try {
        // Enough garbage for V8 to grow the space as far as it may.
        await Promise.all(PATHS.map((path) => pool.request(path)))
        const space = (await (await pool.request('/new-space')).json()) as {
          megabytes: number
          bound: number
        }
        expect(space.bound).toBe(bound)
        expect(space.megabytes).toBeGreaterThan(0)
        expect(space.megabytes).toBeLessThanOrEqual(bound)
      } finally {
        await pool.close()
      }
    }
  })

  it('rejects when a worker cannot open the first catalogue', async () => {
    const data: ThreadedData = { catalogue: shareCatalogue(catalogue), refuse: true }
    await expect(AppWorkers.start({ workers: 2, module: MODULE, data })).rejects.toThrow(
      'this catalogue is refused on purpose',
    )
  })
})

/** The top-level collection with the most descendants: the longest finding aid. */
function topCollectionWithMostDescendants(): string {
  const { hierarchy, uris } = catalogue.data
  let best = 0
  let bestSize = -1
  for (let index = 0; index < uris.size; index++) {
    if (hierarchy.parentOf[index] !== -1 || !uris.get(index).startsWith('/collections/')) continue
    const size = hierarchy.subtreeSize[index]!
    if (size > bestSize) [best, bestSize] = [index, size]
  }
  return uris.get(best).split('/')[2]!
}
