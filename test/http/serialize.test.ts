/**
 * The compiled serializers against `JSON.stringify` of the core's objects: the same value (no
 * field silently dropped or coerced) and, since both follow the objects' key order, the same
 * bytes.
 */
import {
  Catalogue,
  type CatalogueDocument,
  type CollectionDetail,
  loadCatalogue,
  type SearchResult,
  validateDocument,
} from '@archive-catalogue/core'
import { type App, createApp } from '@archive-catalogue/http'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { serialize } from '../../packages/http/src/serialize.js'
import { SAMPLE } from '../helpers/corpus.js'
import { corpusCatalogue, corpusDocument } from '../helpers/http-server.js'

const BASE = 'http://localhost'
const COLLECTIONS = [
  'Zivy3B6P5nBaZ24Kb8cWEq',
  'gfvm2HihpLwCTnKgpDtdhR',
  'gxzsDBLTNpDADsvwrBS8ad',
  'kqx4Z5uJzTUF2RhdKbF8bB',
  'ntnzqFH9UU4BDwiYxgjaUN',
]

/** Asserts the app's body is the core's object, as JSON.stringify writes it. */
async function expectSameAsCore(app: App, path: string, value: unknown) {
  const response = await app.request(path)
  expect(response.status).toBe(200)
  const text = await response.text()
  const reference = JSON.stringify(value)
  expect(JSON.parse(text)).toEqual(JSON.parse(reference))
  expect(text).toBe(reference)
}

