/**
 * A running local cluster: its nodes' JVMs, and the faults and restarts a test or
 * `npm run opensearch` puts it through. A node stopped, killed or crashed leaves the others
 * running and can start again on its own folder and ports; the whole cluster can stop and start
 * again on the same data.
 */
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { type ClusterFolder, portsInUse } from './cluster-folder.js'
import type { Jdk } from './java.js'
import { type NodeProcess, startNodeProcess } from './node-process.js'
import { nodeSettings } from './node-settings.js'
import { type SettledStatus, waitForGreen } from './wait-for-green.js'

/** One node of a local cluster, kept current as it stops and starts. */
export interface LocalNode {
  /** `node-1` … `node-N`, also the name of its folder. */
  readonly name: string
  /** Its JVM's process id: a new one each time the node starts again. */
  readonly pid: number
  /** `http://127.0.0.1:PORT`, the same port across restarts. */
  readonly url: string
  /** `frozen` by `freezeNode`; `stopped` by `stopNode` or `stopAll`, or because its JVM exited. */
  readonly status: 'running' | 'frozen' | 'stopped'
}

/** A node's JVM that exited without being asked to, as `onNodeExit` reports it. */
export interface NodeExit {
  name: string
  /** Its place in node order, as `startNode` takes it. */
  index: number
  pid: number
  /** Its exit code (143 after a SIGTERM from elsewhere), or the signal that ended it (`SIGKILL`). */
  code: number | string
  /** The nodes still running (frozen ones included) after it. */
  running: number
  /** The last lines it wrote. */
  lastLines: string
}

