/**
 * The discovery site (`@archive-catalogue/site`) on real servers over the corpus and over the
 * sample, in a real headless Chromium, with JavaScript off and on: each page kind renders what
 * the API answers, axe-core finds no WCAG 2.1 AA violation (nor on the 404 page), the keyboard
 * reaches the skip link first and sees where it is, the site's links lead to no 404, an agent's
 * and a term's pages list their records as the lists find them, "did you mean" leads to results,
 * the home page's ways in lead somewhere, and a reader's journey works with nothing but links
 * and forms.
 */

import { createSite } from '@archive-catalogue/site'
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import { type Catalogue, loadCatalogue } from '../../packages/core/src/index.js'
import { browsing, violations } from '../helpers/axe.js'
import { SAMPLE } from '../helpers/corpus.js'
import { corpusCatalogue } from '../helpers/http-server.js'
import { servedSites } from '../helpers/site-server.js'

let sample: Promise<Catalogue> | undefined
const sampleCatalogue = () => {
  sample ??= loadCatalogue(SAMPLE).then((result) => result.catalogue)
  return sample
}

/** One page of each kind on each catalogue: the corpus (real data) and the sample (generated). */
const PAGES: Record<'corpus' | 'sample', [name: string, path: string][]> = {
  corpus: [
    ['home', '/'],
    ['search', '/search?query=rockefeller'],
    ['search, narrowed', '/search?query=rockefeller&type=collection&end_date__gte=1950'],
    ['search, nothing found', '/search?query=rockefellr+papres'],
    ['a collection', '/collections/Zivy3B6P5nBaZ24Kb8cWEq'],
    ['a collection, searched within', '/collections/gfvm2HihpLwCTnKgpDtdhR?query=reich'],
    ['an object', '/objects/FM8Xe2Aghf8RKX4dLHfR3c'],
    ['an agent', '/agents/4HyzLLjm5KXGNaM2iKttoG'],
    ['an agent, a creator', '/agents/bq4qoqbgjRpaLBCwGfb5fK'],
    ['a term', '/terms/2sikrnarrmY8ijRDvkShqg'],
    ['a list', '/collections?sort=title'],
  ],
  sample: [
    ['home', '/'],
    ['search', '/search?query=health'],
    ['search, narrowed', '/search?query=health&type=collection&end_date__gte=1900'],
    ['search, nothing found', '/search?query=helth+reprts'],
    ['a collection', '/collections/xVJyUuJNfsVyjdZikFSn6G'],
    ['a collection, searched within', '/collections/xVJyUuJNfsVyjdZikFSn6G?query=health'],
    ['a collection inside another', '/collections/94gvoB9vFPfYnNzjB9FcPa'],
    ['an object', '/objects/eUxbcfKf27J2wHcGT6aVqq'],
    ['an agent', '/agents/odkp8Yy7uBr442m7pZN8Hu'],
    ['a term', '/terms/KqeXe2Fbw4UUVtbfuprxAW'],
    ['a list', '/collections?sort=title'],
    ['a list, filtered', '/objects?subject=Public+health'],
  ],
}

/** Where each catalogue's link walk starts. */
const WALKS = {
  corpus: ['/', '/search?query=rockefeller', '/collections/Zivy3B6P5nBaZ24Kb8cWEq'],
  sample: ['/', '/terms/KqeXe2Fbw4UUVtbfuprxAW', '/agents/odkp8Yy7uBr442m7pZN8Hu'],
} as const

/**
 * The sample's term "Public health" (11 collections, 23 objects), its biggest creator, and the
 * agent most of its objects name (Kennedy, Lawrence: 12 collections, 68 objects).
 */
const TERM = '/terms/KqeXe2Fbw4UUVtbfuprxAW'
const CREATOR = '/agents/odkp8Yy7uBr442m7pZN8Hu'
const NAMED = '/agents/KfbqkQdbHNERrrVb9bB8Xe'

const sites = servedSites({ corpus: corpusCatalogue, sample: sampleCatalogue })
/** The corpus's site, which the tests of one catalogue below read. */
const corpus = {
  get url() {
    return sites.url('corpus')
  },
}

