/**
 * EAD export at scale: one finding aid of `--components` components (a top-level collection of
 * series of files, each with a title, a date, a scope note, a subject and a creator) beside the
 * sample catalogue, asked of the API over a real socket (`GET /collections/{id}/ead`): the
 * time to the first byte and to the last, the bytes, and the server's memory, in memory and on
 * OpenSearch (a node started for the run, unless `--no-opensearch`). With `--print`, the same
 * of the site's printable finding aid (`GET /collections/{id}/print`), written by the same walk.
 * Figures go to bench/ead-export-results.md.
 * Run: node --expose-gc --import tsx bench/ead-export.ts --components 50000 [--print]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { get as httpGet } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import {
  type CatalogueBackend,
  type CatalogueDocument,
  loadCatalogue,
} from '../packages/core/src/index.js'
import { createApp, listen } from '../packages/http/src/index.js'
import { OpenSearchBackend, pushCatalogue } from '../packages/opensearch/src/index.js'
import { createSite } from '../packages/site/src/index.js'
import { startOpenSearch } from '../scripts/opensearch/node-cluster.js'
import { appendResults } from './results.js'

const { values } = parseArgs({
  options: {
    components: { type: 'string', default: '50000' },
    'no-opensearch': { type: 'boolean', default: false },
    print: { type: 'boolean', default: false },
    out: { type: 'string', default: new URL('./ead-export-results', import.meta.url).pathname },
  },
})
const total = Number(values.components)
const SAMPLE = new URL('../data/sample.ndjson', import.meta.url).pathname
const TOP = 'bench-finding-aid'
/** What is asked: the API's EAD, or the site's printable finding aid. */
const route = values.print
  ? { path: `/collections/${TOP}/print`, name: 'the printable finding aid (HTML)' }
  : { path: `/collections/${TOP}/ead`, name: 'EAD3' }

/** The sample's documents and one large finding aid: series of 1,000 files each. */
function catalogueFile(): string {
  const folder = mkdtempSync(join(tmpdir(), 'bench-ead-export-'))
  const file = join(folder, 'catalogue.ndjson')
  const sample = readFileSync(SAMPLE, 'utf8').trimEnd().split('\n')
  const agent = sample
    .map((line) => JSON.parse(line) as CatalogueDocument)
    .find((d) => d.type === 'agent')!
  const creator = {
    external_identifiers: agent.external_identifiers,
    identifier: agent.uri.split('/').pop()!,
    title: agent.title,
    type: 'organization' as const,
    role: 'creator',
  }
  const group = {
    identifier: `/collections/${TOP}`,
    title: 'A very large collection',
    category: 'collection' as const,
  }
  const lines = [...sample]
  const described = (
    uri: string,
    title: string,
    year: number,
    position: number,
    parent: string | null,
  ) => ({
    uri,
    title,
    category: 'collection',
    dates: [
      {
        begin: String(year),
        end: String(year + 1),
        expression: `${year}-${year + 1}`,
        label: 'creation',
        type: 'inclusive',
        source: 'ead',
      },
    ],
    notes: [
      {
        type: 'scopecontent',
        title: 'Scope and Contents',
        source: 'ead',
        subnotes: [
          {
            type: 'text',
            content: [
              `Letters, reports and memoranda on public health programs, malaria control and the training of nurses, ${year}.`,
            ],
          },
        ],
      },
    ],
    terms: [
      {
        external_identifiers: [{ identifier: 'lcsh:sh85080092', source: 'ead' }],
        identifier: 'malaria',
        title: 'Malaria',
        type: 'topical',
      },
    ],
    formats: ['documents'],
    position,
    online: false,
    parent,
    group,
    external_identifiers: [{ identifier: uri, source: 'ead' }],
  })
  lines.push(
    JSON.stringify({
      ...described(`/collections/${TOP}`, group.title, 1900, 0, null),
      type: 'collection',
      level: 'collection',
      creators: [creator],
      extents: [{ value: '900', type: 'linear feet' }],
      languages: [{ expression: 'English', identifier: 'eng' }],
    }),
  )
  let written = 1
  for (let series = 1; written < total; series++) {
    const id = `${TOP}_s${series}`
    lines.push(
      JSON.stringify({
        ...described(
          `/collections/${id}`,
          `Series ${series}`,
          1900 + (series % 100),
          series - 1,
          TOP,
        ),
        type: 'collection',
        level: 'series',
        creators: [creator],
        extents: [{ value: '1000', type: 'folders' }],
        languages: [{ expression: 'English', identifier: 'eng' }],
      }),
    )
    written++
    for (let f = 1; f <= 1000 && written < total; f++, written++) {
      const year = 1900 + ((series * 7 + f) % 100)
      lines.push(
        JSON.stringify({
          ...described(
            `/objects/${id}f${f}`,
            `Correspondence with the field office, folder ${f} of series ${series}`,
            year,
            f - 1,
            id,
          ),
          type: 'object',
          level: 'file',
          extents: [],
        }),
      )
    }
  }
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

/** Peak RSS while `work` runs, sampled every 20 ms. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  try {
    return { value: await work(), peak: Math.max(peak, process.memoryUsage().rss) }
  } finally {
    clearInterval(timer)
  }
}

interface Timing {
  encoding: string
  firstByteMs: number
  lastByteMs: number
  bytes: number
  peakRssMiB: number
}

/** One GET over a socket, read to the end: the first and last byte, the bytes as sent. */
function get(
  url: string,
  encoding: string,
): Promise<{ firstByteMs: number; lastByteMs: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const request = httpGet(url, { headers: { 'Accept-Encoding': encoding } }, (response) => {
      let first = 0
      let bytes = 0
      response.on('data', (chunk: Buffer) => {
        if (first === 0) first = performance.now() - started
        bytes += chunk.length
      })
      response.once('end', () =>
        resolve({ firstByteMs: first, lastByteMs: performance.now() - started, bytes }),
      )
      response.once('error', reject)
    })
    request.once('error', reject)
  })
}

