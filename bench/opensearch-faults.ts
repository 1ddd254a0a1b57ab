/**
 * A three-node cluster's faults under a bounded load, as an operator's cluster meets them: a
 * generated catalogue pushed with 3 shards and 1 replica through every node's URL, our server
 * over a backend given every URL, eight clients sending the benchmark's mix (searches, facets,
 * lists, details, trees) on loopback, and meanwhile one node frozen (SIGSTOP for 30 s: a long GC
 * pause or a network black hole), then one node killed (SIGKILL). Each phase's answers (200 or
 * not) and latencies go to bench/RESULTS.md and .json.
 *
 *   npm run bench -- --backend opensearch-faults                 100,000 documents
 *   npm run bench -- --backend opensearch-faults --size 10k      quicker
 *
 * Issue 24's target: with one node frozen for 30 s, ≥ 95% of requests answered 200 and p99
 * under 3 s; nothing waits past the backend's budget (10 s).
 */
import { cpus, totalmem } from 'node:os'
import { setTimeout as delay } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import { type Catalogue, loadCatalogue } from '../packages/core/src/index.js'
import { createApp, listen } from '../packages/http/src/index.js'
import { OpenSearchBackend, pushCatalogue } from '../packages/opensearch/src/index.js'
import { startOpenSearch } from '../scripts/opensearch/node-cluster.js'
import { boundedLoad, type LoadOutcome } from '../test/helpers/bounded-load.js'
import { generatedCatalogue } from './generated-catalogue.js'
import { queryMix } from './query-mix.js'
import { appendResults } from './results.js'

const SIZES: Record<string, number> = { '10k': 10_000, '100k': 100_000, '1m': 1_000_000 }
const { values } = parseArgs({
  options: {
    backend: { type: 'string' },
    size: { type: 'string', default: '100k' },
    heap: { type: 'string', default: '512' },
    'freeze-seconds': { type: 'string', default: '30' },
    out: { type: 'string', default: new URL('RESULTS', import.meta.url).pathname },
  },
})
const count = SIZES[values.size!]
if (count === undefined) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`)
const freezeMs = Number(values['freeze-seconds']) * 1000
const BUDGET_MS = 10_000
const ALIAS = 'faults'

const log = (line: string) => process.stderr.write(`bench: ${line}\n`)
const file = generatedCatalogue(count)
const mix = await queryMix(file)
const cluster = await startOpenSearch({ nodes: 3, heapMb: Number(values.heap), log })
const { urls } = cluster
try {
  log(
    `pushing ${count.toLocaleString('en')} documents (3 shards, 1 replica) through ${urls.join(' ')}…`,
  )
  const pushStarted = performance.now()
  await pushCatalogue(file, { url: urls, index: ALIAS, shards: 3, replicas: 1 })
  const pushSeconds = (performance.now() - pushStarted) / 1000
  // A lost node's shards are copied again at once, not after a minute's wait for it to return:
  // the catalogue's, and those of `.tasks`, where the cluster keeps the result of the push's merge.
  await fetch(`${urls[0]}/${ALIAS},.tasks/_settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ 'index.unassigned.node_left.delayed_timeout': '0s' }),
  })
  const { catalogue } = await loadCatalogue(file)
  const backend = await OpenSearchBackend.open({ url: urls, index: ALIAS, timeoutMs: BUDGET_MS })
  const server = await listen(
    createApp(backend, { backendTimeoutMs: BUDGET_MS, responseCacheBytes: 0 }),
    { port: 0 },
  )
  const targets = targetsOf(catalogue)
  const load = (durationMs: number) =>
    boundedLoad(server.url, {
      clients: 8,
      durationMs,
      maxRequests: 40_000,
      timeoutMs: BUDGET_MS + 5000,
      targets,
      // What a failed request was answered, to say why in the results.
      inspect: (target, status, body) =>
        status === 200 ? undefined : `${target}: ${body.slice(0, 160)}`,
    })
  try {
    await load(5000) // warm up: the JIT of both sides, the caches of the nodes
    const victim = await nonManager(urls[0]!)

    log(`freezing node-${victim + 1} for ${freezeMs / 1000} s under load…`)
    const frozenAt = 10_000
    const frozen = load(frozenAt + freezeMs + 15_000)
    await delay(frozenAt)
    process.kill(cluster.pids[victim]!, 'SIGSTOP')
    await delay(freezeMs)
    process.kill(cluster.pids[victim]!, 'SIGCONT')
    const freezeRun = await frozen
    await green(urls[0]!, 3)

    log(`killing node-${victim + 1} under load…`)
    const killedAt = 10_000
    const killed = load(killedAt + 30_000)
    await delay(killedAt)
    await cluster.stopNode(victim, 'SIGKILL')
    const killRun = await killed
    report(pushSeconds, victim, [
      phase('before the freeze', freezeRun, 0, frozenAt),
      phase(`node-${victim + 1} frozen (SIGSTOP)`, freezeRun, frozenAt, frozenAt + freezeMs),
      phase('after it thawed (SIGCONT)', freezeRun, frozenAt + freezeMs, Infinity),
      phase('before the kill', killRun, 0, killedAt),
      phase(`node-${victim + 1} killed (SIGKILL)`, killRun, killedAt, Infinity),
    ])
  } finally {
    await server.close()
    await backend.close()
  }
} finally {
  await cluster.stop()
}

