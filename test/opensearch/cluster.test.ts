/**
 * A three-node cluster's faults under load (issues 18 and 24), on the cluster this file starts
 * (the project's single node cannot lose one), skipping, saying why, where OpenSearch cannot
 * run. The sample is pushed with 3 shards and 1 replica through every node's URL and served by
 * our HTTP API over a backend that knows all three; eight clients send a rotating set of
 * requests, bounded in time and count, on loopback.
 *
 * - One node frozen (SIGSTOP: a long pause, a black hole), then another killed (SIGKILL): no
 *   request waits past the backend's budget, none is a 500 or a partial answer (a 503 says why),
 *   and once the cluster is green again every answer is the in-memory catalogue's.
 * - A push through one node killed midway fails naming the index it could not remove; the alias
 *   and the index behind it are untouched, and the next push removes what was left.
 * - The whole cluster stopped and started again from its folder: the server that was serving
 *   it answers again, whole, without a restart.
 *
 * The same cluster checks the project's launcher through those faults (`npm run opensearch`,
 * scripts/opensearch/): a node killed from outside is reported and leaves the others running,
 * `startAll` (and `startNode`) bring it back on its data and ports, a frozen node answers nothing
 * and is no exit, and a cluster stopped whole (`stopAll`) starts again from its folder
 * (`--data`) as the same cluster. One cluster for both, and one whole restart: each start of
 * three JVMs costs a quarter of a minute of both cores, even on the quick compiler alone.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Catalogue, loadCatalogue } from '../../packages/core/src/index.js'
import { type App, createApp, type Listening, listen } from '../../packages/http/src/index.js'
import { OpenSearchBackend } from '../../packages/opensearch/src/backend/opensearch-backend.js'
import { OpenSearchError } from '../../packages/opensearch/src/cluster/opensearch-error.js'
import { pushCatalogue } from '../../packages/opensearch/src/indexing/push.js'
import {
  type LocalOpenSearch,
  type NodeExit,
  startOpenSearch,
} from '../../scripts/opensearch/node-cluster.js'
import { missingRequirements } from '../../scripts/opensearch/requirements.js'
import { type Answer, shapeProblem } from '../helpers/api-answers.js'
import { boundedLoad, type LoadOutcome } from '../helpers/bounded-load.js'
import { SAMPLE } from '../helpers/corpus.js'
import { aliasedIndices, openSearchJson } from '../helpers/opensearch.js'
import { alive } from '../helpers/process-alive.js'

const ALIAS = 'cluster'
const BASE = 'http://archive.test'
/** How long the server gives the cluster for one request. */
const BUDGET_MS = 5000
const missing = await missingRequirements()
if (missing) console.warn(`Skipping the three-node cluster test: ${missing}`)

