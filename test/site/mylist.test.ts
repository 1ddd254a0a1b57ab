/**
 * My list on a real server over the corpus, in a real headless Chromium with the site's own
 * Content-Security-Policy (no inline script): a reader adds records from a search result and from
 * record pages, the header counts them, `/mylist` shows them grouped by top-level collection as
 * `POST /api/mylist` groups them, removes one, downloads the CSV and prints; without JavaScript
 * no button shows and the bare page says why; a uri the catalogue does not hold is listed apart;
 * a list too long for a URL goes as a form and is capped at 500.
 */

import { readFile } from 'node:fs/promises'
import { createSite } from '@archive-catalogue/site'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browsing, violations } from '../helpers/axe.js'
import { corpusCatalogue } from '../helpers/http-server.js'
import { servedSite } from '../helpers/site-server.js'

const COLLECTION = '/collections/Zivy3B6P5nBaZ24Kb8cWEq'
const OBJECT = '/objects/FM8Xe2Aghf8RKX4dLHfR3c'
const AGENT = '/agents/4HyzLLjm5KXGNaM2iKttoG'
const TERM = '/terms/2sikrnarrmY8ijRDvkShqg'
const KEY = 'archive-catalogue:mylist'

/** What the tests read of a page's globals (they are typed without the DOM's library). */
interface PageGlobals {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void }
  document: { activeElement: { tagName: string } | null }
  getComputedStyle(element: unknown, pseudo: string): { content: string }
}

const site = servedSite(corpusCatalogue)

/** A browser with the site's CSP in force; every console error (a CSP refusal too) is kept. */
async function reader(javaScript = true): Promise<{ context: BrowserContext; errors: string[] }> {
  const context = await site.browser.newContext({ javaScriptEnabled: javaScript })
  const errors: string[] = []
  context.on('page', (page) =>
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    }),
  )
  return { context, errors }
}

const listUrl = (uris: string[]) =>
  `${site.url}/mylist?${uris.map((uri) => `uri=${encodeURIComponent(uri)}`).join('&')}`

const stored = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse((globalThis as unknown as PageGlobals).localStorage.getItem(key) ?? '[]'),
    KEY,
  )

const headerCount = (page: Page) => page.locator('header a.mylist-link').textContent()

