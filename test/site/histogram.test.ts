/**
 * The search page's date histogram in a real headless Chromium, over the sample (whose dates
 * span two centuries) and the corpus: under "Dates", a list of bars with the API's counts
 * (`/api/facets?…&date_histogram=true`), each bucket a link that narrows the year range as the
 * year form does, decades becoming years as it narrows; the from–to form kept; axe-core finds
 * no WCAG 2.1 AA violation, with JavaScript off and on. The API's own `/facets` stays the
 * reference's without the parameter.
 */
import { readFileSync } from 'node:fs'
import {
  Catalogue,
  type CatalogueDocument,
  type DateHistogram,
  type FacetsResponse,
  loadCatalogue,
} from '@archive-catalogue/core'
import { type Listening, listen } from '@archive-catalogue/http'
import { createSite } from '@archive-catalogue/site'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browsing, violations } from '../helpers/axe.js'
import { launchChromium } from '../helpers/browser.js'
import { SAMPLE } from '../helpers/corpus.js'
import { corpusCatalogue } from '../helpers/http-server.js'

let sample: Listening
let corpus: Listening
let older: Listening
let browser: Browser

/** The sample with one collection begun in 1450: its years then span more than 300. */
function olderCatalogue(): Catalogue {
  const documents = readFileSync(SAMPLE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CatalogueDocument & { dates?: { begin: string | null }[] })
  const collection = documents.find(
    (document) => document.type === 'collection' && (document.dates ?? []).length > 0,
  )!
  collection.dates![0]!.begin = '1450'
  return Catalogue.fromDocuments(documents)
}

beforeAll(async () => {
  const options = { port: 0, host: '127.0.0.1' }
  const site = (catalogue: Catalogue, name: string) =>
    listen(createSite(catalogue, { name }), options)
  sample = await site((await loadCatalogue(SAMPLE)).catalogue, 'Sample Archive')
  corpus = await site(await corpusCatalogue(), 'Test Archive')
  older = await site(olderCatalogue(), 'Older Archive')
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await sample?.close()
  await corpus?.close()
  await older?.close()
})

async function apiFacets(server: Listening, query: string): Promise<FacetsResponse> {
  const response = await fetch(`${server.url}/api/facets?${query}`)
  expect(response.status).toBe(200)
  return (await response.json()) as FacetsResponse
}

/** The histogram as the page shows it: each bucket's years, count and link. */
async function shownBuckets(page: Page) {
  return page.locator('ol.histogram li').evaluateAll((items) =>
    items.map((item) => ({
      years: item.firstElementChild?.textContent ?? '',
      count: item.querySelector('.count')?.textContent ?? '',
      href: item.querySelector('a')?.getAttribute('href') ?? null,
    })),
  )
}

/** The years a reader reads for a bucket. */
function yearsText({ key, from, to }: DateHistogram['buckets'][number], interval: string): string {
  if (from === to) return String(from)
  if (interval === 'decade' && from === key && to === key + 9) return `${key}s`
  return `${from}–${to}`
}

