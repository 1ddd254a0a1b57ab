/**
 * Engine benchmark: a generated NDJSON catalogue of `--size` documents (10k, 100k or 1m; made
 * once in the temporary folder) is built in one child process, which saves a snapshot; a
 * second child process starts from that snapshot and times search, facets, collections and
 * tree requests. Each phase measures its own memory after a garbage collection, so the figures
 * are those of a server that built or started, not of this script. Figures go to
 * bench/results.md (or `--out`).
 *
 * Run: npm run bench -- --size 100k
 */
import { execFileSync } from 'node:child_process'
import { statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import {
  type Catalogue,
  loadCatalogue,
  loadSnapshot,
  saveSnapshot,
} from '../packages/core/src/index.js'
import { generatedCatalogue } from './generated-catalogue.js'

const SIZES: Record<string, number> = { '10k': 10_000, '100k': 100_000, '1m': 1_000_000 }

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100k' },
    runs: { type: 'string', default: '200' },
    out: { type: 'string', default: new URL('./results.md', import.meta.url).pathname },
    phase: { type: 'string' },
    file: { type: 'string' },
    snapshot: { type: 'string' },
  },
})
const runs = Number(values.runs)

interface BuildFigures {
  buildMs: number
  saveMs: number
  snapshotBytes: number
  afterBuild: Memory
}
interface StartFigures {
  startMs: number
  afterStart: Memory
  afterRequests: Memory
  rows: string[]
}
interface Memory {
  rss: number
  heapUsed: number
  arrayBuffers: number
}

/** Memory after a full garbage collection (the phases run with --expose-gc). */
function memory(): Memory {
  globalThis.gc?.()
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage()
  return { rss, heapUsed, arrayBuffers }
}

if (values.phase === 'build') {
  const started = performance.now()
  const { catalogue } = await loadCatalogue(values.file!)
  const buildMs = performance.now() - started
  const afterBuild = memory()
  const saving = performance.now()
  await saveSnapshot(catalogue, values.snapshot!)
  const saveMs = performance.now() - saving
  const figures: BuildFigures = {
    buildMs,
    saveMs,
    snapshotBytes: statSync(values.snapshot!).size,
    afterBuild,
  }
  process.stdout.write(JSON.stringify(figures))
} else if (values.phase === 'start') {
  const started = performance.now()
  const catalogue = await loadSnapshot(values.snapshot!)
  const startMs = performance.now() - started
  const afterStart = memory()
  const rows = timeRequests(catalogue)
  const figures: StartFigures = { startMs, afterStart, afterRequests: memory(), rows }
  process.stdout.write(JSON.stringify(figures))
} else {
  const count = SIZES[values.size!]
  if (count === undefined) throw new Error(`--size must be one of ${Object.keys(SIZES).join(', ')}`)
  const file = generatedCatalogue(count)
  const snapshot = join(tmpdir(), `archive-catalogue-bench-${count}.snapshot`)
  const phase = <T>(name: string): T => {
    const args = ['--expose-gc', '--max-old-space-size=20000', '--import', 'tsx']
    const script = new URL(import.meta.url).pathname
    const phaseArgs = [
      '--phase',
      name,
      '--file',
      file,
      '--snapshot',
      snapshot,
      '--runs',
      String(runs),
    ]
    const output = execFileSync(process.execPath, [...args, script, ...phaseArgs], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 1 << 26,
    })
    return JSON.parse(output) as T
  }
  const build = phase<BuildFigures>('build')
  const start = phase<StartFigures>('start')
  writeReport(count, file, build, start)
}

