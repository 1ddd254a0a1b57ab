/**
 * One OpenSearch node in its own JVM, started through the launcher: waits for its `ready` line,
 * keeps the last lines it wrote, stops it with SIGTERM, then SIGKILL if it lingers, and sends it
 * the signals of a fault (SIGKILL, SIGSTOP, SIGCONT).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import type { Jdk } from './java.js'
import { LAUNCHER_CLASS } from './paths.js'

/** How to start one node. */
export interface NodeProcessOptions {
  jdk: Jdk
  /** The launcher's classpath, from `buildLauncher`. */
  classpath: string
  /** The node's name, also the prefix of its lines in `output`. */
  name: string
  /** The node's own folder (config, data and logs under `home/node_1`). */
  home: string
  /**
   * Have the JVM delete `home` when it ends because its standard input closed, which is when
   * this process is gone (however it ended): for a temporary folder. A stop asked for (SIGTERM)
   * keeps it, so that the node can start again on its data.
   * @default false
   */
  deleteWhenOrphaned?: boolean
  heapMb: number
  /** More JVM options, after the heap's and before OpenSearch's own. @default none */
  jvmOptions?: readonly string[]
  /** The module plugins to load (their classes), instead of every one. @default every one */
  modules?: readonly string[] | undefined
  /** OpenSearch settings, passed as `key=value`; lists comma-separated. */
  settings: Record<string, string>
  /** Every line the JVM writes. */
  output?: (line: string) => void
}

/** A started node's JVM. */
export interface NodeProcess {
  name: string
  pid: number
  /** Its `http://127.0.0.1:PORT` once it serves HTTP; rejects if the JVM exits first. */
  ready: Promise<string>
  /** Resolves with the exit code (or signal) when the JVM is gone. */
  exited: Promise<number | string>
  /** The last lines it wrote, stdout and stderr together. */
  tail: () => string
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the JVM is gone. A frozen JVM is continued. */
  stop: (graceMs?: number) => Promise<void>
  /** Sends a signal to the JVM, if it is still there. */
  signal: (signal: 'SIGKILL' | 'SIGSTOP' | 'SIGCONT') => void
}

const TAIL_LINES = 60

/** Starts the JVM; see `NodeProcess.ready` for when it is usable. */
export function startNodeProcess(options: NodeProcessOptions): NodeProcess {
  const { jdk, classpath, name, home, heapMb, settings, output, deleteWhenOrphaned } = options
  const args = [
    `-Xms${heapMb}m`,
    `-Xmx${heapMb}m`,
    ...(options.jvmOptions ?? []),
    // What OpenSearch's own jvm.options adds on Java 21+: the vector API for Lucene and
    // native access without a warning per library.
    '--add-modules=jdk.incubator.vector',
    '--enable-native-access=ALL-UNNAMED',
    '-cp',
    classpath,
    LAUNCHER_CLASS,
    '--watch-stdin',
    ...(deleteWhenOrphaned ? ['--delete-when-orphaned'] : []),
    ...(options.modules ? ['--modules', options.modules.join(',')] : []),
    home,
    ...Object.entries(settings).map(([key, value]) => `${key}=${value}`),
  ]
  // Its own process group: a Ctrl-C in the terminal reaches this script, which stops the nodes
  // in order, rather than every JVM at once. Stdin stays an open pipe: the launcher exits when
  // it closes, so the JVM dies with this process however this process dies.
  const child: ChildProcess = spawn(jdk.java, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  })
  const lines: string[] = []
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'))
    // No JVM to wait for when java itself cannot be started.
    child.once('error', (error) => resolve(error.message))
  })
  const ready = new Promise<string>((resolve, reject) => {
    const take = (line: string) => {
      lines.push(line)
      if (lines.length > TAIL_LINES) lines.shift()
      output?.(`[${name}] ${line}`)
      const match = /^ready (http:\/\/\S+)$/.exec(line)
      if (match) resolve(match[1]!)
    }
    createInterface({ input: child.stdout! }).on('line', take)
    createInterface({ input: child.stderr! }).on('line', take)
    void exited.then((code) => reject(new Error(`${name} exited (${code}) before it was ready`)))
  })
  // A caller that never awaits `ready` (a failed sibling) must not see an unhandled rejection.
  ready.catch(() => {})

  let gone = false
  void exited.then(() => {
    gone = true
  })
  return {
    name,
    pid: child.pid ?? -1,
    ready,
    exited,
    tail: () => lines.join('\n'),
    async stop(graceMs = 20_000) {
      if (gone) return
      child.kill('SIGTERM')
      // A frozen (SIGSTOPped) JVM holds the SIGTERM until it is continued.
      child.kill('SIGCONT')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      await exited
      clearTimeout(timer)
    },
    signal(signal) {
      if (!gone) child.kill(signal)
    },
  }
}
