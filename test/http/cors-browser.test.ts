/**
 * The API from a page on another origin, in a real headless Chromium: the browser itself sends
 * the CORS preflight before a JSON `POST /mylist` and refuses the answer unless the server
 * allows it, as a deployed front end (DIMES on its own host) would meet it.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../packages/core/src/index.js'
import { launchChromium } from '../helpers/browser.js'
import { SAMPLE } from '../helpers/corpus.js'
import { useServer } from '../helpers/http-server.js'

/** A bare page server: the front end's origin (another port is another origin). */
async function frontEnd(): Promise<{ server: Server; url: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    response.end('<!doctype html><title>front end</title><p>DIMES stand-in</p>')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, url: `http://127.0.0.1:${port}` }
}

describe('the API from another origin in Chromium', () => {
  // The server's access log shows what the browser sent, preflights included.
  const log: string[] = []
  const api = useServer(async () => ({
    catalogue: (await loadCatalogue(SAMPLE)).catalogue,
    accessLog: true,
    logger: { info: (line: string) => log.push(line), error: () => {} },
  }))
  let browser: Browser
  let page: { server: Server; url: string }

  beforeAll(async () => {
    browser = await launchChromium()
    page = await frontEnd()
  })
  afterAll(async () => {
    await browser?.close()
    await new Promise((resolve) => page?.server.close(resolve))
  })

  it('posts a saved list with a JSON body after the browser’s own preflight', async () => {
    const context = await browser.newContext()
    const tab = await context.newPage()
    await tab.goto(page.url)
    const result = await tab.evaluate(async (base) => {
      const response = await fetch(`${base}/mylist`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ list: ['/objects/kk2ukZzXhbJtq35nNEgmJJ'] }),
      })
      return { status: response.status, body: await response.json() }
    }, api.url)
    expect(result.status).toBe(200)
    expect(result.body).toEqual([
      expect.objectContaining({
        title: 'Hoffmann Foundation records',
        items: [expect.objectContaining({ uri: '/objects/kk2ukZzXhbJtq35nNEgmJJ' })],
      }),
    ])
    // The preflight went out first: it is the browser's own, not the test's.
    const preflight = log.findIndex((line) => line.startsWith('OPTIONS /mylist 200'))
    const post = log.findIndex((line) => line.startsWith('POST /mylist 200'))
    expect(preflight).toBeGreaterThanOrEqual(0)
    expect(post).toBeGreaterThan(preflight)
    await context.close()
  })

  it('reads search, suggestions and children across origins', async () => {
    const context = await browser.newContext()
    const tab = await context.newPage()
    await tab.goto(page.url)
    const statuses = await tab.evaluate(async (base) => {
      const paths = [
        '/search/suggest?title_suggest=malria',
        '/search?category=&limit=40&query=malaria',
        '/collections/xVJyUuJNfsVyjdZikFSn6G/children?category=&limit=5&query=malaria',
        '/collections/xVJyUuJNfsVyjdZikFSn6G/minimap?category=&limit=40&query=malaria',
        '/objects/kk2ukZzXhbJtq35nNEgmJJ/ancestors?category=&limit=40&query=malaria',
      ]
      return Promise.all(paths.map(async (path) => (await fetch(`${base}${path}`)).status))
    }, api.url)
    expect(statuses).toEqual([200, 200, 200, 200, 200])
    await context.close()
  })
})
