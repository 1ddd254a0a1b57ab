/**
 * What a reload costs the serving process: a LiveCatalogue over a generated catalogue is reloaded
 * three times; after each, the heap after gc and the RSS, and during each, the longest the event
 * loop was blocked (a 5 ms timer's worst gap). Writes bench/reload-results.md.
 * Run: node --expose-gc --import tsx bench/reload.ts --documents 100000
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { LiveCatalogue } from '../packages/core/src/index.js'
import { generatedCatalogue } from './generated-catalogue.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '100000' },
    out: { type: 'string', default: join(root, 'bench/reload-results.md') },
  },
})
const count = Number(values.documents)
const gc = (globalThis as { gc?: () => void }).gc
if (!gc) throw new Error('Run with node --expose-gc')

// The same generated catalogue as the load test's.
const file = generatedCatalogue(count)

const mib = (bytes: number) => Math.round(bytes / 2 ** 20)
/** Heap after a full gc, and RSS, in MiB. */
function memory(): { heap: number; rss: number } {
  gc!()
  const { heapUsed, rss } = process.memoryUsage()
  return { heap: mib(heapUsed), rss: mib(rss) }
}

/** Runs `work` and gives how long it took and the longest the event loop was blocked meanwhile. */
async function blocking(work: () => Promise<unknown>): Promise<{ ms: number; worstGap: number }> {
  let last = performance.now()
  let worstGap = 0
  const timer = setInterval(() => {
    const now = performance.now()
    worstGap = Math.max(worstGap, now - last)
    last = now
  }, 5)
  const started = performance.now()
  await work()
  const ms = performance.now() - started
  clearInterval(timer)
  return { ms: Math.round(ms), worstGap: Math.round(worstGap) }
}

let live: LiveCatalogue | undefined
const open = await blocking(async () => {
  live = await LiveCatalogue.open(file)
})
const rows = [`| open | ${open.ms} | ${open.worstGap} | ${Object.values(memory()).join(' | ')} |`]
for (let i = 1; i <= 3; i++) {
  const reload = await blocking(async () => {
    const outcome = await live!.reload()
    if (!outcome.ok) throw outcome.error
  })
  rows.push(
    `| reload ${i} | ${reload.ms} | ${reload.worstGap} | ${Object.values(memory()).join(' | ')} |`,
  )
}

const report = `# Reload benchmark

A LiveCatalogue over ${count.toLocaleString('en')} generated documents, opened then reloaded three
times in one process, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.
Command: \`node --expose-gc --import tsx bench/reload.ts --documents ${count}\`.

| step | ms | longest event-loop block, ms | heap after gc, MiB | RSS, MiB |
|---|---:|---:|---:|---:|
${rows.join('\n')}

A flat heap after gc means a replaced catalogue is freed; RSS stays near the two-catalogue peak
because V8 keeps the pages it grew to.
`
writeFileSync(values.out!, report)
console.log(report)
