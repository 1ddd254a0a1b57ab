/**
 * The tree on the site's record pages at scale, on a generated catalogue: one collection of
 * 12,000 children, a few of them series with children of their own. A component deep in the list
 * shows the page of siblings that holds it, itself marked, with its previous and next sibling;
 * a collection's children show which have children, opened in place on demand and paged; each
 * page reads one page of children, never all of them (the backend's calls are counted); and a
 * reader walks it all in Chromium with JavaScript off, axe-core finding no violation.
 */
import { type Listening, listen } from '@archive-catalogue/http'
import { createSite } from '@archive-catalogue/site'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Catalogue, type CatalogueDocument } from '../../packages/core/src/index.js'
import { browsing, violations } from '../helpers/axe.js'
import { launchChromium } from '../helpers/browser.js'
import { sampleText } from '../helpers/documents.js'

/** The top collection's children; those at `SERIES` positions are series with children. */
const CHILDREN = 12_000
/** A series' position and its number of children: one near the top, one deep, the last child. */
const SERIES = new Map([
  [5, 45],
  [7_000, 30],
  [CHILDREN - 1, 3],
])
/** A collection with no children, just before the last child. */
const EMPTY = CHILDREN - 2
const DEEP = 10_007

/** Documents shaped as the sample's, with the generated tree's uris, titles, parents and order. */
function generatedCatalogue(): Catalogue {
  const sample = sampleText()
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>)
  const objectShape = sample.find((document) => document['type'] === 'object')!
  const collectionShape = sample.find((document) => document['type'] === 'collection')!
  const group = { ...(collectionShape['group'] as object), identifier: '/collections/big' }
  const made = (
    shape: Record<string, unknown>,
    uri: string,
    title: string,
    parent: string | null,
    position: number,
  ) =>
    ({
      ...shape,
      uri,
      title,
      parent,
      position,
      ancestors: [],
      children: [],
      group,
    }) as unknown as CatalogueDocument
  const documents: CatalogueDocument[] = [
    made(collectionShape, '/collections/big', 'A very large series', null, 0),
  ]
  const series = (id: string, title: string, count: number, parent: string, position: number) => {
    documents.push(made(collectionShape, `/collections/${id}`, title, parent, position))
    for (let i = 0; i < count; i++) {
      // The deep series holds a subseries of its own, second in it.
      if (id === 's7000' && i === 2) series('s7000-s2', 'Subseries 7000.2', 3, id, i)
      else
        documents.push(
          made(objectShape, `/objects/${id}-o${i}`, `Item ${id}.${i}`, `/collections/${id}`, i),
        )
    }
  }
  for (let i = 0; i < CHILDREN; i++) {
    const count = SERIES.get(i)
    if (count !== undefined) series(`s${i}`, `Series ${i}`, count, 'big', i)
    else if (i === EMPTY)
      documents.push(made(collectionShape, `/collections/e${i}`, `Empty ${i}`, 'big', i))
    else documents.push(made(objectShape, `/objects/o${i}`, `Item ${i}`, 'big', i))
  }
  return Catalogue.fromDocuments(documents)
}

/** The backend's calls, as the site makes them: method and the request's offset and limit. */
const calls: { method: string; offset?: number; limit?: number }[] = []

function counted(catalogue: Catalogue): Catalogue {
  return new Proxy(catalogue, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        const request = args.find(
          (arg): arg is { offset: number; limit: number } =>
            typeof arg === 'object' && arg !== null && 'limit' in arg,
        )
        calls.push({ method: String(key), offset: request?.offset, limit: request?.limit })
        return (value as (...args: unknown[]) => unknown).apply(target, args)
      }
    },
  })
}

let site: ReturnType<typeof createSite>
let server: Listening
let browser: Browser

beforeAll(async () => {
  site = createSite(counted(generatedCatalogue()), { name: 'Test Archive' })
  server = await listen(site, { port: 0, host: '127.0.0.1' })
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})

