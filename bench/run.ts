/**
 * The benchmark suite: archive-catalogue, plain MiniSearch and Orama on the same generated
 * catalogue and query mix, each engine's build and start in processes of their own, then HTTP
 * with autocannon against our server and a bare node:http server sending the same bytes.
 * Appends the figures to bench/RESULTS.md (date, commit, machine) and bench/RESULTS.json.
 * bench/README.md says how to run and read them.
 *
 *   npm run bench                      100,000 documents, every engine, HTTP
 *   npm run bench -- --size 1m         1,000,000 documents (Orama only up to --orama-max)
 *   npm run bench -- --quick           the sample, one run, 1 s of HTTP: CI's check that it works
 */
import { execFileSync } from 'node:child_process'
import { closeSync, openSync, readSync, statSync } from 'node:fs'
import { cpus, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import type { Latency, Memory } from './engines/measure.js'
import { generatedCatalogue } from './generated-catalogue.js'
import { type HttpFigures, type HttpRun, httpBenchmark } from './http.js'
import { queryMix } from './query-mix.js'
import { appendResults } from './results.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const SIZES: Record<string, number> = { '10k': 10_000, '100k': 100_000, '1m': 1_000_000 }
const ENGINES = ['archive-catalogue', 'minisearch', 'orama'] as const
type Engine = (typeof ENGINES)[number]
const RESULTS_HEAD = `# Benchmark results

Each run of \`npm run bench\` appends a section here and an entry to RESULTS.json;
bench/README.md says how to run and read them.
`

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100k' },
    quick: { type: 'boolean', default: false },
    runs: { type: 'string' },
    engines: { type: 'string', default: ENGINES.join(',') },
    'orama-max': { type: 'string', default: '100000' },
    http: { type: 'boolean', default: true },
    'http-seconds': { type: 'string' },
    out: { type: 'string' },
    // `--backend opensearch` runs bench/opensearch.ts instead (its own options: --heap,
    // --cluster, --stream, --reuse), and
    // `--backend opensearch-faults` bench/opensearch-faults.ts (--heap, --freeze-seconds).
    backend: { type: 'string', default: 'memory' },
    heap: { type: 'string' },
    'freeze-seconds': { type: 'string' },
    cluster: { type: 'boolean' },
    stream: { type: 'boolean' },
    reuse: { type: 'boolean' },
  },
  allowNegative: true,
})
if (values.backend === 'opensearch') {
  await import('./opensearch.js')
  process.exit(0)
}
if (values.backend === 'opensearch-faults') {
  await import('./opensearch-faults.js')
  process.exit(0)
}
const quick = values.quick === true
const count = quick ? 0 : SIZES[values.size!]
if (count === undefined) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`)
const runs = Number(values.runs ?? (quick ? 1 : 20))
/** How long a build's process idles before its memory is read again: a quick run only checks. */
const idleSeconds = quick ? 1 : 10
const out =
  values.out ??
  (quick ? join(tmpdir(), 'archive-catalogue-bench-quick') : join(root, 'bench/RESULTS'))

interface BuildFigures {
  buildMs: number
  afterBuild: Memory
  /** `idleSeconds` later, the process idle. */
  idleAfterBuild: Memory
  saveMs: number
  snapshotBytes: number
}
interface StartFigures {
  startMs: number
  afterStart: Memory
  afterRequests: Memory
  latencies: Record<string, Latency>
  named?: ({ name: string } & Latency)[]
}
type EngineFigures = { build: BuildFigures; start: StartFigures } | { skipped: string }

const file = generatedCatalogue(count)
const documents = countLines(file)
const mix = await queryMix(file)
const engines = values.engines!.split(',') as Engine[]
const figures: Partial<Record<Engine, EngineFigures>> = {}
for (const engine of engines) {
  if (!ENGINES.includes(engine)) throw new Error(`--engines takes ${ENGINES.join(', ')}`)
  if (engine === 'orama' && documents > Number(values['orama-max'])) {
    figures[engine] = { skipped: `more than --orama-max ${values['orama-max']} documents` }
    continue
  }
  const snapshot = join(tmpdir(), `archive-catalogue-bench-${engine}-${documents}.snapshot`)
  const phase = <T>(name: 'build' | 'start'): T => {
    const script = join(root, 'bench/engines', `${engine}.ts`)
    const args = ['--expose-gc', '--max-old-space-size=20000', '--import', 'tsx', script]
    const phaseArgs = [
      '--phase',
      name,
      '--file',
      file,
      '--snapshot',
      snapshot,
      '--runs',
      String(runs),
      '--idle-seconds',
      String(idleSeconds),
    ]
    process.stderr.write(`bench: ${engine} ${name}…\n`)
    const output = execFileSync(
      process.execPath,
      [...args, ...phaseArgs, '--mix', JSON.stringify(mix)],
      {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
        maxBuffer: 1 << 26,
      },
    )
    return JSON.parse(output) as T
  }
  figures[engine] = { build: phase<BuildFigures>('build'), start: phase<StartFigures>('start') }
}
let http: HttpFigures | undefined
if (values.http && engines.includes('archive-catalogue')) {
  process.stderr.write('bench: HTTP…\n')
  const snapshot = join(tmpdir(), `archive-catalogue-bench-archive-catalogue-${documents}.snapshot`)
  http = await httpBenchmark(snapshot, mix, {
    connections: quick ? 5 : 50,
    seconds: Number(values['http-seconds'] ?? (quick ? 1 : 10)),
    // A quick run only checks: its servers are measured cold.
    ...(quick ? { warmUpSeconds: 0 } : {}),
  })
}

const run = {
  date: new Date().toISOString(),
  commit: commit(),
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`,
  command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
  documents,
  ndjsonBytes: statSync(file).size,
  runs,
  engines: figures,
  http,
}
appendResults(out, run, report(run), RESULTS_HEAD)

