/**
 * The local cluster's faults (issue 24): on a real three-node cluster kept in a `dataDir`, a
 * node killed from outside leaves the others running and is reported, `startNode` brings it
 * back, a frozen node answers nothing until thawed, and the whole cluster started again on its
 * folder is the same cluster with its index. Three nodes, as two would lose their only voting
 * node half the time. Also `npm run opensearch`'s refusals of a `--data` it cannot use, which
 * need no Java. The cluster part skips, saying why, where OpenSearch cannot run.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type LocalOpenSearch,
  type NodeExit,
  startOpenSearch,
} from '../../scripts/opensearch/node-cluster.js'
import { missingRequirements } from '../../scripts/opensearch/requirements.js'
import { openSearchJson } from '../helpers/opensearch.js'
import { alive } from '../helpers/process-alive.js'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const missing = await missingRequirements()
if (missing) console.warn(`Skipping the launcher's fault tests: ${missing}`)

/** Runs `scripts/opensearch.ts` with `args`; its exit code and output. */
function runScript(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/opensearch.ts', ...args],
      { cwd: ROOT, timeout: 20_000 },
      (error, stdout, stderr) => resolve({ code: Number(error?.code ?? 0), stdout, stderr }),
    )
  })
}

/** The cluster's health once it counts `nodes` nodes (and is `status`), asked through `url`. */
async function health(url: string, nodes: number, status = 'green') {
  return openSearchJson<{ status: string; number_of_nodes: number; timed_out: boolean }>(
    url,
    `/_cluster/health?wait_for_status=${status}&wait_for_nodes=${nodes}&timeout=60s`,
  )
}

async function clusterUuid(url: string): Promise<string> {
  const state = await openSearchJson<{ metadata: { cluster_uuid: string } }>(
    url,
    '/_cluster/state/metadata?filter_path=metadata.cluster_uuid',
  )
  return state.metadata.cluster_uuid
}

/** Polls `test` every 100 ms for up to `ms`. */
async function until(test: () => boolean, ms: number): Promise<void> {
  for (const end = performance.now() + ms; !test() && performance.now() < end; ) await delay(100)
}

describe('npm run opensearch --data', () => {
  let folder: string

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'launcher-test-'))
  })
  afterAll(() => rm(folder, { recursive: true, force: true }))

  it('refuses another node count than the folder holds (exit 2), before looking for Java', async () => {
    const data = path.join(folder, 'three')
    await mkdir(data)
    const nodes = [1, 2, 3].map((n) => ({
      name: `node-${n}`,
      httpPort: 1 + n,
      transportPort: 4 + n,
    }))
    await writeFile(path.join(data, 'cluster.json'), JSON.stringify({ nodes, bootstrapped: true }))
    const { code, stdout, stderr } = await runScript(['--data', data, '--nodes', '2'])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain(`${data} holds a cluster of 3 nodes (see its cluster.json), not 2`)
  })

  it('refuses a folder with other things in it and no cluster.json (exit 2)', async () => {
    const data = path.join(folder, 'other')
    await mkdir(data)
    await writeFile(path.join(data, 'notes.txt'), 'not a cluster')
    const { code, stderr } = await runScript(['--data', data])
    expect(code).toBe(2)
    expect(stderr).toContain(`${data} is not empty and holds no cluster.json`)
  })
})

