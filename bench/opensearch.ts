/**
 * The OpenSearch backend beside the in-memory engine, on one generated catalogue: the push's
 * time and rate, the nodes' memory, then `/search` (the benchmark's mix), `/facets`, children
 * and minimaps through our own HTTP server over each backend, one request at a time, p50 and
 * p99. Appends a section to bench/RESULTS.md and an entry to bench/RESULTS.json.
 *
 *   npm run bench -- --backend opensearch                 100,000 documents, one node
 *   npm run bench -- --backend opensearch --size 1m       1,000,000 (a 2 GB heap: --heap 2048)
 *   npm run bench -- --backend opensearch --cluster       three nodes, 3 shards, 1 replica
 *   npm run bench -- --backend opensearch --cluster --size 10m --heap 2048
 *                                                          10,000,000, streamed from the generator
 *   OPENSEARCH_URL=http://127.0.0.1:9200 npm run bench -- --backend opensearch   a running node
 *   npm run bench -- --backend opensearch --stream        streamed as at 10m, at any size
 *
 * At 10m the catalogue is never written whole: the generator writes into a named pipe that the
 * push reads, and the in-memory engine (which would need about 20 GB) is left out; the query mix
 * is drawn from the 100k catalogue of the same generator and seed (the same vocabulary).
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { loadCatalogue } from '../packages/core/src/index.js'
import { type App, createApp, type Listening, listen } from '../packages/http/src/index.js'
import { OpenSearchBackend, pushCatalogue } from '../packages/opensearch/src/index.js'
import { startOpenSearch } from '../scripts/opensearch/node-cluster.js'
import { residentBytes } from './engines/measure.js'
import { generatedCatalogue } from './generated-catalogue.js'
import { queryMix } from './query-mix.js'
import { appendResults } from './results.js'

const SIZES: Record<string, number> = {
  '10k': 10_000,
  '100k': 100_000,
  '1m': 1_000_000,
  '10m': 10_000_000,
}
/** Above this many documents the catalogue is streamed and the in-memory engine left out. */
const STREAMED_ABOVE = 1_000_000
const { values } = parseArgs({
  options: {
    backend: { type: 'string' },
    size: { type: 'string', default: '100k' },
    runs: { type: 'string', default: '5' },
    heap: { type: 'string', default: '1024' },
    cluster: { type: 'boolean', default: false },
    stream: { type: 'boolean', default: false },
    // Ask the index an earlier run pushed (to nodes given by OPENSEARCH_URL, started on their
    // data) when it holds the catalogue, rather than push it again: the queries measured alone.
    reuse: { type: 'boolean', default: false },
    out: { type: 'string', default: new URL('RESULTS', import.meta.url).pathname },
  },
})
const size = SIZES[values.size!]
if (size === undefined) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`)
const count: number = size
const runs = Number(values.runs)
const streamed = count > STREAMED_ABOVE || values.stream === true
const layout = values.cluster ? { nodes: 3, shards: 3, replicas: 1 } : { nodes: 1, shards: 1 }

/** p50, p99 and errors of the requests of one kind on one server. */
interface Timing {
  p50: number
  p99: number
  requests: number
  errors: number
}

const log = (line: string) => process.stderr.write(`bench: ${line}\n`)
const mix = await queryMix(generatedCatalogue(streamed ? 100_000 : count))

const given = process.env.OPENSEARCH_URL
const cluster = given
  ? undefined
  : await startOpenSearch({ nodes: layout.nodes, heapMb: Number(values.heap), log })
const urls = given ? given.split(',') : cluster!.urls
const reused = values.reuse && (await documentsIn(urls[0]!)) === count
// A streamed catalogue reused has no file: the in-memory engine reads one only when not streamed.
const source =
  streamed && !reused
    ? streamedCatalogue(count)
    : { path: streamed ? '' : generatedCatalogue(count), done() {} }
try {
  let pushed = { documents: count }
  let pushSeconds: number | null = null
  if (reused) log(`asking the index 'bench' at ${urls.join(' ')} as it is (--reuse)`)
  else {
    log(
      `pushing ${count.toLocaleString('en')} documents to ${urls.join(' ')} (${layout.shards} shards${values.cluster ? ', 1 replica' : ''})…`,
    )
    const pushStarted = performance.now()
    let lastLog = pushStarted
    pushed = await pushCatalogue(source.path, {
      url: urls,
      index: 'bench',
      shards: layout.shards,
      ...(layout.replicas === undefined ? {} : { replicas: layout.replicas }),
      onProgress: ({ documents, indexed }) => {
        const now = performance.now()
        if (now - lastLog < 30_000) return
        lastLog = now
        const seconds = (now - pushStarted) / 1000
        log(
          `  ${documents.toLocaleString('en')} read, ${indexed.toLocaleString('en')} indexed in ${seconds.toFixed(0)} s (${Math.round(indexed / seconds).toLocaleString('en')} documents/s)`,
        )
      },
    })
    pushSeconds = (performance.now() - pushStarted) / 1000
    source.done()
    log(`pushed in ${pushSeconds.toFixed(0)} s`)
  }
  const nodes = await nodeFigures(urls[0]!, cluster?.pids ?? [])

  const remote = await OpenSearchBackend.open({ url: urls, index: 'bench' })
  const servers: Partial<Record<'memory' | 'opensearch', Listening>> = {
    opensearch: await listen(createApp(remote, { responseCacheBytes: 0 }) as App, { port: 0 }),
  }
  if (!streamed) {
    log('loading the same catalogue in memory…')
    const { catalogue } = await loadCatalogue(source.path)
    servers.memory = await listen(createApp(catalogue, { responseCacheBytes: 0 }) as App, {
      port: 0,
    })
  }
  try {
    const requests = await requestsOf(servers.opensearch!.url)
    const timings: Record<string, Record<string, Timing>> = {}
    for (const [kind, paths] of Object.entries(requests)) {
      timings[kind] = {}
      for (const [name, server] of Object.entries(servers)) {
        log(`${kind} on ${name}…`)
        timings[kind]![name] = await timed(server.url, paths)
      }
    }
    report({ pushed: pushed.documents, pushSeconds, nodes, timings })
  } finally {
    for (const server of Object.values(servers)) await server.close()
    await remote.close()
  }
} finally {
  source.done()
  await cluster?.stop()
}

/**
 * A named pipe the generator writes `count` documents into as the push reads them: the
 * catalogue is never held whole, in memory or on disk.
 */
function streamedCatalogue(count: number): { path: string; done(): void } {
  const folder = mkdtempSync(join(tmpdir(), 'archive-catalogue-stream-'))
  const path = join(folder, 'catalogue.ndjson')
  execFileSync('mkfifo', [path])
  const script = fileURLToPath(new URL('../scripts/generate-sample.ts', import.meta.url))
  const generator = spawn(
    process.execPath,
    ['--import', 'tsx', script, '--count', String(count), '--out', path],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  )
  return {
    path,
    done() {
      generator.kill()
      rmSync(folder, { recursive: true, force: true })
    },
  }
}

/** The documents (nested ones apart) behind the alias `bench`, 0 when there is none. */
async function documentsIn(url: string): Promise<number> {
  const answer = await fetch(`${url}/bench/_count`)
  return answer.ok ? ((await answer.json()) as { count: number }).count : 0
}

/**
 * Each node's resident memory and JVM heap in use, and the index's size on disk, once pushed. The
 * nodes' process ids are the launcher's, else, for nodes at a loopback address, the cluster's own
 * (`_nodes/process`), their resident memory read from /proc; nodes elsewhere have none.
 */
async function nodeFigures(url: string, pids: number[]) {
  type Nodes<Node> = { nodes: Record<string, Node & { name: string }> }
  const byName = <Node>(answer: Nodes<Node>) =>
    Object.values(answer.nodes).sort((a, b) => a.name.localeCompare(b.name))
  const info = byName(
    (await (await fetch(`${url}/_nodes/process`)).json()) as Nodes<{ process: { id: number } }>,
  )
  const stats = byName(
    (await (await fetch(`${url}/_nodes/stats/jvm`)).json()) as Nodes<{
      jvm: { mem: { heap_used_in_bytes: number } }
    }>,
  )
  const local = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)
  const known = pids.length > 0 ? pids : local ? info.map((node) => node.process.id) : []
  const response = await fetch(`${url}/_cat/indices/bench-*?format=json&bytes=mb`)
  const [index] = (await response.json()) as { 'store.size': string; 'pri.store.size': string }[]
  return {
    rssMb: known.map(residentMb),
    heapUsedMb: stats.map((node) => Math.round(node.jvm.mem.heap_used_in_bytes / 2 ** 20)),
    storeMb: Number(index?.['store.size'] ?? 0),
    primaryStoreMb: Number(index?.['pri.store.size'] ?? 0),
  }
}

/**
 * A node's resident memory in MB, from /proc; null when its process is not a JVM here (it has
 * ended, or the id is a container's).
 */
function residentMb(pid: number): number | null {
  try {
    if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('java')) return null
    return Math.round(residentBytes(pid) / 2 ** 20)
  } catch {
    return null
  }
}

/** The paths each kind of request asks, on the mix's words and the catalogue's collections. */
async function requestsOf(server: string): Promise<Record<string, string[]>> {
  const search = mix.map((query) => `/search?${new URLSearchParams(query.params)}`)
  const facets = mix.map((query) => `/facets?${new URLSearchParams(query.params)}`)
  const words = mix.filter((query) => query.kind === 'common word').map((q) => q.params.query!)
  const listed = (await (await fetch(`${server}/collections?limit=20`)).json()) as {
    results: { uri: string }[]
  }
  const collections = listed.results.map((item) => item.uri.slice('/collections/'.length))
  const tree = (endpoint: string) =>
    collections.flatMap((id, i) => [
      `/collections/${id}/${endpoint}?query=${encodeURIComponent(words[i % words.length]!)}`,
    ])
  return { search, facets, children: tree('children'), minimap: tree('minimap') }
}

/** Each path once to warm up, then `runs` rounds over all of them, one request at a time. */
async function timed(base: string, paths: string[]): Promise<Timing> {
  const times: number[] = []
  let errors = 0
  for (let round = -1; round < runs; round++) {
    for (const path of paths) {
      const started = performance.now()
      const response = await fetch(`${base}${path}`)
      const body = await response.text()
      if (round >= 0) times.push(performance.now() - started)
      if (!response.ok) {
        errors++
        // Which request failed and why, for the reader of a run with errors.
        log(`${path}: ${response.status} ${body.slice(0, 300)}`)
      }
    }
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
  return { p50: at(0.5), p99: at(0.99), requests: times.length, errors }
}

function report(figures: {
  pushed: number
  /** Null when the index of an earlier run was asked (`--reuse`). */
  pushSeconds: number | null
  nodes: Awaited<ReturnType<typeof nodeFigures>>
  timings: Record<string, Record<string, Timing>>
}): void {
  const date = new Date().toISOString()
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`
  const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim()
  const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1)
  const rows = Object.entries(figures.timings).map(([kind, byServer]) => {
    const memory = byServer.memory
    const opensearch = byServer.opensearch!
    const inMemory = memory ? `${ms(memory.p50)} / ${ms(memory.p99)}` : '—'
    const ratio = memory ? `${(opensearch.p50 / memory.p50).toFixed(0)}×` : '—'
    return `| ${kind} | ${inMemory} | ${ms(opensearch.p50)} / ${ms(opensearch.p99)} | ${ratio} | ${opensearch.requests} | ${memory?.errors ?? '—'} / ${opensearch.errors} |`
  })
  const search = figures.timings.search!.opensearch!
  const { pushSeconds } = figures
  const where = cluster
    ? `${layout.nodes === 1 ? 'one OpenSearch node' : `${layout.nodes} OpenSearch nodes`} (${cluster.version}, ${values.heap} MB heap each)`
    : `the OpenSearch node(s) at ${urls.join(' ')}`
  const data = streamed
    ? `${pushSeconds === null ? 'pushed by an earlier run, ' : ''}streamed from the generator through a named pipe (never on disk; the in-memory engine left out)`
    : `${(statSync(generatedCatalogue(count)).size / 2 ** 20).toFixed(0)} MiB of NDJSON, also loaded by the in-memory engine`
  const rss = figures.nodes.rssMb.filter((mb) => mb !== null)
  const target = (limitMinutes: number) =>
    pushSeconds === null
      ? `not pushed in this run, target ≤ ${limitMinutes} min`
      : `${(pushSeconds / 60).toFixed(1)} min here, target ≤ ${limitMinutes} min`
  const markdown = [
    `\n## ${date.slice(0, 10)} · OpenSearch${values.cluster ? ' cluster' : ''} beside memory · ${count.toLocaleString('en')} documents\n`,
    `${machine}. \`${command}\`: ${where} on the same machine, the index with ${layout.shards} shard(s)${values.cluster ? ' and 1 replica' : ''}; the catalogue ${data}; each backend behind our HTTP server (response cache off), asked one request at a time, ${runs} rounds after one to warm up.\n`,
    `Push: ${pushSeconds === null ? `none: the index of an earlier run, ${figures.pushed.toLocaleString('en')} documents, asked again (\`--reuse\`)` : `${figures.pushed.toLocaleString('en')} documents in ${pushSeconds.toFixed(1)} s, ${Math.round(figures.pushed / pushSeconds).toLocaleString('en')} documents/s`}. Index on disk ${figures.nodes.storeMb.toLocaleString('en')} MB (primaries ${figures.nodes.primaryStoreMb.toLocaleString('en')} MB). ${rss.length > 0 ? `Nodes' resident memory before the requests: ${rss.map((mb) => `${mb} MB`).join(', ')}; ` : "Nodes' "}JVM heap in use: ${figures.nodes.heapUsedMb.map((mb) => `${mb} MB`).join(', ')}.\n`,
    '| request | memory p50 / p99 ms | OpenSearch p50 / p99 ms | ÷ memory (p50) | requests | errors (memory / OpenSearch) |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    count === 1_000_000 && !values.cluster
      ? `Issue 24's target: 1,000,000 documents pushed to one node in ≤ 10 minutes (${target(10)}).\n`
      : count === 10_000_000
        ? `Issue 24's targets: 10,000,000 documents pushed to three nodes in ≤ 90 minutes (${target(90)}); \`/search\` p99 ≤ 300 ms (${ms(search.p99)} ms here).\n`
        : '',
  ].join('\n')
  appendResults(
    values.out!,
    {
      benchmark: values.cluster ? 'opensearch-cluster' : 'opensearch',
      date,
      machine,
      command,
      documents: count,
      ...figures,
    },
    markdown,
  )
}
