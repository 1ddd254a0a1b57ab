/**
 * Runs a local OpenSearch node (or cluster) in the foreground until Ctrl-C.
 *
 *   npm run opensearch [-- --nodes 3] [--heap MB] [--timeout S] [--verbose]
 *
 * See docs/opensearch.md, "Running a node for development and tests".
 */
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import { startOpenSearch } from './opensearch/node-cluster.js'

const USAGE = `Usage: npm run opensearch -- [--nodes N] [--heap MB] [--timeout S] [--verbose]

Starts OpenSearch on free loopback ports with its data in a temporary folder, waits for green,
prints the URL(s) and runs until Ctrl-C (or SIGTERM), then stops the nodes and removes the folder.
Needs a JDK 21+ and, the first time, Maven to fetch the jars into ~/.m2.

Options:
  --nodes N     nodes, one JVM each; more than one forms a cluster (default 1)
  --heap MB     heap of each JVM (default 512)
  --timeout S   give up when not green after this many seconds (default 120)
  --verbose     print every line the nodes log
  --help        show this help
`

function fail(message: string): never {
  process.stderr.write(`opensearch: ${message}\n\n${USAGE}`)
  process.exit(2)
}

function integer(name: string, text: string, min: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min) {
    fail(`--${name} must be a whole number of at least ${min}, got '${text}'`)
  }
  return Number(text)
}

/** Resident memory of a process in MB, from /proc (Linux); undefined elsewhere. */
async function rssMb(pid: number): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '')
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1]
  return kb === undefined ? undefined : Math.round(Number(kb) / 1024)
}

async function main(): Promise<number> {
  let values: { nodes?: string; heap?: string; timeout?: string; verbose?: boolean; help?: boolean }
  try {
    ;({ values } = parseArgs({
      options: {
        nodes: { type: 'string' },
        heap: { type: 'string' },
        timeout: { type: 'string' },
        verbose: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }))
  } catch (error) {
    fail((error as Error).message)
  }
  if (values.help) {
    process.stdout.write(USAGE)
    return 0
  }
  const log = (message: string) => process.stderr.write(`${message}\n`)
  const opensearch = await startOpenSearch({
    nodes: integer('nodes', values.nodes ?? '1', 1),
    heapMb: integer('heap', values.heap ?? '512', 128),
    timeoutMs: integer('timeout', values.timeout ?? '120', 1) * 1000,
    log,
    output: values.verbose ? log : undefined,
  })
  const rss = await Promise.all(opensearch.pids.map(rssMb))
  if (rss.every((mb) => mb !== undefined))
    log(`Resident memory: ${rss.map((mb) => `${mb} MB`).join(', ')}`)
  for (const url of opensearch.urls) process.stdout.write(`${url}\n`)
  log('Press Ctrl-C to stop.')

  // `on`, not `once`: npm relays the terminal's Ctrl-C a second time, and with no listener left
  // that second SIGINT would end this process before the nodes are stopped and the folder gone.
  const signalled = new Promise<NodeJS.Signals>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, resolve)
  })
  const outcome = await Promise.race([signalled, opensearch.failed])
  if (outcome instanceof Error) log(outcome.message)
  log('Stopping...')
  await opensearch.stop()
  log('Stopped.')
  return outcome instanceof Error ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Our errors say what went wrong and show the nodes' last lines; a stack adds nothing.
    process.stderr.write(`opensearch: ${error instanceof Error ? error.message : error}\n`)
    process.exit(1)
  },
)
