/**
 * The in-memory engine's scores against the real node's: the same catalogue pushed and loaded,
 * the same queries, and each document found scores what OpenSearch scores it (relative 1e-4), so
 * both rank alike. Queries are fixed ones for each kind of leaf and operator, and generated
 * ones (single and common words, phrases, sloppy phrases, prefixes, fuzzy words, OR, groups,
 * exclusions) on the corpus and the sample; `/search` with filters compares the groups' order
 * through both backends. The corpus written in every Unicode form (combining accents, ligatures,
 * full-width letters) finds and scores, in memory and on the node, what its composed text does.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { renderExplanation } from '../../packages/cli/src/support/explanation-tree.js'
import { parseQuerySyntax } from '../../packages/core/src/for-backends.js'
import { Catalogue, type Explanation, loadCatalogue } from '../../packages/core/src/index.js'
import { OpenSearchBackend } from '../../packages/opensearch/src/backend/opensearch-backend.js'
import { fullTextQuery } from '../../packages/opensearch/src/backend/query-dsl.js'
import { pushCatalogue } from '../../packages/opensearch/src/indexing/push.js'
import { RAC } from '../helpers/corpus.js'
import { openSearchJson, openSearchNode } from '../helpers/opensearch.js'
import { queryArbitrary } from '../helpers/query-arbitraries.js'
import { sharedBackends } from '../helpers/shared-pushes.js'
import { documentInForm, inForm, UNICODE_FORMS } from '../helpers/unicode-forms.js'

const node = openSearchNode('the in-memory scores against the node')

/** Scores agree within this, relative to the larger. */
const TOLERANCE = 1e-4

type Scores = Map<string, number>

/** Each document the query finds in memory, with its score. */
function inMemory(catalogue: Catalogue, query: string): Scores {
  const parsed = catalogue.parse('facets', { query }).query
  const scores: Scores = new Map()
  if (parsed === null) return scores
  const matches = catalogue.data.text.search(parsed)
  matches.ids.forEach((id, i) => {
    scores.set(catalogue.data.uris.get(id), matches.scores[i]!)
  })
  return scores
}

/** Each document the query finds on the node, with its score. */
async function onNode(index: string, query: string): Promise<Scores> {
  const syntax = parseQuerySyntax(query)
  const scores: Scores = new Map()
  if (syntax === null) return scores
  const answer = await openSearchJson<{
    hits: { hits: { _score: number; _source: { uri: string } }[] }
  }>(node.url, `/${index}/_search`, {
    body: { size: 10_000, _source: ['uri'], query: fullTextQuery(syntax, 'english') },
  })
  for (const hit of answer.hits.hits) scores.set(hit._source.uri, hit._score)
  return scores
}

function near(a: number, b: number): boolean {
  return Math.abs(a - b) <= TOLERANCE * Math.max(Math.abs(a), Math.abs(b)) + 1e-7
}

/** The uris by score, best first (ties by uri). */
function ranked(scores: Scores): string[] {
  return [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([uri]) => uri)
}

/** Whether two documents' scores are within the tolerance of each other. */
function hasTies(scores: Scores): boolean {
  const sorted = [...scores.values()].sort((a, b) => b - a)
  return sorted.some((score, i) => i > 0 && near(score, sorted[i - 1]!))
}

/**
 * Every document scores the node's, and the order is the node's where no two tie. A score that
 * differs fails with both backends' explanations of it, the in-memory tree above the node's.
 */
async function sameScores(
  catalogue: Catalogue,
  backend: OpenSearchBackend,
  index: string,
  query: string,
): Promise<void> {
  const expected = await onNode(index, query)
  const actual = inMemory(catalogue, query)
  expect([...actual.keys()].sort(), query).toEqual([...expected.keys()].sort())
  for (const [uri, score] of expected) {
    const mine = actual.get(uri)!
    if (!near(mine, score)) {
      const explained = (explanation: Explanation | null) =>
        explanation ? renderExplanation(explanation) : 'no explanation: it does not match\n'
      expect.fail(
        `${query}: ${uri} scores ${mine} in memory, ${score} on the node\n\n` +
          `In memory (catalogue explain):\n${explained(catalogue.explain(query, uri))}\n` +
          `On the node (Lucene's explanation):\n${explained(await backend.explain(query, uri))}`,
      )
    }
  }
  if (!hasTies(expected)) expect(ranked(actual), query).toEqual(ranked(expected))
}

