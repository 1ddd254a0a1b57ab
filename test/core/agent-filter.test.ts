/**
 * The `agent` filter in memory: read once by the shared parser, with the text lookups, where
 * `creator` is read; what it finds is what a brute force over the plain documents finds (the
 * people, organizations and families a collection or an object names, and a collection's
 * creators; never an agent's related agents), on `/collections`, `/objects`, `/search` and
 * `/facets`; the answers without it the reference's, byte for byte; a snapshot keeps it. On the
 * corpus, the sample and a catalogue of odd names.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '@archive-catalogue/http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BadParameterError,
  Catalogue,
  loadCatalogue,
  parseRequest,
  saveSnapshot,
} from '../../packages/core/src/index.js'
import {
  bruteFacets,
  bruteList,
  bruteSearch,
  fieldValues,
  type PlainDocument,
} from '../helpers/brute-force.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { documentsFixture, pathFixture } from '../helpers/levels.js'
import {
  AGENT_REQUESTS,
  CORPUS_AGENT_REQUESTS,
  oddAgentDocuments,
} from '../helpers/named-agents.js'

const params = (query: string) => new URLSearchParams(query)
const pairs = (query: string) => [...params(query)]

const FIXTURES = [
  pathFixture('the corpus', RAC),
  pathFixture('the sample', SAMPLE),
  documentsFixture('a catalogue of odd names', oddAgentDocuments),
]

describe('the agent filter', () => {
  describe('parseRequest', () => {
    it('reads agent as a choice filter with the text lookups wherever creator is read', () => {
      for (const endpoint of ['search', 'facets', 'collections', 'objects', 'children'] as const) {
        expect(parseRequest(endpoint, params('agent=Reich%2C+Cary')).filters).toEqual([
          { field: 'agent', lookup: 'exact', values: ['Reich, Cary'] },
        ])
        expect(parseRequest(endpoint, params('agent=a&genre=audio&agent=b')).filters).toEqual([
          { field: 'agent', lookup: 'in', values: ['a', 'b'] },
          { field: 'genre', lookup: 'exact', values: ['audio'] },
        ])
        for (const lookup of ['in', 'exclude'] as const) {
          expect(parseRequest(endpoint, params(`agent__${lookup}=a__b`)).filters).toEqual([
            { field: 'agent', lookup, values: ['a', 'b'] },
          ])
        }
        for (const lookup of ['prefix', 'wildcard'] as const) {
          expect(parseRequest(endpoint, params(`agent__${lookup}=Ro*`)).filters).toEqual([
            { field: 'agent', lookup, values: ['Ro*'] },
          ])
        }
        // An empty value is no filter, as for every filter.
        expect(parseRequest(endpoint, params('agent=')).filters).toEqual([])
      }
    })

    it('refuses a lookup it does not support and an over-long pattern, naming the parameter', () => {
      expect(() => parseRequest('objects', params('agent__gte=Reich'))).toThrow(BadParameterError)
      expect(() => parseRequest('objects', params('agent__gte=Reich'))).toThrow(
        "Invalid value 'Reich' for parameter 'agent__gte': 'agent' does not support the lookup 'gte'; supported: in, exclude, prefix, wildcard",
      )
      expect(() => parseRequest('search', params(`agent__wildcard=${'*a'.repeat(11)}`))).toThrow(
        /parameter 'agent__wildcard'/,
      )
    })

    it('is unknown, so ignored, on the lists of agents and terms', () => {
      for (const endpoint of ['agents', 'terms'] as const) {
        expect(parseRequest(endpoint, params('agent=x&agent__gte=y')).filters).toEqual([])
      }
    })
  })

  for (const fixture of FIXTURES) {
    describe(`on ${fixture.name}`, () => {
      let catalogue: Catalogue
      let documents: PlainDocument[]

      beforeAll(async () => {
        ;[catalogue, documents] = await fixture.load()
      }, 60_000)

      const requests = [...AGENT_REQUESTS, ...CORPUS_AGENT_REQUESTS]

      it('lists the collections and objects that name the agent, as a brute force does', () => {
        let found = 0
        for (const query of requests) {
          for (const list of ['collections', 'objects'] as const) {
            const answer = catalogue[list](params(`${query}&limit=500`))
            const expected = bruteList(documents, list, pairs(query))
            expect(
              answer.results.map((item) => item.uri),
              `${list}?${query}`,
            ).toEqual(expected.slice(0, 500))
            expect(answer.count).toBe(expected.length)
            found += expected.length
          }
        }
        expect(found).toBeGreaterThan(0)
      })

      it('groups and counts on /search and /facets as a brute force does', () => {
        for (const query of requests) {
          const search = catalogue.search(params(`${query}&limit=500`))
          expect(
            search.results.map((result) => result.uri),
            query,
          ).toEqual(
            bruteSearch(documents, pairs(query), 'first-match')
              .map((result) => result.uri)
              .slice(0, 500),
          )
          expect(catalogue.facets(params(query)), query).toEqual(
            bruteFacets(documents, pairs(query)),
          )
        }
      })

      it("never finds an agent or a term, and finds every record naming an agent's name", () => {
        const named = new Map<string, number>()
        for (const document of documents) {
          for (const name of fieldValues(document, 'agent')) {
            named.set(name as string, (named.get(name as string) ?? 0) + 1)
          }
        }
        expect(named.size).toBeGreaterThan(0)
        for (const [name, count] of [...named].slice(0, 40)) {
          const query = `agent=${encodeURIComponent(name)}&limit=1`
          const listed =
            catalogue.collections(params(query)).count + catalogue.objects(params(query)).count
          expect(listed, name).toBe(count)
          const types = catalogue.facets(params(`${query}&type_facet=true`)).type!
          expect(types.map((bucket) => bucket.key).sort(), name).not.toContain('agent')
        }
      })

      it('leaves the answers without it as they were, byte for byte', async () => {
        const app = createApp(catalogue, { baseUrl: 'http://catalogue.example' })
        const text = async (path: string) => {
          const response = await app.request(path)
          expect(response.status, path).toBe(200)
          return response.text()
        }
        for (const path of ['/collections', '/objects', '/search', '/facets']) {
          for (const query of ['', 'genre=documents', 'creator=Hoffmann+Foundation']) {
            const plain = await text(`${path}?${query}`)
            // An empty value is no filter; only the links keep the parameter given.
            const empty = await text(`${path}?${query}&agent=`)
            const { next: _, previous: __, ...rest } = JSON.parse(empty)
            const { next: ___, previous: ____, ...plainRest } = JSON.parse(plain)
            expect(JSON.stringify(rest), `${path}?${query}`).toBe(JSON.stringify(plainRest))
          }
        }
        expect((await app.request('/objects?agent__gt=x')).status).toBe(400)
      })
    })
  }

  describe('a snapshot', () => {
    let folder: string
    beforeAll(() => {
      folder = mkdtempSync(join(tmpdir(), 'agent-snapshot-'))
    })
    afterAll(() => rmSync(folder, { recursive: true, force: true }))

    it('keeps the agent column: the restored catalogue filters by agent alike', async () => {
      const catalogue = Catalogue.fromDocuments(oddAgentDocuments())
      const file = join(folder, 'odd.snapshot')
      await saveSnapshot(catalogue, file)
      const { catalogue: restored } = await loadCatalogue(file)
      for (const query of AGENT_REQUESTS) {
        for (const list of ['objects', 'collections'] as const) {
          expect(restored[list](params(query)), query).toEqual(catalogue[list](params(query)))
        }
        expect(restored.facets(params(query)), query).toEqual(catalogue.facets(params(query)))
      }
    })
  })
})