const open = (javaScript: boolean) => browsing(sites.browser, javaScript)

/** A page of the API, parsed. */
async function api<T>(base: string, path: string): Promise<T> {
  const response = await fetch(`${base}/api${path}`)
  expect(response.status, path).toBe(200)
  return (await response.json()) as T
}

/** The addresses of the links a locator finds, in the page's order. */
function addresses(links: Locator): Promise<string[]> {
  return links.evaluateAll((found) =>
    found.map((link) =>
      (link as unknown as { getAttribute(name: string): string }).getAttribute('href'),
    ),
  )
}

/** The count a search or a list page's heading says (`1,234 results for…`, `Collections (11)`). */
async function headingCount(page: Page): Promise<number> {
  const text = (await page.locator('h1').textContent()) ?? ''
  const written = /^([\d,]+) results?\b/.exec(text)?.[1] ?? /\(([\d,]+)\)$/.exec(text)?.[1]
  expect(written, text).toBeDefined()
  return Number(written!.replace(/,/g, ''))
}

for (const catalogue of ['corpus', 'sample'] as const) {
  describe(`the discovery site in Chromium, over the ${catalogue}`, () => {
    const base = () => sites.url(catalogue)

    // The two tables below only read pages: each test opens its page in one context with
    // JavaScript off or one with it on, made once (Chromium takes a few hundred ms to make one).
    const contexts = new Map<boolean, Promise<BrowserContext>>()
    const reading = (javaScript: boolean) => {
      if (!contexts.has(javaScript)) contexts.set(javaScript, open(javaScript))
      return contexts.get(javaScript)!
    }
    afterAll(async () => {
      for (const context of contexts.values()) await (await context).close()
    })

    it.each(PAGES[catalogue])(
      'renders %s (%s) without JavaScript, with a heading and its JSON linked',
      async (_name, path) => {
        const page = await (await reading(false)).newPage()
        const response = await page.goto(`${base()}${path}`)
        expect(response?.status(), path).toBe(200)
        expect((await page.locator('h1').first().textContent())?.trim()).not.toBe('')
        const json = await page
          .locator('link[rel="alternate"][type="application/json"]')
          .getAttribute('href')
        expect(json).toMatch(/^\/api\//)
        expect((await fetch(`${base()}${json}`)).status).toBe(200)
        await page.close()
      },
    )

    // With JavaScript on, a page is as its reader's browser shows it: axe-core reads that one.
    it.each(PAGES[catalogue])(
      'renders %s with JavaScript, and axe-core finds no WCAG 2.1 AA violation',
      async (_name, path) => {
        const page = await (await reading(true)).newPage()
        const response = await page.goto(`${base()}${path}`)
        expect(response?.status(), path).toBe(200)
        expect((await page.locator('h1').first().textContent())?.trim()).not.toBe('')
        expect(await violations(page)).toEqual([])
        await page.close()
      },
    )

    it('leads to no missing page from any link of the site', async () => {
      const seen = new Set<string>(WALKS[catalogue])
      const queue: string[] = [...WALKS[catalogue]]
      const broken: string[] = []
      while (queue.length > 0 && seen.size < 120) {
        const path = queue.shift()!
        const response = await fetch(`${base()}${path}`)
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
  })
}

describe('the discovery site in Chromium, over the corpus', () => {
  it('shows as many results as the API counts, grouped as /search groups them', async () => {
    const api = (await (await fetch(`${corpus.url}/api/search?query=rockefeller`)).json()) as {
      count: number
      results: { title: string; uri: string }[]
    }
    const context = await open(false)
    const page = await context.newPage()
    await page.goto(`${corpus.url}/search?query=rockefeller`)
    expect(await page.locator('h1').textContent()).toContain(String(api.count))
    const titles = await page.locator('ol.results .result-title').allTextContents()
    expect(titles).toEqual(api.results.map((result) => result.title).slice(0, titles.length))
    await context.close()
  })

  it('takes a reader from the home page to a component and back, without JavaScript', async () => {
    const context = await open(false)
    const page = await context.newPage()
    await page.goto(`${corpus.url}/`)
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
    await withScript.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: corpus.url })
    const page = await withScript.newPage()
    await page.goto(`${corpus.url}${path}`)
    const button = page.getByRole('button', { name: 'Copy the citation' })
    await button.click()
    const copied = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    )
    expect(copied).toBe((await page.locator('#citation').textContent())?.trim())
    expect(copied).toContain(`${corpus.url}${path}`)
    await withScript.close()
    const without = await open(false)
    const plain = await without.newPage()
    await plain.goto(`${corpus.url}${path}`)
    expect(await plain.getByRole('button', { name: 'Copy the citation' }).count()).toBe(0)
    await without.close()
  })

  it('shows as filters in use only the search’s filters, not an opt-in or a tracking tag', async () => {
    const body = await (
      await fetch(`${corpus.url}/search?query=rockefeller&level_facet=true&utm_source=x&type=agent`)
    ).text()
    const chips = [...body.matchAll(/aria-label="Remove the filter ([^"]+)"/g)].map((m) => m[1])
    expect(chips).toHaveLength(1)
    expect(chips[0]).toMatch(/^Type: /)
  })

  it('shows a phone the results first and the facets one link below, a wide screen the facets on the left', async () => {
    const path = `${corpus.url}/search?query=rockefeller&type=collection`
    for (const [width, phone] of [
      [375, true],
      [1280, false],
    ] as const) {
      const context = await sites.browser.newContext({ viewport: { width, height: 800 } })
      const page = await context.newPage()
      await page.goto(path)
      const result = (await page.locator('ol.results li').first().boundingBox())!
      const facets = (await page.locator('aside.facets').boundingBox())!
      const chips = (await page.locator('ul.chips').boundingBox())!
      expect(chips.y, `${width} px`).toBeLessThan(result.y)
      const jump = page.getByRole('link', { name: 'Narrow the results' })
      if (phone) {
        expect(result.y + result.height).toBeLessThan(facets.y)
        await jump.click()
        await expect.poll(() => page.url()).toBe(`${path}#filters`)
        expect(
          await page.evaluate(() => (globalThis as unknown as { scrollY: number }).scrollY),
        ).toBeGreaterThan(0)
      } else {
        expect(facets.x + facets.width).toBeLessThanOrEqual(result.x)
        expect(await jump.isVisible()).toBe(false)
      }
      await context.close()
    }
  })

  it('names a year range’s chips by the form’s words: from a year, to a year', async () => {
    const body = await (
      await fetch(`${corpus.url}/search?query=rockefeller&end_date__gte=1900&start_date__lte=1950`)
    ).text()
    const chips = [...body.matchAll(/aria-label="Remove the filter ([^"]+)"/g)].map((m) => m[1])
    expect(chips).toEqual(['From year: 1900', 'To year: 1950'])
  })

  it('answers a missing record with a 404 page, and serves the API under /api', async () => {
    const missing = await fetch(`${corpus.url}/collections/nope`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('Not found')
    const root = (await (await fetch(`${corpus.url}/api/`)).json()) as Record<string, string>
    expect(root['search']).toBe(`${corpus.url}/api/search`)
    const citation = (await (
      await fetch(`${corpus.url}/api/collections/Zivy3B6P5nBaZ24Kb8cWEq/citation`)
    ).json()) as string
    // Beside the site, a citation points at the record's page on it, not at the API.
    expect(citation.endsWith(`${corpus.url}/collections/Zivy3B6P5nBaZ24Kb8cWEq`)).toBe(true)
  })
})

/** What the keyboard test reads of the page (the tests are typed without the DOM's library). */
interface Focusable {
  tagName: string
  id: string
  className: string
  textContent: string | null
  closest(selector: string): unknown
}
interface PageGlobals {
  document: { activeElement: Focusable | null }
  getComputedStyle(element: Focusable): {
    outlineStyle: string
    outlineWidth: string
    outlineColor: string
  }
}

/** The element the keyboard is on: what it is, whether it is in `main`, and its outline. */
function focused(page: Page) {
  return page.evaluate(() => {
    const { document, getComputedStyle } = globalThis as unknown as PageGlobals
    const element = document.activeElement
    if (!element) return null
    const style = getComputedStyle(element)
    return {
      tag: element.tagName.toLowerCase(),
      id: element.id,
      className: element.className,
      text: element.textContent?.trim() ?? '',
      inMain: element.closest('main') !== null,
      outline: { style: style.outlineStyle, width: style.outlineWidth, colour: style.outlineColor },
    }
  })
}

describe('the discovery site for a reader who cannot use a mouse or see the screen', () => {
  const base = () => sites.url('sample')

  it.each([
    ['a missing record', '/collections/nope'],
    ['the about page of a site without one', '/about'],
  ])('finds no WCAG 2.1 AA violation on the 404 page of %s', async (_name, path) => {
    const context = await open(true)
    const page = await context.newPage()
    const response = await page.goto(`${base()}${path}`)
    expect(response?.status()).toBe(404)
    expect(await page.locator('h1').textContent()).toBe('Not found')
    expect(await violations(page)).toEqual([])
    await context.close()
  })

  it('reaches the skip link first, shows it, and skips to the content; every landmark is there', async () => {
    const context = await open(true)
    const page = await context.newPage()
    await page.goto(`${base()}${TERM}`)
    for (const role of ['banner', 'main', 'contentinfo'] as const) {
      expect(await page.getByRole(role).count(), role).toBe(1)
    }
    expect(await page.getByRole('search').count()).toBeGreaterThanOrEqual(1)
    const skip = page.locator('a.skip')
    // Out of sight until the keyboard is on it.
    const hidden = (await skip.boundingBox())!
    expect(hidden.x + hidden.width).toBeLessThanOrEqual(0)
    await page.keyboard.press('Tab')
    expect(await focused(page)).toMatchObject({
      tag: 'a',
      className: 'skip',
      text: 'Skip to the content',
    })
    const shown = (await skip.boundingBox())!
    const viewport = page.viewportSize()!
    expect(shown.x).toBeGreaterThanOrEqual(0)
    expect(shown.y).toBeGreaterThanOrEqual(0)
    expect(shown.x + shown.width).toBeLessThanOrEqual(viewport.width)
    await page.keyboard.press('Enter')
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'content' })
    // The next Tab goes on from the content, past the header's links and search box.
    await page.keyboard.press('Tab')
    expect(await focused(page)).toMatchObject({ inMain: true })
    await context.close()
  })

  it('outlines the link and the button the keyboard is on', async () => {
    const context = await open(true)
    const page = await context.newPage()
    await page.goto(`${base()}/`)
    const seen = new Set<string>()
    for (let presses = 0; presses < 12 && !(seen.has('a') && seen.has('button')); presses++) {
      await page.keyboard.press('Tab')
      const on = (await focused(page))!
      if (on.tag !== 'a' && on.tag !== 'button') continue
      seen.add(on.tag)
      expect(on.outline.style, on.text).toBe('solid')
      expect(Number.parseFloat(on.outline.width), on.text).toBeGreaterThanOrEqual(2)
      expect(on.outline.colour, on.text).not.toMatch(/^rgba\(.*, 0\)$|^transparent$/)
    }
    expect([...seen].sort()).toEqual(['a', 'button'])
    await context.close()
  })
})

