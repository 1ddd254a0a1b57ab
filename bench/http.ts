/**
 * The HTTP part of the benchmark: our server (`catalogue serve` on the snapshot, its own
 * process) and a bare node:http server sending the same bytes (another process), driven by
 * autocannon from this one, on 127.0.0.1: the same `/search` repeated (answered from the response
 * cache), and the 50 searches of the mix in turn with the cache off. Bounded in connections and
 * seconds.
 */
import { spawn } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { availableParallelism, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { type ServedProcess, servedBy } from '../test/helpers/served-process.js'
import { residentBytes } from './engines/measure.js'
import type { MixQuery } from './query-mix.js'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Requests per second and latency of one autocannon run. */
export interface HttpRun {
  requestsPerSecond: number
  /** The requests answered in the run, all told. */
  requests: number
  p50: number
  p99: number
  errors: number
}

/** The mix through `catalogue serve --workers N`, and the server's memory after it. */
export interface WorkersRun {
  workers: number
  run: HttpRun
  /** The server's resident memory after the run, bytes. */
  rss: number
}

export interface HttpFigures {
  connections: number
  seconds: number
  repeated: { ours: HttpRun; bare: HttpRun; bytes: number; path: string }
  /** `ours` on the main thread (`--workers 1`), `workers` on one worker thread a core. */
  mixed: { ours: HttpRun; bare: HttpRun; workers?: { one: WorkersRun; many: WorkersRun } }
}

function serve(args: string[]): Promise<ServedProcess> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
  return servedBy(child)
}

/** `catalogue serve` on a snapshot, its own process (the built CLI when there is one). */
export function serveCatalogue(
  snapshot: string,
  cacheMiB: number,
  workers: number,
): Promise<ServedProcess> {
  const built = join(root, 'packages/cli/dist/bin.js')
  const bin = existsSync(built)
    ? [built]
    : ['--import', 'tsx', join(root, 'packages/cli/src/bin.ts')]
  return serve([
    ...bin,
    'serve',
    snapshot,
    '--port',
    '0',
    '--response-cache',
    String(cacheMiB),
    '--workers',
    String(workers),
  ])
}

/** Seconds of the mix before a measured mixed run, unless the caller asks for others. */
const WARM_UP_SECONDS = 3
/** Workers a core, two at least: the rate of one against many. */
const MANY_WORKERS = Math.max(2, availableParallelism())

/** autocannon on these paths, in turn, for `seconds`. */
export async function load(
  url: string,
  paths: string[],
  connections: number,
  seconds: number,
): Promise<HttpRun> {
  let next = 0
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: [
      { setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) },
    ],
  })
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

/**
 * Runs the HTTP benchmark against a snapshot; `mix` gives the mixed searches. `warmUpSeconds` 0
 * measures cold servers: a run that only checks the benchmark works.
 */
export async function httpBenchmark(
  snapshot: string,
  mix: MixQuery[],
  {
    connections,
    seconds,
    warmUpSeconds = WARM_UP_SECONDS,
  }: { connections: number; seconds: number; warmUpSeconds?: number },
): Promise<HttpFigures> {
  const mixPaths = mix.map(({ params }) => `/search?${new URLSearchParams(params)}`)
  const repeatedPath = mixPaths[0]!
  const servers: ServedProcess[] = []
  try {
    const cached = await serveCatalogue(snapshot, 64, 1)
    const uncached = await serveCatalogue(snapshot, 0, 1)
    servers.push(cached, uncached)
    const bodies: Record<string, string> = {}
    let bytes = 0
    for (const path of mixPaths) {
      const body = Buffer.from(await (await fetch(`${uncached.url}${path}`)).arrayBuffer())
      bodies[path] = body.toString('base64')
      if (path === repeatedPath) bytes = body.length
    }
    const bodiesFile = join(tmpdir(), `archive-catalogue-bench-bodies-${process.pid}.json`)
    writeFileSync(bodiesFile, JSON.stringify(bodies))
    const bare = await serve([
      '--import',
      'tsx',
      join(root, 'bench/engines/bare-server.ts'),
      '--bodies',
      bodiesFile,
    ])
    servers.push(bare)
    const run = (server: ServedProcess, paths: string[]) =>
      load(server.url, paths, connections, seconds)
    // Warmed alike: a worker's code warms up on its own, as the main thread's does.
    if (warmUpSeconds > 0) await load(uncached.url, mixPaths, connections, warmUpSeconds)
    const ours = await run(uncached, mixPaths)
    const one = { workers: 1, run: ours, rss: residentBytes(uncached.child.pid!) }
    // One server at a time: the single-threaded one stops before the threads start.
    uncached.child.kill()
    const threaded = await serveCatalogue(snapshot, 0, MANY_WORKERS)
    servers.push(threaded)
    if (warmUpSeconds > 0) await load(threaded.url, mixPaths, connections, warmUpSeconds)
    const many = {
      workers: MANY_WORKERS,
      run: await run(threaded, mixPaths),
      rss: residentBytes(threaded.child.pid!),
    }
    threaded.child.kill()
    return {
      connections,
      seconds,
      repeated: {
        ours: await run(cached, [repeatedPath]),
        bare: await run(bare, [repeatedPath]),
        bytes,
        path: repeatedPath,
      },
      mixed: { ours, bare: await run(bare, mixPaths), workers: { one, many } },
    }
  } finally {
    for (const server of servers) server.child.kill()
  }
}
