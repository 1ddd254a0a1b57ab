import { createApp } from '@archive-catalogue/http'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  BadParameterError,
  type Catalogue,
  loadCatalogue,
  parseRequest,
} from '../../packages/core/src/index.js'
import { bruteFacets, type PlainDocument } from '../helpers/brute-force.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { EAD, LEVEL_REQUESTS, plainDocuments } from '../helpers/levels.js'
import { REFERENCE_FACETS_KEYS } from '../helpers/recorded-answers.js'

const params = (query: string) => new URLSearchParams(query)
const pairs = (query: string) => [...params(query)]

/** Requests over every filter, `type` among them. */
const TYPE_REQUESTS = [
  ...LEVEL_REQUESTS,
  'type=collection&type=object',
  'type__exclude=term',
  'type__prefix=co',
  'category=collection',
  'online=false',
  'start_date__lte=1950',
]

describe('the type facet', () => {
  describe('parseRequest', () => {
    it('reads type_facet=true and false on /facets, the last one given winning', () => {
      expect(parseRequest('facets', params('type_facet=true')).typeFacet).toBe(true)
      expect(parseRequest('facets', params('type_facet=false')).typeFacet).toBe(false)
      expect(parseRequest('facets', params('type_facet=')).typeFacet).toBe(false)
      expect(parseRequest('facets', params('type_facet=true&type_facet=false')).typeFacet).toBe(
        false,
      )
      expect(parseRequest('facets', { type_facet: true }).typeFacet).toBe(true)
      const all = parseRequest('facets', params('type_facet=true&level_facet=true'))
      expect([all.typeFacet, all.levelFacet, all.dateHistogram]).toEqual([true, true, false])
      expect(() => parseRequest('facets', params('type_facet=1'))).toThrow(BadParameterError)
      expect(() => parseRequest('facets', params('type_facet=yes'))).toThrow(
        /'yes'.*'type_facet'.*'true' or 'false'/,
      )
    })

    it('ignores type_facet on the other endpoints, as any unknown parameter', () => {
      for (const endpoint of ['search', 'collections', 'objects', 'children'] as const) {
        expect(parseRequest(endpoint, params('type_facet=yes')).typeFacet).toBe(false)
      }
    })
  })

  const FIXTURES: [string, string, string[]][] = [
    ['the corpus', RAC, ['rockefeller', 'reich', 'papers']],
    ['the sample', SAMPLE, ['malaria', 'health', 'foundation']],
    ['the EAD finding aids', EAD, ['film', 'letters']],
  ]

  for (const [name, path, words] of FIXTURES) {
    describe(`on ${name}`, () => {
      let catalogue: Catalogue
      let documents: PlainDocument[]

      beforeAll(async () => {
        catalogue = (await loadCatalogue(path)).catalogue
        documents = await plainDocuments(path)
      }, 60_000)

      const facets = (query: string) => catalogue.facets(params(query))

      it('counts the matching documents by type as a brute force does', () => {
        let buckets = 0
        for (const query of TYPE_REQUESTS) {
          const asked = `${query}&type_facet=true`
          const answer = facets(asked)
          expect(answer, query).toEqual(bruteFacets(documents, pairs(asked)))
          buckets += answer.type!.length
        }
        expect(buckets).toBeGreaterThan(TYPE_REQUESTS.length)
      })

      it("counts under the query what each type's list finds, and type={key} finds a bucket", () => {
        const lists = {
          collection: 'collections',
          object: 'objects',
          agent: 'agents',
          term: 'terms',
        }
        for (const query of [...words.map((word) => `query=${word}`), 'query=*', '']) {
          const answer = facets(`${query}&type_facet=true`)
          for (const [type, list] of Object.entries(lists) as [keyof typeof lists, 'terms'][]) {
            const count = catalogue[list](params(`${query}&limit=1`)).count
            const bucket = answer.type!.find((found) => found.key === type)
            expect(bucket?.doc_count ?? 0, `${query} ${type}`).toBe(count)
          }
          for (const bucket of answer.type!) {
            const followed = `${query}&type=${bucket.key}&type_facet=true`
            expect(facets(followed).type, followed).toEqual([bucket])
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
        for (const query of ['', `query=${words[0]}`, 'type=collection&online=true']) {
          const plain = await text(`/facets?${query}`)
          expect(Object.keys(JSON.parse(plain)), query).toEqual(REFERENCE_FACETS_KEYS)
          expect(await text(`/facets?${query}&type_facet=false`), query).toBe(plain)
          const asked = JSON.parse(await text(`/facets?${query}&type_facet=true`))
          expect(Object.keys(asked), query).toEqual([...REFERENCE_FACETS_KEYS, 'type'])
          const { type: _, ...rest } = asked
          expect(JSON.stringify(rest), query).toBe(plain)
          const all = await text(
            `/facets?${query}&date_histogram=true&type_facet=true&level_facet=true`,
          )
          expect(Object.keys(JSON.parse(all)), query).toEqual([
            ...REFERENCE_FACETS_KEYS,
            'level',
            'type',
            'date_histogram',
          ])
        }
        expect((await app.request('/facets?type_facet=1')).status).toBe(400)
      })
    })
  }
})
