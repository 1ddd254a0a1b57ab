/**
 * The printable finding aid (`/collections/{id}/print`): every component of a top-level
 * collection once, in the tree's order, nested as deep as it sits; linked from the collection's
 * page; in Chromium with print media emulated, the screen's parts gone, page breaks before the
 * contents and each series, the running title's style sheet read, a PDF of several pages, and
 * no WCAG 2.1 AA violation on screen or in print; and streamed: over a backend that answers
 * late, the page's first bytes arrive while the walk has most of the tree still to read, and no
 * call reads more than a page of children.
 */
import { setTimeout as delay } from 'node:timers/promises'
import { Catalogue, type CatalogueDocument, parseFor } from '@archive-catalogue/core'
import { describe, expect, it } from 'vitest'
import { browsing, violations } from '../helpers/axe.js'
import { corpusCatalogue } from '../helpers/http-server.js'
import { servedSite } from '../helpers/site-server.js'

const TOP = 'Zivy3B6P5nBaZ24Kb8cWEq'

/** The parts of the browser's DOM the page scripts below read (the tests' types have no DOM). */
interface Item {
  parentElement: { closest(selector: string): Item | null } | null
  querySelector(selector: string): { getAttribute(name: string): string | null } | null
}
interface Window {
  getComputedStyle(element: unknown): { breakBefore: string; breakAfter: string }
  document: {
    styleSheets: Iterable<{ href: string | null; cssRules: Iterable<{ cssText: string }> }>
  }
}

/** The components below a collection, depth first, each with its depth (1 for a child). */
function componentsOf(catalogue: Catalogue, id: string, depth = 1): [string, number][] {
  const page = catalogue.children(id, parseFor(catalogue, 'children', { limit: '500' }))
  return page.results.flatMap((child) => {
    const own: [string, number] = [child.uri!, depth]
    return child.uri!.startsWith('/collections/')
      ? [own, ...componentsOf(catalogue, child.uri!.split('/').pop()!, depth + 1)]
      : [own]
  })
}

describe('the printable finding aid', () => {
  const site = servedSite(corpusCatalogue)

  it('lists every component once, in order, nested as deep as it sits', async () => {
    const corpus = await corpusCatalogue()
    const expected = componentsOf(corpus, TOP)
    expect(expected.length).toBeGreaterThan(10)
    expect(Math.max(...expected.map(([, depth]) => depth))).toBeGreaterThan(2)
    const context = await browsing(site.browser, false)
    const page = await context.newPage()
    const response = await page.goto(`${site.url}/collections/${TOP}/print`)
    expect(response?.status()).toBe(200)
    const shown = await page.locator('li.component').evaluateAll((items) =>
      (items as unknown as Item[]).map((item) => {
        let depth = 0
        for (let at: Item | null = item; at; at = at.parentElement?.closest('li.component') ?? null)
          depth++
        return [item.querySelector('.component-title a')!.getAttribute('href'), depth]
      }),
    )
    expect(shown).toEqual(expected)
    // Indented by level: a component starts further right than its parent.
    const lefts = await page
      .locator('li.component')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().left))
    const firstNested = expected.findIndex(([, depth]) => depth === 2)
    expect(lefts[firstNested]!).toBeGreaterThan(lefts[0]!)
    expect(await page.locator('h1').textContent()).toBe(corpus.collection(TOP).title)
    await context.close()
  })

  it('is linked from a top-level collection’s page only', async () => {
    const top = await (await fetch(`${site.url}/collections/${TOP}`)).text()
    expect(top).toContain(`<a href="/collections/${TOP}/print">The whole finding aid, to print</a>`)
    const inner = await (await fetch(`${site.url}/collections/gfvm2HihpLwCTnKgpDtdhR`)).text()
    expect(inner).not.toContain('/print"')
    expect((await fetch(`${site.url}/collections/gfvm2HihpLwCTnKgpDtdhR/print`)).status).toBe(404)
    expect((await fetch(`${site.url}/collections/nope/print`)).status).toBe(404)
    const head = await fetch(`${site.url}/collections/${TOP}/print`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8')
  })

  it('prints: the screen’s parts gone, page breaks, the running title, several pages', async () => {
    const context = await browsing(site.browser, true)
    const page = await context.newPage()
    await page.goto(`${site.url}/collections/${TOP}/print`)
    await page.emulateMedia({ media: 'print' })
    expect(await page.locator('header.site form').isVisible()).toBe(false)
    expect(await page.locator('footer.site').isVisible()).toBe(false)
    const style = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((element) => {
          const { breakBefore, breakAfter } = (globalThis as unknown as Window).getComputedStyle(
            element,
          )
          return { breakBefore, breakAfter }
        })
    const breaks = {
      contents: (await style('h2.contents')).breakBefore,
      series: (await style('li.series')).breakBefore,
      title: (await style('.component-title')).breakAfter,
    }
    expect(breaks).toEqual({ contents: 'page', series: 'page', title: 'avoid' })
    // The running title: the finding aid's own style sheet, read, with an @page rule.
    const pageRules = await page.evaluate(() =>
      [...(globalThis as unknown as Window).document.styleSheets]
        .filter((sheet) => sheet.href?.endsWith('/print.css'))
        .flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)),
    )
    expect(pageRules.join('')).toMatch(/^@page/)
    // The browser reads the title as written, its spaces kept after the escaped signs.
    expect(pageRules.join('')).toContain('Nelson A. Rockefeller personal papers, Politics')
    const css = await (await fetch(`${site.url}/collections/${TOP}/print.css`)).text()
    expect(css).toContain('content:"Nelson A\\00002e  Rockefeller personal papers\\00002c ')
    const pdf = await page.pdf({ format: 'A4' })
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []
    expect(pages.length).toBeGreaterThan(2)
    await context.close()
  })

  for (const media of ['screen', 'print'] as const) {
    it(`finds no WCAG 2.1 AA violation on ${media}`, async () => {
      const context = await browsing(site.browser, true)
      const page = await context.newPage()
      await page.emulateMedia({ media })
      await page.goto(`${site.url}/collections/${TOP}/print`)
      expect(await violations(page)).toEqual([])
      await context.close()
    })
  }

  it('speaks the reader’s language', async () => {
    const french = await fetch(`${site.url}/collections/${TOP}/print`, {
      headers: { 'accept-language': 'fr' },
    })
    const text = await french.text()
    expect(text).toContain('<html lang="fr">')
    expect(text).toContain('Instrument de recherche')
  })
})

