/**
 * `/facets?level_facet=true` and the `level` filter on OpenSearch against the in-memory engine,
 * on the real node: the corpus, the sample and the EAD finding aids (loaded as a folder, with
 * their series, subseries, files, items and `otherlevel`s), each pushed on one shard and on
 * three, and a catalogue of odd levels (empty, null, differing by case or accent, and agents and
 * terms carrying the field) on three. Every request is answered the same, as JSON byte for byte
 * (key order included): the facet with queries and every filter, the filter with every lookup on
 * `/search`, `/facets`, `/collections`, `/objects` and the hit counts below a node; and without
 * the parameter, no `level` key on either.
 */
import { describe, expect, it } from 'vitest'
import { LEVEL_REQUESTS, oddLevelDocuments } from '../helpers/levels.js'
import { bothBackends, ndjsonFile, openSearchNode } from '../helpers/opensearch.js'
import { sharedBackends } from '../helpers/shared-pushes.js'

const node = openSearchNode('the level facet on OpenSearch')

const FIXTURES = [
  ['the corpus', ['rockefeller', 'reich'], 1],
  ['the corpus', ['rockefeller', 'reich'], 3],
  ['the sample', ['malaria', 'health'], 1],
  ['the sample', ['malaria', 'health'], 3],
  ['the EAD finding aids', ['film', 'letters'], 1],
  ['the EAD finding aids', ['film', 'letters'], 3],
  ['a catalogue of odd levels', ['foundation', 'papers'], 3],
] as const

/** Level filters of every lookup, for the lists and `/search`. */
const LEVEL_FILTERS = LEVEL_REQUESTS.filter((query) => query.includes('level'))

describe.skipIf(node.skip)('the level facet and filter on OpenSearch', () => {
  for (const [name, words, shards] of FIXTURES) {
    describe(`on ${name}, ${shards === 1 ? 'one shard' : `${shards} shards`}`, () => {
      // The real catalogues pushed once for the run's suites that read them; the odd levels here.
      const both =
        name === 'a catalogue of odd levels'
          ? bothBackends(
              node,
              'levels-odd-3',
              () => ndjsonFile('odd-levels', oddLevelDocuments()),
              {
                shards,
              },
            )
          : sharedBackends(node, name, shards)

      const same = both.same

      it('counts every level facet as the in-memory engine does', async () => {
        let buckets = 0
        const queries = [
          ...LEVEL_REQUESTS,
          ...words.flatMap((word) => [
            `query=${word}`,
            `query=${word}&level=file`,
            `query=${word}&end_date__gte=1950`,
            `query=-${word}`,
          ]),
          `query=${words[0]} | ${words[1]}&genre=documents`,
          'query=*&type=object',
          'query=zzzzqqq',
        ]
        for (const query of queries) {
          const answer = (await same('facets', `${query}&level_facet=true`)) as {
            level: unknown[]
          }
          buckets += answer.level.length
          // With the histogram too: the level before it, as the schema orders them.
          await same('facets', `${query}&level_facet=true&date_histogram=true`)
        }
        expect(buckets).toBeGreaterThan(queries.length)
      }, 120_000)

      it('filters by level on /search, /facets, /collections and /objects as in memory', async () => {
        for (const filter of LEVEL_FILTERS) {
          for (const query of ['', `query=${words[0]}&`]) {
            for (const endpoint of ['search', 'facets', 'collections', 'objects'] as const) {
              await same(endpoint, `${query}${filter}&limit=50`)
            }
          }
        }
      }, 120_000)

      it('counts hits below a node with a level filter as in memory', async () => {
        const roots = both.catalogue
          .collections(new URLSearchParams('limit=50'))
          .results.filter((item) => both.catalogue.children(item.uri.split('/')[2]!, {}).count > 0)
          .slice(0, 3)
        expect(roots.length).toBeGreaterThan(0)
        for (const root of roots) {
          const id = root.uri.split('/')[2]!
          for (const filter of ['level=file', 'level__exclude=series', 'level__in=item__file']) {
            const request = both.catalogue.parse(
              'children',
              new URLSearchParams(`query=*&${filter}`),
            )
            expect(JSON.stringify(await both.backend.children(id, request)), filter).toBe(
              JSON.stringify(both.catalogue.children(id, request)),
            )
            const minimap = both.catalogue.parse(
              'minimap',
              new URLSearchParams(`query=*&${filter}`),
            )
            expect(await both.backend.minimap(id, minimap), filter).toEqual(
              both.catalogue.minimap(id, minimap),
            )
          }
        }
      }, 120_000)

      it('counts the levels in catalogue stats as in memory', async () => {
        expect((await both.backend.stats()).byLevel).toEqual(both.catalogue.stats().byLevel)
      })

      it('answers without the key when it is not asked for, or is false', async () => {
        for (const query of ['', `query=${words[0]}`, 'level=file']) {
          for (const asked of ['', '&level_facet=false', '&date_histogram=true']) {
            const answer = await same('facets', `${query}${asked}`)
            expect(Object.keys(answer), query).not.toContain('level')
          }
        }
      })
    })
  }
})