describe("an agent's and a term's pages", () => {
  const base = () => sites.url('sample')
  type List = { count: number; results: { uri: string; title: string }[] }
  /** The uris a page lists under a heading that begins so. */
  const listed = (page: Page, heading: string) =>
    addresses(page.locator(`h2:text-matches("^${heading} [(]") + ol.results a.result-title`))

  it("lists a term's collections and objects, found by subject, and leads to each whole list", async () => {
    const filter = '?subject=Public%20health&limit=10'
    const [collections, objects] = await Promise.all([
      api<List>(base(), `/collections${filter}`),
      api<List>(base(), `/objects${filter}`),
    ])
    // The term's own document names none of them: these come from the lists alone.
    expect((await api<{ collections: unknown }>(base(), TERM)).collections).toBeNull()
    expect([collections.count, objects.count]).toEqual([11, 23])
    const context = await open(false)
    const page = await context.newPage()
    await page.goto(`${base()}${TERM}`)
    expect(await page.locator('h2', { hasText: 'on this subject' }).allTextContents()).toEqual([
      'Collections on this subject (11)',
      'Items on this subject (23)',
    ])
    expect(await listed(page, 'Collections on this subject')).toEqual(
      collections.results.map((item) => item.uri),
    )
    expect(await listed(page, 'Items on this subject')).toEqual(
      objects.results.map((item) => item.uri),
    )
    await page.getByRole('link', { name: 'See all 23 items' }).click()
    await expect.poll(() => page.url()).toBe(`${base()}/objects?subject=Public+health`)
    expect(await headingCount(page)).toBe(23)
    expect(await page.locator('ul.chips a').allTextContents()).toEqual(['Subject: Public health ✕'])
    const all = await addresses(page.locator('ol.results a.result-title'))
    expect(all.slice(0, 10)).toEqual(objects.results.map((item) => item.uri))
    expect(all).toHaveLength(23)
    await context.close()
  })

  it("lists a genre or form term's records by subject too: it is one of their terms, not a format", async () => {
    const posters = '/terms/iML6Jqe9Cm6QK2xxa4ctXD'
    expect((await api<{ term_type: string }>(base(), posters)).term_type).toBe('genre_form')
    const { count } = await api<List>(base(), '/collections?subject=Posters&limit=1')
    expect(count).toBeGreaterThan(0)
    const html = await (await fetch(`${base()}${posters}`)).text()
    expect(html).toContain(`<h2>Collections on this subject (${count})</h2>`)
  })

  it('lists the collections and objects that name an agent, found by agent, and leads to each whole list and a search', async () => {
    const filter = '?agent=Kennedy%2C%20Lawrence&limit=10'
    const [collections, objects] = await Promise.all([
      api<List>(base(), `/collections${filter}`),
      api<List>(base(), `/objects${filter}`),
    ])
    expect([collections.count, objects.count]).toEqual([12, 68])
    const context = await open(false)
    const page = await context.newPage()
    await page.goto(`${base()}${NAMED}`)
    expect(await page.locator('h2', { hasText: 'linked to this name' }).allTextContents()).toEqual([
      'Collections linked to this name (12)',
      'Items linked to this name (68)',
    ])
    expect(await listed(page, 'Collections linked to this name')).toEqual(
      collections.results.map((item) => item.uri),
    )
    expect(await listed(page, 'Items linked to this name')).toEqual(
      objects.results.map((item) => item.uri),
    )
    await page.getByRole('link', { name: 'See all 68 items' }).click()
    await expect.poll(() => page.url()).toBe(`${base()}/objects?agent=Kennedy%2C+Lawrence`)
    expect(await headingCount(page)).toBe(68)
    expect(await page.locator('ul.chips a').allTextContents()).toEqual([
      'Person or organization: Kennedy, Lawrence ✕',
    ])
    const all = await addresses(page.locator('ol.results a.result-title'))
    expect(all.slice(0, 10)).toEqual(objects.results.map((item) => item.uri))
    await page.goBack()
    await page.getByRole('link', { name: 'Search the catalogue: Kennedy, Lawrence' }).click()
    await expect.poll(() => page.url()).toBe(`${base()}/search?agent=Kennedy%2C+Lawrence`)
    const { count } = await api<List>(base(), '/search?agent=Kennedy%2C%20Lawrence')
    expect(count).toBeGreaterThan(0)
    expect(await headingCount(page)).toBe(count)
    await context.close()
  })

  it("lists every collection that names a creator, its creator's among them, and the objects naming it", async () => {
    const [byCreator, named, objects] = await Promise.all([
      api<List>(base(), '/collections?creator=Hoffmann%20Foundation&limit=500'),
      api<List>(base(), '/collections?agent=Hoffmann%20Foundation&limit=500'),
      api<List>(base(), '/objects?agent=Hoffmann%20Foundation&limit=10'),
    ])
    expect(byCreator.count).toBe(146)
    const namedUris = named.results.map((item) => item.uri)
    for (const item of byCreator.results) expect(namedUris).toContain(item.uri)
    expect(objects.count).toBeGreaterThan(0)
    const html = await (await fetch(`${base()}${CREATOR}`)).text()
    expect(html).toContain(`<h2>Collections linked to this name (${named.count})</h2>`)
    expect(html).toContain(`<h2>Items linked to this name (${objects.count})</h2>`)
  })

  it("lists a corpus agent's collections and no items, as none of the corpus's objects names an agent; an agent of none shows neither", async () => {
    // Cary Reich created two collections of the corpus and is among their people.
    const reich = await (await fetch(`${corpus.url}/agents/bq4qoqbgjRpaLBCwGfb5fK`)).text()
    expect(reich).toContain('<h2>Collections linked to this name (2)</h2>')
    expect(reich).not.toContain('Items linked to this name')
    expect(reich).toContain(
      'href="/search?agent&#61;Reich%2C+Cary">Search the catalogue: Reich, Cary<',
    )
    const none = await (await fetch(`${corpus.url}/agents/4HyzLLjm5KXGNaM2iKttoG`)).text()
    expect(none).not.toContain('linked to this name')
    expect(none).not.toContain('/search?agent')
  })

  it('shows a short list whole, without a link to see all', async () => {
    const html = await (await fetch(`${corpus.url}/terms/2sikrnarrmY8ijRDvkShqg`)).text()
    expect(html).toContain('<h2>Collections on this subject (1)</h2>')
    expect(html).not.toContain('See all')
  })
})

