/**
 * The `agent` filter on OpenSearch against the in-memory engine, on the real node: the corpus
 * and the sample, each pushed on one shard and on three, and a catalogue of odd names (differing
 * by case or accent, wildcard characters, empty and null titles, a creator named nowhere else,
 * agents naming others) on three. Every request is answered the same, as JSON byte for byte:
 * the filter with every lookup, alone, with a query and with other filters, on `/search`,
 * `/facets`, `/collections`, `/objects` and the hit counts below a node.
 */
import { describe, expect, it } from 'vitest'
import {
  AGENT_REQUESTS,
  CORPUS_AGENT_REQUESTS,
  oddAgentDocuments,
} from '../helpers/named-agents.js'
import { bothBackends, ndjsonFile, openSearchNode } from '../helpers/opensearch.js'
import { sharedBackends } from '../helpers/shared-pushes.js'

const node = openSearchNode('the agent filter on OpenSearch')

const FIXTURES = [
  ['the corpus', 'rockefeller', 1],
  ['the corpus', 'rockefeller', 3],
  ['the sample', 'health', 1],
  ['the sample', 'health', 3],
  ['a catalogue of odd names', 'foundation', 3],
] as const

describe.skipIf(node.skip)('the agent filter on OpenSearch', () => {
  for (const [name, word, shards] of FIXTURES) {
    describe(`on ${name}, ${shards === 1 ? 'one shard' : `${shards} shards`}`, () => {
      // The real catalogues pushed once for the run's suites that read them; the odd names here.
      const both =
        name === 'a catalogue of odd names'
          ? bothBackends(
              node,
              'agents-odd-3',
              () => ndjsonFile('odd-agents', oddAgentDocuments()),
              {
                shards,
              },
            )
          : sharedBackends(node, name, shards)

      it('filters by agent on /search, /facets, /collections and /objects as in memory', async () => {
        let found = 0
        for (const filter of [...AGENT_REQUESTS, ...CORPUS_AGENT_REQUESTS]) {
          for (const query of ['', `query=${word}&`]) {
            for (const endpoint of ['search', 'facets', 'collections', 'objects'] as const) {
              const answer = await both.same(endpoint, `${query}${filter}&limit=50`)
              found += (answer['count'] as number | undefined) ?? 0
            }
          }
        }
        expect(found).toBeGreaterThan(0)
      }, 180_000)

      it('counts hits below a node with an agent filter as in memory', async () => {
        const roots = both.catalogue
          .collections(new URLSearchParams('limit=50'))
          .results.filter((item) => both.catalogue.children(item.uri.split('/')[2]!, {}).count > 0)
          .slice(0, 3)
        expect(roots.length).toBeGreaterThan(0)
        const filters = [
          'agent=Kennedy%2C+Lawrence',
          'agent__exclude=Reich%2C+Cary',
          'agent__prefix=Rockefeller',
        ]
        for (const root of roots) {
          const id = root.uri.split('/')[2]!
          for (const filter of filters) {
            const request = both.catalogue.parse(
              'children',
              new URLSearchParams(`query=*&${filter}`),
            )
            expect(JSON.stringify(await both.backend.children(id, request)), filter).toBe(
              JSON.stringify(both.catalogue.children(id, request)),
            )
          }
        }
      }, 120_000)
    })
  }
})