describe.skipIf(missing)('a three-node cluster', () => {
  let cluster: LocalOpenSearch | undefined
  let backend: OpenSearchBackend | undefined
  let server: Listening | undefined
  let reference: App
  let targets: string[]
  /** The in-memory answers to `targets`, the measure of a complete answer. */
  const expected = new Map<string, Answer>()
  /** The cluster's folder, kept across its stops (the launcher's `--data`). */
  let dataDir: string
  /** The nodes' exits that nobody asked for, as the launcher reports them. */
  const exits: NodeExit[] = []
  const launch = {
    heapMb: 512,
    // This cluster starts eight JVMs and serves a few hundred requests on 2,000 documents: the
    // quick compiler only (C2's compiling cost about half of each start's CPU), and only the
    // modules the catalogue uses, HTTP and transport and the text analysis (not scripting,
    // ingest, reindexing…: a fifth of a start's CPU).
    jvmOptions: ['-XX:TieredStopAtLevel=1'],
    modules: [
      'org.opensearch.transport.Netty4ModulePlugin',
      'org.opensearch.analysis.common.CommonAnalysisModulePlugin',
    ],
    timeoutMs: 150_000,
    onNodeExit: (exit: NodeExit) => exits.push(exit),
  }

  beforeAll(async () => {
    const catalogue = (await loadCatalogue(SAMPLE)).catalogue
    reference = createApp(catalogue, { baseUrl: BASE, responseCacheBytes: 0 })
    targets = requestTargets(catalogue)
    for (const target of targets) {
      expected.set(target, (await (await reference.request(target)).json()) as Answer)
    }
    dataDir = await mkdtemp(path.join(tmpdir(), 'cluster-test-'))
    cluster = await startOpenSearch({ ...launch, nodes: 3, dataDir })
    await pushCatalogue(SAMPLE, { url: cluster.urls, index: ALIAS, shards: 3, replicas: 1 })
    // Replicas of a lost node's shards are made again at once rather than after the default
    // minute spent waiting for the node to come back (`delayed_timeout`), so that green on two
    // nodes comes within the test's time: the catalogue's, and those of `.tasks`, where the
    // cluster keeps the result of the push's merge.
    await openSearchJson(cluster.url, `/${ALIAS},.tasks/_settings`, {
      method: 'PUT',
      body: { 'index.unassigned.node_left.delayed_timeout': '0s' },
    })
    await health(cluster.url, 3)
    backend = await OpenSearchBackend.open({
      url: cluster.urls,
      index: ALIAS,
      timeoutMs: BUDGET_MS,
    })
    const app = createApp(backend, {
      baseUrl: BASE,
      backendTimeoutMs: BUDGET_MS,
      responseCacheBytes: 0,
    })
    server = await listen(app, { port: 0 })
  }, 180_000)

  afterAll(async () => {
    await server?.close()
    await backend?.close()
    await cluster?.stop()
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
  }, 60_000)

  it('answers through a node frozen, then a node killed, and whole once green again', async () => {
    const { url } = cluster!
    // The node frozen is not the elected cluster manager (a frozen manager stalls the whole
    // cluster's changes until a new one is elected, a case of its own); the node killed then is
    // the manager unless it is the node this test asks for health, then the last node.
    const manager = await managerIndex(url)
    const frozen = [0, 1, 2].find((i) => i !== manager && i !== 0)!
    const killed = manager === 0 ? (frozen === 1 ? 2 : 1) : manager
    const started = performance.now()
    const at = () => ((performance.now() - started) / 1000).toFixed(1)
    const events: string[] = []
    const load = boundedLoad(server!.url, {
      clients: 8,
      durationMs: 30_000,
      maxRequests: 3000,
      // A request that waits past the budget (and a margin for the HTTP round trip) hangs.
      timeoutMs: BUDGET_MS + 3000,
      targets,
      inspect: (target, status, body) => (status === 200 ? inspect(target, body) : body),
    })
    await delay(3000)
    cluster!.freezeNode(frozen)
    events.push(`froze node-${frozen + 1} at ${at()} s`)
    // Its socket still accepts connections (the kernel does that), but nothing answers.
    const frozenStatus = cluster!.nodes[frozen]!.status
    const frozenAnswer = await fetch(cluster!.urls[frozen]!, {
      signal: AbortSignal.timeout(1000),
    }).then(
      (response) => response.status,
      (error: Error) => error.name,
    )
    await delay(9000)
    cluster!.thawNode(frozen)
    events.push(`thawed it at ${at()} s`)
    await health(url, 3)
    await delay(2000)
    // Killed from outside, as a crash or the kernel's OOM killer does: the launcher reports it.
    const { pid: killedPid, name: killedName, url: killedUrl } = cluster!.nodes[killed]!
    process.kill(killedPid, 'SIGKILL')
    events.push(
      `killed node-${killed + 1}${killed === manager ? ' (the elected manager)' : ''} at ${at()} s`,
    )
    await health(url, 2)
    events.push(`green on 2 nodes at ${at()} s`)
    const outcomes = await load

    const figures = summary(outcomes)
    console.info(`${events.join('; ')}. ${figures.line}`)
    for (const outcome of outcomes.filter((o) => o.status !== 200).slice(0, 5)) {
      console.info(
        `  ${outcome.status} ${outcome.target} at ${outcome.startMs.toFixed(0)} ms: ${outcome.note?.slice(0, 200)}`,
      )
    }
    expect(frozenStatus).toBe('frozen')
    expect(frozenAnswer).toBe('TimeoutError')
    expect(outcomes.filter((o) => o.status === 'hang' || o.status === 'error')).toEqual([])
    expect(
      outcomes.filter((o) => typeof o.status === 'number' && o.status >= 500 && o.status !== 503),
    ).toEqual([])
    // Nor any other status: every target exists, so a 404 would be a partial answer read as
    // "no such document" (a shard lost mid-search), which the backend refuses as a 503.
    expect(outcomes.filter((o) => o.status !== 200 && o.status !== 503)).toEqual([])
    // Every 200 well-formed and whole: the in-memory count, never the surviving shards' share.
    expect(outcomes.filter((o) => o.status === 200 && o.note !== undefined)).toEqual([])
    expect(figures.ok).toBeGreaterThan(outcomes.length / 2)
    // Every 503 says why, as the API's errors do.
    for (const outcome of outcomes.filter((o) => o.status === 503)) {
      expect(JSON.parse(outcome.note ?? '{}')).toHaveProperty('detail')
    }
    // The launcher: the kill reported once (the freeze was no exit), the other nodes running.
    expect(exits).toEqual([
      {
        name: killedName,
        index: killed,
        pid: killedPid,
        code: 'SIGKILL',
        running: 2,
        lastLines: expect.any(String),
      },
    ])
    expect((await cluster!.failed).message).toMatch(
      new RegExp(`^${killedName} exited \\(SIGKILL\\)`),
    )
    expect(cluster!.nodes[killed]!.status).toBe('stopped')
    for (const [i, node] of cluster!.nodes.entries()) {
      if (i !== killed) expect(node.status === 'running' && alive(node.pid), node.name).toBe(true)
    }
    await expectWhole()

    // The killed node back on its own data and ports (`startAll` starts the stopped ones and
    // leaves the running ones be): three nodes, every answer whole again.
    const runningPids = cluster!.pids.filter((_, i) => i !== killed)
    await cluster!.startAll()
    expect(cluster!.nodes[killed]).toMatchObject({ status: 'running', url: killedUrl })
    expect(cluster!.nodes[killed]!.pid).not.toBe(killedPid)
    expect(cluster!.pids[killed]).toBe(cluster!.nodes[killed]!.pid)
    expect(cluster!.pids.filter((_, i) => i !== killed)).toEqual(runningPids)
    await health(url, 3)
    await expectWhole()
  }, 240_000)

  it('leaves the alias whole when a push loses its node, and the next push removes its index', async () => {
    const before = await aliasedIndices(cluster!.url, ALIAS)
    // The push is told of one node only, and that node dies once a few batches are in.
    const lone = (await managerIndex(cluster!.url)) === 1 ? 2 : 1
    let killing: Promise<void> | undefined
    const failure = await pushCatalogue(SAMPLE, {
      url: cluster!.urls[lone]!,
      index: ALIAS,
      bulk: { maxDocuments: 100, maxAttempts: 2, backoffMs: 50 },
      onProgress: ({ indexed }) => {
        if (indexed >= 300) killing ??= cluster!.stopNode(lone, 'SIGKILL')
      },
    }).then(
      () => undefined,
      (error: unknown) => error,
    )
    await killing
    expect(failure).toBeInstanceOf(OpenSearchError)
    const message = (failure as Error).message
    const left = new RegExp(`${ALIAS}-\\d{17}`).exec(message.split('\n').at(-1) ?? '')?.[0]
    expect(message).toMatch(/could not be removed: the next push to cluster removes it/)
    expect(left).toBeDefined()
    // Readers never saw the half-written index.
    const url = cluster!.urls.find((_, i) => i !== lone)!
    expect(await aliasedIndices(url, ALIAS)).toEqual(before)
    await expectWhole()

    // The next push, through every node, while the lost one starts again: it finds the index
    // left with a recent heartbeat and watches it for half a minute (push-marks.ts) before it
    // removes it, time the node's start fills.
    const pushing = pushCatalogue(SAMPLE, { url: cluster!.urls, index: ALIAS, shards: 3 })
    pushing.catch(() => {})
    const { pid: lonePid, name: loneName } = cluster!.nodes[lone]!
    await cluster!.startNode(lone)
    expect(cluster!.nodes[lone]!.pid).not.toBe(lonePid)
    await expect(cluster!.startNode(lone)).rejects.toThrow(`${loneName} is running`)
    const next = await pushing
    expect(next.removed).toEqual([left])
    const indices = await openSearchJson<{ index: string }[]>(
      cluster!.url,
      `/_cat/indices/${ALIAS}-*?format=json`,
    )
    expect(indices.map((entry) => entry.index)).toEqual([next.index])
    await health(cluster!.url, 3)
    await expectWhole()
  }, 240_000)

  it('finds every node from one it was given (sniff), and answers while that one hangs', async () => {
    const sniffing = await OpenSearchBackend.open({
      url: cluster!.urls[0]!,
      index: ALIAS,
      sniff: true,
    })
    const app = createApp(sniffing, { baseUrl: BASE, responseCacheBytes: 0 })
    try {
      // Its first request finds the others (the client sniffs on start).
      expect((await app.request(targets[0]!)).status).toBe(200)
      cluster!.freezeNode(0)
      try {
        for (const target of targets.slice(0, 3)) {
          const response = await app.request(target)
          const body = await response.text()
          expect(response.status, `${target}: ${body}`).toBe(200)
          expect(JSON.parse(body), target).toEqual(expected.get(target))
        }
      } finally {
        cluster!.thawNode(0)
      }
    } finally {
      await sniffing.close()
    }
  }, 120_000)

  it('answers again, whole, when the whole cluster stopped and started from its folder (`--data`)', async () => {
    const uuid = await clusterUuid(cluster!.url)
    const { urls, pids } = cluster!
    await cluster!.stopAll('SIGTERM')
    for (const pid of pids) expect(alive(pid)).toBe(false)
    const down = await fetch(`${server!.url}${targets[0]}`)
    expect(down.status).toBe(503)
    expect(((await down.json()) as { detail: string }).detail).toMatch(/OpenSearch at/)
    // Stops asked for are not exits.
    expect(exits).toHaveLength(1)
    await cluster!.stop()
    const stored = JSON.parse(await readFile(path.join(dataDir, 'cluster.json'), 'utf8'))
    expect(stored).toMatchObject({ bootstrapped: true })
    // No node count: the folder's. The same cluster, names and ports, in new JVMs.
    cluster = await startOpenSearch({ ...launch, dataDir })
    expect(cluster.urls).toEqual(urls)
    await health(cluster.url, 3)
    expect(await clusterUuid(cluster.url)).toBe(uuid)
    for (const [i, pid] of cluster.pids.entries()) expect(pid).not.toBe(pids[i])
    // The same server, never restarted: its client finds the nodes again within seconds.
    await answeringAgain()
    await expectWhole()
  }, 240_000)

  /** Waits (up to 30 s) until the server, never restarted, answers a request again. */
  async function answeringAgain(): Promise<void> {
    const deadline = performance.now() + 30_000
    while ((await fetch(`${server!.url}${targets[0]}`)).status !== 200) {
      expect(performance.now(), 'answering again within 30 s of green').toBeLessThan(deadline)
      await delay(500)
    }
  }

  /** Every target answered as the in-memory catalogue answers it, in the same order. */
  async function expectWhole(): Promise<void> {
    for (const target of targets) {
      expect(await answerOf(server!.url, target), target).toEqual(expected.get(target))
    }
  }

  /** `malformed: …` for an answer not shaped as the in-memory one, `incomplete` for another count. */
  function inspect(target: string, body: string): string | undefined {
    const wanted = expected.get(target)!
    let answer: unknown
    try {
      answer = JSON.parse(body)
    } catch {
      return `malformed: not JSON: ${body.slice(0, 80)}`
    }
    const problem = shapeProblem(answer, wanted)
    if (problem) return `malformed: ${problem}`
    if ((answer as Answer).count !== wanted.count) return 'incomplete'
    return undefined
  }
})

