/**
 * `OpenSearchBackend.explain` on the real node: Lucene's explanation of the score `/search`
 * ranks a document by, beside the in-memory `Catalogue.explain` of the same document, and
 * `catalogue explain --opensearch` printing it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Catalogue, loadCatalogue, NotFoundError } from '../../packages/core/src/index.js'
import { OpenSearchBackend } from '../../packages/opensearch/src/backend/opensearch-backend.js'
import { pushCatalogue } from '../../packages/opensearch/src/indexing/push.js'
import { runCli } from '../helpers/cli-run.js'
import { RAC } from '../helpers/corpus.js'
import { openSearchNode } from '../helpers/opensearch.js'

const node = openSearchNode('the OpenSearch explanations')

/** Scores agree within this, relative (as test/opensearch/ranking.test.ts holds them). */
const TOLERANCE = 1e-4

describe.skipIf(node.skip)('OpenSearchBackend', () => {
  const alias = 'explain-corpus'
  let catalogue: Catalogue
  let backend: OpenSearchBackend

  beforeAll(async () => {
    catalogue = (await loadCatalogue(RAC)).catalogue
    await pushCatalogue(RAC, { url: node.url, index: alias })
    backend = await OpenSearchBackend.open({ url: node.url, index: alias })
  }, 120_000)

  afterAll(async () => {
    await backend?.close()
    await fetch(`${node.url}/${alias}-*`, { method: 'DELETE' })
  })

  /** The first documents the query finds in memory. */
  function found(query: string, count = 5): string[] {
    const matches = catalogue.data.text.search(catalogue.parse('search', { query }).query!)
    return Array.from(matches.ids.slice(0, count), (id) => catalogue.data.uris.get(id))
  }

  describe('explain', () => {
    it("explains the score the in-memory explanation gives, in Lucene's tree", async () => {
      for (const query of [
        'rockefeller',
        'rockefeller foundation',
        '"nelson rockefeller"~2',
        'rockefel*',
        'rockefeler~1',
        'health | medicine',
      ]) {
        for (const uri of found(query)) {
          const mine = catalogue.explain(query, uri)!
          const theirs = await backend.explain(query, uri)
          expect(theirs, `${query} ${uri}`).not.toBeNull()
          expect(Math.abs(theirs!.value - mine.value), `${query} ${uri}`).toBeLessThanOrEqual(
            TOLERANCE * Math.max(mine.value, theirs!.value) + 1e-7,
          )
          expect(theirs!.description.length).toBeGreaterThan(0)
          expect(Array.isArray(theirs!.details)).toBe(true)
        }
      }
    })

    it('names the fields and words it scores', async () => {
      const [uri] = found('rockefeller foundation', 1)
      const text = JSON.stringify(await backend.explain('rockefeller foundation', uri!))
      expect(text).toMatch(/title:rockefel/)
      expect(text).toMatch(/idf/)
    })

    it('is null when the query does not match the document', async () => {
      const [uri] = found('rockefeller', 1)
      expect(await backend.explain('zyxwordnotthere', uri!)).toBeNull()
      expect(await backend.explain('the', uri!)).toBeNull()
    })

    it('throws a NotFoundError naming the uri when the index holds no such document', async () => {
      const error = await backend.explain('rockefeller', '/agents/none').catch((e: unknown) => e)
      expect(error).toBeInstanceOf(NotFoundError)
      expect((error as Error).message).toContain('/agents/none')
    })
  })

  describe('catalogue explain --opensearch', () => {
    it("prints the node's explanation as a tree", async () => {
      const [uri] = found('rockefeller', 1)
      const theirs = await backend.explain('rockefeller', uri!)
      const { code, stdout, stderr } = await runCli([
        'explain',
        'rockefeller',
        uri!,
        '--opensearch',
        node.url,
        '--index',
        alias,
      ])
      expect(stderr).toBe('')
      expect(code).toBe(0)
      expect(stdout.split('\n')[0]).toBe(
        `${Number(theirs!.value.toPrecision(4))}  ${theirs!.description}`,
      )
      expect(stdout).toMatch(/^[├└]─ /m)
    })

    it('exits 1 naming the uri when the index holds no such document', async () => {
      const { code, stderr } = await runCli([
        'explain',
        'rockefeller',
        '/agents/none',
        '--opensearch',
        node.url,
        '--index',
        alias,
      ])
      expect(code).toBe(1)
      expect(stderr).toContain('/agents/none')
    })
  })
})
