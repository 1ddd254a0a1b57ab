/**
 * Embedding the core in a Node app: load a catalogue once, then answer searches and facet
 * counts from memory, in the API's own shapes.
 *
 *   npx tsx examples/library-in-an-app/index.ts [catalogue path]
 */
import { fileURLToPath } from 'node:url'
import { BadParameterError, CatalogueError, loadCatalogue } from '@archive-catalogue/core'

const path = process.argv[2] ?? fileURLToPath(new URL('../../data/sample.ndjson', import.meta.url))

// Load once at startup: reading, validating and indexing is the slow part. A snapshot written
// by `catalogue index` loads much faster and is accepted here too.
let loaded: Awaited<ReturnType<typeof loadCatalogue>>
try {
  loaded = await loadCatalogue(path)
} catch (error) {
  // E_INVALID_CATALOGUE, E_MALFORMED_JSON, E_UNREADABLE…: the message says which file and field.
  if (error instanceof CatalogueError) {
    console.error(`${error.code}: ${error.message}`)
    process.exit(1)
  }
  throw error
}
const { catalogue, counts, milliseconds } = loaded
console.log(`Loaded ${catalogue.size} documents in ${Math.round(milliseconds)} ms`, counts)

// Parameters as the HTTP API takes them: a plain object (or URLSearchParams).
const page = catalogue.search({ query: 'health', start_date__gte: 1900, limit: 5 })
console.log(`\n${page.count} collections and agents match "health" from 1900 on:`)
for (const result of page.results) {
  console.log(`  ${result.title}  ${result.uri}  (${result.hit_count} matching documents)`)
}

// Facets over everything that matches: what a search page's sidebar shows.
const facets = catalogue.facets({ query: 'health' })
console.log(`\nDates ${facets.min_date.value}–${facets.max_date.value}; top subjects:`)
for (const bucket of facets.subject.slice(0, 5)) console.log(`  ${bucket.key}: ${bucket.doc_count}`)

// A collection in detail, by id.
const first = catalogue.collections({ sort: 'title', limit: 1 }).results[0]
if (first) {
  const detail = catalogue.collection(first.uri.replace('/collections/', ''))
  console.log(`\n${detail.title}: level ${detail.level}, formats ${detail.formats.join(', ')}`)
}

// A bad value fails the same way the API's 400 does, naming the parameter and the value.
try {
  catalogue.search({ limit: 'ten' })
} catch (error) {
  if (error instanceof BadParameterError) console.log(`\n400 would say: ${error.message}`)
}