/** RFC 4180: fields in quotes may hold commas, quotes (doubled) and line breaks; CRLF ends a row. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
      i++
    } else field += c
  }
  expect(field).toBe('')
  expect(row).toEqual([])
  return rows
}

describe('My list', () => {
  it('adds from a search result and from record pages, counted in the header, and toggles off', async () => {
    const { context, errors } = await reader()
    const page = await context.newPage()
    await page.goto(`${site.url}/search?query=rockefeller`)
    expect(await headerCount(page)).toBe('My list (0)')
    const first = page.locator('ol.results > li').first()
    const firstUri = await first.locator('a.result-title').getAttribute('href')
    const toggle = first.getByRole('button', { name: /^In my list/ })
    expect(await toggle.getAttribute('aria-pressed')).toBe('false')
    await toggle.click()
    expect(await toggle.getAttribute('aria-pressed')).toBe('true')
    expect(await headerCount(page)).toBe('My list (1)')

    for (const path of [OBJECT, AGENT, TERM]) {
      await page.goto(`${site.url}${path}`)
      await page.getByRole('button', { name: /^In my list/ }).click()
    }
    expect(await headerCount(page)).toBe('My list (4)')
    expect(await stored(page)).toEqual([firstUri, OBJECT, AGENT, TERM])

    // Pressed again, it leaves the list; a page shows what the list holds when it opens.
    await page.getByRole('button', { name: /^In my list/ }).click()
    expect(await headerCount(page)).toBe('My list (3)')
    await page.goto(`${site.url}/search?query=rockefeller`)
    expect(
      await first.getByRole('button', { name: /^In my list/ }).getAttribute('aria-pressed'),
    ).toBe('true')
    expect(errors).toEqual([])
    await context.close()
  })

  it('shows the list at /mylist grouped by top-level collection, as POST /api/mylist groups it', async () => {
    const { context, errors } = await reader()
    const page = await context.newPage()
    await page.goto(`${site.url}/`)
    await page.evaluate(
      ([key, list]) =>
        (globalThis as unknown as PageGlobals).localStorage.setItem(key, JSON.stringify(list)),
      [KEY, [OBJECT, AGENT, COLLECTION, '/collections/gfvm2HihpLwCTnKgpDtdhR']] as const,
    )
    await page.reload()
    expect(await headerCount(page)).toBe('My list (4)')
    await page.locator('header a.mylist-link').click()
    // The bare /mylist becomes the list's own URL: a link to share or keep.
    await expect.poll(() => page.url()).toContain('/mylist?uri=')
    expect(new URL(page.url()).searchParams.getAll('uri')).toEqual([
      OBJECT,
      AGENT,
      COLLECTION,
      '/collections/gfvm2HihpLwCTnKgpDtdhR',
    ])

    const api = (await (
      await fetch(`${site.url}/api/mylist`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ list: [OBJECT, COLLECTION, '/collections/gfvm2HihpLwCTnKgpDtdhR'] }),
      })
    ).json()) as { title: string; items: { title: string; uri: string }[] }[]
    const sections = page.locator('section.group')
    const headings = await sections.locator('h2').allTextContents()
    expect(headings).toEqual([...api.map((group) => group.title), 'People and organizations'])
    for (const [index, group] of api.entries()) {
      const items = sections.nth(index).locator('li a.result-title')
      expect(await items.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(
        group.items.map((item) => item.uri),
      )
    }
    // Each record with its type and dates; a component with its parent.
    const object = page.locator(`li[data-mylist-item="${OBJECT}"]`)
    expect(await object.locator('.muted').textContent()).toMatch(/^Item · 1965-1966 · In /)
    expect(await page.locator('[data-mylist-total]').textContent()).toBe('4 records')
    expect(errors).toEqual([])
    await context.close()
  })

  it('removes a record from the page, the stored list, the URL, the CSV link and the count', async () => {
    const { context } = await reader()
    const page = await context.newPage()
    await page.goto(`${site.url}/`)
    await page.evaluate(
      ([key, list]) =>
        (globalThis as unknown as PageGlobals).localStorage.setItem(key, JSON.stringify(list)),
      [KEY, [OBJECT, AGENT, COLLECTION]] as const,
    )
    await page.goto(listUrl([OBJECT, AGENT, COLLECTION]))
    await page.getByRole('button', { name: 'Remove Carol Kinzel Uht from my list' }).click()
    expect(await page.locator(`li[data-mylist-item="${AGENT}"]`).count()).toBe(0)
    // The agents' group went with its one record.
    expect(await page.locator('section.group h2').allTextContents()).not.toContain(
      'People and organizations',
    )
    expect(await stored(page)).toEqual([OBJECT, COLLECTION])
    expect(new URL(page.url()).searchParams.getAll('uri')).toEqual([OBJECT, COLLECTION])
    const csv = await page.getByRole('link', { name: 'Download as CSV' }).getAttribute('href')
    expect(new URL(csv!, site.url).searchParams.getAll('uri')).toEqual([OBJECT, COLLECTION])
    expect(await page.locator('[data-mylist-total]').textContent()).toBe('2 records')
    expect(await headerCount(page)).toBe('My list (2)')
    expect(await page.locator('[data-mylist-status]').textContent()).toBe(
      'Removed Carol Kinzel Uht from my list.',
    )
    // Focus stays in the list, on the next record's button.
    expect(
      await page.evaluate(
        () => (globalThis as unknown as PageGlobals).document.activeElement?.tagName,
      ),
    ).toBe('BUTTON')
    await context.close()
  })

  it('counts what is left in the page’s language, French saying « 0 notice »', async () => {
    const context = await site.browser.newContext({ extraHTTPHeaders: { 'accept-language': 'fr' } })
    const page = await context.newPage()
    await page.goto(`${site.url}/`)
    await page.evaluate(
      ([key, list]) =>
        (globalThis as unknown as PageGlobals).localStorage.setItem(key, JSON.stringify(list)),
      [KEY, [OBJECT, AGENT]] as const,
    )
    await page.goto(listUrl([OBJECT, AGENT]))
    const total = page.locator('[data-mylist-total]')
    expect(await total.textContent()).toBe('2 notices')
    for (const [button, left] of [
      [0, '1 notice'],
      [0, '0 notice'],
    ] as const) {
      await page.locator('button[data-mylist-remove]').nth(button).click()
      await expect.poll(() => total.textContent()).toBe(left)
    }
    await context.close()
  })

  it('downloads the list as CSV: RFC 4180, UTF-8 with a byte-order mark, a row per record', async () => {
    const { context } = await reader()
    const page = await context.newPage()
    await page.goto(listUrl([OBJECT, COLLECTION, AGENT]))
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download as CSV' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('my-list.csv')
    const bytes = await readFile((await download.path())!)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const rows = parseCsv(bytes.subarray(3).toString('utf8'))
    expect(rows[0]).toEqual([
      'Title',
      'Type',
      'Dates',
      'Collection',
      'Part of',
      'Extent',
      'Identifier',
      'URL',
    ])
    // In the page's order: the collection's group (the object first, as listed), then agents.
    expect(rows.slice(1).map((row) => row[6])).toEqual([OBJECT, COLLECTION, AGENT])
    const byUri = new Map(rows.slice(1).map((row) => [row[6], row]))
    const collection = byUri.get(COLLECTION)!
    // A title with a comma is quoted, and reads back whole.
    expect(collection[0]).toBe(
      'Nelson A. Rockefeller personal papers, Politics - George L. Hinman, Series J.2',
    )
    expect(collection.slice(1, 6)).toEqual([
      'Collection',
      '1959-1970',
      collection[0],
      '',
      '44.15 Cubic Feet',
    ])
    expect(collection[7]).toBe(`${site.url}${COLLECTION}`)
    expect(byUri.get(OBJECT)!.slice(1, 5)).toEqual([
      'Item',
      '1965-1966',
      collection[0],
      'Original Audio Tapes',
    ])
    expect(byUri.get(AGENT)!.slice(0, 2)).toEqual(['Carol Kinzel Uht', 'Person or organization'])
    await context.close()

    const response = await fetch(`${site.url}/mylist.csv?uri=${OBJECT}`)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="my-list.csv"')
  })

  it('links each record of the CSV at the site’s public URL behind a proxy', async () => {
    const site = createSite(await corpusCatalogue(), {
      api: { baseUrl: 'https://archive.example.org/api' },
    })
    const text = await (await site.request(`/mylist.csv?uri=${OBJECT}`)).text()
    expect(parseCsv(text)[1]![7]).toBe(`https://archive.example.org${OBJECT}`)
  })

  it('lists a uri the catalogue does not hold as gone, and still shows the rest', async () => {
    const response = await fetch(listUrl(['/objects/nope', OBJECT, '/terms/gone', 'not a uri']))
    expect(response.status).toBe(200)
    const body = await response.text()
    expect(body).toContain('No longer in the catalogue')
    for (const gone of ['/objects/nope', '/terms/gone', 'not a uri']) {
      expect(body).toContain(`<span class="gone">${gone}</span>`)
    }
    expect(body).toContain(`href="${OBJECT}"`)
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'")
  })

  it('shows no button without JavaScript, and the bare /mylist says why it is empty', async () => {
    const { context } = await reader(false)
    const page = await context.newPage()
    await page.goto(`${site.url}/search?query=rockefeller`)
    expect(await page.getByRole('button', { name: /In my list/ }).count()).toBe(0)
    expect(await page.locator('header a.mylist-link').isVisible()).toBe(false)
    await page.goto(`${site.url}${OBJECT}`)
    expect(await page.getByRole('button', { name: /In my list/ }).count()).toBe(0)
    await page.goto(`${site.url}/mylist`)
    expect(await page.locator('[data-mylist-needs-script]').isVisible()).toBe(true)
    expect(await page.locator('[data-mylist-needs-script]').textContent()).toContain('JavaScript')
    // A link to a list still shows it, without its buttons.
    await page.goto(listUrl([OBJECT, COLLECTION]))
    expect(await page.locator('li a.result-title').count()).toBe(2)
    expect(
      await page
        .getByRole('button')
        .filter({ hasText: /Remove|Print/ })
        .count(),
    ).toBe(0)
    expect(await page.getByRole('link', { name: 'Download as CSV' }).isVisible()).toBe(true)
    await context.close()
  })

  it('says the list is empty at a bare /mylist when nothing was added', async () => {
    const { context } = await reader()
    const page = await context.newPage()
    await page.goto(`${site.url}/mylist`)
    expect(await page.locator('[data-mylist-empty]').isVisible()).toBe(true)
    expect(await page.locator('[data-mylist-needs-script]').isVisible()).toBe(false)
    await context.close()
  })

  it('finds no WCAG 2.1 AA violation on /mylist, with its buttons shown', async () => {
    const context = await browsing(site.browser, true)
    const page = await context.newPage()
    await page.goto(listUrl([OBJECT, COLLECTION, AGENT, '/objects/nope']))
    await page.getByRole('button', { name: 'Print' }).waitFor()
    expect(await violations(page)).toEqual([])
    await page.goto(`${site.url}/search?query=rockefeller`)
    await page.locator('button.keep').first().click()
    expect(await violations(page)).toEqual([])
    await context.close()
  })

  it('prints without the search, the buttons or the footer, each link’s address shown', async () => {
    const { context } = await reader()
    const page = await context.newPage()
    await page.goto(listUrl([OBJECT, COLLECTION]))
    const print = page.getByRole('button', { name: 'Print' })
    expect(await print.isVisible()).toBe(true)
    await page.emulateMedia({ media: 'print' })
    expect(await print.isVisible()).toBe(false)
    expect(await page.locator('button[data-mylist-remove]').first().isVisible()).toBe(false)
    expect(await page.locator('header form.search').isVisible()).toBe(false)
    expect(await page.locator('footer').isVisible()).toBe(false)
    const after = await page
      .locator(`li a.result-title[href="${OBJECT}"]`)
      .evaluate(
        (link) => (globalThis as unknown as PageGlobals).getComputedStyle(link, '::after').content,
      )
    expect(after).toBe(`" (${OBJECT})"`)
    expect((await page.pdf()).subarray(0, 5).toString()).toBe('%PDF-')
    await context.close()
  })

  it('sends a list too long for a URL as a form, and shows its first 500 records', async () => {
    const { context, errors } = await reader()
    const page = await context.newPage()
    await page.goto(`${site.url}/`)
    const list = [OBJECT, ...Array.from({ length: 599 }, (_, i) => `/objects/missing${i}`)]
    await page.evaluate(
      ([key, uris]) =>
        (globalThis as unknown as PageGlobals).localStorage.setItem(key, JSON.stringify(uris)),
      [KEY, list] as const,
    )
    await page.goto(`${site.url}/mylist`)
    await page.locator('.notice').waitFor()
    expect(page.url()).toBe(`${site.url}/mylist`)
    expect(await page.locator('.notice').textContent()).toBe(
      'This list holds 600 records; this page shows the first 500. Remove some to see the rest.',
    )
    expect(await page.locator(`li[data-mylist-item="${OBJECT}"] a.result-title`).count()).toBe(1)
    expect(await page.locator('li .gone').count()).toBe(499)
    // Its CSV is a form of the same uris.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as CSV' }).click(),
    ])
    const rows = parseCsv((await readFile((await download.path())!)).subarray(3).toString('utf8'))
    expect(rows.map((row) => row[6])).toEqual(['Identifier', OBJECT])
    expect(errors).toEqual([])
    await context.close()
  })
})