describe.skipIf(node.skip)('the in-memory scores against the node', () => {
  for (const [name, runs] of [
    ['the corpus', 150],
    ['the sample', 60],
  ] as const) {
    describe(name, () => {
      // Pushed once for the run's suites that read it.
      const both = sharedBackends(node, name)
      const index = both.alias
      let catalogue: Catalogue
      let backend: OpenSearchBackend
      beforeAll(() => {
        catalogue = both.catalogue
        backend = both.backend
      })

      it('scores each kind of query as the node does', async () => {
        for (const query of [
          'rockefeller',
          'medical',
          'the rockefeller foundation',
          'nelson rockefeller',
          'health china',
          '"nelson rockefeller"',
          '"history of medicine"',
          '"nelson rockefeller"~2',
          '"rockefeller nelson"~3',
          '"foundation rockefeller foundation"~4',
          'rockefel*',
          'found* health',
          'rockefeler~1',
          'rockefellr~',
          'fondation~2 | nelsen~1',
          '-rockefeller',
          'rockefeller -foundation',
          'nelson | audio',
          'rockefeller | -foundation',
          '-governors new | governors',
          '-foundation rockefeller | foundation',
          '-(nelson | audio) papers',
          'public health | medicine',
          '(public | china) (health | medical)',
          '*',
          'rockefeller *',
          'Médecine',
        ]) {
          await sameScores(catalogue, backend, index, query)
        }
      })

      if (name === 'the corpus') {
        it("fails with both backends' explanations when a score differs", async () => {
          // The corpus in memory with one title a word longer than the node's.
          const documents = Array.from({ length: catalogue.size }, (_, i) => catalogue.document(i))
          const changed = documents.find((document) => /rockefeller/i.test(document.title))!
          changed.title = `${changed.title} papers`
          const altered = Catalogue.fromDocuments(documents)
          const failure = await sameScores(altered, backend, index, 'rockefeller').then(
            () => new Error('no score differs'),
            (error: Error) => error,
          )
          expect(failure.message).toMatch(/^rockefeller: \S+ scores \S+ in memory, \S+ on the node/)
          expect(failure.message).toMatch(/In memory \(catalogue explain\):\n[\d.]+ {2}\//)
          expect(failure.message).toMatch(/On the node \(Lucene's explanation\):\n[\d.]+ {2}\S/)
        })
      }

      it('scores generated queries as the node does', async () => {
        const query = queryArbitrary(catalogue, {
          common: ['rockefeller', 'foundation', 'health', 'records', 'the'],
          groups: true,
        })
        await fc.assert(
          fc.asyncProperty(query, async (q) => sameScores(catalogue, backend, index, q)),
          { numRuns: runs },
        )
      }, 180_000)

      it('ranks /search groups as the node does, with filters', async () => {
        const filters = [
          '',
          'category=person',
          'online=true',
          'start_date__gte=1950',
          'type=collection',
        ]
        for (const query of [
          'rockefeller',
          'medical',
          'health | china',
          'foundation*',
          'nelson~1',
        ]) {
          for (const filter of filters) {
            const params = new URLSearchParams(filter)
            params.set('query', query)
            params.set('limit', '500')
            const request = catalogue.parse('search', params)
            const expected = catalogue.search(request)
            const actual = await backend.search(request)
            const scores = inMemory(catalogue, query)
            // Each group's best score: groups whose best scores tie may come in either order.
            const best = new Map<string, number>()
            for (const [uri, score] of scores) {
              const group = catalogue.get(uri)!.group.identifier
              best.set(group, Math.max(best.get(group) ?? 0, score))
            }
            const groupScores = new Map(expected.results.map((r) => [r.uri, best.get(r.uri) ?? 0]))
            const label = `search?${params}`
            expect(actual.count, label).toBe(expected.count)
            if (hasTies(groupScores)) {
              expect(actual.results.map((r) => r.uri).sort(), label).toEqual(
                expected.results.map((r) => r.uri).sort(),
              )
            } else {
              expect(
                actual.results.map((r) => r.uri),
                label,
              ).toEqual(expected.results.map((r) => r.uri))
            }
          }
        }
      })
    })
  }
})

/** Words with accents, some that decompose (`é`), some that do not (`ø`, `ß`). */
const ACCENTED = [
  'José',
  'México',
  'Zürich',
  'Bibliothèque',
  'naïve',
  'Ørsted',
  'Straße',
  'São',
  'Kraków',
  'Dvořák',
  'Œuvres',
  'Ángel',
]

describe.skipIf(node.skip)('the corpus in every Unicode form', () => {
  const index = 'ranking-forms'
  let folder: string
  let composed: Catalogue
  let forms: Catalogue
  let backend: OpenSearchBackend
  beforeAll(async () => {
    const corpus = (await loadCatalogue(RAC)).catalogue
    // The corpus is plain ASCII: each title gains two accented words, then each document is
    // written in one of the forms, in turn.
    const documents = Array.from({ length: corpus.size }, (_, i) => {
      const document = corpus.document(i)
      const words = `${ACCENTED[i % ACCENTED.length]} ${ACCENTED[(i * 7) % ACCENTED.length]}`
      return { ...document, title: `${document.title} ${words}` }
    })
    composed = Catalogue.fromDocuments(documents)
    folder = mkdtempSync(join(tmpdir(), 'catalogue-forms-'))
    const file = join(folder, 'forms.ndjson')
    const written = documents.map((document, i) =>
      documentInForm(document, UNICODE_FORMS[i % UNICODE_FORMS.length]!),
    )
    writeFileSync(file, `${written.map((document) => JSON.stringify(document)).join('\n')}\n`)
    forms = (await loadCatalogue(file)).catalogue
    await pushCatalogue(file, { url: node.url, index })
    backend = await OpenSearchBackend.open({ url: node.url, index })
  }, 120_000)
  afterAll(async () => {
    await backend?.close()
    await fetch(`${node.url}/${index}-*`, { method: 'DELETE' })
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  /** In every form, the query finds and scores what the composed one does in the composed text. */
  async function sameInEveryForm(query: string): Promise<void> {
    const expected = inMemory(composed, query)
    for (const form of UNICODE_FORMS) {
      const written = inForm(query, form)
      const actual = inMemory(forms, written)
      expect([...actual.keys()].sort(), `${form}: ${written}`).toEqual([...expected.keys()].sort())
      for (const [uri, score] of expected) expect(actual.get(uri)).toBeCloseTo(score, 6)
      await sameScores(forms, backend, index, written)
    }
  }

  it('finds each accented word in every form, on both backends', async () => {
    for (const word of ACCENTED) await sameInEveryForm(word)
    await sameInEveryForm('"José México" | zurich')
    expect(inMemory(forms, 'Jose\u0301').size).toBeGreaterThan(0)
  })

  it('finds generated queries in every form as in the composed text', async () => {
    const query = queryArbitrary(composed, { common: ACCENTED, groups: true })
    await fc.assert(fc.asyncProperty(query, sameInEveryForm), { numRuns: 40 })
  }, 180_000)
})
