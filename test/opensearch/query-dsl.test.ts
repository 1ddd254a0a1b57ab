/**
 * The full-text query in OpenSearch's DSL against the in-memory engine, on the real node: the
 * same catalogue pushed and loaded, the same queries, the same documents found. Queries are the
 * syntax's every rule on the corpus, and generated ones (words, phrases, prefixes, fuzzy words,
 * sloppy phrases, operators) on the corpus and the sample.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { parseQuerySyntax } from '../../packages/core/src/for-backends.js'
import { type Catalogue, loadCatalogue } from '../../packages/core/src/index.js'
import { fullTextQuery } from '../../packages/opensearch/src/backend/query-dsl.js'
import { pushCatalogue } from '../../packages/opensearch/src/indexing/push.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { openSearchJson, openSearchNode } from '../helpers/opensearch.js'
import { queryArbitrary } from '../helpers/query-arbitraries.js'

const node = openSearchNode('the query DSL against the in-memory engine')

/** The uris of the documents a query finds in memory, sorted. */
function inMemory(catalogue: Catalogue, query: string): string[] {
  const node = catalogue.parse('facets', { query }).query
  if (node === null) return [...catalogue.data.uris].sort()
  return Array.from(catalogue.data.text.evaluate(node).ids, (id) =>
    catalogue.data.uris.get(id),
  ).sort()
}

/** The uris of the documents the same query finds on the node, sorted. */
async function onNode(index: string, query: string): Promise<string[]> {
  const syntax = parseQuerySyntax(query)
  const body = {
    size: 10_000,
    _source: ['uri'],
    query: syntax === null ? { match_all: {} } : fullTextQuery(syntax, 'english'),
  }
  const answer = await openSearchJson<{ hits: { hits: { _source: { uri: string } }[] } }>(
    node.url,
    `/${index}/_search`,
    { body },
  )
  return answer.hits.hits.map((hit) => hit._source.uri).sort()
}

describe.skipIf(node.skip)('fullTextQuery on a real node', () => {
  for (const [name, path, runs] of [
    ['the corpus', RAC, 150],
    ['the sample', SAMPLE, 60],
  ] as const) {
    describe(name, () => {
      const index = `dsl-${name.replace(/\W/g, '')}`
      let catalogue: Catalogue
      beforeAll(async () => {
        catalogue = (await loadCatalogue(path)).catalogue
        await pushCatalogue(path, { url: node.url, index })
      }, 120_000)

      it('finds what the in-memory engine finds for every rule of the syntax', async () => {
        for (const query of [
          'rockefeller',
          'nelson rockefeller',
          '"nelson rockefeller"',
          '"history of the"',
          '"nelson rockefeller"~2',
          '"rockefeller nelson"~2',
          'rockefel*',
          'found*',
          'rockefeler~1',
          'rockefellr~',
          'fondation~2 | nelsen~1',
          'the',
          '-rockefeller',
          'rockefeller -foundation',
          'nelson | audio',
          '-(nelson | audio) papers',
          'public health | medicine',
          '*',
          'a* *',
          '((',
          '+++',
          'nelson+rockefeller',
          '\\-rockefeller',
          'Médecine',
        ]) {
          expect(await onNode(index, query), query).toEqual(inMemory(catalogue, query))
        }
      })

      it('finds what the in-memory engine finds for generated queries', async () => {
        const query = queryArbitrary(catalogue)
        await fc.assert(
          fc.asyncProperty(query, async (q) => {
            expect(await onNode(index, q), q).toEqual(inMemory(catalogue, q))
          }),
          { numRuns: runs },
        )
      }, 120_000)
    })
  }
})
