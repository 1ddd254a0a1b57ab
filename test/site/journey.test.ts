/**
 * A reader's journey through the site on the in-memory engine, over the corpus and over the
 * sample (test/helpers/site-journey.ts walks it): search → a facet and a date range → a collection
 * → a search inside it → a component → My list → CSV. `test/opensearch/site-journey.test.ts`
 * walks it on OpenSearch and compares.
 */
import { type Listening, listen } from '@archive-catalogue/http'
import { createSite } from '@archive-catalogue/site'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../packages/core/src/index.js'
import { launchChromium } from '../helpers/browser.js'
import { SAMPLE } from '../helpers/corpus.js'
import { corpusCatalogue } from '../helpers/http-server.js'
import { readerJourney } from '../helpers/site-journey.js'

let browser: Browser
const servers: Listening[] = []

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await Promise.all(servers.map((server) => server.close()))
})

describe("a reader's journey", () => {
  it.each([
    ['the corpus', 'rockefeller', () => corpusCatalogue()],
    ['the sample', 'health', async () => (await loadCatalogue(SAMPLE)).catalogue],
  ])('goes from a search to an exported list on %s', async (_name, query, catalogue) => {
    const server = await listen(createSite(await catalogue(), { name: 'Test Archive' }), {
      port: 0,
      host: '127.0.0.1',
    })
    servers.push(server)
    const journey = await readerJourney(browser, server.url, query)
    expect(journey.steps.map((step) => step.path.split('?')[0])).toEqual([
      '/search',
      '/search',
      '/search',
      expect.stringMatching(/^\/collections\//),
      expect.stringMatching(/^\/collections\//),
      expect.stringMatching(/^\/(objects|collections)\//),
      expect.stringMatching(/^\/(objects|collections)\//),
      '/mylist',
    ])
  })
})
