/**
 * The OpenSearch backend beside the in-memory engine, on one generated catalogue: the push's
 * rate, then `/search` (the benchmark's mix), `/facets`, children and minimaps through our own
 * HTTP server over each backend, one request at a time, p50 and p99. Appends a section to
 * bench/RESULTS.md and an entry to bench/RESULTS.json.
 *
 *   npm run bench -- --backend opensearch                 100,000 documents
 *   npm run bench -- --backend opensearch --size 1m       1,000,000 (a 2 GB heap: --heap 2048)
 *   OPENSEARCH_URL=http://127.0.0.1:9200 npm run bench -- --backend opensearch   a running node
 */
import { statSync } from 'node:fs'
import { cpus, totalmem } from 'node:os'
import { parseArgs } from 'node:util'
import { type Catalogue, loadCatalogue } from '../packages/core/src/index.js'
import { type App, createApp, type Listening, listen } from '../packages/http/src/index.js'
import { OpenSearchBackend, pushCatalogue } from '../packages/opensearch/src/index.js'
import { startOpenSearch } from '../scripts/opensearch/node-cluster.js'
import { generatedCatalogue } from './generated-catalogue.js'
import { queryMix } from './query-mix.js'
import { appendResults } from './results.js'

const SIZES: Record<string, number> = { '10k': 10_000, '100k': 100_000, '1m': 1_000_000 }
const { values } = parseArgs({
  options: {
    backend: { type: 'string' },
    size: { type: 'string', default: '100k' },
    runs: { type: 'string', default: '5' },
    heap: { type: 'string', default: '1024' },
    out: { type: 'string', default: new URL('RESULTS', import.meta.url).pathname },
  },
})
const size = SIZES[values.size!]
if (size === undefined) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`)
const count: number = size
const runs = Number(values.runs)

/** p50, p99 and errors of the requests of one kind on one server. */
interface Timing {
  p50: number
  p99: number
  requests: number
  errors: number
}

const log = (line: string) => process.stderr.write(`bench: ${line}\n`)
const file = generatedCatalogue(count)
const mix = await queryMix(file)

const given = process.env.OPENSEARCH_URL
const node = given ? undefined : await startOpenSearch({ heapMb: Number(values.heap), log })
const url = given ?? node!.url
try {
  log(`pushing ${count.toLocaleString('en')} documents to ${url}…`)
  const pushStarted = performance.now()
  const pushed = await pushCatalogue(file, { url, index: 'bench' })
  const pushSeconds = (performance.now() - pushStarted) / 1000

  log('loading the same catalogue in memory…')
  const { catalogue } = await loadCatalogue(file)
  const remote = await OpenSearchBackend.open({ url, index: 'bench' })
  const servers: Record<'memory' | 'opensearch', Listening> = {
    memory: await listen(createApp(catalogue, { responseCacheBytes: 0 }) as App, { port: 0 }),
    opensearch: await listen(createApp(remote, { responseCacheBytes: 0 }) as App, { port: 0 }),
  }
  try {
    const requests = requestsOf(catalogue)
    const timings: Record<string, Record<string, Timing>> = {}
    for (const [kind, paths] of Object.entries(requests)) {
      timings[kind] = {}
      for (const [name, server] of Object.entries(servers)) {
        log(`${kind} on ${name}…`)
        timings[kind]![name] = await timed(server.url, paths)
      }
    }
    report({ pushed: pushed.documents, pushSeconds, timings })
  } finally {
    for (const server of Object.values(servers)) await server.close()
    remote.close()
  }
} finally {
  await node?.stop()
}

/** The paths each kind of request asks, on the mix's words and the catalogue's collections. */
function requestsOf(catalogue: Catalogue): Record<string, string[]> {
  const search = mix.map((query) => `/search?${new URLSearchParams(query.params)}`)
  const facets = mix.map((query) => `/facets?${new URLSearchParams(query.params)}`)
  const words = mix.filter((query) => query.kind === 'common word').map((q) => q.params.query!)
  const collections = catalogue
    .collections({ limit: 20 })
    .results.map((item) => item.uri.slice('/collections/'.length))
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
      await response.arrayBuffer()
      if (round >= 0) times.push(performance.now() - started)
      if (!response.ok) errors++
    }
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
  return { p50: at(0.5), p99: at(0.99), requests: times.length, errors }
}

function report(figures: {
  pushed: number
  pushSeconds: number
  timings: Record<string, Record<string, Timing>>
}): void {
  const date = new Date().toISOString()
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`
  const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim()
  const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1)
  const rows = Object.entries(figures.timings).map(([kind, byServer]) => {
    const memory = byServer.memory!
    const opensearch = byServer.opensearch!
    return `| ${kind} | ${ms(memory.p50)} / ${ms(memory.p99)} | ${ms(opensearch.p50)} / ${ms(opensearch.p99)} | ${(opensearch.p50 / memory.p50).toFixed(0)}× | ${opensearch.requests} | ${memory.errors} / ${opensearch.errors} |`
  })
  const search = figures.timings.search!.opensearch!
  const markdown = [
    `\n## ${date.slice(0, 10)} · OpenSearch beside memory · ${count.toLocaleString('en')} documents\n`,
    `${machine}. \`${command}\`: ${node ? `one OpenSearch ${node.version} node (${values.heap} MB heap)` : `the OpenSearch node at ${url}`} on the same machine, and the in-memory engine over the same ${(statSync(file).size / 2 ** 20).toFixed(0)} MiB of NDJSON, each behind our HTTP server (response cache off), asked one request at a time, ${runs} rounds after one to warm up.\n`,
    `Push: ${figures.pushed.toLocaleString('en')} documents in ${figures.pushSeconds.toFixed(1)} s, ${Math.round(figures.pushed / figures.pushSeconds).toLocaleString('en')} documents/s.\n`,
    '| request | memory p50 / p99 ms | OpenSearch p50 / p99 ms | ÷ memory (p50) | requests | errors (memory / OpenSearch) |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    `Issue 18's targets at 1,000,000 documents: push ≤ 10 minutes (${(figures.pushSeconds / 60).toFixed(1)} min here), \`/search\` p99 ≤ 150 ms through our server on one node (${ms(search.p99)} ms here).\n`,
  ].join('\n')
  appendResults(
    values.out!,
    { benchmark: 'opensearch', date, machine, command, documents: count, ...figures },
    markdown,
  )
}
