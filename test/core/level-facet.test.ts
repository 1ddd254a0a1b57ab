/**
 * `/facets?level_facet=true` and the `level` filter in memory: both read once by the shared
 * parser; the facet counted as a brute force over the plain documents counts it (collections and
 * objects by their level as written, an empty level in no bucket, agents and terms in none even
 * when they carry the field), each bucket found again by `level={key}`; the answer without the
 * parameter the reference's, byte for byte; `catalogue stats` reading the same column. On the
 * corpus, the sample, the EAD finding aids (series, files, items, an `otherlevel`) and a
 * catalogue of odd levels.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp } from '@archive-catalogue/http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  BadParameterError,
  type Catalogue,
  loadCatalogue,
  parseRequest,
  saveSnapshot,
} from '../../packages/core/src/index.js'
import { bruteFacets, type PlainDocument } from '../helpers/brute-force.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import {
  documentsFixture,
  EAD,
  LEVEL_REQUESTS,
  oddLevelDocuments,
  pathFixture,
} from '../helpers/levels.js'
import { REFERENCE_FACETS_KEYS } from '../helpers/recorded-answers.js'

const params = (query: string) => new URLSearchParams(query)
const pairs = (query: string) => [...params(query)]

const FIXTURES = [
  pathFixture('the corpus', RAC),
  pathFixture('the sample', SAMPLE),
  pathFixture('the EAD finding aids', EAD),
  documentsFixture('a catalogue of odd levels', oddLevelDocuments),
]

describe('the level facet and filter', () => {
  describe('parseRequest', () => {
    it('reads level_facet=true and false on /facets, the last one given winning', () => {
      expect(parseRequest('facets', params('level_facet=true')).levelFacet).toBe(true)
      expect(parseRequest('facets', params('level_facet=%20true%20')).levelFacet).toBe(true)
      expect(parseRequest('facets', params('level_facet=false')).levelFacet).toBe(false)
      expect(parseRequest('facets', params('level_facet=')).levelFacet).toBe(false)
      expect(parseRequest('facets', params('query=a')).levelFacet).toBe(false)
      expect(parseRequest('facets', params('level_facet=true&level_facet=false')).levelFacet).toBe(
        false,
      )
      expect(parseRequest('facets', { level_facet: true }).levelFacet).toBe(true)
      // The two opt-ins are independent.
      const both = parseRequest('facets', params('level_facet=true&date_histogram=true'))
      expect([both.levelFacet, both.dateHistogram]).toEqual([true, true])
      expect(parseRequest('facets', params('date_histogram=true')).levelFacet).toBe(false)
    })

    it('refuses another value, naming the parameter and the value', () => {
      expect(() => parseRequest('facets', params('level_facet=yes'))).toThrow(BadParameterError)
      expect(() => parseRequest('facets', params('level_facet=1'))).toThrow(
        /'1'.*'level_facet'.*'true' or 'false'/,
      )
    })

    it('ignores level_facet on the other endpoints, as any unknown parameter', () => {
      for (const endpoint of ['search', 'collections', 'objects', 'children'] as const) {
        expect(parseRequest(endpoint, params('level_facet=yes')).levelFacet).toBe(false)
      }
    })

    it('reads level as a choice filter with the text lookups where descriptions are listed', () => {
      for (const endpoint of ['search', 'facets', 'collections', 'objects', 'children'] as const) {
        expect(parseRequest(endpoint, params('level=file')).filters).toEqual([
          { field: 'level', lookup: 'exact', values: ['file'] },
        ])
        expect(parseRequest(endpoint, params('level=file&genre=audio&level=item')).filters).toEqual(
          [
            { field: 'level', lookup: 'in', values: ['file', 'item'] },
            { field: 'genre', lookup: 'exact', values: ['audio'] },
          ],
        )
        expect(parseRequest(endpoint, params('level__exclude=file__item')).filters).toEqual([
          { field: 'level', lookup: 'exclude', values: ['file', 'item'] },
        ])
      }
      expect(() => parseRequest('collections', params('level__gt=file'))).toThrow(
        /'level' does not support the lookup 'gt'/,
      )
      // Agents and terms have no level: the parameter is unknown there, so ignored.
      for (const endpoint of ['agents', 'terms'] as const) {
        expect(parseRequest(endpoint, params('level=file&level__gt=x')).filters).toEqual([])
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

      const facets = (query: string) => catalogue.facets(params(query))

      it('counts the levels of the matching collections and objects as a brute force does', () => {
        let buckets = 0
        for (const query of LEVEL_REQUESTS) {
          const asked = `${query}&level_facet=true`
          const answer = facets(asked)
          expect(answer, query).toEqual(bruteFacets(documents, pairs(asked)))
          buckets += answer.level!.length
        }
        // The requests draw buckets, not only empty lists.
        expect(buckets).toBeGreaterThan(LEVEL_REQUESTS.length)
      })

      it('finds with level={key} what a bucket counts, with a query too', () => {
        const words = ['*', 'papers', 'foundation', 'film', 'letters', 'report']
        for (const query of [...words.map((word) => `query=${word}`), 'genre=documents', '']) {
          for (const bucket of facets(`${query}&level_facet=true`).level!) {
            const followed = `${query}&level=${encodeURIComponent(bucket.key)}`
            expect(facets(`${followed}&level_facet=true`).level, followed).toEqual([bucket])
            // Only collections and objects have a level: their lists find the bucket's documents.
            const listed =
              catalogue.collections(params(`${followed}&limit=1`)).count +
              catalogue.objects(params(`${followed}&limit=1`)).count
            expect(listed, followed).toBe(bucket.doc_count)
          }
        }
      })

      it('answers /facets as the reference does without the parameter, byte for byte', async () => {
        const app = createApp(catalogue, { baseUrl: 'http://catalogue.example' })
        const text = async (path: string) => {
          const response = await app.request(path)
          expect(response.status, path).toBe(200)
          return response.text()
        }
        for (const query of ['', 'query=papers', 'level=file', 'type=collection&online=true']) {
          const plain = await text(`/facets?${query}`)
          expect(Object.keys(JSON.parse(plain)), query).toEqual(REFERENCE_FACETS_KEYS)
          expect(await text(`/facets?${query}&level_facet=false`), query).toBe(plain)
          expect(await text(`/facets?${query}&level_facet=`), query).toBe(plain)
          // Asked, the answer is the same bytes with `level` added after the reference's keys.
          const asked = JSON.parse(await text(`/facets?${query}&level_facet=true`))
          expect(Object.keys(asked), query).toEqual([...REFERENCE_FACETS_KEYS, 'level'])
          const { level: _, ...rest } = asked
          expect(JSON.stringify(rest), query).toBe(plain)
          // With the histogram too, the level comes before it.
          const histogram = JSON.parse(await text(`/facets?${query}&date_histogram=true`))
          expect(Object.keys(histogram), query).toEqual([
            ...REFERENCE_FACETS_KEYS,
            'date_histogram',
          ])
          const all = await text(`/facets?${query}&date_histogram=true&level_facet=true`)
          expect(Object.keys(JSON.parse(all)), query).toEqual([
            ...REFERENCE_FACETS_KEYS,
            'level',
            'date_histogram',
          ])
        }
        expect((await app.request('/facets?level_facet=1')).status).toBe(400)
      })

      it('counts in catalogue stats, from the same column, what the facet counts over everything', () => {
        const { byLevel } = catalogue.stats()
        const described = documents.filter(
          (document) => document.type === 'collection' || document.type === 'object',
        )
        const levels = new Map<string, number>()
        for (const document of described) {
          const key = typeof document.level === 'string' ? document.level : '(no level)'
          levels.set(key, (levels.get(key) ?? 0) + 1)
        }
        expect(Object.fromEntries(byLevel.map(({ key, doc_count }) => [key, doc_count]))).toEqual(
          Object.fromEntries(levels),
        )
        expect(facets('level_facet=true').level).toEqual(
          byLevel.filter(({ key }) => key !== '(no level)' && key !== ''),
        )
      })
    })
  }

  describe('a snapshot', () => {
    let folder: string
    beforeAll(() => {
      folder = mkdtempSync(join(tmpdir(), 'level-snapshot-'))
    })
    afterAll(() => rmSync(folder, { recursive: true, force: true }))

    it('keeps the level column: the restored catalogue counts and filters levels alike', async () => {
      const { catalogue } = await loadCatalogue(EAD)
      const file = join(folder, 'ead.snapshot')
      await saveSnapshot(catalogue, file)
      const { catalogue: restored } = await loadCatalogue(file)
      for (const query of LEVEL_REQUESTS) {
        const asked = params(`${query}&level_facet=true`)
        expect(restored.facets(asked), query).toEqual(catalogue.facets(asked))
      }
      expect(restored.stats()).toEqual(catalogue.stats())
    })
  })
})
