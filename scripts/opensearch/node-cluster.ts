/**
 * Starts a local OpenSearch cluster for development and tests: one JVM per node, on free
 * loopback ports, with its data in a temporary folder (or a lasting `dataDir`), and waits until
 * it is green. The cluster it returns can lose, freeze and start again a node, or restart whole.
 *
 * @example
 * const opensearch = await startOpenSearch({ nodes: 3, log: console.error })
 * await opensearch.stopNode(1, 'SIGKILL') // a crash; the other two keep running
 * await opensearch.startNode(1) // back on its data, the cluster green with all three
 * await opensearch.stop()
 */
import { rm } from 'node:fs/promises'
import { openClusterFolder } from './cluster-folder.js'
import { findJdk } from './java.js'
import { buildLauncher } from './launcher.js'
import { LocalCluster, type LocalOpenSearch, type NodeExit } from './local-cluster.js'

export type { LocalNode, LocalOpenSearch, NodeExit } from './local-cluster.js'

/** Options of `startOpenSearch`. */
export interface OpenSearchOptions {
  /**
   * Nodes, each in its own JVM; more than one forms a cluster. With a `dataDir` that holds a
   * cluster, its node count (another count is refused).
   * @default 1
   */
  nodes?: number
  /** Heap of each JVM in MB (`-Xms` and `-Xmx`). @default 512 */
  heapMb?: number
  /**
   * More options for each node's JVM, before OpenSearch's own. A test cluster that starts its
   * nodes more than it works them may give `-XX:TieredStopAtLevel=1`: the quick compiler only,
   * about half a node's start-up CPU, its searches and indexing slower.
   * @default none
   */
  jvmOptions?: readonly string[]
  /**
   * The OpenSearch module plugins each node loads (their classes), instead of every one the
   * runner finds (scripting, ingest, reindex, percolator…): a few seconds of CPU less per start
   * for a cluster whose tests need only some. A feature of a module left out is refused.
   * @default every module
   * @example ['org.opensearch.transport.Netty4ModulePlugin', 'org.opensearch.analysis.common.CommonAnalysisModulePlugin']
   */
  modules?: readonly string[]
  /**
   * Give up when the cluster is not green this long after the JVMs start; also the limit of
   * `startNode` and `startAll`.
   * @default 120_000
   */
  timeoutMs?: number
  /**
   * A folder to keep the nodes' config, data and logs in, kept by `stop`, instead of a temporary
   * one. Its `cluster.json` records the node names and ports at the first start; a later start on
   * the same folder brings that cluster back, its indices included. It must be new, empty, or
   * such a folder.
   * @default a temporary folder, removed by `stop`
   */
  dataDir?: string
  /**
   * Called when a node's JVM exits without being asked to (killed, crashed), once the cluster
   * was green; the other nodes keep running. `failed` resolves at the first such exit too.
   * @default nothing
   */
  onNodeExit?: (exit: NodeExit) => void
  /** Progress: fetching, compiling, starting, green (or yellow, and why). @default nothing */
  log?: (message: string) => void
  /** Every line the JVMs write, prefixed with `[node-N]`. @default nothing */
  output?: (line: string) => void
}

const defaultOptions = {
  heapMb: 512,
  jvmOptions: [] as readonly string[],
  timeoutMs: 120_000,
  log: (_message: string) => {},
}

/**
 * Starts OpenSearch nodes and resolves once the cluster is green with all of them. Needs a JDK
 * 21+ and, for the first run, Maven (see `missingRequirements`).
 *
 * @throws {DataFolderError} when `dataDir` holds another node count, one of its ports is in use,
 *   or it is a folder of something else (checked before Java is looked for)
 * @throws {MissingToolError} when Java 21+ or (for the first fetch) Maven is missing
 * @throws {Error} when the cluster is not green in time, with the last lines of every node
 */
export async function startOpenSearch(options: OpenSearchOptions = {}): Promise<LocalOpenSearch> {
  const { nodes, heapMb, jvmOptions, modules, timeoutMs, log, output, dataDir, onNodeExit } = {
    ...defaultOptions,
    ...options,
  }
  if (nodes !== undefined && (!Number.isInteger(nodes) || nodes < 1))
    throw new RangeError(`nodes must be 1 or more, got ${nodes}`)
  if (!Number.isInteger(heapMb) || heapMb < 128)
    throw new RangeError(`heapMb must be 128 or more, got ${heapMb}`)

  const folder = await openClusterFolder({ nodes, dataDir })
  let cluster: LocalCluster
  try {
    const jdk = await findJdk()
    const classpath = await buildLauncher(jdk, log)
    const count = folder.plan.nodes.length
    log(
      `Starting ${count === 1 ? 'one node' : `${count} nodes`} on Java ${jdk.version} (${heapMb} MB heap each) in ${folder.path}${folder.plan.bootstrapped ? ', again on its data' : ''}`,
    )
    cluster = await LocalCluster.start({
      jdk,
      classpath,
      folder,
      heapMb,
      jvmOptions,
      modules,
      timeoutMs,
      log,
      output,
      onNodeExit,
    })
  } catch (error) {
    if (folder.temporary) await rm(folder.path, { recursive: true, force: true })
    throw error
  }
  log(
    `OpenSearch ${cluster.version} is ${cluster.health} at ${cluster.urls.join(' ')} after ${(cluster.startupMs / 1000).toFixed(1)} s`,
  )
  return cluster
}