describe('serialize', () => {
  let catalogue: Catalogue
  let app: App
  beforeAll(async () => {
    catalogue = await corpusCatalogue()
    app = createApp(catalogue)
  })

  describe('searchPage', () => {
    it.each([
      '',
      'limit=5&offset=3',
      'query=rockefeller',
      'query=rockefeller&limit=2&offset=2&category=',
      'query="nelson rockefeller" | audio&sort=-start_date',
      'type=object&sort=creator,title',
      'genre=audio&online=false&start_date__gte=1900',
    ])('writes what the core answers for /search?%s', async (query) => {
      const params = new URLSearchParams(query)
      await expectSameAsCore(app, `/search?${query}`, catalogue.search(params, { baseUrl: BASE }))
    })
  })

  describe('facets', () => {
    it.each(['', 'query=rockefeller', 'genre=photographs', 'query=zzzzzz'])(
      'writes what the core answers for /facets?%s',
      async (query) => {
        await expectSameAsCore(
          app,
          `/facets?${query}`,
          catalogue.facets(new URLSearchParams(query)),
        )
      },
    )
  })

  describe('collectionsPage', () => {
    it.each(['', 'limit=2&offset=1', 'query=papers', 'sort=-end_date,title'])(
      'writes what the core answers for /collections?%s',
      async (query) => {
        const params = new URLSearchParams(query)
        const value = catalogue.collections(params, { baseUrl: BASE })
        await expectSameAsCore(app, `/collections?${query}`, value)
      },
    )
  })

  describe('collectionDetail', () => {
    it.each(COLLECTIONS)('writes what the core answers for /collections/%s', async (id) => {
      await expectSameAsCore(app, `/collections/${id}`, catalogue.collection(id))
    })

    it('keeps free-form parts whole when a collection has rights and list items', async () => {
      const document = (await corpusDocument('collection', COLLECTIONS[0]!)) as Record<
        string,
        unknown
      >
      const notes = document.notes as { subnotes: Record<string, unknown>[] }[]
      notes[0]!.subnotes[0]!.items = [{ label: 'Box 1', value: 'Letters' }, null, { n: [1, true] }]
      document.rights = [
        {
          rights_basis: 'copyright',
          determination_date: '2001-01-01',
          rights_granted: [
            { act: 'publish', grant_restriction: 'disallow', granted_note: 'Ask first.' },
          ],
          copyright_status: 'copyrighted',
          jurisdiction: 'us',
          start_date: null,
        },
      ]
      document.title = 'Quotes " back\\slash \u2028 \ud800 </script> é 日本'
      expect(validateDocument(document)).toEqual([])
      const built = Catalogue.fromDocuments([document as unknown as CatalogueDocument])
      const detail = built.collection(COLLECTIONS[0]!)
      expect(detail.rights_statements).toHaveLength(1)
      expect(detail.notes![0]!.subnotes[0]!.items).toHaveLength(3)
      await expectSameAsCore(createApp(built), `/collections/${COLLECTIONS[0]}`, detail)
    })
  })

  describe('the other shapes', () => {
    let sample: Catalogue
    let sampleApp: App
    beforeAll(async () => {
      sample = (await loadCatalogue(SAMPLE)).catalogue
      sampleApp = createApp(sample, { baseUrl: BASE })
    })
    const ROOT = 'xVJyUuJNfsVyjdZikFSn6G'
    const DEEP = '23bc2XbrwotcVFaZX2s7ib'

    it('writes every detail, child page, chain, minimap, suggestion and citation as the core', async () => {
      for (let index = 0; index < sample.size; index += 7) {
        const { type, uri } = sample.document(index)
        const id = uri.slice(uri.lastIndexOf('/') + 1)
        await expectSameAsCore(sampleApp, uri, sample.detail(type, id))
        await expectSameAsCore(
          sampleApp,
          `${uri}/citation`,
          sample.citation(type, id, { baseUrl: BASE }),
        )
      }
      for (const query of ['', 'query=malaria', 'query=photographs&genre=photographs&limit=3']) {
        const params = new URLSearchParams(query)
        for (const path of [`/collections/${ROOT}`, `/collections/${DEEP}`]) {
          await expectSameAsCore(
            sampleApp,
            `${path}/children?${query}`,
            sample.children(path.slice(13), params, { baseUrl: BASE }),
          )
          await expectSameAsCore(
            sampleApp,
            `${path}/minimap?${query}`,
            sample.minimap(path.slice(13), params),
          )
          await expectSameAsCore(
            sampleApp,
            `${path}/ancestors?${query}`,
            sample.ancestors('collection', path.slice(13), params),
          )
        }
      }
      for (const list of ['objects', 'agents', 'terms'] as const) {
        await expectSameAsCore(
          sampleApp,
          `/${list}?limit=3`,
          sample[list]({ limit: 3 }, { baseUrl: BASE }),
        )
      }
      await expectSameAsCore(
        sampleApp,
        '/search/suggest?title_suggest=malria%20photogrphs%20the',
        sample.suggest('malria photogrphs the'),
      )
    })

    it('writes a saved list as the core does', async () => {
      const uris = [`/collections/${DEEP}`, '/objects/kk2ukZzXhbJtq35nNEgmJJ', '/objects/nope']
      const response = await sampleApp.request('/mylist', {
        method: 'POST',
        body: JSON.stringify({ list: uris }),
      })
      expect(await response.text()).toBe(JSON.stringify(sample.myList(uris)))
    })
  })

  describe('root, error and metadata', () => {
    it('writes the root, errors and OPTIONS metadata as JSON.stringify does', async () => {
      const root = await app.request('/')
      expect(await root.text()).toBe(
        JSON.stringify({
          agents: `${BASE}/agents`,
          collections: `${BASE}/collections`,
          facets: `${BASE}/facets`,
          health: `${BASE}/health`,
          mylist: `${BASE}/mylist`,
          objects: `${BASE}/objects`,
          openapi: `${BASE}/openapi.json`,
          search: `${BASE}/search`,
          terms: `${BASE}/terms`,
        }),
      )
      const error = { detail: "Invalid value '\"' for parameter 'limit': must be …" }
      expect(serialize.error(error)).toBe(JSON.stringify(error))
      for (const path of ['/search', '/collections', '/collections/x', '/', '/mylist']) {
        const text = await (await app.request(path, { method: 'OPTIONS' })).text()
        expect(serialize.metadata(JSON.parse(text))).toBe(text)
        expect(text).toBe(JSON.stringify(JSON.parse(text)))
      }
    })
  })

  describe('property', () => {
    const text = fc
      .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 })
      .map((codes) => String.fromCharCode(...codes))
    const nullable = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null })
    const count = fc.integer({ min: 0, max: 2 ** 31 })
    const result: fc.Arbitrary<SearchResult> = fc.record({
      category: nullable(text),
      dates: fc.array(
        fc.record({
          end: nullable(text),
          type: text,
          begin: nullable(text),
          label: text,
          source: text,
          expression: text,
        }),
        { maxLength: 2 },
      ),
      hit_count: nullable(count),
      online_hit_count: nullable(count),
      title: text,
      uri: text,
      creators: fc.array(text, { maxLength: 3 }),
    })

    it('writes any search page as JSON.stringify does, whatever its strings hold', () => {
      fc.assert(
        fc.property(
          fc.record({
            count,
            next: nullable(text),
            previous: nullable(text),
            results: fc.array(result, { maxLength: 3 }),
          }),
          (page) => serialize.searchPage(page) === JSON.stringify(page),
        ),
        { numRuns: 300 },
      )
    })

    it('writes any linked item as JSON.stringify does when it sits in a detail', () => {
      const linked = fc.record({
        title: nullable(text),
        type: nullable(text),
        online: fc.boolean(),
        hit_count: nullable(count),
        online_hit_count: nullable(count),
        uri: nullable(text),
        dates: nullable(text),
        description: nullable(text),
        group: nullable(fc.record({ identifier: text, title: text })),
        index: nullable(count),
      })
      fc.assert(
        fc.property(fc.array(linked, { maxLength: 3 }), (agents) => {
          const detail = { ...catalogue.collection(COLLECTIONS[1]!), agents } as CollectionDetail
          return serialize.collectionDetail(detail) === JSON.stringify(detail)
        }),
        { numRuns: 100 },
      )
    })
  })
})
