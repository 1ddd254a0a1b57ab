/**
 * `catalogue push` in-process (runMain), against the test run's OpenSearch node: the summary,
 * the help, and the exit codes of a catalogue error, a cluster that is down and a usage error.
 */
import { createServer } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from '../helpers/cli-run.js'
import {
  aliasedIndices,
  forceMerges,
  openSearchJson,
  openSearchNode,
} from '../helpers/opensearch.js'

const node = openSearchNode('the catalogue push tests')
const ALIAS = `cli-${Date.now().toString(36)}`

/** A port that was free a moment ago: nothing listens there. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

describe('catalogue push', () => {
  it('shows its help with examples', async () => {
    const { code, stdout } = await runCli(['push', '--help'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^Usage: catalogue push <catalogue> \[options\]/)
    expect(stdout).toContain('--opensearch <url>')
    expect(stdout).toContain('--shards <n>')
    expect(stdout).toContain('--replicas <n|auto>')
    expect(stdout).toContain('--no-merge')
    expect(stdout).toContain('--opensearch http://node1:9200,http://node2:9200,http://node3:9200')
    expect(stdout).toContain('Examples:')
  })

  it('needs --opensearch (exit 2)', async () => {
    const { code, stderr } = await runCli(['push', 'test/fixtures/rac'])
    expect(code).toBe(2)
    expect(stderr).toContain('missing --opensearch <url>')
  })

  it('says which URL it cannot reach when the cluster is down (exit 1)', async () => {
    const url = `http://127.0.0.1:${await freePort()}`
    const { code, stdout, stderr } = await runCli([
      'push',
      'test/fixtures/rac',
      '--opensearch',
      url,
    ])
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toMatch(new RegExp(`^Cannot reach OpenSearch at ${url}: `))
    // A message, not a stack.
    expect(stderr).not.toMatch(/\n\s+at /)
  })

  describe.skipIf(node.skip)('on the node', () => {
    afterAll(async () => {
      await fetch(`${node.url}/${ALIAS}-*`, { method: 'DELETE' })
    })

    it('pushes the RAC fixtures and prints the summary (exit 0)', async () => {
      const { code, stdout, stderr } = await runCli([
        'push',
        'test/fixtures/rac',
        '--opensearch',
        node.url,
        '--index',
        ALIAS,
      ])
      expect(stderr).toBe('')
      expect(code).toBe(0)
      const [index] = await aliasedIndices(node.url, ALIAS)
      expect(stdout).toMatch(
        new RegExp(
          `^Pushed 192 documents to ${index} in \\d+\\.\\d s \\([\\d,]+ documents/s\\)\\n` +
            `Alias ${ALIAS} → ${index} \\(new alias\\)\\n$`,
        ),
      )
    })

    it('pushes to a list naming the node twice and a dead one, comma-separated', async () => {
      // Port 1: nothing listens there. The client leaves out a node that does not answer.
      const alias = `${ALIAS}-nodes`
      const { code, stdout, stderr } = await runCli([
        'push',
        'test/fixtures/rac',
        '--opensearch',
        `${node.url},${node.url},http://127.0.0.1:1`,
        '--index',
        alias,
      ])
      expect(stderr).toBe('')
      expect(code).toBe(0)
      const [index] = await aliasedIndices(node.url, alias)
      expect(stdout).toContain(`Alias ${alias} → ${index} (new alias)`)
    })

    it('makes an index of --shards primary shards and --replicas replicas', async () => {
      const alias = `${ALIAS}-shards`
      const { code, stderr } = await runCli([
        'push',
        'test/fixtures/rac',
        '--opensearch',
        node.url,
        '--index',
        alias,
        '--shards',
        '2',
        '--replicas',
        '0',
      ])
      expect(stderr).toBe('')
      expect(code).toBe(0)
      const [index] = await aliasedIndices(node.url, alias)
      const settings = await openSearchJson<
        Record<string, { settings: { index: Record<string, string> } }>
      >(node.url, `/${index}/_settings`)
      expect(settings[index!]!.settings.index).toMatchObject({
        number_of_shards: '2',
        number_of_replicas: '0',
      })
    })

    it('merges no segment with --no-merge', async () => {
      const alias = `${ALIAS}-unmerged`
      const args = ['push', 'test/fixtures/rac', '--opensearch', node.url, '--index', alias]
      const { code, stderr } = await runCli([...args, '--no-merge'])
      expect(stderr).toBe('')
      expect(code).toBe(0)
      const [index] = await aliasedIndices(node.url, alias)
      expect(await forceMerges(node.url, index!)).toBe(0)
    })

    it('refuses an invalid catalogue, naming the file (exit 1), and leaves the alias', async () => {
      const [before] = await aliasedIndices(node.url, ALIAS)
      const { code, stderr } = await runCli([
        'push',
        'test/fixtures/rac-invalid/collection',
        '--opensearch',
        node.url,
        '--index',
        ALIAS,
      ])
      expect(code).toBe(1)
      expect(stderr).toMatch(/^The catalogue was not loaded: \d+ invalid documents/)
      expect(stderr).toContain('test/fixtures/rac-invalid/collection/no-title.json')
      expect(await aliasedIndices(node.url, ALIAS)).toEqual([before])
    })
  })
})