function timeRequests(catalogue: Catalogue): string[] {
  // The tree's heaviest places: the top-level collection with most descendants, the collection
  // with most children, and the deepest object.
  const { hierarchy, types, uris } = catalogue.data
  const idAt = (index: number) => uris[index]!.slice(uris[index]!.lastIndexOf('/') + 1)
  let biggest = 0
  let widest = 0
  let deepest = 0
  const depth = (index: number) => {
    let d = 0
    for (let node = hierarchy.parentOf[index]!; node >= 0; node = hierarchy.parentOf[node]!) d++
    return d
  }
  for (let index = 0; index < catalogue.size; index++) {
    if (types[index] === 'collection') {
      if (hierarchy.subtreeSize[index]! > hierarchy.subtreeSize[biggest]!) biggest = index
      const children = (i: number) => hierarchy.childOffsets[i + 1]! - hierarchy.childOffsets[i]!
      if (children(index) > children(widest)) widest = index
    } else if (types[index] === 'object' && depth(index) > depth(deepest)) deepest = index
  }
  const tree = {
    descendants: hierarchy.subtreeSize[biggest]! - 1,
    children: hierarchy.childOffsets[widest + 1]! - hierarchy.childOffsets[widest]!,
    depth: depth(deepest),
  }

  /** 64 words ORed, the most a query may have, common ones and a prefix among them. */
  const SIXTY_FOUR_WORDS = Array.from(
    { length: 64 },
    (_, i) =>
      ['health', 'public', 'foundation', 'malaria', 'records', 'report', 'ag*', 'china'][i % 8],
  ).join(' | ')

  const requests: [string, () => unknown][] = [
    ['search: one word', () => catalogue.search({ query: 'health' })],
    ['search: two words', () => catalogue.search({ query: 'public health' })],
    ['search: phrase', () => catalogue.search({ query: '"public health"' })],
    ['search: prefix', () => catalogue.search({ query: 'agricult*' })],
    ['search: phrase over a stop word', () => catalogue.search({ query: '"control of malaria"' })],
    ['search: three-word phrase', () => catalogue.search({ query: '"documents the control"' })],
    ['search: a b | c', () => catalogue.search({ query: 'public health | malaria' })],
    ['search: exclusion only', () => catalogue.search({ query: '-photographs' })],
    ['search: *', () => catalogue.search({ query: '*' })],
    [
      'search: word + filters',
      () => catalogue.search({ query: 'foundation', genre: 'photographs', start_date__gte: 1900 }),
    ],
    ['search: no query, sorted', () => catalogue.search({ sort: '-start_date' })],
    ['facets: everything', () => catalogue.facets({})],
    ['facets: one word', () => catalogue.facets({ query: 'education' })],
    [
      'collections: filtered, by title',
      () => catalogue.collections({ online: true, sort: 'title' }),
    ],
    [
      `children: 50 of ${tree.children} with hit counts`,
      () => catalogue.children(idAt(widest), { query: 'health', limit: 50 }),
    ],
    [
      `children: 50 of ${tree.descendants.toLocaleString('en')}-descendant root, hit counts`,
      () => catalogue.children(idAt(biggest), { query: 'health', online: false, limit: 50 }),
    ],
    [
      `minimap: ${tree.descendants.toLocaleString('en')} descendants, one word`,
      () => catalogue.minimap(idAt(biggest), { query: 'health' }),
    ],
    [
      `minimap: ${tree.descendants.toLocaleString('en')} descendants, no query`,
      () => catalogue.minimap(idAt(biggest)),
    ],
    [
      `ancestors: ${tree.depth} levels with hit counts`,
      () => catalogue.ancestors('object', idAt(deepest), { query: 'health' }),
    ],
    ['suggest: two misspelt words', () => catalogue.suggest('helth fondation')],
    ['agents: by title', () => catalogue.agents({ sort: 'title' })],
    [
      'objects: one word, filtered',
      () => catalogue.objects({ query: 'health', genre: 'documents' }),
    ],
    // The most work a request can ask for within REQUEST_LIMITS (hostile clients).
    ['limits: 64 words, ORed', () => catalogue.search({ query: SIXTY_FOUR_WORDS })],
    ['limits: one-letter prefix', () => catalogue.search({ query: 'a*' })],
    [
      'limits: deepest page, sorted',
      () => catalogue.search({ query: 'health', sort: 'title', offset: 9960, limit: 40 }),
    ],
    [
      'limits: wildcard of 10 stars',
      () => catalogue.collections({ title__wildcard: '*a*e*i*o*u*a*e*i*o*u*' }),
    ],
  ]

  return requests.map(([name, run]) => {
    for (let i = 0; i < 5; i++) run()
    const times: number[] = []
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      run()
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
    return `| ${name.replaceAll('|', '\\|')} | ${at(0.5).toFixed(3)} | ${at(0.99).toFixed(3)} |`
  })
}

function writeReport(count: number, file: string, build: BuildFigures, start: StartFigures): void {
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  const described = (m: Memory) =>
    `RSS ${mib(m.rss)} (heap used ${mib(m.heapUsed)}, array buffers ${mib(m.arrayBuffers)})`
  const report = `# Engine benchmark

${count.toLocaleString('en')} generated documents (seed 1, ${mib(statSync(file).size)} of NDJSON),
${runs} runs per request after 5 warm-up runs, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.
Command: \`npm run bench -- ${process.argv.slice(2).join(' ')}\`. Build and start each ran in a
process of their own; memory is read after a full garbage collection.

| phase | time | memory after |
|---|---:|---|
| build from NDJSON (validation included) | ${seconds(build.buildMs)} | ${described(build.afterBuild)} |
| snapshot save (${mib(build.snapshotBytes)}) | ${seconds(build.saveMs)} | |
| start from the snapshot | ${seconds(start.startMs)} | ${described(start.afterStart)} |
| the requests below, after start | | ${described(start.afterRequests)} |

| request | p50 ms | p99 ms |
|---|---:|---:|
${start.rows.join('\n')}
`
  writeFileSync(values.out!, report)
  console.log(report)
}
