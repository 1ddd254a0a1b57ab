/**
 * Plain MiniSearch in the benchmark, on the same documents and text as ours: `--phase build`
 * parses the NDJSON (no validation) and indexes it, then saves `JSON.stringify` of the index
 * and the documents' filter fields; `--phase start` loads them (`loadJSON`) and runs the mix
 * with MiniSearch's own search, a filter callback, grouping and facets counted from objects.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import MiniSearch, { type Options } from 'minisearch'
import type { CatalogueDocument } from '../../packages/core/src/index.js'
import type { MixQuery } from '../query-mix.js'
import { type Latency, memory, readNdjson, report, time } from './measure.js'
import {
  countFacets,
  groupHits,
  type PeerDocument,
  passes,
  peerDocument,
  peerQuery,
} from './peer-documents.js'

const { values } = parseArgs({
  options: {
    phase: { type: 'string' },
    file: { type: 'string' },
    snapshot: { type: 'string' },
    mix: { type: 'string' },
    runs: { type: 'string', default: '20' },
  },
})
const runs = Number(values.runs)
const OPTIONS: Options<PeerDocument> = {
  fields: ['title', 'text', 'terms'],
  storeFields: [],
  searchOptions: { boost: { title: 5 } },
}

if (values.phase === 'build') {
  const started = performance.now()
  const search = new MiniSearch<PeerDocument>(OPTIONS)
  const documents: PeerDocument[] = []
  for await (const value of readNdjson(values.file!)) {
    const document = peerDocument(documents.length, value as unknown as CatalogueDocument)
    search.add(document)
    // Kept for filters and facets, without their text.
    documents.push({ ...document, text: '', terms: '' })
  }
  const buildMs = performance.now() - started
  const afterBuild = memory()
  const saving = performance.now()
  writeFileSync(values.snapshot!, JSON.stringify({ index: search, documents }))
  report({
    buildMs,
    afterBuild,
    saveMs: performance.now() - saving,
    snapshotBytes: statSync(values.snapshot!).size,
  })
} else {
  const started = performance.now()
  const saved = JSON.parse(readFileSync(values.snapshot!, 'utf8')) as {
    index: unknown
    documents: PeerDocument[]
  }
  const search = MiniSearch.loadJS<PeerDocument>(saved.index as never, OPTIONS)
  const documents = saved.documents
  saved.index = null
  const startMs = performance.now() - started
  const afterStart = memory()
  const mix = (JSON.parse(values.mix!) as MixQuery[]).map(peerQuery)
  const hits = (query: ReturnType<typeof peerQuery>) =>
    search.search(query.words.join(' '), {
      combineWith: 'AND',
      prefix: (term) => query.prefixes.has(term),
      filter: (result) => passes(documents[result.id as number]!, query),
    }) as unknown as { id: number; score: number }[]
  const latencies: Record<string, Latency> = {
    '/search, the mix': time(
      mix.map((query) => () => groupHits(hits(query), documents, query)),
      runs,
    ),
    '/facets, the mix': time(
      mix.map((query) => () => countFacets(hits(query).map((hit) => documents[hit.id]!))),
      runs,
    ),
    'facets over everything': time([() => countFacets(documents)], runs * 10),
  }
  report({ startMs, afterStart, latencies, afterRequests: memory() })
}
