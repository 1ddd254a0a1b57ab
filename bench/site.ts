import { createReadStream, createWriteStream, existsSync, renameSync } from 'node:fs'
import { appendFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { Catalogue, type CatalogueBackend, loadSnapshot } from '../packages/core/src/index.js'
import {
  type App,
  type AppRequest,
  listen,
  warmUp as serverWarmUp,
} from '../packages/http/src/index.js'
import { OpenSearchBackend, pushCatalogue } from '../packages/opensearch/src/index.js'
import { createSite } from '../packages/site/src/index.js'
import { startOpenSearch } from '../scripts/opensearch/node-cluster.js'
import { Random } from '../scripts/sample/random.js'
import { backendClock } from './backend-time.js'
import { memory } from './engines/measure.js'
import { documentCount, generatedCatalogue } from './generated-catalogue.js'
import { indexCatalogue } from './index-catalogue.js'
import { type MixQuery, queryMix } from './query-mix.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1m' },
    backends: { type: 'string', default: 'memory,opensearch' },
    heap: { type: 'string', default: '2048' },
    data: { type: 'string' },
    out: { type: 'string', default: join(root, 'bench/site-results.md') },
  },
})
const size = documentCount(values.size)
const backends = values.backends.split(',')
const log = (line: string) => process.stderr.write(`site bench: ${line}\n`)

/** The added collection: its children, and the id of the collection. */
const WIDE_CHILDREN = 10_000
const WIDE_ID = 'siteBenchWideCollection'
const INDEX = 'site-bench'
/** Records of each type whose pages are asked for. */
const SAMPLED = 50

interface Sampled {
  file: string
  collections: string[]
  objects: string[]
  agents: string[]
  terms: string[]
}

const catalogue = await withWideCollection(generatedCatalogue(size))
const mix = await queryMix(generatedCatalogue(size))
const warmUp = await warmUpPaths(mix)
const pages = pageKinds(
  catalogue,
  mix.map(({ params }) => params),
)
const sections: string[] = []
for (const name of backends) {
  const { backend, close, started } = await openBackend(name)
  try {
    sections.push(await measure(name, backend, started))
  } finally {
    await close()
  }
}
const head = `\n## ${new Date().toISOString().slice(0, 10)}: ${size.toLocaleString('en')} documents and a collection of ${WIDE_CHILDREN.toLocaleString('en')} children, ${cpus().length} cores\n\n\`node --import tsx bench/site.ts --size ${values.size} --backends ${values.backends}\`\n`
await appendFile(values.out, `${head}${sections.join('')}`)
console.log(`${head}${sections.join('')}`)

/**
 * What the server answers before it is measured, as a running server has answered other readers
 * (its code compiled, the snapshot's pages in memory): a few record pages, and twice the search
 * pages of the sample's mix whose words the measured mix has none of (so no answer, scores or
 * record it keeps helps a measured page).
 */
