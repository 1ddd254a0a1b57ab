/**
 * A full OAI-PMH harvest of a generated catalogue (`--size`, 1m when the machine is quiet):
 * ListRecords of `oai_dc` over a socket from the first page to the last by resumption tokens,
 * as a harvester does: the time, the records a second, the requests, and the memory of the
 * server during it (its process's RSS, sampled every 50 ms; the client only counts bytes). In
 * memory, and on OpenSearch with `--opensearch` (a node started for the run). Figures go to
 * bench/oai-harvest-results.md.
 * Run: node --expose-gc --import tsx bench/oai-harvest.ts --size 1m [--opensearch]
 */
import { get } from 'node:http'
import { parseArgs } from 'node:util'
import { type CatalogueBackend, loadCatalogue } from '../packages/core/src/index.js'
import { createApp, listen } from '../packages/http/src/index.js'
import { OpenSearchBackend, pushCatalogue } from '../packages/opensearch/src/index.js'
import { startOpenSearch } from '../scripts/opensearch/node-cluster.js'
import { documentCount, generatedCatalogue } from './generated-catalogue.js'
import { appendResults } from './results.js'

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100k' },
    opensearch: { type: 'boolean', default: false },
    'page-size': { type: 'string', default: '100' },
    out: { type: 'string', default: new URL('./oai-harvest-results', import.meta.url).pathname },
  },
})
const size = documentCount(values.size)
const pageSize = Number(values['page-size'])

/** One request read to the end: its body (to find the token) and its length. */
function fetchText(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
      })
      response.once('end', () => resolve(text))
      response.once('error', reject)
    }).once('error', reject)
  })
}

interface Run {
  backend: string
  records: number
  requests: number
  seconds: number
  recordsPerSecond: number
  megabytes: number
  peakRssMiB: number
  rssBeforeMiB: number
}

async function harvestAll(backend: CatalogueBackend, name: string): Promise<Run> {
  const server = await listen(createApp(backend, { oai: { pageSize } }), { port: 0 })
  ;(globalThis as { gc?: () => void }).gc?.()
  const rssBefore = process.memoryUsage().rss
  let peak = rssBefore
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 50)
  try {
    const started = performance.now()
    let records = 0
    let requests = 0
    let bytes = 0
    let query = 'verb=ListRecords&metadataPrefix=oai_dc'
    for (;;) {
      const xml = await fetchText(`${server.url}/oai?${query}`)
      requests++
      bytes += Buffer.byteLength(xml)
      records += xml.split('<record>').length - 1
      const token = /<resumptionToken[^>]*>([^<]+)<\/resumptionToken>/.exec(xml)?.[1]
      if (!token) break
      query = `verb=ListRecords&resumptionToken=${encodeURIComponent(token)}`
    }
    const seconds = (performance.now() - started) / 1000
    return {
      backend: name,
      records,
      requests,
      seconds,
      recordsPerSecond: Math.round(records / seconds),
      megabytes: bytes / 2 ** 20,
      peakRssMiB: Math.round(peak / 2 ** 20),
      rssBeforeMiB: Math.round(rssBefore / 2 ** 20),
    }
  } finally {
    clearInterval(timer)
    await server.close()
  }
}

const file = generatedCatalogue(size)
const runs: Run[] = []
const { catalogue } = await loadCatalogue(file)
runs.push(await harvestAll(catalogue, 'in memory'))
if (values.opensearch) {
  const node = await startOpenSearch({
    nodes: 1,
    heapMb: size >= 1_000_000 ? 2048 : 512,
    log: () => {},
  })
  try {
    await pushCatalogue(file, { url: node.url, index: 'bench-oai' })
    const backend = await OpenSearchBackend.open({ url: node.url, index: 'bench-oai' })
    try {
      runs.push(await harvestAll(backend, 'OpenSearch (one node, local)'))
    } finally {
      await backend.close()
    }
  } finally {
    await node.stop()
  }
}
const rows = runs.map(
  (run) =>
    `| ${run.backend} | ${run.records.toLocaleString('en')} | ${run.requests.toLocaleString('en')} | ${run.seconds.toFixed(1)} s | ${run.recordsPerSecond.toLocaleString('en')} | ${run.megabytes.toFixed(0)} MiB | ${run.rssBeforeMiB} → ${run.peakRssMiB} MiB |`,
)
const markdown = [
  `## ${new Date().toISOString().slice(0, 10)}: ${size.toLocaleString('en')} documents`,
  '',
  `A full harvest of \`oai_dc\` (ListRecords, ${pageSize} records a page, every page by its resumption token) over a socket on this machine, Node ${process.version}: the generated catalogue (\`scripts/generate-sample.ts --count ${size}\`), its collections and objects. RSS: the process serving it (the in-memory catalogue, or the OpenSearch client; the harvesting client in it only counts the bytes) before the harvest and at its peak.`,
  `Command: \`node --expose-gc --import tsx bench/oai-harvest.ts --size ${values.size}${values.opensearch ? ' --opensearch' : ''}\``,
  '',
  '| backend | records | requests | time | records/s | bytes | RSS |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...rows,
  '',
].join('\n')
appendResults(
  values.out,
  { date: new Date().toISOString(), size, pageSize, runs },
  `${markdown}\n`,
  '# OAI-PMH harvest benchmark\n\n',
)
