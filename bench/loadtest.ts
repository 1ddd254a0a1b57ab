/**
 * Load test: starts `catalogue serve` in its own process on 127.0.0.1, drives it with autocannon
 * (the traffic a discovery front end makes: searches, facets, lists, details, children, minimaps,
 * suggestions, POST /mylist), reloads the catalogue by SIGHUP twice while the load runs, and
 * writes the throughput, latencies, errors and the server's memory to
 * bench/loadtest-results.md and .json. Exits 1 if any request failed or was answered other
 * than 2xx, or a reload did not happen.
 *
 * Run: npm run loadtest              (100 connections for 30 s on 100,000 generated documents)
 *      npm run loadtest -- --quick   (10 connections for 3 s on the sample, one reload: CI's check)
 *      npm run loadtest -- --documents 20000 --connections 200 --seconds 60
 *      npm run loadtest -- --catalogue my-archive.ndjson
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { type ServedProcess, servedBy } from '../test/helpers/served-process.js'
import { residentBytes } from './engines/measure.js'
import { generatedCatalogue } from './generated-catalogue.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    catalogue: { type: 'string' },
    documents: { type: 'string' },
    connections: { type: 'string' },
    seconds: { type: 'string' },
    out: { type: 'string', default: join(root, 'bench/loadtest-results') },
  },
})
const quick = values.quick === true
const connections = Number(values.connections ?? (quick ? 10 : 100))
const seconds = Number(values.seconds ?? (quick ? 3 : 30))
const reloads = quick ? 1 : 2
const catalogue =
  values.catalogue ?? generatedCatalogue(Number(values.documents ?? (quick ? 0 : 100_000)))

/** What a front end asks, in about the proportions it asks it (searches and facets most). */
async function frontEndRequests(
  url: string,
): Promise<{ method: 'GET' | 'POST'; path: string; body?: string }[]> {
  const [collection, object, agent] = await Promise.all(
    ['collections', 'objects', 'agents'].map((list) => firstId(url, list)),
  )
  const words = ['malaria', 'public health', 'rockefeller', 'nursing', 'agricult*', 'china']
  const searches = words.flatMap((word) => {
    const query = encodeURIComponent(word)
    return [
      `/search?query=${query}&limit=40`,
      `/search?query=${query}&category=collection&sort=-start_date`,
      `/facets?query=${query}`,
      `/collections/${collection}/minimap?query=${query}`,
      `/collections/${collection}/children?query=${query}&limit=5`,
    ]
  })
  const paths = [
    ...searches,
    '/search?online=true&limit=40',
    '/facets',
    '/collections?sort=title&limit=40',
    '/agents?agent_type=person&sort=title',
    `/collections/${collection}`,
    `/objects/${object}`,
    `/agents/${agent}`,
    `/objects/${object}/ancestors?query=malaria`,
    `/objects/${object}/citation`,
    '/search/suggest?title_suggest=malria',
    '/health',
  ]
  const myList = JSON.stringify({ list: [`/objects/${object}`, `/collections/${collection}`] })
  return [
    ...paths.map((path) => ({ method: 'GET' as const, path })),
    { method: 'POST', path: '/mylist', body: myList },
  ]
}

/** The id of the first document of a list, asked of the server (any catalogue format). */
async function firstId(url: string, list: string): Promise<string> {
  const page = (await (await fetch(`${url}/${list}?limit=1`)).json()) as {
    results: { uri: string }[]
  }
  const uri = page.results[0]?.uri
  if (!uri) throw new Error(`No ${list} in ${catalogue}`)
  return uri.slice(uri.lastIndexOf('/') + 1)
}