async function warmUpPaths(measured: MixQuery[]): Promise<string[]> {
  const words = ({ params }: MixQuery) =>
    (params['query'] ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  const taken = new Set(measured.flatMap(words))
  const sample = await queryMix(join(root, 'data/sample.ndjson'))
  const searches = sample
    .filter((query) => !words(query).some((word) => taken.has(word)))
    .map(({ params }) => `/search?${new URLSearchParams(params)}`)
  // The sample measured (`--size 0`) shares every word with itself: one search warms then.
  if (searches.length === 0) searches.push('/search?query=papers')
  return ['/', '/collections', `/collections/${WIDE_ID}`, ...searches, ...searches]
}

/** The pages of each kind a reader asks for, each asked once. */
function pageKinds(sampled: Sampled, queries: Record<string, string>[]): [string, string[]][] {
  const search = (params: Record<string, string>) => `/search?${new URLSearchParams(params)}`
  const random = new Random(7)
  const positions = Array.from({ length: 30 }, () => random.int(0, WIDE_CHILDREN - 1))
  return [
    ['home', ['/']],
    ['search: the mix', queries.map(search)],
    [
      'search: the mix in one decade',
      queries.map((params) =>
        search({ ...params, end_date__gte: '1950', start_date__lte: '1959' }),
      ),
    ],
    [
      'search: the mix, online only',
      queries.map((params) => search({ ...params, online: 'true' })),
    ],
    ['collection', sampled.collections],
    ['object', sampled.objects],
    ['object among 10,000 siblings', positions.map((at) => `/objects/${WIDE_ID}-${at}`)],
    [
      'the collection of 10,000, contents paged',
      positions.slice(0, 10).map((at) => `/collections/${WIDE_ID}?offset=${at - (at % 20)}`),
    ],
    ['agent', sampled.agents],
    ['term', sampled.terms],
    ['lists', ['/collections', '/objects?offset=9980', '/agents?sort=title', '/terms']],
    // The index and its first, a middle and its last file of 50,000 URLs (a million documents
    // make 21): each file read by its range of places, never walking the ones before.
    ['sitemaps', ['/sitemap.xml', '/sitemaps/0.xml', '/sitemaps/10.xml', '/sitemaps/20.xml']],
  ]
}

async function measure(name: string, backend: CatalogueBackend, startedMs: number) {
  const clock = backendClock(backend)
  const site = createSite(clock.backend, { name: 'Bench Archive' })
  const serverMs: number[] = []
  // Of each page's server time, how long it waited on the backend.
  const backendMs: number[] = []
  const timed: App = {
    maxBodyBytes: site.maxBodyBytes,
    async handle(request: AppRequest) {
      clock.reset()
      const started = performance.now()
      const answer = await site.handle(request)
      serverMs.push(performance.now() - started)
      backendMs.push(clock.waited())
      return answer
    },
    request: (url, init) => site.request(url, init),
  }
  const server = await listen(timed, { port: 0, host: '127.0.0.1' })
  try {
    const assets =
      (await get(server.url, '/site.css')).bytes + (await get(server.url, '/site.js')).bytes
    // A server that has answered before (its code warm), not measured: warmed as `catalogue
    // serve --site` warms a catalogue in memory before it listens, then as by readers.
    if (backend instanceof Catalogue) {
      const quiet = createSite(backend, { name: 'Bench Archive', api: { responseCacheBytes: 0 } })
      await serverWarmUp(quiet, backend, { apiPath: '/api', pages: true })
    }
    for (const path of warmUp) await get(server.url, path)
    const rows: string[] = []
    const slowest: string[] = []
    for (const [kind, paths] of pages) {
      serverMs.length = 0
      backendMs.length = 0
      const trips: number[] = []
      let heaviest = 0
      let failed = 0
      for (const path of paths) {
        const started = performance.now()
        const answer = await get(server.url, path)
        trips.push(performance.now() - started)
        if (answer.status !== 200) failed++
        heaviest = Math.max(heaviest, answer.bytes)
      }
      const [p50, p99] = [percentile(serverMs, 0.5), percentile(serverMs, 0.99)]
      const own = serverMs.map((ms, i) => ms - (backendMs[i] ?? 0))
      const split = [
        percentile(backendMs, 0.5),
        percentile(backendMs, 0.99),
        percentile(own, 0.5),
        percentile(own, 0.99),
      ].map((ms) => ms.toFixed(1))
      // One request a page, in order: the slowest search page says what the p99 is made of.
      if (kind.startsWith('search') && serverMs.length === paths.length) {
        const at = serverMs.indexOf(Math.max(...serverMs))
        slowest.push(`- ${kind}: ${serverMs[at]!.toFixed(1)} ms, \`${paths[at]}\``)
      }
      rows.push(
        `| ${kind} | ${paths.length}${failed > 0 ? ` (${failed} not 200)` : ''} | ${p50.toFixed(1)} | ${p99.toFixed(1)} | ${split.join(' | ')} | ${percentile(trips, 0.99).toFixed(1)} | ${kb(heaviest)} | ${kb(heaviest + assets)} |`,
      )
      log(`${name}: ${rows.at(-1)}`)
    }
    const rss = memory().rss
    return `
### ${name === 'memory' ? 'In memory' : 'OpenSearch (one node, one shard)'}

Ready in ${(startedMs / 1000).toFixed(1)} s; the bench process's RSS after the pages ${Math.round(rss / 2 ** 20)} MiB${name === 'memory' ? '' : ' (the node apart)'}. Times in ms; weights in KB as sent with brotli (\`Accept-Encoding: br\`), the page alone and with /site.css and /site.js (${kb(assets)}). Of each page's server time, "backend" is the time it waited on the backend's calls (calls side by side counted once), "site's own" the rest: reading the answers and rendering.

| page | asked | server p50 | server p99 | backend p50 | backend p99 | site's own p50 | site's own p99 | round trip p99 | heaviest page | with CSS and script |
|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

The slowest search page of each kind (server time):

${slowest.join('\n')}
`
  } finally {
    await server.close()
  }
}

async function openBackend(
  name: string,
): Promise<{ backend: CatalogueBackend; close: () => Promise<void>; started: number }> {
  if (name === 'memory') {
    const snapshot = join(tmpdir(), `archive-catalogue-site-${size}.snapshot`)
    const index = () => indexCatalogue(catalogue.file, snapshot, 'site')
    if (!existsSync(snapshot)) index()
    let started = performance.now()
    const loaded = await loadSnapshot(snapshot).catch((error: Error) => {
      // A snapshot kept from a run of another version is made again, not measured.
      if (!/another version/.test(error.message)) throw error
      index()
      started = performance.now()
      return loadSnapshot(snapshot)
    })
    return { backend: loaded, close: async () => {}, started: performance.now() - started }
  }
  if (name !== 'opensearch') throw new Error(`--backends: memory or opensearch, not '${name}'`)
  const node = await startOpenSearch({
    nodes: 1,
    heapMb: Number(values.heap),
    log,
    ...(values.data ? { dataDir: values.data } : {}),
  })
  const url = node.urls[0]!
  const counted = await fetch(`${url}/${INDEX}/_count`).then((answer) =>
    answer.ok ? (answer.json() as Promise<{ count: number }>) : { count: -1 },
  )
  const started = performance.now()
  if (counted.count !== size + WIDE_CHILDREN + 1) {
    log(`pushing ${catalogue.file} to ${url}…`)
    await pushCatalogue(catalogue.file, { url, index: INDEX, shards: 1 })
  }
  const backend = await OpenSearchBackend.open({ url, index: INDEX })
  return {
    backend,
    close: async () => {
      await backend.close?.()
      await node.stop()
    },
    started: performance.now() - started,
  }
}

/**
 * The catalogue file with the wide collection appended (made once, kept in the temporary
 * folder), and 50 records of each type drawn at random, for the record pages.
 */
async function withWideCollection(source: string): Promise<Sampled> {
  const file = join(tmpdir(), `archive-catalogue-site-${size}.ndjson`)
  const sampled: Sampled = { file, collections: [], objects: [], agents: [], terms: [] }
  const random = new Random(11)
  const made = existsSync(file)
  const out = made ? null : createWriteStream(`${file}.partial`)
  let collection: Record<string, unknown> | null = null
  let object: Record<string, unknown> | null = null
  const seen = { collection: 0, object: 0, agent: 0, term: 0 }
  const lines = createInterface({ input: createReadStream(source), crlfDelay: Infinity })
  for await (const line of lines) {
    if (line.trim() === '') continue
    out?.write(`${line}\n`) ||
      (out && (await new Promise<void>((done) => out.once('drain', () => done()))))
    const type = /"type":"(collection|object|agent|term)"/.exec(line)?.[1] as keyof typeof seen
    if (type === undefined) continue
    // A uniform sample of each type (reservoir sampling): the uri is each line's first field.
    const uri = /^\{"uri":"([^"]+)"/.exec(line)?.[1]
    const chosen = sampled[`${type}s`]
    const at = seen[type] < SAMPLED ? chosen.length : random.int(0, seen[type])
    seen[type]++
    if (uri !== undefined && at < SAMPLED) chosen[at] = uri
    if (type === 'collection' && collection === null && line.includes('"parent":null'))
      collection = JSON.parse(line) as Record<string, unknown>
    if (type === 'object') object ??= JSON.parse(line) as Record<string, unknown>
  }
  if (out) {
    if (!collection || !object) throw new Error(`${source} has no top collection or no object`)
    for (const document of wideCollection(collection, object)) {
      if (!out.write(`${JSON.stringify(document)}\n`))
        await new Promise<void>((done) => out.once('drain', () => done()))
    }
    await new Promise<void>((done) => out.end(() => done()))
    renameSync(`${file}.partial`, file)
  }
  return sampled
}

