/**
 * Searches on their first run over the generated catalogue: each query of the mix asked once
 * (nothing the index keeps for a query helps it; the code is warm from other queries, as a
 * running server's is), and the searches over the whole catalogue that issue 29 names (`*`, an
 * exclusion only, no query, no query sorted), first run and p50 of 15. One process per run, so
 * two versions can be compared over the same snapshot, one after the other. Appends a section
 * to bench/first-runs-results.md.
 *
 *   node --import tsx bench/first-runs.ts [--size 1m] [--snapshot FILE] [--out FILE]
 *
 * The snapshot is made with `catalogue index` when missing (default: one per size, kept in the
 * temporary folder). `--size 0` is the committed sample.
 */
import { execSync } from 'node:child_process'
import { appendFileSync, existsSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { loadSnapshot } from '../packages/core/src/index.js'
import { createApp, warmUp, warmUpTargets } from '../packages/http/src/index.js'
import { documentCount, generatedCatalogue } from './generated-catalogue.js'
import { indexCatalogue } from './index-catalogue.js'
import { queryMix } from './query-mix.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1m' },
    snapshot: { type: 'string' },
    out: { type: 'string', default: join(root, 'bench/first-runs-results.md') },
  },
})
const size = documentCount(values.size)
const ndjson = generatedCatalogue(size)
const snapshot = values.snapshot ?? join(tmpdir(), `archive-catalogue-first-runs-${size}.snapshot`)
const index = () => indexCatalogue(ndjson, snapshot, 'first runs')
if (!existsSync(snapshot)) index()
const catalogue = await loadSnapshot(snapshot).catch((error: Error) => {
  // A snapshot kept from a run of another version is made again, not measured.
  if (!/another version/.test(error.message)) throw error
  index()
  return loadSnapshot(snapshot)
})
const mix = await queryMix(ndjson)

// Warm code, not the mix's queries: as `catalogue serve` does before it listens, then as its
// readers' first requests would.
const warmed = await warmUp(createApp(catalogue, { responseCacheBytes: 0 }), catalogue)
// What the warm-up asked is kept by the index as a reader's query would be: none of it may be a
// query of the mix, or that query's run is not a first.
const warmedQueries = new Set(
  warmUpTargets(catalogue).map((target) => new URL(target, 'http://x').searchParams.get('query')),
)
const alsoWarmed = mix.filter(({ params }) => warmedQueries.has(params['query'] ?? null)).length
for (const query of ['zebra', 'letters', '"annual report"', 'rep*', 'budget | grant', 'lettr~1']) {
  catalogue.search({ query })
  catalogue.search({ query, sort: 'title' })
  // Filters the mix never uses (nothing kept for them helps it), as a server's readers filter.
  catalogue.search({ query, type: 'agent', end_date__lt: '1890' })
  catalogue.search({ query, genre: 'documents', start_date__gte: '1990' })
}

const ms = (value: number) => value.toFixed(2)
const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!

const firstRuns = mix.map(({ kind, params }) => {
  const request = new URLSearchParams(params)
  const started = performance.now()
  catalogue.search(request)
  return { ms: performance.now() - started, query: `${kind}: \`${request}\`` }
})
const sorted = firstRuns.map((run) => run.ms).sort((a, b) => a - b)
const slowest = [...firstRuns].sort((a, b) => b.ms - a.ms).slice(0, 5)

const WHOLE: [string, Record<string, string>][] = [
  ['`*`', { query: '*' }],
  ['an exclusion only (`-photographs`)', { query: '-photographs' }],
  ['no query', {}],
  ['no query, sorted (`-start_date`)', { sort: '-start_date' }],
]
const whole = WHOLE.map(([name, params]) => {
  const times: number[] = []
  for (let run = 0; run < 15; run++) {
    const started = performance.now()
    catalogue.search(params)
    times.push(performance.now() - started)
  }
  const first = times[0]!
  times.sort((a, b) => a - b)
  return `| ${name} | ${ms(first)} | ${ms(percentile(times, 0.5))} |`
})

const commit = (() => {
  try {
    return execSync('git rev-parse --short HEAD', { cwd: root, encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
})()
const section = `
## ${new Date().toISOString().slice(0, 10)} · ${catalogue.size.toLocaleString('en')} documents · commit ${commit}

${cpus().length} cores, Node ${process.version}. \`node --import tsx bench/first-runs.ts --size ${values.size}\`.

Warmed as \`catalogue serve\` warms before it listens: ${warmed.requests} requests in ${Math.round(warmed.milliseconds)} ms, ${alsoWarmed} of them a query of the mix.

The mix, each query once: p50 ${ms(percentile(sorted, 0.5))} ms, p99 ${ms(percentile(sorted, 0.99))} ms. The slowest:

${slowest.map((run) => `- ${ms(run.ms)} ms: ${run.query}`).join('\n')}

| over the whole catalogue | first run ms | p50 of 15 ms |
|---|---:|---:|
${whole.join('\n')}
`
appendFileSync(values.out, section)
console.log(section)
