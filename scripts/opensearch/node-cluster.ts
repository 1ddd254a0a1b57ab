/**
 * Starts a local OpenSearch cluster for development and tests: one JVM per node, on free
 * loopback ports, with its data in a temporary folder, and waits until it is green.
 *
 * @example
 * const opensearch = await startOpenSearch({ log: console.error })
 * await fetch(`${opensearch.url}/_cat/indices`)
 * await opensearch.stop()
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { freePorts } from './free-ports.js'
import { findJdk } from './java.js'
import { buildLauncher } from './launcher.js'
import { type NodeProcess, startNodeProcess } from './node-process.js'
import { nodeSettings } from './node-settings.js'
import { waitForGreen } from './wait-for-green.js'

/** Options of `startOpenSearch`. */
export interface OpenSearchOptions {
  /** Nodes, each in its own JVM; more than one forms a cluster. @default 1 */
  nodes?: number
  /** Heap of each JVM in MB (`-Xms` and `-Xmx`). @default 512 */
  heapMb?: number
  /** Give up when the cluster is not green this long after the JVMs start. @default 120_000 */
  timeoutMs?: number
  /** Progress: fetching, compiling, starting, green. @default nothing */
  log?: (message: string) => void
  /** Every line the JVMs write, prefixed with `[node-N]`. @default nothing */
  output?: (line: string) => void
}

/** A running local cluster. */
export interface LocalOpenSearch {
  /** The first node's `http://127.0.0.1:PORT`. */
  url: string
  /** Every node's URL, in node order. */
  urls: string[]
  /** OpenSearch's version, from `GET /`. */
  version: string
  /** The JVMs' process ids, in node order. */
  pids: number[]
  /** The temporary folder holding every node's config, data and logs; removed by `stop`. */
  folder: string
  /** From the JVMs' start to green, in milliseconds. */
  startupMs: number
  /** Resolves if a node exits before `stop` is called, with its last lines. */
  failed: Promise<Error>
  /** Stops every JVM (SIGTERM, SIGKILL after 20 s) and removes `folder`. Safe to call twice. */
  stop: () => Promise<void>
  /**
   * Stops one node (`index` in node order) and resolves when its JVM is gone, the others left
   * running: `SIGTERM` a clean stop (SIGKILL after 20 s), `SIGKILL` a crash. `failed` ignores it.
   * @default signal 'SIGTERM'
   */
  stopNode: (index: number, signal?: 'SIGTERM' | 'SIGKILL') => Promise<void>
}

const defaultOptions = {
  nodes: 1,
  heapMb: 512,
  timeoutMs: 120_000,
  log: (_message: string) => {},
  output: undefined as ((line: string) => void) | undefined,
}

/**
 * Starts `nodes` OpenSearch nodes and resolves once the cluster is green with all of them.
 * Needs a JDK 21+ and, for the first run, Maven (see `missingRequirements`).
 *
 * @throws {MissingToolError} when Java 21+ or (for the first fetch) Maven is missing
 * @throws {Error} when the cluster is not green in time, with the last lines of every node
 */
export async function startOpenSearch(options: OpenSearchOptions = {}): Promise<LocalOpenSearch> {
  const { nodes, heapMb, timeoutMs, log, output } = { ...defaultOptions, ...options }
  if (!Number.isInteger(nodes) || nodes < 1)
    throw new RangeError(`nodes must be 1 or more, got ${nodes}`)
  if (!Number.isInteger(heapMb) || heapMb < 128)
    throw new RangeError(`heapMb must be 128 or more, got ${heapMb}`)

  const jdk = await findJdk()
  const classpath = await buildLauncher(jdk, log)
  const ports = await freePorts(2 * nodes)
  const folder = await mkdtemp(path.join(tmpdir(), 'archive-catalogue-opensearch-'))
  const names = Array.from({ length: nodes }, (_, i) => `node-${i + 1}`)
  const settings = nodeSettings(names, ports.slice(0, nodes), ports.slice(nodes))

  log(
    `Starting ${nodes === 1 ? 'one node' : `${nodes} nodes`} on Java ${jdk.version} (${heapMb} MB heap each) in ${folder}`,
  )
  const started = performance.now()
  const processes: NodeProcess[] = names.map((name, i) =>
    startNodeProcess({
      jdk,
      classpath,
      name,
      home: path.join(folder, name),
      heapMb,
      output,
      settings: settings[i]!,
    }),
  )

  // Should this process end without stop(), signal the JVMs; each deletes its own folder.
  const signalOnExit = () => {
    for (const { pid } of processes) {
      try {
        process.kill(pid, 'SIGTERM')
      } catch {
        // Already gone.
      }
    }
  }
  process.once('exit', signalOnExit)
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= (async () => {
      process.off('exit', signalOnExit)
      await Promise.all(processes.map((node) => node.stop()))
      await rm(folder, { recursive: true, force: true })
    })()
    return stopping
  }
  const stopped = new Set<NodeProcess>()
  const stopNode = async (index: number, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    const node = processes[index]
    if (!node) throw new RangeError(`no node ${index}: there are ${processes.length}`)
    stopped.add(node)
    if (signal === 'SIGTERM') return node.stop()
    try {
      process.kill(node.pid, 'SIGKILL')
    } catch {
      // Already gone.
    }
    await node.exited
  }
  const failed = new Promise<Error>((resolve) => {
    for (const node of processes) {
      void node.exited.then((code) => {
        if (!stopping && !stopped.has(node))
          resolve(new Error(`${node.name} exited (${code}):\n${node.tail()}`))
      })
    }
  })

  try {
    const deadline = started + timeoutMs
    const urls = await waitForGreen(processes, deadline)
    const root = (await (await fetch(urls[0]!)).json()) as { version: { number: string } }
    const startupMs = performance.now() - started
    log(
      `OpenSearch ${root.version.number} is green at ${urls.join(' ')} after ${(startupMs / 1000).toFixed(1)} s`,
    )
    return {
      url: urls[0]!,
      urls,
      version: root.version.number,
      pids: processes.map((node) => node.pid),
      folder,
      startupMs,
      failed,
      stop,
      stopNode,
    }
  } catch (error) {
    const tails = processes.map((node) => `--- last lines of ${node.name} ---\n${node.tail()}`)
    await stop()
    throw new Error(`${(error as Error).message}\n${tails.join('\n')}`, { cause: error })
  }
}
