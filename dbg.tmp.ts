import { loadCatalogue } from './packages/core/src/index.js'
const { catalogue } = await loadCatalogue('test/fixtures/rac')
for (const q of process.argv.slice(2)) {
  const r = catalogue.search(catalogue.parse('search', new URLSearchParams({ query: q, limit: '5' })))
  console.log(q, '→', r.results.map((x) => x.title).join(' | '))
}
