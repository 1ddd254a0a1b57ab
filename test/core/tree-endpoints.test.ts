/**
 * Children, ancestors, minimap and details' `offset` against a brute-force reading of the tree
 * (test/helpers/brute-tree.ts), on the real corpus (messy parents: bare ids and paths) and on
 * the sample (deep trees, 200 collections).
 */
import { readFileSync } from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  Catalogue,
  type CatalogueDocument,
  type LinkedItem,
  loadCatalogue,
  NotFoundError,
} from '../../packages/core/src/index.js'
import { filterTests } from '../helpers/brute-force.js'
import { containsWord } from '../helpers/brute-text.js'
import { type BruteTree, bruteTree } from '../helpers/brute-tree.js'
import { corpusDocuments, RAC, SAMPLE } from '../helpers/corpus.js'

interface Fixture {
  name: string
  catalogue: Catalogue
  documents: CatalogueDocument[]
  tree: BruteTree
}

const fixtures: Fixture[] = []

beforeAll(async () => {
  const sample = readFileSync(SAMPLE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as CatalogueDocument)
  // The corpus folder is read in path order: agents, collections, objects, terms.
  const corpus = ['agent', 'collection', 'object', 'term'].flatMap(
    (type) => corpusDocuments(type) as unknown as CatalogueDocument[],
  )
  for (const [name, documents, catalogue] of [
    ['corpus', corpus, (await loadCatalogue(RAC)).catalogue],
    ['sample', sample, (await loadCatalogue(SAMPLE)).catalogue],
  ] as const) {
    fixtures.push({ name, catalogue, documents: [...documents], tree: bruteTree(documents) })
  }
})

const idOf = (uri: string) => uri.slice(uri.lastIndexOf('/') + 1)
const collectionsOf = (fixture: Fixture) =>
  fixture.documents.filter((document) => document.type === 'collection')

/** Every page of children, following `next` to the end. */
function allChildren(catalogue: Catalogue, id: string, params: Record<string, string>) {
  const pages = []
  let page = catalogue.children(id, { ...params, limit: '5' })
  pages.push(page)
  while (page.next) {
    const next = new URL(page.next)
    expect(next.pathname).toBe(`/collections/${id}/children`)
    page = catalogue.children(id, next.searchParams)
    pages.push(page)
  }
  return pages
}

/** Documents at or below `uri` matching a one-word query and the request's filters. */
function bruteHits(fixture: Fixture, uri: string, word: string, params: [string, string][]) {
  const tests = filterTests('collections', params)
  const below = new Set([uri, ...fixture.tree.descendantsOf(uri)])
  const matching = fixture.documents.filter(
    (document) =>
      below.has(document.uri) &&
      containsWord(document as never, word) &&
      tests.every((test) => test(document as never)),
  )
  return {
    hits: matching.length,
    online: matching.filter((document) => 'online' in document && document.online).length,
  }
}

