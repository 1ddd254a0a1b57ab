/**
 * The shared case table (test/cases/corpus-cases.ts) through the HTTP app and the CLI over the
 * OpenSearch backend, with the adapters test/http/cases.test.ts and test/cli/cases.test.ts give
 * `runCases` in memory (the core's run is in backend.test.ts).
 */
import { type App, createApp } from '@archive-catalogue/http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../packages/core/src/index.js'
import { OpenSearchBackend } from '../../packages/opensearch/src/backend/opensearch-backend.js'
import { pushCatalogue } from '../../packages/opensearch/src/indexing/push.js'
import { overHttp } from '../cases/over-http.js'
import { runCases } from '../cases/run-cases.js'
import { throughCli } from '../cases/through-cli.js'
import { RAC } from '../helpers/corpus.js'
import { openSearchNode } from '../helpers/opensearch.js'

const node = openSearchNode('the case table over OpenSearch')
const ALIAS = `cases-${Date.now().toString(36)}`

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

  describe('through the HTTP app', () => {
    runCases({
      ...overHttp(() => app),
      // Skips nothing: the backend answers every request of the table as memory does.
      skip: [],
    })
  })

  describe('through the CLI', () => {
    runCases({
      // The alias changes with every run: the title shows the flag only.
      ...throughCli({ flags: ['--opensearch', node.url, '--index', ALIAS], shown: '--opensearch' }),
      // Skips nothing; as in memory, 'ignores empty values and unknown parameters' runs without
      // `colour=blue`, an unknown filter the CLI refuses as a typo.
      skip: [],
    })
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