/** Starts the server (the built bin when there is one) and resolves with its URL. */
function startServer(): Promise<ServedProcess> {
  const built = join(root, 'packages/cli/dist/bin.js')
  const bin = existsSync(built)
    ? [built]
    : ['--import', 'tsx', join(root, 'packages/cli/src/bin.ts')]
  const child = spawn(process.execPath, [...bin, 'serve', catalogue, '--port', '0'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  return servedBy(child)
}

/** The resident memory of a process, in MiB (Linux). */
function rssMiB(pid: number): number {
  return Math.round(residentBytes(pid) / 2 ** 20)
}

const server = await startServer()
const requests = await frontEndRequests(server.url)
// A round of every request first, so the memory before is that of a warm server.
for (const request of requests) {
  await fetch(`${server.url}${request.path}`, {
    method: request.method,
    ...(request.body ? { body: request.body } : {}),
  })
}
const rssBefore = rssMiB(server.child.pid!)
const { documents } = (await (await fetch(`${server.url}/health`)).json()) as { documents: number }

let next = 0
const instance = autocannon({
  url: server.url,
  connections,
  duration: seconds,
  requests: [
    {
      // Each connection takes the next request of the mix in turn.
      setupRequest: (request) => {
        const chosen = requests[next++ % requests.length]!
        return {
          ...request,
          method: chosen.method,
          path: chosen.path,
          ...(chosen.body
            ? { body: chosen.body, headers: { 'content-type': 'application/json' } }
            : {}),
        }
      },
    },
  ],
})
const reloadedCount = () => server.stderr().match(/Reloaded: /g)?.length ?? 0
// The reloads one after the other under load, the first a fifth into the run.
const reloading = (async () => {
  await delay((seconds * 1000) / 5)
  for (let i = 1; i <= reloads; i++) {
    server.child.kill('SIGHUP')
    while (reloadedCount() < i && !/Reload failed/.test(server.stderr())) await delay(100)
  }
})()
let rssPeak = rssBefore
const sampling = setInterval(() => {
  rssPeak = Math.max(rssPeak, rssMiB(server.child.pid!))
}, 250)
const result = await instance
// A reload still running when the load stops is waited for (at most two minutes).
await Promise.race([reloading, delay(120_000, undefined, { ref: false })])
clearInterval(sampling)
// Memory a few seconds later, once the replaced catalogues could be collected.
await delay(3000)
const rssAfter = rssMiB(server.child.pid!)
const reloaded = reloadedCount()
const exited = once(server.child, 'exit')
server.child.kill('SIGTERM')
const [exitCode] = await exited

const figures = {
  date: new Date().toISOString().slice(0, 10),
  node: process.version,
  catalogue: catalogue.startsWith(root) ? catalogue.slice(root.length) : catalogue,
  connections,
  seconds,
  mix: requests.length,
  requests: result.requests.total,
  requestsPerSecond: Math.round(result.requests.average),
  latencyMs: {
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    max: result.latency.max,
  },
  errors: result.errors,
  timeouts: result.timeouts,
  non2xx: result.non2xx,
  reloadsAsked: reloads,
  reloadsDone: reloaded,
  rssMiB: { before: rssBefore, peak: rssPeak, after: rssAfter },
  serverExit: exitCode,
}
const failed =
  figures.errors > 0 ||
  figures.timeouts > 0 ||
  figures.non2xx > 0 ||
  reloaded !== reloads ||
  exitCode !== 0 ||
  figures.requests === 0

writeFileSync(`${values.out}.json`, `${JSON.stringify(figures, null, 2)}\n`)
const command = quick ? 'npm run loadtest -- --quick' : 'npm run loadtest'
writeFileSync(
  `${values.out}.md`,
  `# Load test

\`${command}\`, ${figures.date}, Node ${figures.node}, 2 cores: autocannon and the server in two
processes on one machine, 127.0.0.1, catalogue \`${figures.catalogue}\`
(${documents.toLocaleString('en')} documents).

- ${connections} connections for ${seconds} s over a mix of ${requests.length} front-end requests
  (searches, facets, lists, details, children, minimaps, suggestions, POST /mylist)
- ${figures.requests.toLocaleString('en')} requests, ${figures.requestsPerSecond.toLocaleString('en')} a second
- latency: p50 ${figures.latencyMs.p50} ms, p97.5 ${figures.latencyMs.p97_5} ms, p99 ${figures.latencyMs.p99} ms, max ${figures.latencyMs.max} ms
- errors ${figures.errors}, timeouts ${figures.timeouts}, non-2xx ${figures.non2xx}
- reloads by SIGHUP under load: ${reloaded} of ${reloads}
- server RSS: ${rssBefore} MiB warm before, ${rssPeak} MiB at the peak (two catalogues held
  during a reload), ${rssAfter} MiB 3 s after the run
- server exit on SIGTERM: ${exitCode}
${failed ? '\n**FAILED**: see the figures above.\n' : ''}`,
)
process.stdout.write(`${readFileSync(`${values.out}.md`, 'utf8')}`)
process.exitCode = failed ? 1 : 0