/** A page's `<main>` and the children calls it took. */
async function read(
  path: string,
): Promise<{ status: number; main: string; children: typeof calls }> {
  calls.length = 0
  const response = await site.request(path)
  const text = await response.text()
  const main = text
    .slice(text.indexOf('<main'), text.indexOf('</main>'))
    .replace(/&#61;/g, '=')
    .replace(/&#38;/g, '&')
  return {
    status: response.status,
    main,
    children: calls.filter((call) => call.method === 'children'),
  }
}

const hrefs = (html: string, pattern: RegExp) =>
  [...html.matchAll(pattern)].map((match) => match[1])

describe('a component among 12,000 siblings', () => {
  it('shows the page of siblings that holds it, itself marked, from one page of them', async () => {
    const { status, main, children } = await read(`/objects/o${DEEP}`)
    expect(status).toBe(200)
    expect(main).toContain('Number 10,008 of 12,000 in')
    expect(main).toContain('<ol class="siblings" start="10001">')
    const siblings = main.slice(
      main.indexOf('<ol class="siblings"'),
      main.indexOf('</ol>', main.indexOf('<ol class="siblings"')),
    )
    expect(hrefs(siblings, /<li[^>]*><a href="([^"]+)"/g)).toEqual(
      Array.from({ length: 20 }, (_, i) => `/objects/o${10_000 + i}`),
    )
    expect(hrefs(main, /<a href="([^"]+)" aria-current="page">/g)).toEqual([`/objects/o${DEEP}`])
    expect(hrefs(main, /<a rel="prev" href="([^"]+)"/g)).toEqual([`/objects/o${DEEP - 1}`])
    expect(hrefs(main, /<a rel="next" href="([^"]+)"/g)).toEqual([`/objects/o${DEEP + 1}`])
    // One call of the parent's children: the page and the sibling either side of it.
    expect(children).toEqual([{ method: 'children', offset: 9_999, limit: 22 }])
  })

  it('pages its siblings and leads back, its previous and next still beside it', async () => {
    const { main, children } = await read(`/objects/o${DEEP}?siblings_offset=11980`)
    expect(main).toContain('<ol class="siblings" start="11981">')
    expect(main).not.toContain('aria-current')
    expect(main).toContain(`<a rel="next" href="/objects/o${DEEP + 1}"`)
    expect(main).toContain(`<a href="/objects/o${DEEP}#place">Back to where it is</a>`)
    expect(main).toContain(
      `<a href="/objects/o${DEEP}?siblings_offset=11960#place">Previous page</a>`,
    )
    expect(main).not.toContain('Next page')
    expect(children.map((call) => call.limit)).toEqual([22, 3])
  })

  it('marks the first and the last child, which have one neighbour each', async () => {
    const first = await read('/objects/o0')
    expect(first.main).not.toContain('rel="prev"')
    expect(first.main).toContain('<a rel="next" href="/objects/o1"')
    const last = await read(`/collections/s${CHILDREN - 1}`)
    expect(last.main).toContain(`<a rel="prev" href="/collections/e${EMPTY}"`)
    expect(last.main).not.toContain('rel="next"')
    expect(last.main).toContain('<a href="/collections/s11999" aria-current="page">')
  })

  it('answers a siblings offset that is not a number with a 400', async () => {
    expect((await read(`/objects/o${DEEP}?siblings_offset=x`)).status).toBe(400)
    expect((await read('/collections/big?open=s5&open_offset=-1')).status).toBe(400)
  })
})

describe('a collection of 12,000 children', () => {
  it('marks the children that have children, from one call of one more than the page', async () => {
    const { main, children } = await read('/collections/big')
    expect(hrefs(main, /class="toggle" href="([^"]+)"/g)).toEqual([
      '/collections/big?open=s5#item-s5',
    ])
    expect(children).toEqual([{ method: 'children', offset: 0, limit: 51 }])
  })

  it('asks once more only for the very last child', async () => {
    const { main, children } = await read('/collections/big?offset=11950')
    // The empty collection has none; the last series has three.
    expect(main).not.toContain('open=e11998')
    expect(hrefs(main, /class="toggle" href="([^"]+)"/g)).toEqual([
      '/collections/big?offset=11950&open=s11999#item-s11999',
    ])
    expect(children.map((call) => call.limit)).toEqual([51, 1])
  })

  it('opens a child in place, its children paged, keeping the page and the search within', async () => {
    const path = '/collections/big?query=item&offset=6990&limit=20&open=s7000'
    const { main, children } = await read(path)
    const branch = main.slice(main.indexOf('<ul class="contents branch"'))
    expect(hrefs(branch.slice(0, branch.indexOf('</ul>')), /<li><a href="([^"]+)"/g)).toHaveLength(
      20,
    )
    expect(branch).toContain('· 1 matching')
    expect(branch).toContain(
      '<a class="toggle" href="/collections/s7000-s2?query=item#contents">See its contents',
    )
    expect(branch).toContain(
      '<a href="/collections/big?query=item&offset=6990&limit=20&open=s7000&open_offset=20#item-s7000">Next page</a>',
    )
    expect(main).toContain(
      '<a class="toggle" href="/collections/big?query=item&offset=6990&limit=20#item-s7000">Hide its contents',
    )
    // The page, the minimap's first child (where the collection's records begin), the branch.
    expect(children.map((call) => call.limit)).toEqual([21, 1, 21])
    const second = await read(`${path}&open_offset=20`)
    expect(hrefs(second.main, /<li><a href="(\/objects\/s7000[^"]+)"/g)).toHaveLength(10)
  })

  it('draws where the matches of a search within lie, each stretch linked to its first', async () => {
    const minimap = (await (
      await site.request('/api/collections/big/minimap?query=series')
    ).json()) as {
      hits: { index: number; uri: string }[]
      total: number
    }
    const first = (
      (await (await site.request('/api/collections/big/children?limit=1')).json()) as {
        results: { index: number }[]
      }
    ).results[0]!.index
    // The descendants: 12,000 children, the three series' 78 and the subseries' 3.
    const total = CHILDREN + 45 + 30 + 3 + 3
    expect(minimap.total).toBe(total)
    expect(minimap.hits.length).toBeGreaterThan(2)
    const { main } = await read('/collections/big?query=series')
    const strip = main.slice(main.indexOf('<ol class="minimap"'), main.indexOf('</ol>'))
    expect(strip.match(/<li>/g)).toHaveLength(40)
    expect(strip).toContain(
      `aria-label="Where the ${minimap.hits.length} matching lie among the collection’s 12,081 records, first to last"`,
    )
    // Each stretch of a 40th of the records that holds a match: its first match, its count.
    const parts = new Map<number, { uri: string; count: number }>()
    for (const hit of minimap.hits) {
      const at = Math.floor(((hit.index - first) * 40) / total)
      const part = parts.get(at)
      if (part) part.count++
      else parts.set(at, { uri: hit.uri, count: 1 })
    }
    const records = (at: number) =>
      `${(Math.floor((at * total) / 40) + 1).toLocaleString('en')} to ${Math.floor(((at + 1) * total) / 40).toLocaleString('en')}`
    const links = [...strip.matchAll(/<a href="([^"]+)"><span class="visually-hidden">([^<]+)</g)]
    expect(links.map(([, href, text]) => [href, text])).toEqual(
      [...parts].map(([at, { uri, count }]) => [
        uri,
        `Records ${records(at)}: ${count} matching, go to the first`,
      ]),
    )
    // The series near the top, in the middle and at the end are in three stretches.
    expect([...parts.keys()]).toEqual(expect.arrayContaining([0, 23, 39]))
    expect(calls.filter((call) => call.method === 'minimap')).toHaveLength(1)
  })

  it('ignores a branch that is not on the page', async () => {
    const { main, children } = await read('/collections/big?open=s7000')
    expect(main).not.toContain('class="contents branch"')
    expect(children).toHaveLength(1)
  })
})

