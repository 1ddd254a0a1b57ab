/**
 * Starting from a snapshot and reading documents back: the start (`loadSnapshot`, wall and CPU
 * time), RSS after it (after a full garbage collection), a page of 50 object details asked 200
 * times (the suite's page: objects spread over the catalogue), 40 pages of 50 objects drawn at
 * random (each read for the first time), and every document in catalogue order. Latencies are
 * wall p50 / p99; CPU is the process's per page, which a busy machine disturbs less.
 *
 *   node --expose-gc --import tsx bench/document-reads.ts catalogue.snapshot
 */
import { type Catalogue, loadSnapshot } from '../packages/core/src/index.js'

const file = process.argv[2]!
const cpuMs = (since: NodeJS.CpuUsage) => {
  const { user, system } = process.cpuUsage(since)
  return (user + system) / 1000
}

const cpuAtStart = process.cpuUsage()
const started = performance.now()
const catalogue = await loadSnapshot(file)
const start = { ms: performance.now() - started, cpuMs: cpuMs(cpuAtStart) }
globalThis.gc?.()
const rssMiB = process.memoryUsage().rss / 2 ** 20

const { types, uris, documents } = catalogue.data
const idAt = (index: number) => uris.get(index).slice(uris.get(index).lastIndexOf('/') + 1)
const objects: number[] = []
for (let index = 0; index < catalogue.size; index++) {
  if (types.get(index) === 'object') objects.push(index)
}
// The suite's page (bench/engines/archive-catalogue.ts): the objects at every size / 200th place.
const step = Math.max(1, Math.floor(catalogue.size / 200))
const page = objects
  .filter((index) => index % step === 0)
  .slice(0, 50)
  .map(idAt)
const samePage = timePages(
  catalogue,
  Array.from({ length: 200 }, () => page),
  3,
)
let seed = 7
const randomObject = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31
  return idAt(objects[seed % objects.length]!)
}
const randomPages = Array.from({ length: 40 }, () => Array.from({ length: 50 }, randomObject))
const firstPages = timePages(catalogue, randomPages, 0)

const cpuInOrder = process.cpuUsage()
const inOrder = performance.now()
for (let index = 0; index < catalogue.size; index++) documents.text(index)
const everyDocument = { ms: performance.now() - inOrder, cpuMs: cpuMs(cpuInOrder) }

console.log(
  JSON.stringify({
    file,
    size: catalogue.size,
    start,
    rssMiB,
    samePage,
    firstPages,
    everyDocument,
  }),
)

/** Each page's details asked in turn after `warmUp` rounds: wall p50 / p99 and mean CPU. */
function timePages(catalogue: Catalogue, pages: string[][], warmUp: number) {
  for (let round = 0; round < warmUp; round++) for (const id of pages[0]!) catalogue.object(id)
  const times: number[] = []
  const cpu = process.cpuUsage()
  for (const ids of pages) {
    const pageStarted = performance.now()
    for (const id of ids) catalogue.object(id)
    times.push(performance.now() - pageStarted)
  }
  const cpuPerPage = cpuMs(cpu) / pages.length
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
  return { p50: at(0.5), p99: at(0.99), cpuMs: cpuPerPage }
}
