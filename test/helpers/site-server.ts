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

type Source = () => CatalogueSource | Promise<CatalogueSource>

/**
 * Serves `createSite(await source(), options)` for the tests of the file that calls it (at its
 * top level, where vitest's hooks go); its `url` and `browser` are there once they start.
 */
export function servedSite(source: Source, options?: SiteOptions): ServedSite {
  const sites = servedSites({ site: source }, options)
  return {
    get url() {
      return sites.url('site')
    },
    get browser() {
      return sites.browser
    },
  }
}

/**
 * Several sites served side by side (one per catalogue, `servedSites({ corpus, sample })`), read
 * by one Chromium: a file that runs its pages on each catalogue starts one browser, not one each.
 */
export function servedSites<Name extends string>(
  sources: Record<Name, Source>,
  options: SiteOptions = { name: 'Test Archive' },
): { url(name: Name): string; readonly browser: Browser } {
  const servers = new Map<Name, Listening>()
  let browser: Browser | undefined
  beforeAll(async () => {
    // Each is kept as it starts, so that one failing to start leaves none of the others open.
    await Promise.all([
      launchChromium().then((launched) => {
        browser = launched
      }),
      ...(Object.keys(sources) as Name[]).map(async (name) => {
        const site = createSite(await sources[name](), options)
        servers.set(name, await listen(site, { port: 0, host: '127.0.0.1' }))
      }),
    ])
  })
  afterAll(async () => {
    await browser?.close()
    await Promise.all([...servers.values()].map((server) => server.close()))
  })
  return {
    url(name: Name) {
      const server = servers.get(name)
      if (!server) throw new Error(`the site ${name} is not served yet: read its url in a test`)
      return server.url
    },
    get browser() {
      if (!browser) throw new Error('Chromium is not started yet: use it in a test')
      return browser
    },
  }
}
