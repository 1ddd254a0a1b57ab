import { loadSnapshot } from '../packages/core/src/index.js'

const catalogue = await loadSnapshot(process.argv[2]!)
const qs = process.argv[3]!.split('|')
for (const q of qs) {
  const run = () =>
    q === 'NONE'
      ? catalogue.search({ sort: '-start_date' })
      : q.startsWith('F:')
        ? catalogue.facets({ query: q.slice(2) })
        : catalogue.search({ query: q })
  for (let i = 0; i < 10; i++) run()
  const times: number[] = []
  for (let i = 0; i < 60; i++) {
    const t = performance.now()
    run()
    times.push(performance.now() - t)
  }
  times.sort((a, b) => a - b)
  console.log(q, 'p50', times[30]!.toFixed(2), 'ms')
}