const open = (javaScript: boolean) => browsing(browser, javaScript)

describe('the tree in Chromium', () => {
  it('takes a reader along the siblings and into a branch, without JavaScript', async () => {
    const context = await open(false)
    const page = await context.newPage()
    await page.goto(`${server.url}/objects/o${DEEP}`)
    const current = page.locator('[aria-current="page"]')
    expect(await current.textContent()).toBe(`Item ${DEEP}`)
    // The next sibling, then the next page of siblings, then back to where it is.
    await page.getByRole('link', { name: `Next: Item ${DEEP + 1} ›` }).click()
    await expect.poll(() => page.url()).toBe(`${server.url}/objects/o${DEEP + 1}`)
    expect(await current.textContent()).toBe(`Item ${DEEP + 1}`)
    const siblingPages = page.getByRole('navigation', { name: 'Pages of what sits beside it' })
    await siblingPages.getByRole('link', { name: 'Next page' }).click()
    await expect.poll(() => page.url()).toContain('siblings_offset=10020#place')
    expect(await current.count()).toBe(0)
    expect(await page.locator('ol.siblings li').first().textContent()).toContain('Item 10020')
    await page.getByRole('link', { name: 'Back to where it is' }).click()
    expect(await current.textContent()).toBe(`Item ${DEEP + 1}`)
    // Up to the parent, at the page of its contents that holds the deep series.
    await page.goto(`${server.url}/collections/big?offset=6990&limit=20`)
    await page.getByRole('link', { name: 'Show its contents (Series 7000)' }).click()
    await expect.poll(() => page.url()).toContain('open=s7000')
    const branch = page.getByRole('list', { name: 'Contents of Series 7000' })
    expect(await branch.locator(':scope > li').count()).toBe(20)
    await page
      .getByRole('navigation', { name: 'Pages of the contents of Series 7000' })
      .getByRole('link', { name: 'Next page' })
      .click()
    expect(await branch.locator(':scope > li').count()).toBe(10)
    expect(page.url()).toContain('offset=6990')
    await page.getByRole('link', { name: 'Hide its contents (Series 7000)' }).click()
    expect(await page.locator('ul.branch').count()).toBe(0)
    expect(page.url()).toContain('offset=6990')
    // Into the series: its own contents, and its place among the 12,000.
    await page.getByRole('link', { name: 'Series 7000', exact: true }).click()
    await expect.poll(() => page.url()).toBe(`${server.url}/collections/s7000`)
    expect(await current.textContent()).toBe('Series 7000')
    expect(await page.locator('ul.contents > li').count()).toBe(30)
    await context.close()
  })

  it.each([
    ['a component deep among its siblings', `/objects/o${DEEP}`],
    ['its siblings paged away', `/objects/o${DEEP}?siblings_offset=0`],
    ['a nested collection', '/collections/s7000'],
    [
      'a collection with a branch open',
      '/collections/big?offset=6990&limit=20&open=s7000&query=item',
    ],
  ])('finds no WCAG 2.1 AA violation on %s', async (_name, path) => {
    const context = await open(true)
    const page = await context.newPage()
    expect((await page.goto(`${server.url}${path}`))?.status()).toBe(200)
    expect(await violations(page)).toEqual([])
    await context.close()
  })
})
