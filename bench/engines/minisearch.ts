/**
 * Plain MiniSearch in the benchmark, on the same documents and text as ours: `--phase build`
 * parses the NDJSON (no validation) and indexes it, then saves `JSON.stringify` of the index
 * and the documents' filter fields; `--phase start` loads them (`loadJSON`) and runs the mix
 * with MiniSearch's own search, a filter callback, grouping and facets counted from objects.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import MiniSearch, { type Options } from 'minisearch'
import type { CatalogueDocument } from '../../packages/core/src/index.js'
import { readNdjson, runPhase, time } from './measure.js'
import {
  countFacets,
  groupHits,
  type PeerDocument,
  passes,
  peerDocument,
  peerQuery,
} from './peer-documents.js'

const OPTIONS: Options<PeerDocument> = {
  fields: ['title', 'text', 'terms'],
  storeFields: [],
  searchOptions: { boost: { title: 5 } },
}

interface Index {
  search: MiniSearch<PeerDocument>
  /** Kept for filters and facets, without their text. */
  documents: PeerDocument[]
}

await runPhase<Index, Index>({
  async build(file) {
    const search = new MiniSearch<PeerDocument>(OPTIONS)
    const documents: PeerDocument[] = []
    for await (const value of readNdjson(file)) {
      const document = peerDocument(documents.length, value as unknown as CatalogueDocument)
      search.add(document)
      documents.push({ ...document, text: '', terms: '' })
    }
    return { search, documents }
  },
  save({ search, documents }, snapshot) {
    writeFileSync(snapshot, JSON.stringify({ index: search, documents }))
  },
  start(snapshot) {
    const saved = JSON.parse(readFileSync(snapshot, 'utf8')) as {
      index: unknown
      documents: PeerDocument[]
    }
    return {
      search: MiniSearch.loadJS<PeerDocument>(saved.index as never, OPTIONS),
      documents: saved.documents,
    }
  },
  measure({ search, documents }, mixQueries, runs) {
    const mix = mixQueries.map(peerQuery)
    const hits = (query: ReturnType<typeof peerQuery>) =>
      search.search(query.words.join(' '), {
        combineWith: 'AND',
        prefix: (term) => query.prefixes.has(term),
        filter: (result) => passes(documents[result.id as number]!, query),
      }) as unknown as { id: number; score: number }[]
    return {
      latencies: {
        '/search, the mix': time(
          mix.map((query) => () => groupHits(hits(query), documents, query)),
          runs,
        ),
        '/facets, the mix': time(
          mix.map((query) => () => countFacets(hits(query).map((hit) => documents[hit.id]!))),
          runs,
        ),
        'facets over everything': time([() => countFacets(documents)], runs * 10),
      },
    }
  },
})