/** A running local cluster. */
export interface LocalOpenSearch {
  /** The first node's `http://127.0.0.1:PORT`. */
  readonly url: string
  /** Every node's URL, in node order; they stay the same across restarts. */
  readonly urls: string[]
  /** OpenSearch's version, from `GET /`. */
  readonly version: string
  /** The JVMs' process ids, in node order, as of now (they change when a node starts again). */
  readonly pids: number[]
  /** Every node's name, process id, URL and status, in node order, kept current. */
  readonly nodes: readonly LocalNode[]
  /** The folder holding every node's config, data and logs: `dataDir`, or a temporary one. */
  readonly folder: string
  /** From the JVMs' start to green, in milliseconds. */
  readonly startupMs: number
  /**
   * Resolves, with its last lines, when a node exits without `stopNode`, `stopAll`, `restart`
   * or `stop` asking it to. Nothing else happens then: the other nodes keep running.
   */
  readonly failed: Promise<Error>
  /**
   * Stops every JVM (SIGTERM, SIGKILL after 20 s) and removes `folder` when it is temporary
   * (a `dataDir` stays, to start again on). Safe to call twice; the cluster cannot start again.
   */
  stop(): Promise<void>
  /**
   * Stops one node (`index` in node order) and resolves when its JVM is gone, the others left
   * running: `SIGTERM` a clean stop (SIGKILL after 20 s), `SIGKILL` a crash. Not reported as an
   * exit (`failed`, `onNodeExit`). Its folder stays, for `startNode`.
   * @default signal 'SIGTERM'
   */
  stopNode(index: number, signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>
  /**
   * Starts a stopped (or exited) node again on its folder and ports, and resolves once it serves
   * HTTP and the cluster counts at least every running node (frozen ones not counted, as the
   * cluster may have dropped them) and is green, or settled at yellow: nothing initializing,
   * relocating or delayed, the replicas left having no node to go to (an index with more replicas
   * than the other nodes can hold). Rejects, stopping it, if that takes over `timeoutMs`.
   *
   * @throws {Error} when the node is not stopped, or one of its ports is in use
   */
  startNode(index: number): Promise<void>
  /**
   * Freezes a node's JVM (SIGSTOP): a hung node, which keeps its connections open and answers
   * nothing. Other nodes drop it from the cluster after their fault detection gives up on it
   * (about 30 s). A frozen node is not an exit.
   */
  freezeNode(index: number): void
  /** Lets a frozen node's JVM run again (SIGCONT). Does nothing to a running node. */
  thawNode(index: number): void
  /** Stops every node that runs (as `stopNode`), keeping the folder, to `startAll` later. */
  stopAll(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>
  /**
   * Starts every stopped node again on its folder and ports, and resolves once the cluster counts
   * all nodes and is green, or settled at yellow (as `startNode`). After `stopAll` it is the same
   * cluster: same cluster UUID, same indices.
   */
  startAll(): Promise<void>
  /** `stopAll()` then `startAll()`: the whole cluster again on the same data and ports. */
  restart(): Promise<void>
}

/** What a cluster is started with; `startOpenSearch` gathers it. */
export interface ClusterSetup {
  jdk: Jdk
  /** The launcher's classpath, from `buildLauncher`. */
  classpath: string
  folder: ClusterFolder
  heapMb: number
  /** More options for each JVM (`startOpenSearch`'s `jvmOptions`). */
  jvmOptions: readonly string[]
  /** The module plugins each node loads, or undefined for every one. */
  modules: readonly string[] | undefined
  timeoutMs: number
  log: (message: string) => void
  output: ((line: string) => void) | undefined
  onNodeExit: ((exit: NodeExit) => void) | undefined
}

interface NodeEntry {
  name: string
  pid: number
  url: string
  status: LocalNode['status']
}

/** The cluster `startOpenSearch` returns. */
export class LocalCluster implements LocalOpenSearch {
  readonly url: string
  readonly urls: string[]
  readonly folder: string
  readonly nodes: NodeEntry[]
  readonly failed: Promise<Error>
  version = ''
  startupMs = 0
  /** How the cluster was when the last start (the first, `startNode`, `startAll`) resolved. */
  health: SettledStatus = 'green'
  readonly #setup: ClusterSetup
  /** Each node's current JVM, undefined before its first start. */
  readonly #processes: (NodeProcess | undefined)[]
  /** JVMs whose end was asked for, so not reported. */
  readonly #asked = new WeakSet<NodeProcess>()
  /** Exits are reported from the first green on; those while starting fail the start instead. */
  #reporting = false
  #stopping: Promise<void> | undefined
  #fail: (error: Error) => void = () => {}

  /**
   * Starts every node and resolves once the cluster counts all of them and is green (or settled
   * at yellow, on kept data); stops them and rejects, with every node's last lines, when that
   * fails.
   */
  static async start(setup: ClusterSetup): Promise<LocalCluster> {
    const cluster = new LocalCluster(setup)
    try {
      cluster.startupMs = await cluster.#startNodes(cluster.nodes.map((_, i) => i))
      const root = (await (await fetch(cluster.url)).json()) as { version: { number: string } }
      cluster.version = root.version.number
    } catch (error) {
      await cluster.stop()
      throw error
    }
    cluster.#reporting = true
    return cluster
  }

  private constructor(setup: ClusterSetup) {
    this.#setup = setup
    this.folder = setup.folder.path
    this.nodes = setup.folder.plan.nodes.map((node) => ({
      name: node.name,
      pid: -1,
      url: `http://127.0.0.1:${node.httpPort}`,
      status: 'stopped',
    }))
    this.urls = this.nodes.map((node) => node.url)
    this.url = this.urls[0]!
    this.#processes = this.nodes.map(() => undefined)
    this.failed = new Promise((resolve) => {
      this.#fail = resolve
    })
    process.once('exit', this.#continueOnExit)
  }

  get pids(): number[] {
    return this.nodes.map((node) => node.pid)
  }

  // Not a SIGTERM: each JVM ends by itself when this process does, as its standard input (a pipe
  // from here) closes, and takes that, not a SIGTERM, as the sign to delete a temporary folder.
  // A frozen JVM would never read that end: continue it.
  readonly #continueOnExit = () => {
    for (const node of this.#processes) node?.signal('SIGCONT')
  }

  stop(): Promise<void> {
    this.#stopping ??= (async () => {
      process.off('exit', this.#continueOnExit)
      await Promise.all(this.#processes.map((node) => node?.stop()))
      if (this.#setup.folder.temporary) await rm(this.folder, { recursive: true, force: true })
    })()
    return this.#stopping
  }

  async stopNode(index: number, signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    this.#entry(index)
    const node = this.#processes[index]
    if (!node) return
    this.#asked.add(node)
    if (signal === 'SIGTERM') await node.stop()
    else {
      node.signal('SIGKILL')
      await node.exited
    }
  }

  async startNode(index: number): Promise<void> {
    const entry = this.#entry(index)
    if (entry.status !== 'stopped') {
      throw new Error(`${entry.name} is ${entry.status}: stop it (stopNode) before starting it`)
    }
    await this.#startNodes([index])
  }

  freezeNode(index: number): void {
    const entry = this.#entry(index)
    if (entry.status === 'stopped') throw new Error(`${entry.name} is stopped: nothing to freeze`)
    this.#processes[index]?.signal('SIGSTOP')
    entry.status = 'frozen'
  }

  thawNode(index: number): void {
    const entry = this.#entry(index)
    if (entry.status !== 'frozen') return
    this.#processes[index]?.signal('SIGCONT')
    entry.status = 'running'
  }

  async stopAll(signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM'): Promise<void> {
    await Promise.all(this.nodes.map((_, i) => this.stopNode(i, signal)))
  }

  async startAll(): Promise<void> {
    const stopped = this.nodes.flatMap((node, i) => (node.status === 'stopped' ? [i] : []))
    if (stopped.length > 0) await this.#startNodes(stopped)
  }

  async restart(): Promise<void> {
    await this.stopAll()
    await this.startAll()
  }

  #entry(index: number): NodeEntry {
    if (this.#stopping) throw new Error('the cluster is stopped (stop): start a new one')
    const entry = this.nodes[index]
    if (!entry) throw new RangeError(`no node ${index}: there are ${this.nodes.length}`)
    return entry
  }

  /**
   * Starts the nodes at `indices`, which are stopped, and resolves with the milliseconds until
   * the cluster was green (or settled at yellow, which it logs) with them and every other running
   * node. On failure, stops them.
   */
  async #startNodes(indices: number[]): Promise<number> {
    const { folder, timeoutMs, log } = this.#setup
    const { plan } = folder
    const wanted = indices.map((i) => plan.nodes[i]!)
    const inUse = await portsInUse(wanted)
    // Checked again after the wait: a second call for the same node must not start a second JVM.
    const busy = indices.map((i) => this.nodes[i]!).filter((node) => node.status !== 'stopped')
    if (busy.length > 0)
      throw new Error(`${busy.map((node) => node.name).join(', ')} started meanwhile`)
    if (inUse.length > 0) {
      throw new Error(
        `cannot start ${wanted.map((node) => node.name).join(', ')}: ${inUse.join(', ')} ${inUse.length === 1 ? 'is' : 'are'} in use`,
      )
    }
    const started = performance.now()
    const settings = nodeSettings(
      plan.nodes.map((node) => node.name),
      plan.nodes.map((node) => node.httpPort),
      plan.nodes.map((node) => node.transportPort),
      { bootstrap: !plan.bootstrapped },
    )
    const starting = indices.map((i) => this.#spawn(i, settings[i]!))
    const running = this.nodes.filter((node) => node.status === 'running').length
    try {
      ;({ status: this.health } = await waitForGreen(starting, started + timeoutMs, running))
    } catch (error) {
      const tails = starting.map((node) => `--- last lines of ${node.name} ---\n${node.tail()}`)
      for (const node of starting) this.#asked.add(node)
      await Promise.all(starting.map((node) => node.stop()))
      throw new Error(`${(error as Error).message}\n${tails.join('\n')}`, { cause: error })
    }
    if (!plan.bootstrapped) {
      plan.bootstrapped = true
      await folder.save()
    }
    if (this.health === 'yellow') {
      log(
        `The cluster is yellow with ${starting.map((node) => node.name).join(', ')} started: some replicas have no node to go to (an index with more replicas than the other nodes can hold)`,
      )
    }
    return performance.now() - started
  }

  /** Starts the JVM of node `index` and follows its end. */
  #spawn(index: number, settings: Record<string, string>): NodeProcess {
    const { jdk, classpath, heapMb, jvmOptions, modules, output, folder } = this.#setup
    const entry = this.nodes[index]!
    const node = startNodeProcess({
      jdk,
      classpath,
      name: entry.name,
      home: path.join(folder.path, entry.name),
      heapMb,
      jvmOptions,
      modules,
      output,
      settings,
      deleteWhenOrphaned: folder.temporary,
    })
    this.#processes[index] = node
    entry.pid = node.pid
    entry.status = 'running'
    void node.exited.then((code) => this.#exited(index, node, code))
    return node
  }

  #exited(index: number, node: NodeProcess, code: number | string): void {
    const entry = this.nodes[index]!
    entry.status = 'stopped'
    if (this.#asked.has(node) || this.#stopping || !this.#reporting) return
    const lastLines = node.tail()
    const running = this.nodes.filter((other) => other.status !== 'stopped').length
    this.#fail(new Error(`${node.name} exited (${code}):\n${lastLines}`))
    this.#setup.onNodeExit?.({ name: node.name, index, pid: node.pid, code, running, lastLines })
  }
}