describe('Catalogue', () => {
  describe('children', () => {
    it('lists every collection’s children in position order across pages (corpus and sample)', () => {
      for (const fixture of fixtures) {
        for (const collection of collectionsOf(fixture)) {
          const id = idOf(collection.uri)
          const pages = allChildren(fixture.catalogue, id, {})
          const uris = pages.flatMap((page) => page.results.map((item) => item.uri))
          expect(uris, `${fixture.name} ${id}`).toEqual(fixture.tree.childrenOf(collection.uri))
          for (const page of pages) expect(page.count).toBe(uris.length)
          expect(pages[0]!.previous).toBeNull()
          expect(pages.at(-1)!.next).toBeNull()
        }
      }
    })

    it('shows each child’s place, dates, description and the parent’s group', () => {
      const fixture = fixtures[1]!
      const collection = collectionsOf(fixture)[0]!
      const page = fixture.catalogue.children(idOf(collection.uri), { limit: 500 })
      for (const item of page.results) {
        const document = fixture.documents.find((d) => d.uri === item.uri)!
        expect(item).toMatchObject({
          title: document.title,
          type: document.type,
          hit_count: null,
          online_hit_count: null,
          group: { identifier: collection.group.identifier, title: collection.group.title },
          index: fixture.tree.indexOf(document.uri),
        })
        if ('dates' in document && document.dates) {
          expect(item.dates).toBe(document.dates.map((date) => date.expression).join(', '))
        }
      }
    })

    it('counts the matching documents at or below each child like the brute force', () => {
      for (const fixture of fixtures) {
        for (const [word, filters] of [
          ['malaria', []],
          ['photographs', [['online', 'false']]],
          ['rockefeller', [['start_date__gte', '1950']]],
          ['audio', []],
        ] as [string, [string, string][]][]) {
          for (const collection of collectionsOf(fixture).slice(0, 40)) {
            const params = Object.fromEntries([['query', word], ...filters])
            const page = fixture.catalogue.children(idOf(collection.uri), { ...params, limit: 500 })
            for (const item of page.results) {
              const expected = bruteHits(fixture, item.uri!, word, filters)
              expect(
                { hits: item.hit_count, online: item.online_hit_count },
                `${fixture.name} ${item.uri} ${word}`,
              ).toEqual(expected)
            }
          }
        }
      }
    })

    it('keeps the whole search state in next and previous links, as the recording does', () => {
      const fixture = fixtures[1]!
      const id = idOf(collectionsOf(fixture)[0]!.uri)
      const page = fixture.catalogue.children(
        id,
        new URLSearchParams('category=&limit=5&offset=5&query=banana'),
        { baseUrl: 'https://api.example.org' },
      )
      expect(page.next).toBe(
        `https://api.example.org/collections/${id}/children?category=&limit=5&offset=10&query=banana`,
      )
      expect(page.previous).toBe(
        `https://api.example.org/collections/${id}/children?category=&limit=5&query=banana`,
      )
    })

    it('ignores a sort and a type filter it does not use, and refuses a malformed limit', () => {
      const fixture = fixtures[1]!
      const id = idOf(collectionsOf(fixture)[0]!.uri)
      const plain = fixture.catalogue.children(id, {})
      expect(fixture.catalogue.children(id, new URLSearchParams('sort=nonsense&type=x'))).toEqual(
        plain,
      )
      expect(() => fixture.catalogue.children(id, { limit: 'abc' })).toThrow(/'limit'/)
    })

    it('is a NotFoundError for an unknown id or an object', () => {
      const fixture = fixtures[1]!
      const object = fixture.documents.find((document) => document.type === 'object')!
      expect(() => fixture.catalogue.children('nosuch', {})).toThrow(NotFoundError)
      expect(() => fixture.catalogue.children(idOf(object.uri), {})).toThrow(NotFoundError)
    })
  })

  describe('ancestors', () => {
    it('nests the chain root outermost for every collection and object', () => {
      for (const fixture of fixtures) {
        for (const document of fixture.documents) {
          if (document.type !== 'collection' && document.type !== 'object') continue
          const chain: string[] = []
          let node = fixture.catalogue.ancestors(document.type, idOf(document.uri)) as
            | (LinkedItem & { child?: unknown })
            | undefined
          while (node && 'uri' in node) {
            chain.push(node.uri!)
            expect(node.group).toBeNull()
            expect(node.index).toBeNull()
            node = node.child as typeof node
          }
          expect(chain, `${fixture.name} ${document.uri}`).toEqual(
            fixture.tree.ancestorsOf(document.uri),
          )
        }
      }
    })

    it('is {} for a top-level collection', () => {
      const fixture = fixtures[0]!
      expect(fixture.catalogue.ancestors('collection', 'Zivy3B6P5nBaZ24Kb8cWEq')).toEqual({})
    })

    it('counts hits at or below each ancestor when there is a query', () => {
      const fixture = fixtures[1]!
      const deep = fixture.documents.filter(
        (document) =>
          document.type === 'object' && fixture.tree.ancestorsOf(document.uri).length >= 3,
      )
      for (const document of deep.slice(0, 20)) {
        let node = fixture.catalogue.ancestors('object', idOf(document.uri), {
          query: 'malaria',
        }) as LinkedItem & { child?: unknown }
        while (node && 'uri' in node) {
          const expected = bruteHits(fixture, node.uri!, 'malaria', [])
          expect({ hits: node.hit_count, online: node.online_hit_count }).toEqual(expected)
          node = node.child as typeof node
        }
      }
    })

    it('is a NotFoundError for a collection asked for as an object', () => {
      const fixture = fixtures[0]!
      expect(() => fixture.catalogue.ancestors('object', 'Zivy3B6P5nBaZ24Kb8cWEq')).toThrow(
        NotFoundError,
      )
    })
  })

  describe('minimap', () => {
    it('counts every descendant and lists them in tree order without a query', () => {
      for (const fixture of fixtures) {
        for (const collection of collectionsOf(fixture)) {
          const minimap = fixture.catalogue.minimap(idOf(collection.uri))
          const descendants = fixture.tree.descendantsOf(collection.uri)
          expect(minimap.total).toBe(descendants.length)
          expect(minimap.hits.map((hit) => hit.uri)).toEqual(descendants)
          expect(minimap.hits.map((hit) => hit.index)).toEqual(
            descendants.map((uri) => fixture.tree.indexOf(uri)),
          )
        }
      }
    })

    it('lists the descendants matching the query and filters, like the brute force', () => {
      for (const fixture of fixtures) {
        for (const collection of collectionsOf(fixture).slice(0, 30)) {
          for (const [word, filters] of [
            ['malaria', []],
            ['photographs', [['genre', 'photographs']]],
          ] as [string, [string, string][]][]) {
            const minimap = fixture.catalogue.minimap(idOf(collection.uri), {
              query: word,
              ...Object.fromEntries(filters),
            })
            const tests = filterTests('collections', filters)
            const expected = fixture.tree
              .descendantsOf(collection.uri)
              .map((uri) => fixture.documents.find((document) => document.uri === uri)!)
              .filter(
                (document) =>
                  containsWord(document as never, word) &&
                  tests.every((test) => test(document as never)),
              )
            expect(minimap.hits).toEqual(
              expected.map((document) => ({
                index: fixture.tree.indexOf(document.uri),
                uri: document.uri,
                title: document.title,
                online: 'online' in document ? document.online : false,
              })),
            )
          }
        }
      }
    })
  })

  describe('detail offset', () => {
    it('is the index among the parent’s children, null at the top level', () => {
      for (const fixture of fixtures) {
        for (const document of fixture.documents) {
          if (document.type !== 'collection' && document.type !== 'object') continue
          const detail = fixture.catalogue.detail(document.type, idOf(document.uri))
          expect(detail.offset, document.uri).toBe(fixture.tree.offsetOf(document.uri))
        }
      }
    })
  })
})

