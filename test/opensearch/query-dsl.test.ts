/**
 * The full-text query in OpenSearch's DSL against the in-memory engine, on the real node: the
 * same catalogue pushed and loaded, the same queries, the same documents found. Queries are the
 * syntax's every rule on the corpus, and generated ones (words, phrases, prefixes, fuzzy words,
 * sloppy phrases, operators) on the corpus and the sample.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  type Catalogue,
  loadCatalogue,
  parseQuerySyntax,
  tokenize,
} from '../../packages/core/src/index.js'
import { pushCatalogue } from '../../packages/opensearch/src/push.js'
import { fullTextQuery } from '../../packages/opensearch/src/query-dsl.js'
import { type TextDocument, valuesOf } from '../helpers/brute-query.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { openSearchJson, openSearchNode } from '../helpers/opensearch.js'

const node = openSearchNode('the query DSL against the in-memory engine')

/** The uris of the documents a query finds in memory, sorted. */
function inMemory(catalogue: Catalogue, query: string): string[] {
  const node = catalogue.parse('facets', { query }).query
  if (node === null) return [...catalogue.data.uris].sort()
  return Array.from(catalogue.data.text.evaluate(node).ids, (id) => catalogue.data.uris[id]!).sort()
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
        const texts = Array.from({ length: catalogue.size }, (_, i) =>
          valuesOf(catalogue.document(i) as TextDocument),
        )
          .flatMap((values) => values.map((value) => value.words.join(' ')))
          .filter((text) => text !== '')
        const text = fc.constantFrom(...texts)
        const word = text.chain((t) => fc.constantFrom(...tokenize(t)))
        const phrase = fc
          .tuple(text, fc.nat(), fc.integer({ min: 2, max: 3 }), fc.constantFrom('', '~1', '~3'))
          .map(([t, start, length, slop]) => {
            const tokens = tokenize(t)
            const from = start % tokens.length
            return `"${tokens.slice(from, from + length).join(' ')}"${slop}`
          })
        const prefix = word
          .filter((w) => w.length >= 3)
          .chain((w) => fc.integer({ min: 2, max: w.length }).map((n) => `${w.slice(0, n)}*`))
        const fuzzy = fc
          .tuple(word, fc.constantFrom('~1', '~2'))
          .filter(([w]) => w.length >= 3)
          .map(([w, edits]) => `${w.slice(0, -1)}${edits}`)
        const leaf = fc.oneof(word, phrase, prefix, fuzzy)
        const item = fc.oneof(
          { weight: 4, arbitrary: leaf },
          { weight: 1, arbitrary: leaf.map((l) => `-${l}`) },
        )
        const query = fc
          .array(fc.tuple(fc.constantFrom(' ', ' | '), item), { minLength: 1, maxLength: 3 })
          .map((parts) => parts.map(([op, part], i) => (i === 0 ? part : `${op}${part}`)).join(''))
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
