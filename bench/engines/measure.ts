/** What every engine's benchmark process shares: timings, percentiles and memory. */
import { createReadStream, readFileSync, statSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import type { MixQuery } from '../query-mix.js'

/** Memory after a full garbage collection (the phases run with --expose-gc). */
export interface Memory {
  rss: number
  heapUsed: number
  /** The heap V8 holds, used or not: after a build, the pages of its peak. */
  heapTotal: number
  arrayBuffers: number
}

export function memory(): Memory {
  globalThis.gc?.()
  const { rss, heapUsed, heapTotal, arrayBuffers } = process.memoryUsage()
  return { rss, heapUsed, heapTotal, arrayBuffers }
}

/** Memory after the process has been idle a while, as a server is after its build. */
export async function memoryWhenIdle(seconds: number): Promise<Memory> {
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
  return memory()
}

/** Latency percentiles of many runs, in milliseconds. */
export interface Latency {
  mean: number
  p50: number
  p99: number
  max: number
  runs: number
}

/**
 * Times each task `runs` times after 3 warm-up runs, round-robin over the tasks so a mix is
 * spread over the whole measurement; returns the percentiles over all the runs.
 */
export function time(tasks: (() => unknown)[], runs: number): Latency {
  for (let i = 0; i < 3; i++) for (const task of tasks) task()
  return percentiles(timesOf(tasks, runs))
}

/**
 * The percentiles of each task's first run, before anything the engine keeps (a cached filter,
 * phrase or prefix) helps it: what a query costs the first time it is asked.
 */
export function timeFirst(tasks: (() => unknown)[]): Latency {
  return percentiles(timesOf(tasks, 1))
}

function timesOf(tasks: (() => unknown)[], runs: number): number[] {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    for (const task of tasks) {
      const started = performance.now()
      task()
      times.push(performance.now() - started)
    }
  }
  return times
}

function percentiles(times: number[]): Latency {
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length
  return { mean, p50: at(0.5), p99: at(0.99), max: times[times.length - 1]!, runs: times.length }
}

/** Each line of an NDJSON file, parsed. */
export async function* readNdjson(file: string): AsyncGenerator<Record<string, unknown>> {
  const lines = createInterface({
    input: createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  for await (const line of lines) if (line.trim() !== '') yield JSON.parse(line)
}

/** Writes a phase's figures for the parent process. */
export function report(figures: unknown): void {
  process.stdout.write(JSON.stringify(figures))
}

/** One engine in the benchmark: how it builds, saves, starts and answers the mix. */
export interface BenchedEngine<Built, Started> {
  build(file: string): Promise<Built>
  save(built: Built, snapshot: string): Promise<void> | void
  start(snapshot: string): Promise<Started> | Started
  /** Latencies of the mix and of the engine's own requests, started. */
  measure(
    started: Started,
    mix: MixQuery[],
    runs: number,
  ): { latencies: Record<string, Latency>; named?: ({ name: string } & Latency)[] }
}

/**
 * Runs the phase this process was started for (`--phase build|start --file --snapshot --mix
 * --runs --idle-seconds`) and reports its figures: the build and save times and the memory after the build,
 * or the start time, the memory after it, and the latencies.
 */
export async function runPhase<Built, Started>(
  engine: BenchedEngine<Built, Started>,
): Promise<void> {
  const { values } = parseArgs({
    options: {
      phase: { type: 'string' },
      file: { type: 'string' },
      snapshot: { type: 'string' },
      mix: { type: 'string' },
      runs: { type: 'string', default: '20' },
      // How long the process idles after its build before its memory is read again.
      'idle-seconds': { type: 'string', default: '10' },
    },
  })
  const snapshot = values.snapshot!
  const started = performance.now()
  if (values.phase === 'build') {
    const built = await engine.build(values.file!)
    const buildMs = performance.now() - started
    const afterBuild = memory()
    const idleAfterBuild = await memoryWhenIdle(Number(values['idle-seconds']))
    const saving = performance.now()
    await engine.save(built, snapshot)
    const saveMs = performance.now() - saving
    report({ buildMs, afterBuild, idleAfterBuild, saveMs, snapshotBytes: statSync(snapshot).size })
  } else {
    const running = await engine.start(snapshot)
    const startMs = performance.now() - started
    const afterStart = memory()
    const measured = engine.measure(running, JSON.parse(values.mix!), Number(values.runs))
    report({ startMs, afterStart, ...measured, afterRequests: memory() })
  }
}

/** Another process's resident memory, bytes, from /proc (Linux). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)![1]) * 1024
}

/** Clock ticks a second in /proc's CPU times (USER_HZ, 100 on Linux whatever the kernel's HZ). */
const CLOCK_TICKS = 100

/** Another process's CPU time so far, seconds: its main thread's, and the rest (Linux: /proc). */
export function cpuSecondsByThread(pid: number): { main: number; others: number } {
  const main = cpuSecondsOf(`/proc/${pid}/task/${pid}/stat`)
  // The process's own line counts every thread, those that have ended too.
  return { main, others: cpuSecondsOf(`/proc/${pid}/stat`) - main }
}

function cpuSecondsOf(statFile: string): number {
  const stat = readFileSync(statFile, 'utf8')
  // After the command's closing parenthesis, utime and stime are the 12th and 13th fields.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}