/** The API's JSON answer to a target, which must be a 200. */
async function answerOf(url: string, target: string): Promise<Answer> {
  const response = await fetch(`${url}${target}`, { signal: AbortSignal.timeout(15_000) })
  const body = await response.text()
  expect(response.status, `${target}: ${body.slice(0, 200)}`).toBe(200)
  return JSON.parse(body) as Answer
}

/** The cluster's UUID: the same cluster after its nodes start again on their data. */
async function clusterUuid(url: string): Promise<string> {
  const state = await openSearchJson<{ metadata: { cluster_uuid: string } }>(
    url,
    '/_cluster/state/metadata?filter_path=metadata.cluster_uuid',
  )
  return state.metadata.cluster_uuid
}

/** The elected cluster manager's index in node order. */
async function managerIndex(url: string): Promise<number> {
  const [manager] = await openSearchJson<{ node: string }[]>(
    url,
    '/_cat/cluster_manager?format=json',
  )
  return Number(manager?.node.slice('node-'.length)) - 1
}

/**
 * Waits (up to 2 × 60 s) for the cluster to be green with exactly `nodes` nodes. On a loaded
 * machine a replica can fail to allocate five times over, its shard's lock still held by the copy
 * being closed (`ShardLockObtainFailedException`), after which OpenSearch stops trying and the
 * cluster stays yellow: what an operator does then, asking it to try again, is done once between
 * the two waits.
 */
