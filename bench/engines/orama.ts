/**
 * Orama in the benchmark, on the same documents and text as ours: `--phase build` parses the
 * NDJSON (no validation) and inserts it; `save` is written as JSON; `--phase start` loads it and
 * runs the mix with Orama's search (AND of the words, `where` for filters), grouping by the
 * hits' group (the first 10,000 hits), and Orama's own facets.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { type AnyOrama, create, insertMultiple, load, save, search } from '@orama/orama'
import type { CatalogueDocument } from '../../packages/core/src/index.js'
import type { MixQuery } from '../query-mix.js'
import { type Latency, memory, readNdjson, report, time } from './measure.js'
import {
  groupHits,
  type PeerDocument,
  type PeerQuery,
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

if (values.phase === 'build') {
  const started = performance.now()
  const db = database()
  let batch: PeerDocument[] = []
  let count = 0
  for await (const value of readNdjson(values.file!)) {
    batch.push(peerDocument(count++, value as unknown as CatalogueDocument))
    if (batch.length === 1000) {
      await insertMultiple(db, batch.map(withoutId) as never)
      batch = []
    }
  }
  await insertMultiple(db, batch.map(withoutId) as never)
  const buildMs = performance.now() - started
  const afterBuild = memory()
  const saving = performance.now()
  writeFileSync(values.snapshot!, JSON.stringify(save(db)))
  report({
    buildMs,
    afterBuild,
    saveMs: performance.now() - saving,
    snapshotBytes: statSync(values.snapshot!).size,
  })
} else {
  const started = performance.now()
  const db = database()
  load(db, JSON.parse(readFileSync(values.snapshot!, 'utf8')))
  const startMs = performance.now() - started
  const afterStart = memory()
  const mix = (JSON.parse(values.mix!) as MixQuery[]).map(peerQuery)
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
  const latencies: Record<string, Latency> = {
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
  }
  report({ startMs, afterStart, latencies, afterRequests: memory() })
}

function withoutId({ id: _, ...document }: PeerDocument) {
  return document
}
