/**
 * Orama in the benchmark, on the same documents and text as ours: `--phase build` parses the
 * NDJSON (no validation) and inserts it; `save` is written as JSON; `--phase start` loads it and
 * runs the mix with Orama's search (AND of the words, `where` for filters), grouping by the
 * hits' group (the first 10,000 hits), and Orama's own facets.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { type AnyOrama, create, insertMultiple, load, save, search } from '@orama/orama'
import type { CatalogueDocument } from '../../packages/core/src/index.js'
import { readNdjson, runPhase, time } from './measure.js'
import {
  groupHits,
  type PeerDocument,
  type PeerQuery,
  peerDocument,
  peerQuery,
} from './peer-documents.js'

const SCHEMA = {
  title: 'string',
  text: 'string',
  terms: 'string',
  category: 'enum',
  formats: 'enum[]',
  subjects: 'enum[]',
  creators: 'enum[]',
  online: 'boolean',
  start: 'number',
  group: 'enum',
} as const
const FACETS = {
  formats: { limit: 10 },
  subjects: { limit: 100 },
  creators: { limit: 100 },
  online: {},
}

function database(): AnyOrama {
  return create({ schema: SCHEMA }) as unknown as AnyOrama
}

await runPhase<AnyOrama, AnyOrama>({
  async build(file) {
    const db = database()
    let batch: PeerDocument[] = []
    let count = 0
    for await (const value of readNdjson(file)) {
      batch.push(peerDocument(count++, value as unknown as CatalogueDocument))
      if (batch.length === 1000) {
        await insertMultiple(db, batch.map(withoutId) as never)
        batch = []
      }
    }
    await insertMultiple(db, batch.map(withoutId) as never)
    return db
  },
  save(db, snapshot) {
    writeFileSync(snapshot, JSON.stringify(save(db)))
  },
  start(snapshot) {
    const db = database()
    load(db, JSON.parse(readFileSync(snapshot, 'utf8')))
    return db
  },
  measure(db, mixQueries, runs) {
    const mix = mixQueries.map(peerQuery)
    const params = (query: PeerQuery) => ({
      term: query.words.join(' '),
      properties: ['title', 'text', 'terms'],
      boost: { title: 5 },
      where: {
        ...(query.category ? { category: { eq: query.category } } : {}),
        ...(query.startFrom !== undefined ? { start: { gte: query.startFrom } } : {}),
      },
    })
    const grouped = (query: PeerQuery) => {
      const found = search(db, { ...params(query), limit: 10_000 } as never) as {
        hits: { id: string; score: number; document: PeerDocument }[]
      }
      const hits = found.hits.map((hit, id) => ({ id, score: hit.score }))
      return groupHits(
        hits,
        found.hits.map((hit) => hit.document),
        query,
      )
    }
    const facets = (query: PeerQuery) =>
      search(db, { ...params(query), facets: FACETS, preflight: true } as never)
    return {
      latencies: {
        '/search, the mix': time(
          mix.map((query) => () => grouped(query)),
          runs,
        ),
        '/facets, the mix': time(
          mix.map((query) => () => facets(query)),
          runs,
        ),
        'facets over everything': time(
          [() => search(db, { term: '', facets: FACETS, preflight: true } as never)],
          runs * 10,
        ),
      },
    }
  },
})

function withoutId({ id: _, ...document }: PeerDocument) {
  return document
}
