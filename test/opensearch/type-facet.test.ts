/**
 * `/facets?type_facet=true` on OpenSearch against the in-memory engine, on the real node: the
 * corpus, the sample and the EAD finding aids, each pushed on one shard and on three. Every
 * request is answered the same, as JSON byte for byte (key order included): the facet with
 * queries and every filter, beside the level facet and the date histogram; and without the
 * parameter, no `type` key on either.
 */
import { describe, expect, it } from 'vitest'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { EAD, LEVEL_REQUESTS } from '../helpers/levels.js'
import { bothBackends, openSearchNode } from '../helpers/opensearch.js'

const node = openSearchNode('the type facet on OpenSearch')

const FIXTURES = [
  ['the corpus', () => RAC, ['rockefeller', 'reich'], 1],
  ['the corpus', () => RAC, ['rockefeller', 'reich'], 3],
  ['the sample', () => SAMPLE, ['malaria', 'health'], 1],
  ['the sample', () => SAMPLE, ['malaria', 'health'], 3],
  ['the EAD finding aids', () => EAD, ['film', 'letters'], 1],
  ['the EAD finding aids', () => EAD, ['film', 'letters'], 3],
] as const

describe.skipIf(node.skip)('the type facet on OpenSearch', () => {
  for (const [name, path, words, shards] of FIXTURES) {
    describe(`on ${name}, ${shards === 1 ? 'one shard' : `${shards} shards`}`, () => {
      const alias = `types-${name.replace(/\W/g, '').toLowerCase()}-${shards}`
      const both = bothBackends(node, alias, path, { shards })

      /** One request to both backends: the same JSON, key for key and in order. */
      async function same(query: string) {
        const request = both.catalogue.parse('facets', new URLSearchParams(query))
        const expected = both.catalogue.facets(request)
        const answer = await both.backend.facets(request)
        expect(JSON.stringify(answer), `facets?${query}`).toBe(JSON.stringify(expected))
        return answer
      }

      it('counts every type facet as the in-memory engine does', async () => {
        let buckets = 0
        const queries = [
          ...LEVEL_REQUESTS,
          'type__exclude=term',
          'type__prefix=co',
          ...words.flatMap((word) => [
            `query=${word}`,
            `query=${word}&type=object`,
            `query=${word}&end_date__gte=1950`,
            `query=-${word}`,
          ]),
          `query=${words[0]} | ${words[1]}&genre=documents`,
          'query=*',
          'query=zzzzqqq',
        ]
        for (const query of queries) {
          const answer = await same(`${query}&type_facet=true`)
          buckets += answer.type!.length
          // With the other opt-ins: the level, then the type, then the histogram.
          await same(`${query}&type_facet=true&level_facet=true&date_histogram=true`)
        }
        expect(buckets).toBeGreaterThan(queries.length)
      }, 120_000)

      it('answers without the key when it is not asked for, or is false', async () => {
        for (const query of ['', `query=${words[0]}`, 'type=agent']) {
          for (const asked of ['', '&type_facet=false', '&level_facet=true']) {
            const answer = await same(`${query}${asked}`)
            expect(Object.keys(answer), query).not.toContain('type')
          }
        }
      })
    })
  }
})