describe.skipIf(missing)('a local cluster, through its faults', () => {
  let dataDir: string
  let cluster: LocalOpenSearch
  const exits: NodeExit[] = []
  const options = () => ({ dataDir, heapMb: 512, onNodeExit: (exit: NodeExit) => exits.push(exit) })

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'launcher-test-cluster-'))
    cluster = await startOpenSearch({ ...options(), nodes: 3, timeoutMs: 150_000 })
    // One shard and a replica: a copy survives the loss of any one node.
    await openSearchJson(cluster.url, '/faults', {
      method: 'PUT',
      body: { settings: { number_of_shards: 1, number_of_replicas: 1 } },
    })
    await openSearchJson(cluster.url, '/faults/_doc/d1?refresh=true', {
      method: 'PUT',
      body: { title: 'Minutes of the harbour board' },
    })
    await health(cluster.url, 3)
  }, 180_000)

  afterAll(async () => {
    await cluster?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }, 60_000)

  it('keeps the others running when a node is killed from outside, and reports it', async () => {
    const victim = 2
    const { pid, name } = cluster.nodes[victim]!
    process.kill(pid, 'SIGKILL')
    await until(() => exits.length > 0, 10_000)
    expect(exits).toEqual([
      { name, index: victim, pid, code: 'SIGKILL', running: 2, lastLines: expect.any(String) },
    ])
    expect((await cluster.failed).message).toMatch(new RegExp(`^${name} exited \\(SIGKILL\\)`))
    expect(cluster.nodes[victim]!.status).toBe('stopped')
    for (const i of [0, 1]) {
      expect(cluster.nodes[i]).toMatchObject({ status: 'running' })
      expect(alive(cluster.nodes[i]!.pid)).toBe(true)
    }
    // Yellow: the lost copy waits a minute for its node to come back (`delayed_timeout`).
    const after = await health(cluster.urls[0]!, 2, 'yellow')
    expect(after).toMatchObject({ number_of_nodes: 2, timed_out: false })
    const doc = await openSearchJson<{ _source: unknown }>(cluster.urls[1]!, '/faults/_doc/d1')
    expect(doc._source).toEqual({ title: 'Minutes of the harbour board' })
  }, 90_000)

  it('startNode brings it back on its data and ports, the cluster green with all three', async () => {
    const { pid, url } = cluster.nodes[2]!
    await cluster.startNode(2)
    expect(cluster.nodes[2]).toMatchObject({ status: 'running', url })
    expect(cluster.nodes[2]!.pid).not.toBe(pid)
    expect(cluster.pids[2]).toBe(cluster.nodes[2]!.pid)
    expect(await health(url, 3)).toMatchObject({ status: 'green', number_of_nodes: 3 })
    const doc = await openSearchJson<{ _source: unknown }>(url, '/faults/_doc/d1')
    expect(doc._source).toEqual({ title: 'Minutes of the harbour board' })
    await expect(cluster.startNode(2)).rejects.toThrow('node-3 is running')
  }, 90_000)

  it('a frozen node answers nothing until it is thawed, and is no exit', async () => {
    const { url } = cluster.nodes[1]!
    cluster.freezeNode(1)
    let frozen: number | string
    try {
      expect(cluster.nodes[1]!.status).toBe('frozen')
      // Its socket still accepts connections (the kernel does that), but nothing answers.
      frozen = await fetch(url, { signal: AbortSignal.timeout(1000) }).then(
        (response) => response.status,
        (error: Error) => error.name,
      )
    } finally {
      cluster.thawNode(1)
    }
    expect(frozen).toBe('TimeoutError')
    expect(cluster.nodes[1]!.status).toBe('running')
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) })
    expect(response.status).toBe(200)
    expect(exits).toHaveLength(1)
  }, 30_000)

  it('restart: the whole cluster again on its folder, same cluster and index, new JVMs', async () => {
    const uuid = await clusterUuid(cluster.url)
    const { pids, urls } = cluster
    await cluster.restart()
    expect(cluster.urls).toEqual(urls)
    for (const [i, pid] of cluster.pids.entries()) {
      expect(pid).not.toBe(pids[i])
      expect(alive(pids[i]!)).toBe(false)
    }
    expect(await health(cluster.url, 3)).toMatchObject({ status: 'green', number_of_nodes: 3 })
    expect(await clusterUuid(cluster.url)).toBe(uuid)
    const doc = await openSearchJson<{ _source: unknown }>(cluster.url, '/faults/_doc/d1')
    expect(doc._source).toEqual({ title: 'Minutes of the harbour board' })
    // Stops asked for are not exits.
    expect(exits).toHaveLength(1)
  }, 120_000)

  it('stop keeps the dataDir, and a new start on it is the same cluster (as --data again)', async () => {
    const uuid = await clusterUuid(cluster.url)
    const { urls } = cluster
    await cluster.stop()
    const stored = JSON.parse(await readFile(path.join(dataDir, 'cluster.json'), 'utf8'))
    expect(stored).toMatchObject({ bootstrapped: true })
    // No node count: the folder's.
    cluster = await startOpenSearch({ ...options(), timeoutMs: 150_000 })
    expect(cluster.urls).toEqual(urls)
    expect(await health(cluster.url, 3)).toMatchObject({ status: 'green', number_of_nodes: 3 })
    expect(await clusterUuid(cluster.url)).toBe(uuid)
    const doc = await openSearchJson<{ _source: unknown }>(cluster.url, '/faults/_doc/d1')
    expect(doc._source).toEqual({ title: 'Minutes of the harbour board' })
  }, 180_000)
})
