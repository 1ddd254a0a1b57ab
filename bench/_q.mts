import { loadSnapshot } from '../packages/core/src/index.js'
const catalogue = await loadSnapshot(process.argv[2] ?? '/tmp/archive-catalogue-bench-100000.snapshot')
const qs = (process.argv[3] ?? '*|-photographs').split('|').map((q) => q.replace(/^_/, ''))
for (const q of qs) {
  const run = () => (q === 'NONE' ? catalogue.search({ sort: 'title' }) : q.startsWith('F:') ? catalogue.facets({ query: q.slice(2) }) : catalogue.search({ query: q }))
  for (let i = 0; i < 20; i++) run()
  const t0 = performance.now()
  for (let i = 0; i < 300; i++) run()
  console.log(q, ((performance.now() - t0) / 300).toFixed(3), 'ms')
}