/** A rotating mix over every kind of endpoint, on the mix's words and the catalogue's ids. */
function targetsOf(catalogue: Catalogue): string[] {
  const search = mix.map((query) => `/search?${new URLSearchParams(query.params)}`)
  const words = mix.filter((query) => query.kind === 'common word').map((q) => q.params.query!)
  const collections = catalogue.collections({ limit: 10 }).results.map((item) => item.uri)
  const objects = catalogue.objects({ limit: 10 }).results.map((item) => item.uri)
  const extra = collections.flatMap((uri, i) => [
    uri,
    `${uri}/children?query=${encodeURIComponent(words[i % words.length]!)}`,
    `/facets?query=${encodeURIComponent(words[i % words.length]!)}`,
    `/objects?query=${encodeURIComponent(words[(i + 1) % words.length]!)}`,
    objects[i]!,
    `${objects[i]!}/ancestors`,
  ])
  // Interleaved, so every second of the load asks every kind.
  return search.flatMap((path, i) => [path, extra[i % extra.length]!])
}

/** The index of a node that is not the elected cluster manager. */
async function nonManager(url: string): Promise<number> {
  const response = await fetch(`${url}/_cat/cluster_manager?format=json`)
  const [manager] = (await response.json()) as { node: string }[]
  return manager?.node === 'node-3' ? 1 : 2
}

async function green(url: string, nodes: number): Promise<void> {
  await fetch(`${url}/_cluster/health?wait_for_status=green&wait_for_nodes=${nodes}&timeout=120s`)
}

interface Phase {
  name: string
  requests: number
  ok: number
  unavailable: number
  other: number
  p50: number
  p99: number
  max: number
  reasons: string[]
}

/** The requests of a run that started in [from, to) ms of it. */
function phase(name: string, outcomes: LoadOutcome[], from: number, to: number): Phase {
  const within = outcomes.filter((o) => o.startMs >= from && o.startMs < to)
  const times = within.map((o) => o.ms).sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0
  const ok = within.filter((o) => o.status === 200).length
  const unavailable = within.filter((o) => o.status === 503).length
  return {
    name,
    requests: within.length,
    ok,
    unavailable,
    other: within.length - ok - unavailable,
    p50: at(0.5),
    p99: at(0.99),
    max: times.at(-1) ?? 0,
    reasons: [
      ...new Set(
        within
          .filter((o) => o.status !== 200)
          .map((o) => `${o.status} ${o.note ?? ''}`.replace(/\/[a-z]+\/\w{22}/g, '/…')),
      ),
    ].slice(0, 3),
  }
}

function report(pushSeconds: number, victim: number, phases: Phase[]): void {
  const date = new Date().toISOString()
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`
  const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim()
  const frozen = phases[1]!
  const share = (p: Phase) => (p.requests === 0 ? 0 : (100 * p.ok) / p.requests)
  const rows = phases.map(
    (p) =>
      `| ${p.name} | ${p.requests} | ${share(p).toFixed(1)}% | ${p.unavailable} | ${p.other} | ${p.p50.toFixed(0)} / ${p.p99.toFixed(0)} / ${p.max.toFixed(0)} |`,
  )
  const markdown = [
    `\n## ${date.slice(0, 10)} · OpenSearch faults under load · ${count!.toLocaleString('en')} documents, 3 nodes\n`,
    `${machine}. \`${command}\`: three OpenSearch ${cluster.version} nodes (${values.heap} MB heap each) on the same machine, the catalogue pushed through all three URLs with 3 shards and 1 replica in ${pushSeconds.toFixed(1)} s; our server over a backend given every URL (attempt timeout 2 s, budget ${BUDGET_MS / 1000} s, response cache off); 8 clients on loopback sending the mix in turn. node-${victim + 1} (not the elected manager) is frozen for ${freezeMs / 1000} s, then, once green again, killed.\n`,
    '| phase | requests | 200 | 503 | other | latency p50 / p99 / max ms |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    ...phases.flatMap((p) =>
      p.reasons.length === 0 ? [] : [`- ${p.name}: ${p.reasons.map((r) => `\`${r}\``).join('; ')}`],
    ),
    '',
    `Issue 24's target with a node frozen: ≥ 95% answered 200 (${share(frozen).toFixed(1)}% here) and p99 < 3 s (${(frozen.p99 / 1000).toFixed(2)} s here).\n`,
  ].join('\n')
  appendResults(
    values.out!,
    {
      benchmark: 'opensearch-faults',
      date,
      machine,
      command,
      documents: count,
      pushSeconds,
      phases,
    },
    markdown,
  )
}
