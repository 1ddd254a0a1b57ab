/**
 * The discovery site (`@archive-catalogue/site`) on a real server over the corpus, in a real
 * headless Chromium, with JavaScript off and on: each page kind renders what the API answers,
 * axe-core finds no WCAG 2.1 AA violation, the site's links lead to no 404, and a reader's
 * journey works with nothing but links and forms.
 */

import { createSite } from '@archive-catalogue/site'
import { describe, expect, it } from 'vitest'
import { type Catalogue, loadCatalogue } from '../../packages/core/src/index.js'
import { browsing, violations } from '../helpers/axe.js'
import { SAMPLE } from '../helpers/corpus.js'
import { corpusCatalogue } from '../helpers/http-server.js'
import { servedSite } from '../helpers/site-server.js'

/** One page of each kind on the corpus. */
const PAGES = [
  ['home', '/'],
  ['search', '/search?query=rockefeller'],
  ['search, narrowed', '/search?query=rockefeller&type=collection&end_date__gte=1950'],
  ['search, nothing found', '/search?query=rockefellr+papres'],
  ['a collection', '/collections/Zivy3B6P5nBaZ24Kb8cWEq'],
  ['a collection, searched within', '/collections/gfvm2HihpLwCTnKgpDtdhR?query=reich'],
  ['an object', '/objects/FM8Xe2Aghf8RKX4dLHfR3c'],
  ['an agent', '/agents/4HyzLLjm5KXGNaM2iKttoG'],
  ['a list', '/collections?sort=title'],
] as const

const site = servedSite(corpusCatalogue)

const open = (javaScript: boolean) => browsing(site.browser, javaScript)

describe('the discovery site in Chromium', () => {
  for (const javaScript of [false, true]) {
    describe(`JavaScript ${javaScript ? 'on' : 'off'}`, () => {
      it.each(PAGES)('renders %s (%s) with a heading and its JSON linked', async (_name, path) => {
        const context = await open(javaScript)
        const page = await context.newPage()
        const response = await page.goto(`${site.url}${path}`)
        expect(response?.status(), path).toBe(200)
        expect((await page.locator('h1').first().textContent())?.trim()).not.toBe('')
        const json = await page
          .locator('link[rel="alternate"][type="application/json"]')
          .getAttribute('href')
        expect(json).toMatch(/^\/api\//)
        expect((await fetch(`${site.url}${json}`)).status).toBe(200)
        await context.close()
      })
    })
  }

  it.each(PAGES)('finds no WCAG 2.1 AA violation on %s', async (_name, path) => {
    const context = await open(true)
    const page = await context.newPage()
    await page.goto(`${site.url}${path}`)
    expect(await violations(page)).toEqual([])
    await context.close()
  })

  it('shows as many results as the API counts, grouped as /search groups them', async () => {
    const api = (await (await fetch(`${site.url}/api/search?query=rockefeller`)).json()) as {
      count: number
      results: { title: string; uri: string }[]
    }
    const context = await open(false)
    const page = await context.newPage()
    await page.goto(`${site.url}/search?query=rockefeller`)
    expect(await page.locator('h1').textContent()).toContain(String(api.count))
    const titles = await page.locator('ol.results .result-title').allTextContents()
    expect(titles).toEqual(api.results.map((result) => result.title).slice(0, titles.length))
    await context.close()
  })

  it('takes a reader from the home page to a component and back, without JavaScript', async () => {
    const context = await open(false)
    const page = await context.newPage()
    await page.goto(`${site.url}/`)
    await page.getByRole('searchbox').first().fill('rockefeller')
    await page.getByRole('button', { name: 'Search' }).first().click()
    await expect.poll(() => page.url()).toContain('/search?query=rockefeller')
    // Narrow by a facet, then by years.
    await page.locator('.facets a', { hasText: 'Collection' }).first().click()
    await expect.poll(() => page.url()).toContain('type=collection')
    await page.locator('input[name="end_date__gte"]').fill('1950')
    await page.locator('.facets button').click()
    await expect.poll(() => page.url()).toContain('end_date__gte=1950')
    const remove = page.locator('a[aria-label^="Remove the filter"]')
    expect(await remove.count()).toBe(2)
    // Open a collection and search within it.
    await page.locator('ol.results .result-title').first().click()
    await expect.poll(() => page.url()).toMatch(/\/collections\/\w+/)
    expect(await page.locator('h2', { hasText: 'Cite this' }).count()).toBe(1)
    const contents = page.locator('ul.contents a')
    if ((await contents.count()) > 0) {
      await contents.first().click()
      expect(await page.locator('nav.trail a').count()).toBeGreaterThan(0)
    }
    await context.close()
  })

  it('copies the citation with its button when JavaScript runs, and shows no dead button without', async () => {
    const path = '/collections/Zivy3B6P5nBaZ24Kb8cWEq'
    const withScript = await open(true)
    await withScript.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url })
    const page = await withScript.newPage()
    await page.goto(`${site.url}${path}`)
    const button = page.getByRole('button', { name: 'Copy the citation' })
    await button.click()
    const copied = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    )
    expect(copied).toBe((await page.locator('#citation').textContent())?.trim())
    expect(copied).toContain(`${site.url}${path}`)
    await withScript.close()
    const without = await open(false)
    const plain = await without.newPage()
    await plain.goto(`${site.url}${path}`)
    expect(await plain.getByRole('button', { name: 'Copy the citation' }).count()).toBe(0)
    await without.close()
  })

  it('shows as filters in use only the search’s filters, not an opt-in or a tracking tag', async () => {
    const body = await (
      await fetch(`${site.url}/search?query=rockefeller&level_facet=true&utm_source=x&type=agent`)
    ).text()
    const chips = [...body.matchAll(/aria-label="Remove the filter ([^"]+)"/g)].map((m) => m[1])
    expect(chips).toHaveLength(1)
    expect(chips[0]).toMatch(/^Type: /)
  })

  it('leads to no missing page from any link of the site', async () => {
    const seen = new Set<string>(['/'])
    const queue = ['/', '/search?query=rockefeller', '/collections/Zivy3B6P5nBaZ24Kb8cWEq']
    const broken: string[] = []
    while (queue.length > 0 && seen.size < 120) {
      const path = queue.shift()!
      const response = await fetch(`${site.url}${path}`)
      if (response.status !== 200) broken.push(`${path}: ${response.status}`)
      const body = await response.text()
      for (const match of body.matchAll(/href="(\/[^"]*)"/g)) {
        const link = match[1]!.replace(/&#61;/g, '=').replace(/&#38;/g, '&')
        if (link.startsWith('/api') || seen.has(link)) continue
        seen.add(link)
        queue.push(link)
      }
    }
    expect(broken).toEqual([])
    expect(seen.size).toBeGreaterThan(40)
  })

  it('answers a missing record with a 404 page, and serves the API under /api', async () => {
    const missing = await fetch(`${site.url}/collections/nope`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('Not found')
    const root = (await (await fetch(`${site.url}/api/`)).json()) as Record<string, string>
    expect(root['search']).toBe(`${site.url}/api/search`)
    const citation = (await (
      await fetch(`${site.url}/api/collections/Zivy3B6P5nBaZ24Kb8cWEq/citation`)
    ).json()) as string
    // Beside the site, a citation points at the record's page on it, not at the API.
    expect(citation.endsWith(`${site.url}/collections/Zivy3B6P5nBaZ24Kb8cWEq`)).toBe(true)
  })
})