describe('the date histogram of the search page', () => {
  for (const javaScript of [false, true]) {
    it(`draws the API's buckets as links that narrow the years (JavaScript ${javaScript ? 'on' : 'off'})`, async () => {
      const context = await browsing(browser, javaScript)
      const page = await context.newPage()
      await page.goto(`${sample.url}/search?query=foundation`)
      const { date_histogram } = await apiFacets(sample, 'query=foundation&date_histogram=true')
      const { interval, buckets } = date_histogram!
      expect(interval).toBe('decade')
      // Under "Dates", named for a reader, before the from–to form.
      const list = page.locator('h2:text-is("Dates") + ol.histogram')
      expect(await list.getAttribute('aria-label')).toBe('Records by decade')
      expect(await page.locator('ol.histogram + form input[name="end_date__gte"]').count()).toBe(1)
      const axe = async () => (javaScript ? violations(page) : [])
      const shown = await shownBuckets(page)
      expect(shown.map(({ years, count }) => [years, count])).toEqual(
        buckets.map((bucket) => [
          yearsText(bucket, interval!),
          bucket.doc_count.toLocaleString('en'),
        ]),
      )
      for (const [i, bucket] of buckets.entries()) {
        const href = shown[i]!.href
        if (bucket.doc_count === 0) {
          expect(href).toBeNull()
          continue
        }
        const narrowed = new URL(href!, sample.url).searchParams
        expect(narrowed.get('query')).toBe('foundation')
        expect(narrowed.get('end_date__gte')).toBe(String(bucket.from))
        expect(narrowed.get('start_date__lte')).toBe(String(bucket.to))
      }
      expect(await axe()).toEqual([])

      // A decade followed: its years, one bar each, the form holding the range.
      const decade = buckets.find(
        (bucket) => bucket.doc_count > 0 && bucket.to - bucket.from === 9,
      )!
      await page.locator('ol.histogram a', { hasText: `${decade.key}s` }).click()
      await expect.poll(() => page.url()).toContain(`start_date__lte=${decade.to}`)
      const narrowed = await apiFacets(
        sample,
        `query=foundation&end_date__gte=${decade.from}&start_date__lte=${decade.to}&date_histogram=true`,
      )
      expect(narrowed.date_histogram!.interval).toBe('year')
      expect(await page.locator('ol.histogram').getAttribute('aria-label')).toBe('Records by year')
      const years = await shownBuckets(page)
      expect(years.map(({ years }) => years)).toEqual(
        narrowed.date_histogram!.buckets.map((bucket) => String(bucket.from)),
      )
      const year = (name: string) => page.locator(`.facets input[name="${name}"]`).inputValue()
      expect(await year('end_date__gte')).toBe(String(decade.from))
      expect(await year('start_date__lte')).toBe(String(decade.to))
      expect(await axe()).toEqual([])
      await context.close()
    })
  }

  it('draws centuries when the years span more than 300, then decades within one', async () => {
    const context = await browsing(browser, true)
    const page = await context.newPage()
    await page.goto(`${older.url}/search`)
    const { date_histogram } = await apiFacets(older, 'date_histogram=true')
    expect(date_histogram!.interval).toBe('century')
    expect(await page.locator('ol.histogram').getAttribute('aria-label')).toBe('Records by century')
    const shown = await shownBuckets(page)
    expect(shown.map(({ years }) => years)).toEqual([
      '1450–1499',
      '1500–1599',
      '1600–1699',
      '1700–1799',
      '1800–1899',
      '1900–1999',
      '2000–2020',
    ])
    expect(await violations(page)).toEqual([])
    await page.locator('ol.histogram a', { hasText: '1900–1999' }).click()
    await expect.poll(() => page.url()).toContain('start_date__lte=1999')
    expect(await page.locator('ol.histogram').getAttribute('aria-label')).toBe('Records by decade')
    expect((await shownBuckets(page)).map(({ years }) => years)).toEqual(
      Array.from({ length: 10 }, (_, i) => `${1900 + i * 10}s`),
    )
    await context.close()
  })

  it('counts in each bar what its link finds', async () => {
    const { date_histogram } = await apiFacets(sample, 'date_histogram=true')
    expect(date_histogram!.interval).toBe('decade')
    for (const bucket of date_histogram!.buckets.filter((b) => b.doc_count > 0)) {
      // /search counts each group's matching documents: summed, the documents the link finds.
      const search = (await (
        await fetch(
          `${sample.url}/api/search?query=*&end_date__gte=${bucket.from}&start_date__lte=${bucket.to}&limit=500`,
        )
      ).json()) as { results: { hit_count: number }[] }
      const found = search.results.reduce((sum, group) => sum + group.hit_count, 0)
      expect(found, `${bucket.from}–${bucket.to}`).toBe(bucket.doc_count)
    }
  })

  it('draws the corpus’ histogram too, without a violation', async () => {
    const context = await browsing(browser, true)
    const page = await context.newPage()
    await page.goto(`${corpus.url}/search?query=rockefeller`)
    const { date_histogram } = await apiFacets(corpus, 'query=rockefeller&date_histogram=true')
    expect(await page.locator('ol.histogram li').count()).toBe(date_histogram!.buckets.length)
    expect(date_histogram!.buckets.length).toBeGreaterThan(0)
    expect(await violations(page)).toEqual([])
    await context.close()
  })

  it('leaves the API’s /facets as the reference answers it unless asked', async () => {
    for (const server of [sample, corpus]) {
      const plain = await (await fetch(`${server.url}/api/facets?query=foundation`)).text()
      expect(plain).not.toContain('date_histogram')
      expect(Object.keys(JSON.parse(plain))).toEqual([
        'max_date',
        'creator',
        'min_date',
        'subject',
        'format',
        'online',
      ])
      const asked = await apiFacets(server, 'query=foundation&date_histogram=true')
      const { date_histogram: _, ...rest } = asked
      expect(JSON.stringify(rest)).toBe(plain)
    }
  })
})