/** The documents of an NDJSON file: its non-empty lines, counted in chunks. */
function countLines(path: string): number {
  const handle = openSync(path, 'r')
  const chunk = Buffer.alloc(1 << 24)
  let lines = 0
  let previous = 10
  try {
    for (let read = readSync(handle, chunk); read > 0; read = readSync(handle, chunk)) {
      for (let i = 0; i < read; i++) {
        if (chunk[i] === 10 && previous !== 10) lines++
        previous = chunk[i]!
      }
    }
  } finally {
    closeSync(handle)
  }
  return previous === 10 ? lines : lines + 1
}

function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: root,
      encoding: 'utf8',
    }).trim()
  } catch {
    return 'unknown'
  }
}

type Run = typeof run

/** The markdown section of a run. */
function report(run: Run): string {
  const ours = figures['archive-catalogue']
  const measured = ENGINES.filter((engine) => figures[engine] && !('skipped' in figures[engine]!))
  const built = (engine: Engine) => figures[engine] as { build: BuildFigures; start: StartFigures }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`
  const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1)
  const ratio = (peer: number, own: number) => (own > 0 ? `${(peer / own).toFixed(1)}×` : '')
  const names = {
    'archive-catalogue': 'archive-catalogue',
    minisearch: 'MiniSearch',
    orama: 'Orama',
  }
  const header = (first: string) =>
    `| ${first} | ${measured.map((engine) => [names[engine], ...(engine === 'archive-catalogue' || !ours ? [] : ['÷ ours'])].join(' | ')).join(' | ')} |\n|---|${measured.map((engine) => (engine === 'archive-catalogue' || !ours ? '---:|' : '---:|---:|')).join('')}`
  const phaseRow = (
    label: string,
    value: (f: { build: BuildFigures; start: StartFigures }) => number,
    format: (n: number) => string,
  ) =>
    `| ${label} | ${measured
      .map((engine) => {
        const own = ours && !('skipped' in ours) ? value(ours) : 0
        const mine = value(built(engine))
        return engine === 'archive-catalogue' || !ours
          ? format(mine)
          : `${format(mine)} | ${ratio(mine, own)}`
      })
      .join(' | ')} |`
  const latencyNames = [
    ...new Set(measured.flatMap((engine) => Object.keys(built(engine).start.latencies))),
  ]
  const latencyRow = (name: string) =>
    `| ${name} | ${measured
      .map((engine) => {
        const latency = built(engine).start.latencies[name]
        const own = ours && !('skipped' in ours) ? ours.start.latencies[name] : undefined
        const cell = latency ? `${ms(latency.p50)} / ${ms(latency.p99)} / ${ms(latency.max)}` : '—'
        if (engine === 'archive-catalogue' || !ours) return cell
        return `${cell} | ${latency && own ? ratio(latency.p50, own.p50) : ''}`
      })
      .join(' | ')} |`
  const skipped = ENGINES.filter((engine) => figures[engine] && 'skipped' in figures[engine]!).map(
    (engine) =>
      `${names[engine]} was not run: ${(figures[engine] as { skipped: string }).skipped}.`,
  )
  const sections = [
    `\n## ${run.date.slice(0, 10)} · ${run.documents.toLocaleString('en')} documents · commit ${run.commit}\n`,
    `${run.machine}. \`${run.command}\`: ${mib(run.ndjsonBytes)} of NDJSON, ${run.runs} runs of each query after 3 warm-up runs. Each engine built in one process and started from its snapshot in another; memory is read after a full garbage collection. ÷ ours is the peer's figure over ours: above 1, ours is smaller or faster.${skipped.length > 0 ? ` ${skipped.join(' ')}` : ''}\n`,
  ]
  if (measured.length > 0) {
    sections.push(
      `### Build and start\n\n${header('')}`,
      phaseRow('build from NDJSON', (f) => f.build.buildMs, seconds),
      phaseRow('RSS after build', (f) => f.build.afterBuild.rss, mib),
      phaseRow('heap held after build (used or not)', (f) => f.build.afterBuild.heapTotal, mib),
      phaseRow(`RSS ${idleSeconds} s after build, idle`, (f) => f.build.idleAfterBuild.rss, mib),
      phaseRow('snapshot save', (f) => f.build.saveMs, seconds),
      phaseRow('snapshot size', (f) => f.build.snapshotBytes, mib),
      phaseRow('start from the snapshot', (f) => f.start.startMs, seconds),
      phaseRow('RSS after start', (f) => f.start.afterStart.rss, mib),
      phaseRow('RSS after the requests', (f) => f.start.afterRequests.rss, mib),
      `\n### Requests: p50 / p99 / max ms (÷ ours on p50)\n\n${header('request')}`,
      ...latencyNames.map(latencyRow),
    )
  }
  if (ours && !('skipped' in ours) && ours.start.named) {
    sections.push(
      '\n### archive-catalogue by request\n\n| request | p50 ms | p99 ms | max ms |\n|---|---:|---:|---:|',
      ...ours.start.named.map(
        (r) => `| ${r.name.replaceAll('|', '\\|')} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} |`,
      ),
    )
  }
  if (run.http) {
    const { repeated, mixed, connections, seconds: duration } = run.http
    const row = (label: string, own: HttpRun, bare: HttpRun) =>
      `| ${label} | ${own.requestsPerSecond.toFixed(0)} | ${bare.requestsPerSecond.toFixed(0)} | ${((100 * own.requestsPerSecond) / bare.requestsPerSecond).toFixed(0)}% | ${own.p50} / ${own.p99} | ${own.errors} |`
    sections.push(
      `\n### HTTP: autocannon, ${connections} connections, ${duration} s each, 127.0.0.1\n`,
      `The bare server is node:http sending the bytes our server sent for each path. Repeated: \`${repeated.path}\` (${(repeated.bytes / 1024).toFixed(1)} KiB), answered from the response cache. Mixed: the 50 searches of the mix in turn, the cache off.\n`,
      '| requests | ours req/s | bare req/s | ours ÷ bare | ours p50 / p99 ms | errors |\n|---|---:|---:|---:|---:|---:|',
      row('the same /search repeated', repeated.ours, repeated.bare),
      row('the mix of /search', mixed.ours, mixed.bare),
    )
    if (mixed.workers) {
      const { one, many } = mixed.workers
      const line = ({ workers, run: own, rss }: { workers: number; run: HttpRun; rss: number }) =>
        `| ${workers === 1 ? 'the main thread (--workers 1)' : `${workers} worker threads`} | ${own.requestsPerSecond.toFixed(0)} | ${(own.requestsPerSecond / one.run.requestsPerSecond).toFixed(2)}× | ${own.p50} / ${own.p99} | ${(rss / 2 ** 20).toFixed(0)} MiB | ${(rss / one.rss).toFixed(2)}× |`
      sections.push(
        '\n#### The mix of /search on every core (`catalogue serve --workers N`, the cache off)\n',
        "Each server alone, one after the other; autocannon runs in the benchmark's process on the same machine. RSS is the server's after its run.\n",
        '| answered on | req/s | ÷ one | p50 / p99 ms | RSS | ÷ one |\n|---|---:|---:|---:|---:|---:|',
        line(one),
        line(many),
      )
    }
    const engineMean =
      ours && !('skipped' in ours) ? ours.start.latencies['/search, the mix']?.mean : undefined
    if (engineMean) {
      const bound = 1000 / engineMean
      sections.push(
        `\nThe limit of the mixed run: the engine alone (in process, no HTTP) spends ${engineMean.toFixed(3)} ms on the mean search of the mix, so one Node process answers at most ${bound.toFixed(0)} of them a second, ${((100 * bound) / repeated.bare.requestsPerSecond).toFixed(0)}% of the bare server's rate, before HTTP parsing, serializing and writing.`,
      )
    }
  }
  if (ours && !('skipped' in ours)) sections.push(targets(ours, run.http))
  return `${sections.join('\n')}\n`
}