describe('where the site is served', () => {
  it('refuses an API base URL that would put the site under a path its links do not follow', async () => {
    const catalogue = await corpusCatalogue()
    expect(() =>
      createSite(catalogue, { api: { baseUrl: 'https://example.org/catalogue/api' } }),
    ).toThrow(
      "api.baseUrl must be the site's root URL followed by /api (the site is served at the root of its host), got 'https://example.org/catalogue/api'",
    )
    const site = createSite(catalogue, { api: { baseUrl: 'https://example.org/api/' } })
    const answer = await site.request('/api/collections?limit=1')
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { next: string | null }).next).toMatch(
      /^https:\/\/example\.org\/api\/collections\?/,
    )
  })
})

describe("the home page's counts", () => {
  it('are counted once for each version of the catalogue', async () => {
    const calls: string[] = []
    const counting = (catalogue: Catalogue) =>
      new Proxy(catalogue, {
        get(target, key) {
          const value = Reflect.get(target, key, target) as unknown
          if (key !== 'stats' || typeof value !== 'function') return value
          return (top: number) => {
            calls.push(target.version)
            return (value as (top: number) => unknown).call(target, top)
          }
        },
      })
    const first = counting(await corpusCatalogue())
    const second = counting((await loadCatalogue(SAMPLE)).catalogue)
    let current = first
    const site = createSite(() => current)
    const home = async () => {
      const answer = await site.request('/')
      expect(answer.status).toBe(200)
      return answer.text()
    }
    const before = await home()
    expect(await home()).toBe(before)
    expect(calls).toEqual([first.version])
    // A reload: the new catalogue's counts, once.
    current = second
    const after = await home()
    await home()
    expect(after).not.toBe(before)
    expect(calls).toEqual([first.version, second.version])
  })
})

describe('the site without a socket', () => {
  it('answers request() as a server would: a posted list, and a finding aid streamed', async () => {
    const site = createSite(await corpusCatalogue())
    const posted = await site.request('/mylist', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'uri=%2Fcollections%2FZivy3B6P5nBaZ24Kb8cWEq',
    })
    expect(posted.status).toBe(200)
    expect(await posted.text()).toContain('data-mylist-item="/collections/Zivy3B6P5nBaZ24Kb8cWEq"')
    const ead = await site.request('/api/collections/Zivy3B6P5nBaZ24Kb8cWEq/ead')
    expect(ead.status).toBe(200)
    const xml = await ead.text()
    expect(xml).toMatch(/^<\?xml /)
    expect(xml).toContain('</ead>')
  })
})