/** A finding aid of `series` series of `files` files each, as catalogue documents. */
function generated(series: number, files: number): CatalogueDocument[] {
  const group = {
    identifier: '/collections/big',
    title: 'A large collection',
    category: 'collection',
  }
  const base = (uri: string, title: string, position: number, parent: string | null) => ({
    uri,
    title,
    category: 'collection',
    dates: [
      { begin: '1950', end: '1960', expression: '1950-1960', label: 'creation', type: 'inclusive' },
    ],
    notes: [],
    terms: [],
    formats: ['documents'],
    position,
    online: false,
    parent,
    group,
    external_identifiers: [],
  })
  const documents: unknown[] = [
    {
      ...base('/collections/big', group.title, 0, null),
      type: 'collection',
      level: 'collection',
      creators: [],
      extents: [],
      languages: [],
    },
  ]
  for (let s = 1; s <= series; s++) {
    documents.push({
      ...base(`/collections/s${s}`, `Series ${s}`, s - 1, 'big'),
      type: 'collection',
      level: 'series',
      creators: [],
      extents: [],
      languages: [],
    })
    for (let f = 1; f <= files; f++) {
      documents.push({
        ...base(`/objects/s${s}f${f}`, `Folder ${f} of series ${s}`, f - 1, `s${s}`),
        type: 'object',
        level: 'file',
        extents: [],
      })
    }
  }
  return documents as CatalogueDocument[]
}

describe('the printable finding aid, streamed', () => {
  const catalogue = Catalogue.fromDocuments(generated(20, 200))
  const calls: { method: string; size: number }[] = []
  /** The catalogue behind a boundary that answers its tree reads late, as a remote one would. */
  const late = new Proxy(catalogue, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver)
      if (typeof value !== 'function') return value
      if (key !== 'children' && key !== 'documents') return value.bind(target)
      return async (...args: unknown[]) => {
        calls.push({ method: key, size: key === 'documents' ? (args[0] as string[]).length : 0 })
        await delay(5)
        return value.apply(target, args)
      }
    },
  })
  const site = servedSite(() => late)

  it('sends its first bytes while the walk has most of the tree to read', async () => {
    calls.length = 0
    const response = await fetch(`${site.url}/collections/big/print`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBeNull()
    const reader = response.body!.getReader()
    const decoder = new TextDecoder()
    const first = await reader.read()
    const callsAtFirst = calls.filter((call) => call.method === 'children').length
    let text = decoder.decode(first.value, { stream: true })
    expect(text).toContain('<h1>A large collection</h1>')
    for (let next = await reader.read(); !next.done; next = await reader.read()) {
      text += decoder.decode(next.value, { stream: true })
    }
    const children = calls.filter((call) => call.method === 'children').length
    // One page of the top's children and one of each series' (200 files: one page each).
    expect(children).toBe(21)
    expect(callsAtFirst).toBeLessThanOrEqual(2)
    expect(text.match(/<li class="component/g)).toHaveLength(20 + 20 * 200)
    expect(text.trimEnd().endsWith('</html>')).toBe(true)
    // Never more than a page of documents at a time.
    expect(Math.max(...calls.map((call) => call.size))).toBeLessThanOrEqual(250)
  })
})
