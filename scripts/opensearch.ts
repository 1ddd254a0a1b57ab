/**
 * Runs a local OpenSearch node (or cluster) in the foreground until Ctrl-C; a node that dies
 * leaves the others running, and `--data DIR` keeps the data to start the same cluster again.
 *
 *   npm run opensearch [-- --nodes 3] [--data DIR] [--heap MB] [--timeout S] [--verbose]
 *
 * See docs/opensearch.md, "Running a node for development and tests".
 */
import { readFile } from 'node:fs/promises'
import { constants } from 'node:os'
import { parseArgs } from 'node:util'
import { DataFolderError } from './opensearch/cluster-folder.js'
import { type LocalOpenSearch, type NodeExit, startOpenSearch } from './opensearch/node-cluster.js'

const USAGE = `Usage: npm run opensearch -- [--nodes N] [--data DIR] [--heap MB] [--timeout S] [--verbose]

Starts OpenSearch on free loopback ports, waits for green, prints each node's name, PID and URL
(stdout: the URLs alone, one a line) and runs until Ctrl-C, SIGTERM or SIGHUP, then stops the
nodes. A node that dies (killed, crashed) is reported and the others keep running; the command
ends (exit 1) only when no node is left. The data goes in a temporary folder, removed at the end,
or with --data in DIR, kept: the same command again starts the same cluster (names, ports, data).
Needs a JDK 21+ and, the first time, Maven to fetch the jars into ~/.m2.

Options:
  --nodes N     nodes, one JVM each; more than one forms a cluster (default 1, or DIR's count)
  --data DIR    keep the nodes' config, data and logs in DIR and, run again, start on them
                (the node names and ports are stored in DIR/cluster.json at the first start)
  --heap MB     heap of each JVM (default 512)
  --timeout S   give up when not green after this many seconds (default 120)
  --verbose     print every line the nodes log
  --help        show this help

Faults, by a node's PID: kill -KILL PID (a crash), kill -STOP PID then kill -CONT PID (a hung
node, then back). Ctrl-C and the same command with the same --data start a dead node again.
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

/** `SIGKILL`; `exit code 1`; `SIGTERM, exit code 143` (how a JVM ends on a SIGTERM). */
function describeExit(code: number | string): string {
  if (typeof code === 'string') return code
  const signal = Object.entries(constants.signals).find(([, number]) => number === code - 128)
  return signal ? `${signal[0]}, exit code ${code}` : `exit code ${code}`
}

async function main(): Promise<number> {
  let values: {
    nodes?: string
    data?: string
    heap?: string
    timeout?: string
    verbose?: boolean
    help?: boolean
  }
  try {
    ;({ values } = parseArgs({
      options: {
        nodes: { type: 'string' },
        data: { type: 'string' },
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
  if (values.data === '') fail('--data needs a folder')
  const log = (message: string) => process.stderr.write(`${message}\n`)

  let opensearch: LocalOpenSearch | undefined
  let noneLeft: () => void = () => {}
  const allGone = new Promise<'gone'>((resolve) => {
    noneLeft = () => resolve('gone')
  })
  const onNodeExit = (exit: NodeExit) => {
    const total = opensearch?.nodes.length ?? exit.running + 1
    log(
      `${exit.name} (pid ${exit.pid}) exited (${describeExit(exit.code)}); ${exit.running} of ${total} nodes still running`,
    )
    // A crash says why in its last lines; a kill or a stop from elsewhere does not.
    if (typeof exit.code === 'number' && exit.code !== 128 + constants.signals.SIGTERM) {
      log(`--- last lines of ${exit.name} ---\n${exit.lastLines}`)
    }
    if (exit.running === 0) noneLeft()
  }
  opensearch = await startOpenSearch({
    nodes: values.nodes === undefined ? undefined : integer('nodes', values.nodes, 1),
    dataDir: values.data,
    heapMb: integer('heap', values.heap ?? '512', 128),
    timeoutMs: integer('timeout', values.timeout ?? '120', 1) * 1000,
    onNodeExit,
    log,
    output: values.verbose ? log : undefined,
  })
  const rss = await Promise.all(opensearch.pids.map(rssMb))
  const width = Math.max(...opensearch.nodes.map((node) => node.name.length))
  for (const [i, node] of opensearch.nodes.entries()) {
    const memory = rss[i] === undefined ? '' : `  ${rss[i]} MB resident`
    log(`${node.name.padEnd(width)}  pid ${node.pid}  ${node.url}${memory}`)
  }
  for (const url of opensearch.urls) process.stdout.write(`${url}\n`)
  log('Press Ctrl-C to stop.')

  // `on`, not `once`: npm relays the terminal's Ctrl-C a second time, and with no listener left
  // that second SIGINT would end this process before the nodes are stopped and the folder gone.
  const signalled = new Promise<NodeJS.Signals>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, resolve)
  })
  const outcome = await Promise.race([signalled, allGone])
  log(outcome === 'gone' ? 'No node is left. Stopping...' : 'Stopping...')
  await opensearch.stop()
  log(
    values.data === undefined
      ? 'Stopped.'
      : `Stopped. The data stays in ${opensearch.folder}: the same command starts this cluster again.`,
  )
  return outcome === 'gone' ? 1 : 0
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Our errors say what went wrong and show the nodes' last lines; a stack adds nothing.
    process.stderr.write(`opensearch: ${error instanceof Error ? error.message : error}\n`)
    // A --data folder that cannot be used as asked is a usage error, as a bad option is.
    process.exit(error instanceof DataFolderError ? 2 : 1)
  },
)
