/**
 * The sitemaps over OpenSearch: the index and every file byte for byte the in-memory site's
 * (their `lastmod` aside: each backend stamps its own load or push), on the corpus and the
 * sample, split into several files; the listing by place gives what the in-memory engine gives
 * for any range, on two shards.
 */
import { createSite } from '@archive-catalogue/site'
import { describe, expect, it } from 'vitest'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { bothBackends, openSearchNode } from '../helpers/opensearch.js'

const node = openSearchNode('the sitemaps over OpenSearch')
const HOST = { headers: { host: 'archive.test' } }
const undated = (xml: string) => xml.replace(/<lastmod>[^<]*<\/lastmod>/g, '')

describe.skipIf(node.skip)('the sitemaps over OpenSearch', () => {
  for (const [name, path, size] of [
    ['the corpus', RAC, 50],
    ['the sample', SAMPLE, 700],
  ] as const) {
    describe(`on ${name}`, () => {
      const both = bothBackends(
        node,
        `sitemaps-${name.replace(/\W/g, '').toLowerCase()}`,
        () => path,
        {
          shards: 2,
        },
      )

      it('writes the sitemap index and files as the in-memory site does', async () => {
        const inMemory = createSite(both.catalogue, { name: 'X', sitemapSize: size })
        const onNode = createSite(both.backend, { name: 'X', sitemapSize: size })
        const index = await (await onNode.request('/sitemap.xml', HOST)).text()
        expect(index).toBe(await (await inMemory.request('/sitemap.xml', HOST)).text())
        const files = [...index.matchAll(/<loc>http:\/\/archive\.test([^<]*)<\/loc>/g)]
        expect(files.length).toBeGreaterThan(2)
        for (const [, file] of files) {
          const [mine, theirs] = await Promise.all([
            inMemory.request(file!, HOST),
            onNode.request(file!, HOST),
          ])
          expect(theirs.status, file).toBe(200)
          const xml = await theirs.text()
          expect(xml).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ<\/lastmod>/)
          expect(undated(xml), file).toBe(undated(await mine.text()))
        }
        expect((await onNode.request(`/sitemaps/${files.length}.xml`, HOST)).status).toBe(404)
      })

      it('lists any range of places as the in-memory engine does', async () => {
        const size = both.catalogue.listingSize()
        expect(await both.backend.listingSize()).toBe(size)
        for (const [start, end] of [
          [0, 10],
          [size - 7, size + 5],
          [Math.floor(size / 3), Math.floor(size / 3) + 100],
        ] as const) {
          const strip = (listed: { uri: string; type: string }[]) =>
            listed.map(({ uri, type }) => ({ uri, type }))
          expect(strip(await both.backend.listing({ start, end }))).toEqual(
            strip(both.catalogue.listing({ start, end })),
          )
        }
      })
    })
  }
})
