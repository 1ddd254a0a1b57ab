/**
 * `catalogue serve --opensearch` as a real process on a real port, over the test run's node:
 * /search and /health answered from the pushed corpus, /health naming the cluster's status and
 * the index behind the alias; a push is the reload (the ETag follows the index).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { pushCatalogue } from '../../packages/opensearch/src/indexing/push.js'
import { killStartedChildren, runCli, startBin } from '../helpers/cli-run.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { aliasedIndices, openSearchNode } from '../helpers/opensearch.js'
import { servedBy } from '../helpers/served-process.js'

const node = openSearchNode('catalogue serve --opensearch')
const ALIAS = `serve-${Date.now().toString(36)}`

describe.skipIf(node.skip)('catalogue serve --opensearch', () => {
  beforeAll(async () => {
    await pushCatalogue(RAC, { url: node.url, index: ALIAS })
  }, 120_000)

  afterEach(() => killStartedChildren())

  afterAll(async () => {
    await fetch(`${node.url}/${ALIAS}-*`, { method: 'DELETE' })
  })

  it.each([
    ['search', 'congressional', '--json'],
    ['search', '--filter', 'type=object', '--sort', 'title', '--ndjson'],
    ['collections', '--sort', '-start_date', '--json'],
    ['collections', '--filter', 'genre=audio'],
    ['facets', '--filter', 'genre=photographs', '--json'],
    ['get', '/collections/kqx4Z5uJzTUF2RhdKbF8bB/children?query=audio&limit=3'],
    ['get', '/objects/2tCPMsahXfUURDNEMLUFYs/ancestors'],
    ['get', '/collections/nope'],
  ])('%s %s… prints with --opensearch what it prints over the files', async (...argv) => {
    const remote = await runCli([...argv, '--opensearch', node.url, '--index', ALIAS])
    const local = await runCli([...argv, '--catalogue', RAC])
    expect(remote.stderr).toBe(local.stderr)
    expect(remote.stdout).toBe(local.stdout)
    expect(remote.code).toBe(local.code)
  })

  it('counts stats with --opensearch as it counts them over the files', async () => {
    const withoutLoad = (stdout: string) => {
      const { load: _load, ...stats } = JSON.parse(stdout) as Record<string, unknown>
      return stats
    }
    const remote = await runCli(['stats', '--json', '--opensearch', node.url, '--index', ALIAS])
    const local = await runCli(['stats', '--json', '--catalogue', RAC])
    expect(remote.code).toBe(0)
    expect(withoutLoad(remote.stdout)).toEqual(withoutLoad(local.stdout))
  })

  it('names the URL and the alias when there is no such alias (exit 1)', async () => {
    const { code, stderr } = await runCli([
      'serve',
      '--opensearch',
      node.url,
      '--index',
      'nope',
      '--port',
      '0',
    ])
    expect(code).toBe(1)
    expect(stderr).toContain(`no alias nope at ${node.url}`)
  })

  it('serves from a list of nodes, naming them all, the node twice used once', async () => {
    // Port 1: nothing listens there; the client leaves it out.
    const nodes = `${node.url},http://127.0.0.1:1`
    const controller = new AbortController()
    let serving = ''
    const running = runCli(
      ['serve', '--opensearch', nodes, '--opensearch', node.url, '--index', ALIAS, '--port', '0'],
      {
        signal: controller.signal,
        onStdout: (chunk) => {
          serving += chunk
          if (serving.includes('\n')) controller.abort()
        },
      },
    )
    const { code, stderr } = await running
    expect(stderr).toBe('Stopped.\n')
    expect(code).toBe(0)
    const [index] = await aliasedIndices(node.url, ALIAS)
    expect(serving).toMatch(
      new RegExp(
        `^Serving OpenSearch at ${node.url}, http://127\\.0\\.0\\.1:1 \\(alias ${ALIAS}\\), ` +
          `index ${index}, at http://127\\.0\\.0\\.1:\\d+\\n$`,
      ),
    )
    const remote = await runCli([
      'search',
      'congressional',
      '--json',
      '--opensearch',
      nodes,
      '--index',
      ALIAS,
    ])
    const local = await runCli(['search', 'congressional', '--json', '--catalogue', RAC])
    expect(remote.stdout).toBe(local.stdout)
  })

  // Last: it pushes over the corpus.
  it('serves /search and /health from the alias, and follows a push', async () => {
    const server = await servedBy(
      startBin(['serve', '--opensearch', node.url, '--index', ALIAS, '--port', '0']),
    )
    const [index] = await aliasedIndices(node.url, ALIAS)
    expect(server.stdout()).toContain(`OpenSearch at ${node.url} (alias ${ALIAS}), index ${index}`)
    const search = await fetch(`${server.url}/search?query=congressional`)
    expect(search.status).toBe(200)
    const page = (await search.json()) as { count: number; results: { uri: string }[] }
    expect(page.count).toBe(1)
    expect(page.results[0]!.uri).toBe('/collections/Zivy3B6P5nBaZ24Kb8cWEq')
    const health = (await (await fetch(`${server.url}/health`)).json()) as Record<string, unknown>
    expect(health).toMatchObject({ status: 'ok', documents: 192, backend: 'opensearch', index })
    expect(['green', 'yellow']).toContain(health['cluster_status'])
    const etag = (await fetch(`${server.url}/collections`)).headers.get('etag')

    // Another catalogue, small: the sample's first 50 documents.
    const folder = mkdtempSync(join(tmpdir(), 'serve-push-'))
    const file = join(folder, 'first-50.ndjson')
    writeFileSync(file, `${readFileSync(SAMPLE, 'utf8').split('\n').slice(0, 50).join('\n')}\n`)
    const pushed = await pushCatalogue(file, { url: node.url, index: ALIAS }).finally(() =>
      rmSync(folder, { recursive: true, force: true }),
    )
    expect(await aliasedIndices(node.url, ALIAS)).toEqual([pushed.index])
    await expect
      .poll(
        async () =>
          ((await (await fetch(`${server.url}/health`)).json()) as { index: string }).index,
        {
          timeout: 10_000,
        },
      )
      .toBe(pushed.index)
    expect(await (await fetch(`${server.url}/health`)).json()).toMatchObject({ documents: 50 })
    expect((await fetch(`${server.url}/collections`)).headers.get('etag')).not.toBe(etag)
  }, 60_000)
})
