/**
 * The shared case table (test/cases/corpus-cases.ts) through the HTTP app and the CLI over the
 * OpenSearch backend, as test/http/cases.test.ts and test/cli/cases.test.ts run it in memory
 * (the core's run is in backend.test.ts).
 */
import { type App, createApp } from '@archive-catalogue/http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../packages/core/src/index.js'
import { OpenSearchBackend } from '../../packages/opensearch/src/backend/opensearch-backend.js'
import { pushCatalogue } from '../../packages/opensearch/src/indexing/push.js'
import { type CorpusCase, corpusCases } from '../cases/corpus-cases.js'
import { runCli } from '../helpers/cli-run.js'
import { RAC } from '../helpers/corpus.js'
import { openSearchNode } from '../helpers/opensearch.js'

const node = openSearchNode('the case table over OpenSearch')
const ALIAS = `cases-${Date.now().toString(36)}`

const FLAGS: Record<string, string> = {
  query: '--query',
  sort: '--sort',
  limit: '--limit',
  offset: '--offset',
}
const FILTERS = [
  'category',
  'creator',
  'end_date',
  'genre',
  'online',
  'start_date',
  'subject',
  'type',
]

/** The command line for a query string, as test/cli/cases.test.ts writes it. */
function argvOf(query: string): string[] {
  return [...new URLSearchParams(query)].flatMap(([name, value]) => {
    const flag = FLAGS[name]
    if (flag) return [flag, value]
    return FILTERS.includes(name.split('__')[0]!) ? ['--filter', `${name}=${value}`] : []
  })
}

/** Checks an answer against a case, as the in-memory suites do. */
function expectCase(body: Record<string, unknown>, { count, uris, facets }: CorpusCase): void {
  if (count !== undefined) expect(body['count']).toBe(count)
  if (uris) {
    const results = body['results'] as { uri: string }[]
    expect(results.map((result) => result.uri).slice(0, uris.length)).toEqual(uris)
  }
  if (facets) expect(body).toMatchObject(facets)
}

describe.skipIf(node.skip)('the corpus case table over OpenSearch', () => {
  let backend: OpenSearchBackend
  let app: App
  let memory: App

  beforeAll(async () => {
    await pushCatalogue(RAC, { url: node.url, index: ALIAS })
    backend = await OpenSearchBackend.open({ url: node.url, index: ALIAS })
    app = createApp(backend)
    memory = createApp((await loadCatalogue(RAC)).catalogue)
  }, 120_000)

  afterAll(async () => {
    await backend?.close()
    await fetch(`${node.url}/${ALIAS}-*`, { method: 'DELETE' })
  })

  it.each(corpusCases)('GET /$endpoint?$query $name', async (one) => {
    const response = await app.request(`/${one.endpoint}?${one.query}`)
    const body = (await response.json()) as Record<string, unknown>
    if (one.error) {
      expect(response.status).toBe(400)
      expect(body).toEqual({ detail: one.error })
      return
    }
    expect(response.status).toBe(200)
    expectCase(body, one)
  })

  it.each(corpusCases)('catalogue $endpoint ($query) --opensearch $name', async (one) => {
    const { code, stdout, stderr } = await runCli([
      one.endpoint,
      ...argvOf(one.query),
      '--json',
      '--opensearch',
      node.url,
      '--index',
      ALIAS,
    ])
    if (one.error) {
      expect(code).toBe(2)
      expect(stderr).toBe(`${one.error}\n`)
      return
    }
    expect(code).toBe(0)
    expectCase(JSON.parse(stdout) as Record<string, unknown>, one)
  })

  it('answers every route with the bytes the in-memory app sends', async () => {
    const collection = 'kqx4Z5uJzTUF2RhdKbF8bB'
    const object = '2tCPMsahXfUURDNEMLUFYs'
    const paths = [
      '/search?type=collection&sort=title',
      '/search?sort=-start_date&limit=5&offset=5',
      '/facets?query=audio',
      '/collections?sort=-end_date',
      '/objects?genre=audio&limit=3&offset=2',
      '/agents?title__prefix=R&sort=title',
      '/terms?term_type=topical',
      `/collections/${collection}`,
      `/objects/${object}`,
      '/agents/nope',
      `/collections/${collection}/children?query=audio&limit=4`,
      `/collections/${collection}/minimap?query=tapes`,
      `/objects/${object}/ancestors?query=audio`,
      `/collections/${collection}/citation`,
      `/objects/${object}/citation`,
      '/search/suggest?title_suggest=rockefelr%20tapse',
      '/search?limit=0',
    ]
    for (const path of paths) {
      const [remote, local] = await Promise.all([app.request(path), memory.request(path)])
      expect(remote.status, path).toBe(local.status)
      expect(remote.headers.get('content-type'), path).toBe(local.headers.get('content-type'))
      expect(await remote.text(), path).toBe(await local.text())
    }
    const body = JSON.stringify({
      list: [`/objects/${object}`, `/collections/${collection}`, '/x'],
    })
    const post = (target: App) =>
      target.request('/mylist', {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json' },
      })
    const [remote, local] = await Promise.all([post(app), post(memory)])
    expect(remote.status).toBe(local.status)
    expect(await remote.text()).toBe(await local.text())
  })
})