describe('hierarchy at load time', () => {
  const collection = (id: string, parent: string | null, position = 0) => ({
    uri: `/collections/${id}`,
    type: 'collection',
    title: `Collection ${id}`,
    category: 'collection',
    dates: [
      {
        begin: '1900',
        end: '1910',
        expression: '1900-1910',
        label: 'creation',
        type: 'inclusive',
        source: 'archivesspace',
      },
    ],
    formats: ['documents'],
    position,
    online: false,
    group: { identifier: '/collections/a', title: 'Collection a' },
    external_identifiers: [
      { identifier: `/repositories/2/resources/${id}`, source: 'archivesspace' },
    ],
    parent,
    creators: [
      {
        external_identifiers: [{ identifier: '/agents/people/1', source: 'archivesspace' }],
        title: 'Someone',
        type: 'person',
      },
    ],
    extents: [{ value: '1', type: 'box' }],
    languages: [{ expression: 'English', identifier: 'eng' }],
  })

  it('takes a parent as a bare id or a path, and orders siblings by position', () => {
    const catalogue = Catalogue.fromDocuments([
      collection('a', null),
      collection('c', '/collections/a', 2),
      collection('b', 'a', 1),
      collection('d', '/collections/b/', 0),
    ] as never)
    expect(catalogue.children('a').results.map((item) => item.uri)).toEqual([
      '/collections/b',
      '/collections/c',
    ])
    expect(catalogue.minimap('a').hits.map((hit) => [hit.uri, hit.index])).toEqual([
      ['/collections/b', 1],
      ['/collections/d', 2],
      ['/collections/c', 3],
    ])
  })

  it('keeps a document whose parent is missing or forms a cycle, as a top-level one', () => {
    const catalogue = Catalogue.fromDocuments([
      collection('a', 'nowhere'),
      collection('b', 'c'),
      collection('c', 'b'),
      collection('d', 'd'),
    ] as never)
    for (const id of ['a', 'b', 'd']) {
      expect(catalogue.ancestors('collection', id)).toEqual({})
      expect(catalogue.collection(id).offset).toBeNull()
    }
    expect(catalogue.children('b').results.map((item) => item.uri)).toEqual(['/collections/c'])
  })
})