/** A top collection of `WIDE_CHILDREN` objects, shaped as the generator's documents. */
function* wideCollection(
  collection: Record<string, unknown>,
  object: Record<string, unknown>,
): Generator<Record<string, unknown>> {
  const uri = `/collections/${WIDE_ID}`
  const title = 'Correspondence files, 1900–1999'
  const group = { ...(collection['group'] as object), identifier: uri, title }
  yield { ...collection, uri, title, children: [], ancestors: [], group }
  const ancestor = {
    dates: '1900-1999',
    description: '',
    external_identifiers: [
      { identifier: '/repositories/2/resources/wide', source: 'archivesspace' },
    ],
    identifier: WIDE_ID,
    level: 'collection',
    order: null,
    title,
    type: 'collection',
  }
  for (let i = 0; i < WIDE_CHILDREN; i++) {
    yield {
      ...object,
      uri: `/objects/${WIDE_ID}-${i}`,
      title: `Correspondence, file ${i + 1}`,
      parent: uri,
      position: i,
      ancestors: [ancestor],
      group,
    }
  }
}

/** An answer's status and its body's length as sent (brotli when the server compressed it). */
function get(base: string, path: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(
      new URL(path, base),
      { headers: { 'accept-encoding': 'br' } },
      (answer) => {
        let bytes = 0
        answer.on('data', (chunk: Buffer) => {
          bytes += chunk.length
        })
        answer.on('end', () => resolve({ status: answer.statusCode ?? 0, bytes }))
        answer.on('error', reject)
      },
    )
    sent.on('error', reject)
    sent.end()
  })
}

function percentile(values: readonly number[], at: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(at * sorted.length) - 1)] ?? Number.NaN
}

function kb(bytes: number): string {
  return (bytes / 1024).toFixed(1)
}
