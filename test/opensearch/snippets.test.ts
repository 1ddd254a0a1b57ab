/**
 * `/search?snippets=true` on OpenSearch against the in-memory engine, on the real node: the
 * corpus, the sample and the EAD finding aids, each pushed on one shard and on three, and the
 * sample written decomposed (every accent a combining mark) on three. Every request is answered
 * the same, as JSON byte for byte (key order included): words, phrases, sloppy phrases,
 * prefixes, fuzzy words, exclusions and alternatives, with filters, sorts and pages, each
 * result's snippets and its best-matching component; and without the parameter, no `snippets`
 * key on either.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page, SearchResult } from '../../packages/core/src/index.js'
import { SAMPLE } from '../helpers/corpus.js'
import { bothBackends, openSearchNode } from '../helpers/opensearch.js'
import { sharedBackends } from '../helpers/shared-pushes.js'
import { documentInForm } from '../helpers/unicode-forms.js'

const node = openSearchNode('snippets on OpenSearch')

/** The sample with its text decomposed, as an NDJSON file to push and load alike. */
function decomposedSample(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'decomposed-')), 'sample.ndjson')
  const lines = readFileSync(SAMPLE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.stringify(documentInForm(JSON.parse(line), 'decomposed')))
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

const SAMPLE_QUERIES = [
  'malaria',
  'foundation agricult*',
  '"public health"',
  '"population program"~3',
  'malria~1 -italy',
  'health | medicine',
  'Mérida',
  'bogota',
]

const FIXTURES = [
  [
    'the corpus',
    [
      'rockefeller',
      'tapes',
      'congressional',
      'audio*',
      '"nelson rockefeller"~2',
      'reich -interviews',
    ],
    1,
  ],
  [
    'the corpus',
    [
      'rockefeller',
      'tapes',
      'congressional',
      'audio*',
      '"nelson rockefeller"~2',
      'reich -interviews',
    ],
    3,
  ],
  ['the sample', SAMPLE_QUERIES, 1],
  ['the sample', SAMPLE_QUERIES, 3],
  [
    'the EAD finding aids',
    ['film', 'letters -stanford', 'photograph~1', 'correspond*', '"film society"'],
    1,
  ],
  [
    'the EAD finding aids',
    ['film', 'letters -stanford', 'photograph~1', 'correspond*', '"film society"'],
    3,
  ],
  ['the sample decomposed', SAMPLE_QUERIES, 3],
] as const

describe.skipIf(node.skip)('snippets on OpenSearch', () => {
  for (const [name, queries, shards] of FIXTURES) {
    describe(`on ${name}, ${shards === 1 ? 'one shard' : `${shards} shards`}`, () => {
      // The real catalogues pushed once for the run's suites that read them; the decomposed
      // sample here.
      const both =
        name === 'the sample decomposed'
          ? bothBackends(node, 'snippets-decomposed-3', decomposedSample, {
              shards,
              cleanUp: (file) => rmSync(dirname(file), { recursive: true, force: true }),
            })
          : sharedBackends(node, name, shards)

      /** One request to both backends: the same JSON, key for key and in order. */
      async function same(query: string): Promise<Page<SearchResult>> {
        const request = both.catalogue.parse('search', new URLSearchParams(query))
        const expected = both.catalogue.search(request)
        const answer = await both.backend.search(request)
        expect(JSON.stringify(answer), `search?${query}`).toBe(JSON.stringify(expected))
        return answer
      }

      it('makes the same snippets as the in-memory engine, component included', async () => {
        let snippets = 0
        let components = 0
        for (const query of queries) {
          const asked = `query=${encodeURIComponent(query)}&snippets=true`
          for (const more of [
            '',
            '&limit=3&offset=1',
            '&sort=title',
            '&type=object',
            '&online=true',
            '&genre=documents',
          ]) {
            const page = await same(`${asked}${more}`)
            for (const result of page.results) {
              snippets += result.snippets!.length
              components += result.snippets!.filter((s) => s.field === 'component').length
            }
          }
        }
        // The requests draw snippets of records and of components, not only empty lists.
        expect(snippets).toBeGreaterThan(queries.length)
        expect(components).toBeGreaterThan(0)
      }, 120_000)

      it('gives none without words to mark, on both alike', async () => {
        for (const query of ['', 'query=*', `query=-${queries[0]}`, 'query=the', 'query=zzzzqqq']) {
          const page = await same(`${query}&snippets=true&limit=5`)
          for (const result of page.results) expect(result.snippets, query).toEqual([])
        }
      }, 60_000)

      it('answers without the key when it is not asked for, or is false', async () => {
        for (const query of ['', `query=${encodeURIComponent(queries[0]!)}`]) {
          for (const asked of ['', '&snippets=false']) {
            const page = await same(`${query}${asked}`)
            for (const result of page.results) expect(Object.keys(result)).not.toContain('snippets')
          }
        }
      }, 60_000)
    })
  }
})
