/**
 * The site for search engines, checked as they read it: each page's schema.org JSON-LD expanded
 * by a JSON-LD processor (`jsonld`, offline) naming the types schema.org has for it, its
 * addresses absolute; the sitemaps valid against sitemaps.org's schemas and listing every page
 * once, split into files of `sitemapSize` with each file read from its own places only;
 * robots.txt; canonical links, titles and descriptions; and, in Chromium under the site's CSP,
 * the data blocks read without a policy error, hostile titles included.
 */
import { Catalogue, type CatalogueDocument, loadCatalogue } from '@archive-catalogue/core'
import { createSite, type SiteOptions } from '@archive-catalogue/site'
import { describe, expect, it } from 'vitest'
import { SAMPLE } from '../helpers/corpus.js'
import { sampleText, termDocument } from '../helpers/documents.js'
import { corpusCatalogue } from '../helpers/http-server.js'
import { expanded, linkedDataOf, typesIn } from '../helpers/linked-data.js'
import { servedSite } from '../helpers/site-server.js'
import { schemaErrors } from '../helpers/xml-schemas.js'

const HOST = { headers: { host: 'archive.test' } }
const SITE = 'http://archive.test'
const S = (type: string) => `http://schema.org/${type}`

/** A page of the site as a search engine fetches it (Host `archive.test`). */
async function text(site: ReturnType<typeof createSite>, path: string): Promise<string> {
  const response = await site.request(path, HOST)
  expect(response.status, path).toBe(200)
  return response.text()
}

/** The one JSON-LD object of a page. */
async function dataOf(site: ReturnType<typeof createSite>, path: string) {
  const found = linkedDataOf(await text(site, path))
  expect(found, path).toHaveLength(1)
  return found[0]!
}

/** Every `<loc>` of an XML text, in order. */
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!)

/** The sitemap index and every file it lists: each validated, and the URLs of all in order. */
async function sitemapUrls(site: ReturnType<typeof createSite>) {
  const index = await text(site, '/sitemap.xml')
  expect(await schemaErrors(index, 'siteindex')).toEqual([])
  const files = locs(index)
  const urls: string[][] = []
  for (const file of files) {
    expect(file.startsWith(`${SITE}/sitemaps/`)).toBe(true)
    const xml = await text(site, file.slice(SITE.length))
    expect(await schemaErrors(xml, 'sitemap'), file).toEqual([])
    urls.push(locs(xml))
  }
  return { files, urls }
}

/** Every page a sitemap must list: home, then each document's, in catalogue order. */
function everyPage(catalogue: Catalogue): string[] {
  const pages = [`${SITE}/`]
  for (let start = 0; start < catalogue.listingSize(); start += 10_000) {
    const listed = catalogue.listing({ start, end: start + 10_000 })
    pages.push(...listed.map((document) => `${SITE}${document.uri}`))
  }
  return pages
}