/**
 * Asks for the finding aid over a socket (once before, to warm the code up): first and last
 * byte, bytes as sent, the process's peak RSS.
 */
async function measure(backend: CatalogueBackend, encoding: 'identity' | 'gzip'): Promise<Timing> {
  const app = values.print ? createSite(backend, { name: 'Bench Archive' }) : createApp(backend)
  const server = await listen(app, { port: 0 })
  const url = `${server.url}${route.path}`
  try {
    await get(url, encoding)
    ;(globalThis as { gc?: () => void }).gc?.()
    const { value, peak } = await peakRss(() => get(url, encoding))
    return { encoding, ...value, peakRssMiB: Math.round(peak / 2 ** 20) }
  } finally {
    await server.close()
  }
}

const file = catalogueFile()
const results: { backend: string; load: string; timings: Timing[] }[] = []
try {
  const loaded = await loadCatalogue(file)
  const catalogue = loaded.catalogue
  const components = catalogue.minimap(TOP, {}).total + 1
  ;(globalThis as { gc?: () => void }).gc?.()
  const rssLoaded = Math.round(process.memoryUsage().rss / 2 ** 20)
  results.push({
    backend: 'in memory',
    load: `${catalogue.size.toLocaleString('en')} documents, RSS ${rssLoaded} MiB after the load`,
    timings: [await measure(catalogue, 'identity'), await measure(catalogue, 'gzip')],
  })
  if (!values['no-opensearch']) {
    const node = await startOpenSearch({ nodes: 1, log: () => {} })
    try {
      await pushCatalogue(file, { url: node.url, index: 'bench-ead' })
      const backend = await OpenSearchBackend.open({ url: node.url, index: 'bench-ead' })
      try {
        results.push({
          backend: 'OpenSearch (one node, local)',
          load: 'pushed',
          timings: [await measure(backend, 'identity'), await measure(backend, 'gzip')],
        })
      } finally {
        await backend.close()
      }
    } finally {
      await node.stop()
    }
  }
  const rows = results.flatMap(({ backend, timings }) =>
    timings.map(
      (t) =>
        `| ${backend} | ${t.encoding} | ${Math.round(t.firstByteMs)} ms | ${(t.lastByteMs / 1000).toFixed(2)} s | ${(t.bytes / 2 ** 20).toFixed(2)} MiB | ${t.peakRssMiB} MiB |`,
    ),
  )
  const markdown = [
    `## ${new Date().toISOString().slice(0, 10)}: ${components.toLocaleString('en')} components${values.print ? ', the printable finding aid' : ''}`,
    '',
    `\`GET ${route.path}\` (${route.name}) over a socket on this machine, Node ${process.version}; the finding aid is a top-level collection of series of 1,000 files, beside the sample catalogue (${results[0]!.load}). First byte: the response's first chunk of body; last byte: the end of the body; bytes as sent (gzip: compressed as it goes, flushed at each chunk: 64 KiB of EAD, 32 KiB of HTML). Each is the second request of its kind (the first warms the code up). Peak RSS: the whole process (the server, the catalogue and, in memory, the client) while the answer is read.`,
    `Command: \`node --expose-gc --import tsx bench/ead-export.ts --components ${total}${values.print ? ' --print' : ''}\``,
    '',
    '| backend | encoding | first byte | last byte | bytes | peak RSS |',
    '|---|---|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n')
  appendResults(
    values.out,
    { date: new Date().toISOString(), components, results },
    `${markdown}\n`,
    '# EAD export benchmark\n\n',
  )
} finally {
  rmSync(join(file, '..'), { recursive: true, force: true })
}