describe('the ways into the sample', () => {
  const base = () => sites.url('sample')

  it('offers "did you mean" when nothing matched, and the suggestion finds results', async () => {
    const context = await open(false)
    const page = await context.newPage()
    await page.goto(`${base()}/search?query=helth`)
    expect(await headingCount(page)).toBe(0)
    expect(await page.locator('main').textContent()).toContain('Nothing matched.')
    // Nothing to sort or narrow.
    expect(await page.locator('form.sort, a.to-filters').count()).toBe(0)
    const suggestion = page.locator('p', { hasText: 'Did you mean' }).getByRole('link')
    expect(await suggestion.textContent()).toBe('health')
    await suggestion.click()
    await expect.poll(() => page.url()).toBe(`${base()}/search?query=health`)
    const { count } = await api<{ count: number }>(base(), '/search?query=health')
    expect(count).toBeGreaterThan(0)
    expect(await headingCount(page)).toBe(count)
    await context.close()
  })

  it('shows the home page’s ways in, each leading to what it names', async () => {
    const context = await open(false)
    const page = await context.newPage()
    await page.goto(`${base()}/`)
    const hrefs = async (heading: string) => {
      const links = await addresses(page.locator(`h3:text-is("${heading}") + ul.chips a`))
      expect(links.length, heading).toBeGreaterThan(0)
      return links
    }
    const [creators, subjects, formats] = [
      await hrefs('Creators'),
      await hrefs('Subjects'),
      await hrefs('Formats'),
    ]
    const ways: [string, string, RegExp][] = [
      [
        (await page.getByRole('link', { name: 'Every collection, A–Z' }).getAttribute('href'))!,
        'collections',
        /^$/,
      ],
      [
        (await page.getByRole('link', { name: 'What is online' }).getAttribute('href'))!,
        'online',
        /^Online: true ✕$/,
      ],
      [creators[0]!, 'a creator', /^Creator: .+ ✕$/],
      [subjects[0]!, 'a subject', /^Subject: .+ ✕$/],
      [formats[0]!, 'a format', /^Format: .+ ✕$/],
    ]
    const { count: collections } = await api<{ count: number }>(base(), '/collections?limit=1')
    for (const [href, way, chip] of ways) {
      const response = await page.goto(`${base()}${href}`)
      expect(response?.status(), way).toBe(200)
      const found = await headingCount(page)
      expect(found, way).toBeGreaterThan(0)
      if (way === 'collections') {
        expect(found).toBe(collections)
        expect(page.url()).toBe(`${base()}/collections?sort=title`)
      }
      expect((await page.locator('ul.chips a').allTextContents()).join(), way).toMatch(chip)
    }
    await context.close()
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
