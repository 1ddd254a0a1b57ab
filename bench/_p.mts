import { loadCatalogue } from '../packages/core/src/index.js'

const t0 = performance.now()
const { catalogue } = await loadCatalogue(process.argv[2] ?? '/tmp/big100k.ndjson')
console.log('load', ((performance.now() - t0) / 1000).toFixed(2), 's', catalogue.data.size)
globalThis.gc?.()
const m = process.memoryUsage()
console.log(
  'rss',
  (m.rss / 2 ** 20).toFixed(0),
  'heap',
  (m.heapUsed / 2 ** 20).toFixed(0),
  'external',
  (m.external / 2 ** 20).toFixed(0),
  'arrayBuffers',
  (m.arrayBuffers / 2 ** 20).toFixed(0),
)