async function health(url: string, nodes: number): Promise<void> {
  const query = `wait_for_status=green&wait_for_nodes=${nodes}&timeout=60s`
  type Health = { status: string; timed_out: boolean; unassigned_shards: number }
  let body = await openSearchJson<Health>(url, `/_cluster/health?${query}`)
  if (body.timed_out && body.unassigned_shards > 0) {
    await openSearchJson(url, '/_cluster/reroute?retry_failed=true', { method: 'POST' })
    body = await openSearchJson<Health>(url, `/_cluster/health?${query}`)
  }
  expect(body, `green with ${nodes} nodes`).toMatchObject({ status: 'green', timed_out: false })
}

/** The load's figures, and a line of them. */
function summary(outcomes: LoadOutcome[]) {
  const count = (test: (o: LoadOutcome) => boolean) => outcomes.filter(test).length
  const ok = count((o) => o.status === 200)
  const unavailable = count((o) => o.status === 503)
  const incomplete = count((o) => o.status === 200 && o.note === 'incomplete')
  const maxMs = Math.max(...outcomes.map((o) => o.ms))
  const line =
    `${outcomes.length} requests: ${ok} × 200 (${incomplete} with another count than in memory), ` +
    `${unavailable} × 503, ${outcomes.length - ok - unavailable} other; max latency ${maxMs.toFixed(0)} ms`
  return { ok, unavailable, incomplete, maxMs, line }
}

