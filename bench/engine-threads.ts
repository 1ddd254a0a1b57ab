/**
 * The engine alone on N threads: each worker thread opens one catalogue in shared memory (as
 * `catalogue serve --workers N` does) and asks the 50 searches of the mix in turn, as fast as it
 * can, for a few seconds after two of warm-up; no HTTP, no load generator. The rate on N threads
 * over the rate on one is how far serving on every core could go on this machine if answering
 * over HTTP cost nothing. Appends a section to bench/workers-results.md.
 *
 *   node --import tsx bench/engine-threads.ts [--size 1m] [--snapshot FILE] [--threads 1,2]
 *     [--rounds 2] [--seconds 6]
 */
import { appendFileSync, existsSync } from 'node:fs'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { isMainThread, parentPort, workerData } from 'node:worker_threads'
import {
  loadSnapshot,
  openSharedCatalogue,
  type SharedCatalogue,
  shareCatalogue,
} from '@archive-catalogue/core'
import { startWorker } from '@archive-catalogue/core/backend'

/** What each thread is given. */
interface ThreadData {
  shared: SharedCatalogue
  mix: Record<string, string>[]
  seconds: number
  /** How many threads of the round are warm, and how many there are. */
  ready: Int32Array
  threads: number
}

const WARM_UP_MS = 2000

if (isMainThread) await measure()
else askAway(workerData as ThreadData)

async function measure(): Promise<void> {
  const { documentCount, generatedCatalogue } = await import('./generated-catalogue.js')
  const { indexCatalogue } = await import('./index-catalogue.js')
  const { queryMix } = await import('./query-mix.js')
  const root = fileURLToPath(new URL('..', import.meta.url))
  const { values } = parseArgs({
    options: {
      size: { type: 'string', default: '1m' },
      snapshot: { type: 'string' },
      threads: { type: 'string', default: `1,${Math.max(2, availableParallelism())}` },
      rounds: { type: 'string', default: '2' },
      seconds: { type: 'string', default: '6' },
      out: { type: 'string', default: join(root, 'bench/workers-results.md') },
    },
  })
  const size = documentCount(values.size)
  const counts = values.threads.split(',').map(Number)
  const [rounds, seconds] = [Number(values.rounds), Number(values.seconds)]
  const ndjson = generatedCatalogue(size)
  const snapshot = values.snapshot ?? join(tmpdir(), `archive-catalogue-workers-${size}.snapshot`)
  if (!existsSync(snapshot)) indexCatalogue(ndjson, snapshot, 'engine-threads')
  const shared = shareCatalogue(await loadSnapshot(snapshot, { sharedMemory: true }))
  const mix = (await queryMix(ndjson)).map(({ params }) => params)

  const rates = new Map<number, number[]>(counts.map((count) => [count, []]))
  for (let round = 1; round <= rounds; round++) {
    for (const count of counts) {
      const ready = new Int32Array(new SharedArrayBuffer(4))
      const data: ThreadData = { shared, mix, seconds, ready, threads: count }
      const asked = await Promise.all(Array.from({ length: count }, () => searchesOnThread(data)))
      const rate = asked.reduce((sum, searches) => sum + searches, 0) / seconds
      rates.get(count)!.push(rate)
      process.stderr.write(`round ${round}, ${count} threads: ${rate.toFixed(0)} searches/s\n`)
    }
  }

  const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length
  const rateOne = mean(rates.get(counts[0]!)!)
  const lines = [
    `\n### The engine alone on ${counts.slice(0, -1).join(', ')}${counts.length > 1 ? ' and ' : ''}${counts.at(-1)} threads, ${new Date().toISOString().slice(0, 10)}, ${size.toLocaleString('en')} documents\n`,
    `${cpus().length} × ${cpus()[0]?.model.trim()}. \`node --import tsx bench/engine-threads.ts --size ${values.size} --threads ${values.threads} --rounds ${rounds} --seconds ${seconds}\`: each thread asks the mix of /search in turn over one catalogue in shared memory, no HTTP, counted over the same ${seconds} s on every thread, each after 2 s of warm-up.\n`,
    '| threads | searches/s, each round | mean | ÷ one |',
    '|---:|---|---:|---:|',
    ...counts.map((count) => {
      const each = rates.get(count)!
      return `| ${count} | ${each.map((rate) => rate.toFixed(0)).join(', ')} | ${mean(each).toFixed(0)} | ${(mean(each) / rateOne).toFixed(2)}× |`
    }),
  ]
  appendFileSync(values.out, `${lines.join('\n')}\n`)
  process.stdout.write(`${lines.join('\n')}\n`)
}

/** Starts a thread that asks the mix; resolves to how many searches it finished. */
function searchesOnThread(data: ThreadData): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(new URL(import.meta.url), { workerData: data })
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

/**
 * A thread's part: warm up, wait until every thread of the round is warm (so that they count
 * over the same seconds, all busy), then count the searches finished in the time given.
 */
function askAway({ shared, mix, seconds, ready, threads }: ThreadData): void {
  const catalogue = openSharedCatalogue(shared)
  let asked = 0
  const warmUntil = performance.now() + WARM_UP_MS
  while (performance.now() < warmUntil) catalogue.search(mix[asked++ % mix.length]!)
  Atomics.add(ready, 0, 1)
  Atomics.notify(ready, 0)
  for (let warm = Atomics.load(ready, 0); warm < threads; warm = Atomics.load(ready, 0)) {
    // A thread that failed before it was warm would keep the others waiting for ever.
    if (Atomics.wait(ready, 0, warm, 60_000) === 'timed-out') {
      throw new Error(`${threads - warm} other thread(s) not warm after a minute`)
    }
  }
  asked = 0
  const until = performance.now() + seconds * 1000
  while (performance.now() < until) catalogue.search(mix[asked++ % mix.length]!)
  parentPort!.postMessage(asked)
}