describe('the site for search engines', async () => {
  const corpus = await corpusCatalogue()
  const site = createSite(corpus, { name: 'Test Archive' })

  describe('schema.org JSON-LD', () => {
    it.each([
      ['the home page', '/', ['ArchiveOrganization', 'WebSite', 'SearchAction']],
      [
        'a collection',
        '/collections/Zivy3B6P5nBaZ24Kb8cWEq',
        ['ArchiveComponent', 'DefinedTerm', 'Person', 'ArchiveOrganization'],
      ],
      [
        'a nested object',
        '/objects/FM8Xe2Aghf8RKX4dLHfR3c',
        ['ArchiveComponent', 'ArchiveOrganization'],
      ],
      ['a person', '/agents/4HyzLLjm5KXGNaM2iKttoG', ['Person']],
      ['an organization', '/agents/2K5b2rqYzaL9HFK42W8iMG', ['Organization']],
      ['a term', '/terms/2sikrnarrmY8ijRDvkShqg', ['DefinedTerm']],
      ['a list', '/collections?sort=title', ['CollectionPage', 'WebSite']],
      ['a search', '/search?query=rockefeller', ['SearchResultsPage']],
    ] as const)('expands on %s and names its types', async (_name, path, types) => {
      const data = await dataOf(site, path)
      const names = typesIn(await expanded(data))
      for (const type of types) expect(names, `${path}: ${type}`).toContain(S(type))
    })

    it('describes a component: name, description, dates, the collections above, archive, subjects, creators', async () => {
      const path = '/objects/FM8Xe2Aghf8RKX4dLHfR3c'
      const data = await dataOf(site, path)
      const api = (await (await site.request(`/api${path}`)).json()) as { title: string }
      expect(data).toMatchObject({
        '@type': 'ArchiveComponent',
        '@id': `${SITE}${path}`,
        url: `${SITE}${path}`,
        name: api.title,
        dateCreated: '1965/1966',
        holdingArchive: { '@type': 'ArchiveOrganization', name: 'Test Archive', url: `${SITE}/` },
      })
      // Its ancestors, nearest first, each part of the one above: their pages.
      const chain: string[] = []
      for (let at = data.isPartOf as Record<string, unknown> | undefined; at; ) {
        expect(at['@type']).toBe('ArchiveComponent')
        chain.push(at['@id'] as string)
        at = at.isPartOf as Record<string, unknown> | undefined
      }
      expect(chain).toEqual([
        `${SITE}/collections/kqx4Z5uJzTUF2RhdKbF8bB`,
        `${SITE}/collections/gfvm2HihpLwCTnKgpDtdhR`,
        `${SITE}/collections/Zivy3B6P5nBaZ24Kb8cWEq`,
      ])

      const top = await dataOf(site, '/collections/Zivy3B6P5nBaZ24Kb8cWEq')
      const detail = corpus.collection('Zivy3B6P5nBaZ24Kb8cWEq')
      expect(top.description).toMatch(/^This series contains the office files of George L\. Hinman/)
      expect(top.dateCreated).toBe('1959/1970')
      expect(top.isPartOf).toBeUndefined()
      expect(top.creator).toEqual(
        detail.creators!.map((creator) => ({
          '@type': 'Person',
          '@id': `${SITE}${creator.uri}`,
          name: creator.title,
        })),
      )
      expect(top.about).toEqual(
        detail.terms!.map((term) => ({
          '@type': 'DefinedTerm',
          '@id': `${SITE}${term.uri}`,
          name: term.title,
        })),
      )
    })

    it('offers the site search to search engines from the home page', async () => {
      const data = await dataOf(site, '/')
      const graph = data['@graph'] as Record<string, unknown>[]
      const website = graph.find((node) => node['@type'] === 'WebSite')!
      expect(website.potentialAction).toEqual({
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${SITE}/search?query={search_term_string}` },
        'query-input': 'required name=search_term_string',
      })
      expect(graph[0]).toMatchObject({ '@type': 'ArchiveOrganization', url: `${SITE}/` })
    })

    it('writes its addresses from --base-url when set, else from the request', async () => {
      const based = createSite(corpus, {
        name: 'Test Archive',
        api: { baseUrl: 'https://archive.example.org/api' },
      })
      const data = await dataOf(based, '/objects/FM8Xe2Aghf8RKX4dLHfR3c')
      expect(data['@id']).toBe('https://archive.example.org/objects/FM8Xe2Aghf8RKX4dLHfR3c')
      const page = await text(based, '/objects/FM8Xe2Aghf8RKX4dLHfR3c')
      expect(page).toContain(
        '<link rel="canonical" href="https://archive.example.org/objects/FM8Xe2Aghf8RKX4dLHfR3c">',
      )
      expect(await text(based, '/robots.txt')).toContain(
        'Sitemap: https://archive.example.org/sitemap.xml',
      )
    })
  })

  describe('sitemaps', () => {
    it.each([
      ['the corpus', () => Promise.resolve(corpus)],
      ['the sample', async () => (await loadCatalogue(SAMPLE)).catalogue],
    ])('list every page of %s once, valid, in one file', async (_name, load) => {
      const catalogue = await load()
      const { files, urls } = await sitemapUrls(createSite(catalogue, { name: 'X' }))
      expect(files).toEqual([`${SITE}/sitemaps/0.xml`])
      expect(urls.flat()).toEqual(everyPage(catalogue))
      expect(new Set(urls.flat()).size).toBe(urls.flat().length)
    })

    it('splits into files of sitemapSize URLs, each page once, in order', async () => {
      const { files, urls } = await sitemapUrls(createSite(corpus, { name: 'X', sitemapSize: 50 }))
      const pages = everyPage(corpus)
      expect(pages).toHaveLength(193)
      expect(files).toEqual([0, 1, 2, 3].map((n) => `${SITE}/sitemaps/${n}.xml`))
      expect(urls.map((file) => file.length)).toEqual([50, 50, 50, 43])
      expect(urls.flat()).toEqual(pages)
    })

    it('lists the about page when the archive has one', async () => {
      const about = createSite(corpus, { name: 'X', about: { markdown: '# About' } })
      const { urls } = await sitemapUrls(about)
      expect(urls.flat().slice(0, 2)).toEqual([`${SITE}/`, `${SITE}/about`])
      expect(urls.flat().slice(2)).toEqual(everyPage(corpus).slice(1))
    })

    it('reads a file from its own places only, a bounded range at a time', async () => {
      const sample = (await loadCatalogue(SAMPLE)).catalogue
      const ranges: { start: number; end: number }[] = []
      const watched = new Proxy(sample, {
        get(target, key, receiver) {
          if (key === 'listing') {
            return (range: { start: number; end: number }) => {
              ranges.push(range)
              return target.listing(range)
            }
          }
          const value = Reflect.get(target, key, receiver)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
      const split = createSite(watched, { name: 'X', sitemapSize: 700 })
      const last = await text(split, '/sitemaps/2.xml')
      // 2,001 URLs (home and 2,000 documents): the third file holds places 1,399 to 1,999.
      expect(locs(last)).toHaveLength(601)
      expect(ranges).toEqual([{ start: 1399, end: 2000 }])
      ranges.length = 0
      await text(split, '/sitemaps/0.xml')
      expect(ranges).toEqual([{ start: 0, end: 699 }])
    })

    it('writes a large file a range of 5,000 places at a time, its head before the first', async () => {
      const terms = Array.from({ length: 12_000 }, (_, i) => termDocument(`t${i}`))
      const catalogue = Catalogue.fromDocuments(terms)
      const ranges: string[] = []
      const watched = new Proxy(catalogue, {
        get(target, key, receiver) {
          if (key === 'listing') {
            return (range: { start: number; end: number }) => {
              ranges.push(`${range.start}-${range.end}`)
              return target.listing(range)
            }
          }
          const value = Reflect.get(target, key, receiver)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
      const response = await createSite(watched, { name: 'X' }).request('/sitemaps/0.xml', HOST)
      const reader = response.body!.getReader()
      const first = new TextDecoder().decode((await reader.read()).value)
      expect(first).toContain('<urlset')
      expect(ranges).toEqual([])
      let rest = ''
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        rest += new TextDecoder().decode(next.value)
      }
      expect(ranges).toEqual(['0-5000', '5000-10000', '10000-12000'])
      const xml = first + rest
      expect(locs(xml)).toHaveLength(12_001)
      expect(await schemaErrors(xml, 'sitemap')).toEqual([])
    })

    it('answers 404 for a file past the last, and refuses a sitemapSize out of bounds', async () => {
      expect((await site.request('/sitemaps/1.xml', HOST)).status).toBe(404)
      expect((await site.request('/sitemaps/01.xml', HOST)).status).toBe(404)
      const head = await site.request('/sitemaps/0.xml', { ...HOST, method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-type')).toBe('application/xml; charset=utf-8')
      expect(await head.text()).toBe('')
      for (const sitemapSize of [0, 50_001, 1.5]) {
        expect(() => createSite(corpus, { sitemapSize } as SiteOptions)).toThrow(/sitemapSize/)
      }
    })
  })

  it('serves robots.txt: pages allowed, the API and My list not, the sitemap named', async () => {
    const response = await site.request('/robots.txt', HOST)
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await response.text()).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Allow: /api/oai',
        'Disallow: /mylist',
        '',
        `Sitemap: ${SITE}/sitemap.xml`,
        '',
      ].join('\n'),
    )
  })

  describe('canonical links, titles and descriptions', () => {
    const canonical = async (path: string) =>
      /<link rel="canonical" href="([^"]*)">/
        .exec(await text(site, path))?.[1]
        ?.replaceAll('&#38;', '&')
        .replaceAll('&#61;', '=')

    it.each([
      [
        '/collections/gfvm2HihpLwCTnKgpDtdhR?query=reich&open=kqx4Z5uJzTUF2RhdKbF8bB',
        '/collections/gfvm2HihpLwCTnKgpDtdhR',
      ],
      ['/objects/FM8Xe2Aghf8RKX4dLHfR3c?siblings_offset=0', '/objects/FM8Xe2Aghf8RKX4dLHfR3c'],
      ['/agents/4HyzLLjm5KXGNaM2iKttoG?utm_source=mail', '/agents/4HyzLLjm5KXGNaM2iKttoG'],
      ['/', '/'],
      ['/collections?sort=title&offset=0&limit=50&utm_source=mail', '/collections?sort=title'],
      ['/terms?offset=20&sort=title', '/terms?offset=20&sort=title'],
      [
        '/search?type=collection&query=rockefeller&utm_campaign=x&end_date__gte=1950&online=',
        '/search?end_date__gte=1950&query=rockefeller&type=collection',
      ],
    ])('gives %s the canonical %s', async (path, expected) => {
      expect(await canonical(path)).toBe(`${SITE}${expected}`)
    })

    it('titles a component with its dates and top-level collection, and describes one without a description by where it sits', async () => {
      const page = await text(site, '/objects/FM8Xe2Aghf8RKX4dLHfR3c')
      expect(page).toContain(
        '<title>Congressional Quarterly Bound Volumes, 1965-1966 · Nelson A. Rockefeller personal papers, Politics - George L. Hinman, Series J.2 · Test Archive</title>',
      )
      const description = /<meta name="description" content="([^"]*)">/.exec(page)?.[1]
      expect(description).toMatch(
        /^Item · 1965-1966 · Part of: Nelson A\. Rockefeller personal papers/,
      )
      expect(description).toContain('› Cary Reich papers › Original Audio Tapes')
    })

    it('keeps My list and error pages out of the index', async () => {
      expect(await text(site, '/mylist')).toContain('<meta name="robots" content="noindex">')
      const missing = await (await site.request('/collections/nope', HOST)).text()
      expect(missing).toContain('<meta name="robots" content="noindex">')
      expect(await text(site, '/collections/Zivy3B6P5nBaZ24Kb8cWEq')).not.toContain('noindex')
    })
  })
})

/** Titles no page may let end its data block, or run. */
const HOSTILE = 'Papers </script><script>alert(1)</script> <!-- \u2028 \u2029 & "quotes"'

describe('the JSON-LD in Chromium under the site’s CSP', () => {
  const documents = sampleText()
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as CatalogueDocument & Record<string, unknown>)
  const object = documents.find((document) => document.type === 'object' && document.parent)!
  object.title = HOSTILE
  const served = servedSite(() => Catalogue.fromDocuments(documents))

  it.each(['/', object.uri, '/collections?sort=title'])(
    'reads the data block of %s with no policy error, no script run',
    async (path) => {
      // No bypassCSP: the site's own policy, as a reader's browser has it.
      const context = await served.browser.newContext()
      const page = await context.newPage()
      const errors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text())
      })
      page.on('pageerror', (error) => errors.push(error.message))
      let dialogs = 0
      page.on('dialog', (dialog) => {
        dialogs++
        void dialog.dismiss()
      })
      await page.goto(`${served.url}${path}`)
      const blocks = await page
        .locator('script[type="application/ld+json"]')
        .evaluateAll((scripts) => scripts.map((script) => script.textContent ?? ''))
      expect(blocks).toHaveLength(1)
      const data = JSON.parse(blocks[0]!) as Record<string, unknown>
      if (path === object.uri) expect(data.name).toBe(HOSTILE)
      expect(errors).toEqual([])
      expect(dialogs).toBe(0)
      await context.close()
    },
  )
})
