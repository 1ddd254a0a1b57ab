/**
 * `catalogue index`'s memory beside the server's: the peak RSS of `catalogue index <catalogue> -o
 * <snapshot>` (the kernel's high-water mark of the process, `getrusage`'s maxrss, read as it
 * exits), and the RSS of `catalogue serve <snapshot>` after it has answered the query mix three
 * times on `/search`, `/facets` and `/collections` and a few fuzzy words. Both are the CLI run from
 * the sources, each in a process of its own. Issue 25 asked the peak within 1.5× of the server.
 * Appends a section to bench/index-memory-results.md.
 *
 *   node --import tsx bench/index-memory.ts [--size 1m] [--vocabulary] [--runs 1] [--keep FILE]
 *
 * `--vocabulary` indexes the catalogue with a real vocabulary's long tail
 * (`bench/vocabulary-catalogue.ts`) instead of the generated one.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { appendFileSync, rmSync, statSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { residentBytes } from './engines/measure.js'
import { documentCount, generatedCatalogue } from './generated-catalogue.js'
import { queryMix } from './query-mix.js'
import { vocabularyCatalogue } from './vocabulary-catalogue.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const cli = join(root, 'packages/cli/src/bin.ts')
/** Prints the process's peak RSS as it exits (a preload of the `catalogue index` process). */
const peakReporter = join(root, 'bench/engines/report-peak-rss.ts')
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1m' },
    vocabulary: { type: 'boolean', default: false },
    runs: { type: 'string', default: '1' },
    /** Keep the snapshot written there (to compare two versions' bytes). */
    keep: { type: 'string' },
    out: { type: 'string', default: join(root, 'bench/index-memory-results.md') },
  },
})
const size = documentCount(values.size)
const catalogue = values.vocabulary ? await vocabularyCatalogue(size) : generatedCatalogue(size)
const snapshot =
  values.keep ?? join(tmpdir(), `archive-catalogue-index-memory-${process.pid}.snapshot`)
const mib = (bytes: number) => Math.round(bytes / 2 ** 20)

/** One `catalogue index`: its peak RSS, its wall and CPU time. */
async function index(): Promise<{ peak: number; ms: number; cpuMs: number }> {
  const started = performance.now()
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', peakReporter, cli, 'index', catalogue, '-o', snapshot],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const [stdout, stderr] = [collect(child, 'stdout'), collect(child, 'stderr')]
  const [code] = (await once(child, 'exit')) as [number]
  const ms = performance.now() - started
  if (code !== 0) throw new Error(`catalogue index failed (${code}):\n${stderr()}`)
  const reported = /peak-rss (\d+) cpu-ms (\d+)/.exec(stderr())
  if (!reported) throw new Error(`no peak RSS reported:\n${stdout()}\n${stderr()}`)
  return { peak: Number(reported[1]), ms, cpuMs: Number(reported[2]) }
}

/** `catalogue serve` on the snapshot: its RSS after the mix, three times, and a few fuzzy words. */
async function served(): Promise<{ afterStart: number; afterRequests: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', cli, 'serve', snapshot, '--port', '0'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  try {
    const stdout = collect(child, 'stdout')
    let url: string | undefined
    for (let waited = 0; !url && waited < 300; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      url = /at (http:\/\/\S+)/.exec(stdout())?.[1]
    }
    if (!url) throw new Error(`catalogue serve did not start:\n${stdout()}`)
    const afterStart = residentBytes(child.pid!)
    const mix = await queryMix(generatedCatalogue(size))
    for (let round = 0; round < 3; round++) {
      for (const { params } of mix) {
        const query = new URLSearchParams(params)
        for (const path of ['/search', '/facets', '/collections']) {
          await (await fetch(`${url}${path}?${query}`)).arrayBuffer()
        }
      }
    }
    for (const query of ['laber~1', 'photgraph~1', 'helth~2']) {
      await (await fetch(`${url}/search?${new URLSearchParams({ query })}`)).arrayBuffer()
    }
    return { afterStart, afterRequests: residentBytes(child.pid!) }
  } finally {
    child.kill()
    await once(child, 'exit')
  }
}

function collect(child: ChildProcess, stream: 'stdout' | 'stderr'): () => string {
  let text = ''
  child[stream]!.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8')
  })
  return () => text
}

const runs: { peak: number; ms: number; cpuMs: number }[] = []
for (let run = 0; run < Number(values.runs); run++) {
  process.stderr.write(`index-memory: catalogue index, run ${run + 1}…\n`)
  runs.push(await index())
}
const snapshotBytes = statSync(snapshot).size
process.stderr.write('index-memory: catalogue serve…\n')
const server = await served()
if (!values.keep) rmSync(snapshot, { force: true })

const peak = Math.max(...runs.map((run) => run.peak))
const ratio = (value: number) => (value / server.afterRequests).toFixed(2)
const commit = String(
  spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).stdout,
).trim()
const section = `
## ${new Date().toISOString().slice(0, 10)} · \`catalogue index\` beside \`catalogue serve\` · ${size.toLocaleString('en')} documents

${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, commit ${commit || 'unknown'} (working tree). \`node --import tsx bench/index-memory.ts --size ${values.size}${values.vocabulary ? ' --vocabulary' : ''} --runs ${values.runs}\` on ${catalogue} (${mib(statSync(catalogue).size)} MiB); the snapshot is ${mib(snapshotBytes)} MiB.

| | MiB | ÷ served |
|---|---:|---:|
| \`catalogue index\`, peak RSS${runs.length > 1 ? ` (the most of ${runs.length} runs: ${runs.map((run) => mib(run.peak)).join(', ')})` : ''} | ${mib(peak)} | ${ratio(peak)}× |
| \`catalogue serve\`, RSS after start | ${mib(server.afterStart)} | ${ratio(server.afterStart)}× |
| \`catalogue serve\`, RSS after the requests (served) | ${mib(server.afterRequests)} | 1× |

\`catalogue index\` took ${runs.map((run) => `${(run.ms / 1000).toFixed(1)} s (${(run.cpuMs / 1000).toFixed(1)} s of CPU)`).join(', ')}, the process from start to exit.
`
process.stdout.write(section)
appendFileSync(values.out, section)
