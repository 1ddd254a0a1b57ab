import { createApp } from '@archive-catalogue/http'
import { beforeAll, describe, expect, it } from 'vitest'
import { processTerm } from '../../packages/core/src/for-backends.js'
import {
  BadParameterError,
  type Catalogue,
  loadCatalogue,
  type Page,
  parseRequest,
  type SearchResult,
} from '../../packages/core/src/index.js'
import type { PlainDocument } from '../helpers/brute-force.js'
import { bruteMatches, valuesOf } from '../helpers/brute-query.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { EAD, plainDocuments } from '../helpers/levels.js'
import { REFERENCE_RESULT_KEYS } from '../helpers/recorded-answers.js'

const params = (query: string) => new URLSearchParams(query)

/** Filters a brute force applies to plain documents, by request. */
const FILTERS: [string, (document: PlainDocument) => boolean][] = [
  ['', () => true],
  ['&type=object', (document) => document.type === 'object'],
  ['&online=true', (document) => document.online === true],
]

describe('snippets on /search', () => {
  describe('parseRequest', () => {
    it('reads snippets=true and false on /search, the last one given winning', () => {
      expect(parseRequest('search', params('snippets=true')).snippets).toBe(true)
      expect(parseRequest('search', params('snippets=false')).snippets).toBe(false)
      expect(parseRequest('search', params('snippets=')).snippets).toBe(false)
      expect(parseRequest('search', params('snippets=true&snippets=false')).snippets).toBe(false)
      expect(parseRequest('search', { snippets: true }).snippets).toBe(true)
      expect(() => parseRequest('search', params('snippets=1'))).toThrow(BadParameterError)
      expect(() => parseRequest('search', params('snippets=yes'))).toThrow(
        /'yes'.*'snippets'.*'true' or 'false'/,
      )
    })

    it('ignores snippets on the other endpoints, as any unknown parameter', () => {
      for (const endpoint of ['facets', 'collections', 'objects', 'agents'] as const) {
        expect(parseRequest(endpoint, params('snippets=yes')).snippets).toBe(false)
      }
    })
  })

  const FIXTURES: [string, string, string[]][] = [
    ['the corpus', RAC, ['rockefeller', 'tapes', 'congressional', 'audio*', 'nelson rockefeller']],
    ['the sample', SAMPLE, ['malaria', 'health', 'foundation agricult*', '"public health"']],
    ['the EAD finding aids', EAD, ['film', 'letters', 'correspondence', 'stanford']],
  ]

  for (const [name, path, queries] of FIXTURES) {
    describe(`on ${name}`, () => {
      let catalogue: Catalogue
      let documents: PlainDocument[]

      beforeAll(async () => {
        catalogue = (await loadCatalogue(path)).catalogue
        documents = await plainDocuments(path)
      }, 60_000)

      const search = (query: string) => catalogue.search(params(query)) as Page<SearchResult>

      it('answers /search as the reference does without the parameter, byte for byte', async () => {
        const app = createApp(catalogue, { baseUrl: 'http://catalogue.example' })
        const text = async (path: string) => {
          const response = await app.request(path)
          expect(response.status, path).toBe(200)
          return response.text()
        }
        for (const query of ['', ...queries.map((q) => `query=${encodeURIComponent(q)}`)]) {
          const plain = await text(`/search?${query}`)
          for (const result of JSON.parse(plain).results) {
            expect(Object.keys(result), query).toEqual(REFERENCE_RESULT_KEYS)
          }
          // The same answer with `snippets=false` (its links keep the parameter, as they keep any)
          // and, with `snippets=true`, with `snippets` added to each result.
          const unlinked = (page: Page<SearchResult>) =>
            JSON.stringify({ ...page, next: null, previous: null })
          const refused = JSON.parse(await text(`/search?${query}&snippets=false`))
          expect(unlinked(refused), query).toBe(unlinked(JSON.parse(plain)))
          const asked = JSON.parse(
            await text(`/search?${query}&snippets=true`),
          ) as Page<SearchResult>
          for (const result of asked.results) {
            expect(Object.keys(result), query).toEqual([...REFERENCE_RESULT_KEYS, 'snippets'])
            delete result.snippets
          }
          expect(unlinked(asked), query).toBe(unlinked(JSON.parse(plain)))
        }
        expect((await app.request('/search?query=a&snippets=1')).status).toBe(400)
      })

      it("shows each group's best-matching component, as a brute force finds it", () => {
        let components = 0
        for (const query of queries) {
          for (const [filter, keep] of FILTERS) {
            const page = search(
              `query=${encodeURIComponent(query)}${filter}&snippets=true&limit=20`,
            )
            for (const result of page.results) {
              const candidates = documents.filter(
                (document) =>
                  document.group.identifier === result.uri &&
                  document.uri !== result.uri &&
                  document.type !== 'term' &&
                  keep(document) &&
                  bruteMatches(query, valuesOf(document as never)),
              )
              let best: { uri: string; score: number } | undefined
              for (const candidate of candidates) {
                const score = catalogue.explain(query, candidate.uri)!.value
                if (!best || score > best.score) best = { uri: candidate.uri, score }
              }
              const shown = result.snippets!.find((snippet) => snippet.field === 'component')
              expect(shown?.uri, `${query}${filter} ${result.uri}`).toBe(best?.uri)
              if (shown) components++
            }
          }
        }
        expect(components).toBeGreaterThan(0)
      })

      it('gives each group the same snippets whatever the order of the page', () => {
        for (const query of queries) {
          const asked = `query=${encodeURIComponent(query)}&snippets=true&limit=500`
          const byGroup = new Map(search(asked).results.map((r) => [r.uri, r.snippets]))
          for (const sort of ['title', '-start_date']) {
            for (const result of search(`${asked}&sort=${sort}`).results) {
              expect(result.snippets, `${query} ${sort} ${result.uri}`).toEqual(
                byGroup.get(result.uri),
              )
            }
          }
        }
      })

      it('gives none without words to mark: no query, *, exclusions only', () => {
        for (const query of ['', 'query=*', `query=-${queries[0]}`, 'query=the']) {
          for (const result of search(`${query}&snippets=true`).results) {
            expect(result.snippets, query).toEqual([])
          }
        }
      })

      it('marks only words of the query, within each text', () => {
        let marks = 0
        for (const query of queries.filter((q) => /^\w+$/.test(q))) {
          for (const result of search(`query=${query}&snippets=true&limit=500`).results) {
            for (const snippet of result.snippets!) {
              expect(snippet.text.length).toBeLessThanOrEqual(162)
              for (const [start, end] of snippet.marks) {
                expect(0 <= start! && start! < end! && end! <= snippet.text.length).toBe(true)
                expect(processTerm(snippet.text.slice(start, end))).toBe(processTerm(query))
                marks++
              }
            }
          }
        }
        expect(marks).toBeGreaterThan(0)
      })
    })
  }
})