/** Issue 29's targets for serving on every core: the rate and the memory against one thread. */
function workerTargets(http: HttpFigures): [string, string, boolean][] {
  if (!http.mixed.workers) return []
  const { one, many } = http.mixed.workers
  const rate = many.run.requestsPerSecond / one.run.requestsPerSecond
  const memory = many.rss / one.rss
  return [
    [`mixed /search on ${many.workers} workers ≥ 1.8× one`, `${rate.toFixed(2)}×`, rate >= 1.8],
    [
      `p99 on ${many.workers} workers not worse than one`,
      `${many.run.p99} / ${one.run.p99} ms`,
      many.run.p99 <= one.run.p99,
    ],
    [`RSS with ${many.workers} workers ≤ 1.2× one`, `${memory.toFixed(2)}×`, memory <= 1.2],
  ]
}

/** Issue 11's targets (set for 1,000,000 documents on this 2-core machine), met or not. */
function targets(
  ours: { build: BuildFigures; start: StartFigures },
  http: HttpFigures | undefined,
): string {
  const gib = 2.5 * 2 ** 30
  const latency = ours.start.latencies
  const rows: [string, string, boolean][] = [
    [
      'RSS after build ≤ 2.5 GB',
      `${(ours.build.afterBuild.rss / 2 ** 20).toFixed(0)} MiB`,
      ours.build.afterBuild.rss <= gib,
    ],
    [
      'RSS after start ≤ 2.5 GB',
      `${(ours.start.afterRequests.rss / 2 ** 20).toFixed(0)} MiB`,
      ours.start.afterRequests.rss <= gib,
    ],
    [
      'build from NDJSON ≤ 60 s',
      `${(ours.build.buildMs / 1000).toFixed(1)} s`,
      ours.build.buildMs <= 60_000,
    ],
    [
      'snapshot save ≤ 20 s',
      `${(ours.build.saveMs / 1000).toFixed(1)} s`,
      ours.build.saveMs <= 20_000,
    ],
    [
      'start from a snapshot ≤ 5 s',
      `${(ours.start.startMs / 1000).toFixed(1)} s`,
      ours.start.startMs <= 5_000,
    ],
    [
      '/search p50 ≤ 2 ms over the mix',
      `${latency['/search, the mix']!.p50.toFixed(2)} ms`,
      latency['/search, the mix']!.p50 <= 2,
    ],
    [
      '/search p99 ≤ 20 ms over the mix',
      `${latency['/search, the mix']!.p99.toFixed(1)} ms`,
      latency['/search, the mix']!.p99 <= 20,
    ],
    [
      '/facets p99 ≤ 20 ms',
      `${latency['/facets, the mix']!.p99.toFixed(1)} ms`,
      latency['/facets, the mix']!.p99 <= 20,
    ],
    [
      '/collections p99 ≤ 20 ms',
      `${latency['/collections, the mix']!.p99.toFixed(1)} ms`,
      latency['/collections, the mix']!.p99 <= 20,
    ],
    [
      'facets over everything ≤ 10 ms (p50)',
      `${latency['facets over everything']!.p50.toFixed(2)} ms`,
      latency['facets over everything']!.p50 <= 10,
    ],
  ]
  if (http) {
    const repeated = http.repeated.ours.requestsPerSecond / http.repeated.bare.requestsPerSecond
    const mixed = http.mixed.ours.requestsPerSecond / http.repeated.bare.requestsPerSecond
    rows.push(
      [
        'repeated request ≥ 70% of the same-bytes ceiling',
        `${(100 * repeated).toFixed(0)}%`,
        repeated >= 0.7,
      ],
      ['uncached mixed /search ≥ 40% of the ceiling', `${(100 * mixed).toFixed(0)}%`, mixed >= 0.4],
    )
  }
  const everyCore = http ? workerTargets(http) : []
  return [
    targetTable('Targets of issue 11 (set for 1,000,000 documents)', rows),
    ...(everyCore.length > 0
      ? [targetTable('Targets of issue 29: serving on every core', everyCore)]
      : []),
  ].join('\n')
}

function targetTable(title: string, rows: [string, string, boolean][]): string {
  return `\n### ${title}\n\n| target | measured | met |\n|---|---:|:-:|\n${rows.map(([name, value, met]) => `| ${name} | ${value} | ${met ? 'yes' : 'no'} |`).join('\n')}`
}
