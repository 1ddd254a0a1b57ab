/**
 * A reader's journey (test/helpers/site-journey.ts) through the site over OpenSearch, on the
 * pushed corpus and sample, step for step as over the in-memory engine: the same pages walked,
 * the same things seen on each, the same list exported.
 */
import { type Listening, listen } from '@archive-catalogue/http'
import { createSite } from '@archive-catalogue/site'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../packages/core/src/index.js'
import { OpenSearchBackend } from '../../packages/opensearch/src/backend/opensearch-backend.js'
import { pushCatalogue } from '../../packages/opensearch/src/indexing/push.js'
import { launchChromium } from '../helpers/browser.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { openSearchNode } from '../helpers/opensearch.js'
import { type Journey, readerJourney } from '../helpers/site-journey.js'

const node = openSearchNode("a reader's journey over OpenSearch")
const PREFIX = `journey-${Date.now().toString(36)}`

describe.skipIf(node.skip)("a reader's journey over OpenSearch", () => {
  let browser: Browser
  const servers: Listening[] = []
  const backends: OpenSearchBackend[] = []

  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
    await Promise.all(servers.map((server) => server.close()))
    await Promise.all(backends.map((backend) => backend.close()))
    await fetch(`${node.url}/${PREFIX}-*`, { method: 'DELETE' })
  })

  /** The journey on a site over a backend, its CSV's links without the server's address. */
  async function walk(source: Parameters<typeof createSite>[0], query: string): Promise<Journey> {
    const server = await listen(createSite(source, { name: 'Test Archive' }), {
      port: 0,
      host: '127.0.0.1',
    })
    servers.push(server)
    const journey = await readerJourney(browser, server.url, query)
    return { ...journey, csv: journey.csv.replaceAll(server.url, '') }
  }

  it.each([
    ['the corpus', RAC, 'rockefeller'],
    ['the sample', SAMPLE, 'health'],
  ])(
    'walks %s as over the in-memory engine',
    async (name, file, query) => {
      const index = `${PREFIX}-${name.replace(/\W/g, '')}`
      await pushCatalogue(file, { url: node.url, index })
      const backend = await OpenSearchBackend.open({ url: node.url, index })
      backends.push(backend)
      const inMemory = await walk((await loadCatalogue(file)).catalogue, query)
      const onNode = await walk(backend, query)
      expect(onNode.steps).toEqual(inMemory.steps)
      expect(onNode.csv).toBe(inMemory.csv)
    },
    120_000,
  )
})
