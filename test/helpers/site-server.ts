/**
 * The discovery site of a test file: served on a real server on a free port of 127.0.0.1, with a
 * headless Chromium to read it, both started before the file's tests and closed after them.
 */
import { type CatalogueSource, type Listening, listen } from '@archive-catalogue/http'
import { createSite, type SiteOptions } from '@archive-catalogue/site'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { launchChromium } from './browser.js'

export interface ServedSite {
  /** The server's base URL (`http://127.0.0.1:PORT`). */
  readonly url: string
  readonly browser: Browser
}

/**
 * Serves `createSite(await source(), options)` for the tests of the file that calls it (at its
 * top level, where vitest's hooks go); its `url` and `browser` are there once they start.
 */
export function servedSite(
  source: () => CatalogueSource | Promise<CatalogueSource>,
  options: SiteOptions = { name: 'Test Archive' },
): ServedSite {
  let server: Listening | undefined
  let browser: Browser | undefined
  beforeAll(async () => {
    server = await listen(createSite(await source(), options), { port: 0, host: '127.0.0.1' })
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await server?.close()
  })
  return {
    get url() {
      if (!server) throw new Error('the site is not served yet: read its url in a test')
      return server.url
    },
    get browser() {
      if (!browser) throw new Error('Chromium is not started yet: use it in a test')
      return browser
    },
  }
}
