/**
 * Engine benchmark: builds a generated catalogue of `--count` documents in this process, then
 * times search, facets and collections requests and writes the figures to bench/results.md.
 * Run: npm run bench -- --count 100000
 */
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { Catalogue, loadSnapshot, saveSnapshot } from '../packages/core/src/index.js'
import { generateCatalogue } from '../scripts/sample/catalogue.js'

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '200' },
    out: { type: 'string', default: new URL('./results.md', import.meta.url).pathname },
  },
})
const count = Number(values.count)
const runs = Number(values.runs)

const built = performance.now()
const catalogue = Catalogue.fromDocuments(generateCatalogue({ count, seed: 1 }))
const buildMs = performance.now() - built
const snapshotFile = `/tmp/bench-${count}.snapshot`
await saveSnapshot(catalogue, snapshotFile)
const restoredAt = performance.now()
await loadSnapshot(snapshotFile)
const restoreMs = performance.now() - restoredAt

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
  ['collections: filtered, by title', () => catalogue.collections({ online: true, sort: 'title' })],
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
  ['objects: one word, filtered', () => catalogue.objects({ query: 'health', genre: 'documents' })],
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

const rows = requests.map(([name, run]) => {
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

const memory = process.memoryUsage()
const report = `# Engine benchmark

${count.toLocaleString('en')} generated documents (seed 1), ${runs} runs per request after 5 warm-up
runs, one process, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.
Command: \`npm run bench -- ${process.argv.slice(2).join(' ')}\`.

- build from documents: ${(buildMs / 1000).toFixed(1)} s; restore from snapshot: ${(restoreMs / 1000).toFixed(2)} s
  (${(buildMs / restoreMs).toFixed(0)}× faster)
- memory after both: RSS ${(memory.rss / 2 ** 20).toFixed(0)} MiB, heap used ${(memory.heapUsed / 2 ** 20).toFixed(0)} MiB

| request | p50 ms | p99 ms |
|---|---:|---:|
${rows.join('\n')}
`
writeFileSync(values.out, report)
console.log(report)
