/**
 * Serving on every core: `catalogue serve --workers N` on one snapshot for each N in turn (one
 * server at a time, rounds alternating), each loaded with the 50 searches of the mix by
 * autocannon, the response cache off: requests a second, latency, the server's start and its
 * memory after start and after the run, and the CPU a request costs in each thread. Appends a
 * section to bench/workers-results.md.
 *
 *   node --import tsx bench/workers.ts [--size 1m] [--snapshot FILE] [--workers 1,2]
 *     [--rounds 2] [--seconds 10] [--connections 50]
 *
 * The snapshot is made with `catalogue index` when missing (one per size, kept in the temporary
 * folder). autocannon runs in this process, on the same machine: on 2 cores it takes a share of
 * the CPU the workers would otherwise have.
 */
import { spawnSync } from 'node:child_process'
import { appendFileSync, existsSync } from 'node:fs'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { cpuSecondsByThread, residentBytes } from './engines/measure.js'
import { documentCount, generatedCatalogue } from './generated-catalogue.js'
import { type HttpRun, load, serveCatalogue } from './http.js'
import { indexCatalogue } from './index-catalogue.js'
import { queryMix } from './query-mix.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1m' },
    snapshot: { type: 'string' },
    workers: { type: 'string', default: `1,${Math.max(2, availableParallelism())}` },
    rounds: { type: 'string', default: '2' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    out: { type: 'string', default: join(root, 'bench/workers-results.md') },
  },
})
const size = documentCount(values.size)
const counts = values.workers.split(',').map(Number)
const [rounds, seconds, connections] = [values.rounds, values.seconds, values.connections].map(
  Number,
) as [number, number, number]
const ndjson = generatedCatalogue(size)
const snapshot = values.snapshot ?? join(tmpdir(), `archive-catalogue-workers-${size}.snapshot`)
if (!existsSync(snapshot)) indexCatalogue(ndjson, snapshot, 'workers')
const mix = await queryMix(ndjson)
const paths = mix.map(({ params }) => `/search?${new URLSearchParams(params)}`)

/** One server's figures. */
interface Measured {
  workers: number
  startMs: number
  rssAfterStart: number
  rssAfterRun: number
  run: HttpRun
  /** CPU a request, ms: the server's main thread, its other threads, and autocannon's process. */
  cpu: { main: number; others: number; load: number }
}

const measured: Measured[] = []
for (let round = 1; round <= rounds; round++) {
  for (const workers of counts) {
    const started = performance.now()
    const server = await serveCatalogue(snapshot, 0, workers)
    try {
      const startMs = performance.now() - started
      const rssAfterStart = residentBytes(server.child.pid!)
      await load(server.url, paths, connections, 3)
      const serverBefore = cpuSecondsByThread(server.child.pid!)
      const loadBefore = process.cpuUsage()
      const run = await load(server.url, paths, connections, seconds)
      const loadUsed = process.cpuUsage(loadBefore)
      const serverAfter = cpuSecondsByThread(server.child.pid!)
      const perRequest = (cpuSeconds: number) => (cpuSeconds * 1000) / run.requests
      const figures = {
        workers,
        startMs,
        rssAfterStart,
        rssAfterRun: residentBytes(server.child.pid!),
        run,
        cpu: {
          main: perRequest(serverAfter.main - serverBefore.main),
          others: perRequest(serverAfter.others - serverBefore.others),
          load: perRequest((loadUsed.user + loadUsed.system) / 1e6),
        },
      }
      measured.push(figures)
      process.stderr.write(`round ${round}, ${workers} workers: ${JSON.stringify(figures)}\n`)
    } finally {
      server.child.kill()
    }
  }
}

const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`
const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length
const of = (workers: number) => measured.filter((figures) => figures.workers === workers)
const one = of(counts[0]!)
const rateOne = mean(one.map((figures) => figures.run.requestsPerSecond))
const rssOne = mean(one.map((figures) => figures.rssAfterRun))
const cores = cpus().length
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).stdout.toString()
const lines = [
  `\n## ${new Date().toISOString().slice(0, 10)}, commit ${commit.trim()}, ${size.toLocaleString('en')} documents\n`,
  `${cores} × ${cpus()[0]?.model.trim()}. \`node --import tsx bench/workers.ts --size ${values.size} --workers ${values.workers} --rounds ${rounds} --seconds ${seconds}\`: the mix of /search, ${connections} connections, ${seconds} s a server after 3 s of warm-up, the cache off; rounds alternate. RSS is the server process's (every thread).\n`,
  '| round | answered on | req/s | p50 / p99 ms | errors | start | RSS after start | RSS after the run |',
  '|---:|---|---:|---:|---:|---:|---:|---:|',
  ...measured.map(
    (figures, index) =>
      `| ${Math.floor(index / counts.length) + 1} | ${answeredOn(figures.workers)} | ${figures.run.requestsPerSecond.toFixed(0)} | ${figures.run.p50} / ${figures.run.p99} | ${figures.run.errors} | ${(figures.startMs / 1000).toFixed(1)} s | ${mib(figures.rssAfterStart)} | ${mib(figures.rssAfterRun)} |`,
  ),
  '\n| answered on | mean req/s | ÷ one | mean RSS after the run | ÷ one |',
  '|---|---:|---:|---:|---:|',
  ...counts.map((workers) => {
    const rate = mean(of(workers).map((figures) => figures.run.requestsPerSecond))
    const rss = mean(of(workers).map((figures) => figures.rssAfterRun))
    return `| ${answeredOn(workers)} | ${rate.toFixed(0)} | ${(rate / rateOne).toFixed(2)}× | ${mib(rss)} | ${(rss / rssOne).toFixed(2)}× |`
  }),
  `\nCPU a request in ms, the mean of the rounds: the server's main thread, its other threads (the workers, V8's and libuv's helpers), and the benchmark's own process (autocannon). Where the threads keep every core busy, the cores ÷ the sum is the rate.\n`,
  '| answered on | main thread | other threads | autocannon | in all |',
  '|---|---:|---:|---:|---:|',
  ...counts.map((workers) => {
    const [main, others, load] = (['main', 'others', 'load'] as const).map((part) =>
      mean(of(workers).map((figures) => figures.cpu[part])),
    ) as [number, number, number]
    const all = main + others + load
    return `| ${answeredOn(workers)} | ${main.toFixed(3)} | ${others.toFixed(3)} | ${load.toFixed(3)} | ${all.toFixed(3)} |`
  }),
]
appendFileSync(values.out, `${lines.join('\n')}\n`)
process.stdout.write(`${lines.join('\n')}\n`)

function answeredOn(workers: number): string {
  return workers === 1 ? 'the main thread (`--workers 1`)' : `${workers} worker threads`
}
