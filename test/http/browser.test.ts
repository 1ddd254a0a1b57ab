/**
 * The browsable rendering in a real headless Chromium (see `helpers/browser.ts`).
 */
import { Catalogue, type CatalogueDocument } from '@archive-catalogue/core'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { browsing, violations } from '../helpers/axe.js'
import { launchChromium } from '../helpers/browser.js'
import { corpusDocument, useServer } from '../helpers/http-server.js'

const PAYLOAD = '<script>window.__pwned = 1</script>'

/** The JSON a browsable page shows: the response `<pre>` after its headers. */
async function shownJson(page: Page): Promise<unknown> {
  const text = (await page.locator('pre.response').textContent()) ?? ''
  return JSON.parse(text.slice(text.indexOf('\n\n') + 2))
}

describe('browsable API in Chromium', () => {
  const server = useServer()
  const evil = useServer(async () => {
    // A collection whose title and notes carry markup, and a script in an attribute's way.
    const document = (await corpusDocument('collection', 'Zivy3B6P5nBaZ24Kb8cWEq')) as Record<
      string,
      unknown
    >
    document.title = `${PAYLOAD} "><img src=x onerror="window.__pwned=2"> Evil`
    const notes = document.notes as { subnotes: { content?: string[] }[] }[]
    notes[0]!.subnotes[0]!.content = ['javascript:window.__pwned=3', `${PAYLOAD}`]
    const catalogue = Catalogue.fromDocuments([document as unknown as CatalogueDocument])
    return { catalogue }
  })
  let browser: Browser
  let page: Page

  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser?.close()
  })
  beforeEach(async () => {
    page = await browser.newPage()
  })
  afterEach(async () => {
    await page.close()
  })

  describe('GET /search', () => {
    it('renders the page with the request, status and JSON when a browser asks', async () => {
      const response = await page.goto(`${server.url}/search?limit=5`)
      expect(response?.status()).toBe(200)
      expect(response?.headers()['content-type']).toBe('text/html; charset=utf-8')
      expect(await page.title()).toBe('Search – Catalogue API')
      expect(await page.locator('h1').textContent()).toBe('Search')
      expect(await page.locator('pre.request').textContent()).toBe('GET /search?limit=5')
      expect(await page.locator('pre.response').textContent()).toMatch(/^HTTP 200 OK\n/)
      const json = await (await fetch(`${server.url}/search?limit=5`)).json()
      expect(await shownJson(page)).toEqual(json)
      const uri = (json as { results: { uri: string }[] }).results[0]!.uri
      expect(await page.locator(`a[href="${server.url}${uri}"]`).count()).toBeGreaterThan(0)
    })

    it('navigates to the next page when the next link is clicked', async () => {
      await page.goto(`${server.url}/search?limit=5&format=api`)
      await page.click('a[rel=next]')
      await page.waitForURL(/offset=5/)
      expect(new URL(page.url()).searchParams.get('format')).toBe('api')
      const shown = (await shownJson(page)) as { previous: string; results: unknown[] }
      const json = await (await fetch(`${server.url}/search?limit=5&offset=5`)).json()
      expect(shown.results).toEqual((json as { results: unknown[] }).results)
      expect(shown.previous).toBe(`${server.url}/search?format=api&limit=5`)
    })

    it('submits a query with the form and stays browsable', async () => {
      await page.goto(`${server.url}/search?format=api`)
      await page.fill('input[name=query]', 'rockefeller')
      await page.fill('input[name=limit]', '3')
      await page.click('form button[type=submit]')
      await page.waitForURL(/query=rockefeller/)
      const url = new URL(page.url())
      expect(url.pathname).toBe('/search')
      expect(url.searchParams.get('format')).toBe('api')
      expect(url.searchParams.get('limit')).toBe('3')
      expect(await page.inputValue('input[name=query]')).toBe('rockefeller')
      const json = await (await fetch(`${server.url}/search?query=rockefeller&limit=3`)).json()
      expect(((await shownJson(page)) as { count: number }).count).toBe(
        (json as { count: number }).count,
      )
    })
  })

  describe('escaping', () => {
    it('shows markup from the catalogue as text and runs none of it', async () => {
      for (const path of [
        '/collections/Zivy3B6P5nBaZ24Kb8cWEq',
        '/collections?format=api',
        `/search?format=api&query=${encodeURIComponent(PAYLOAD)}`,
      ]) {
        await page.goto(`${evil.url}${path}`, { waitUntil: 'load' })
        expect(
          await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned),
        ).toBeUndefined()
        expect(await page.locator('script, img').count()).toBe(0)
        const hrefs = await page.$$eval('a', (anchors) => anchors.map((a) => a.href))
        expect(hrefs.every((href) => /^https?:\/\//.test(href))).toBe(true)
      }
      await page.goto(`${evil.url}/collections/Zivy3B6P5nBaZ24Kb8cWEq`)
      expect(await page.locator('pre.response').textContent()).toContain(PAYLOAD)
      expect(((await shownJson(page)) as { title: string }).title).toContain(PAYLOAD)
      await page.goto(`${evil.url}/search?format=api&query=${encodeURIComponent(PAYLOAD)}`)
      expect(await page.inputValue('input[name=query]')).toBe(PAYLOAD)
    })
  })

  describe('accessibility', () => {
    it.each([
      '/search?query=rockefeller&limit=3',
      '/collections/Zivy3B6P5nBaZ24Kb8cWEq',
      '/agents/4HyzLLjm5KXGNaM2iKttoG',
      '/collections/nope',
    ])('finds no WCAG 2.1 AA violation on the browsable %s, its nulls included', async (path) => {
      const context = await browsing(browser, true)
      const shown = await context.newPage()
      await shown.goto(`${server.url}${path}${path.includes('?') ? '&' : '?'}format=api`)
      expect(await violations(shown)).toEqual([])
      await context.close()
    })
  })
})