/** A rotating set of requests over every kind of endpoint, on words and ids of the sample. */
function requestTargets(catalogue: Catalogue): string[] {
  const words = titleWords(catalogue)
  const [a = 'a', b = 'b', c = 'c'] = words
  const collections = [...catalogue.data.uris].filter((uri) => uri.startsWith('/collections/'))
  const parent =
    collections.find(
      (uri) => catalogue.children(uri.slice(13), catalogue.parse('children', {})).count > 3,
    ) ?? collections[0]!
  const object = [...catalogue.data.uris].find((uri) => uri.startsWith('/objects/'))!
  const agent = [...catalogue.data.uris].find((uri) => uri.startsWith('/agents/'))!
  const term = [...catalogue.data.uris].find((uri) => uri.startsWith('/terms/'))!
  const enc = encodeURIComponent
  return [
    `/search?query=${enc(a)}`,
    `/facets?query=${enc(b)}`,
    `/collections?sort=-start_date&limit=10`,
    `/search?query=${enc(`${b} | ${c}`)}&type=collection`,
    parent,
    `${parent}/children`,
    '/search?sort=title&limit=20&offset=40',
    '/facets',
    `/objects?query=${enc(a)}&sort=title`,
    object,
    `${object}/ancestors`,
    `/search?query=${enc(`-${a}`)}&online=true`,
    `/agents?sort=title&limit=5`,
    agent,
    `${parent}/children?query=${enc(a)}&limit=3`,
    `/terms?limit=5`,
    term,
    `/collections?query=${enc(c)}`,
  ]
}

/** Words of the sample's titles, frequent first: queries that find something. */
function titleWords(catalogue: Catalogue): string[] {
  const counts = new Map<string, number>()
  for (const title of catalogue.data.titles) {
    for (const word of title.toLowerCase().match(/\p{L}{5,}/gu) ?? []) {
      counts.set(word, (counts.get(word) ?? 0) + 1)
    }
  }
  return [...counts].sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1)).map(([word]) => word)
}
