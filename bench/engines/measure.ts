/** What every engine's benchmark process shares: timings, percentiles and memory. */
import { createReadStream } from 'node:fs'
import { createInterface } from 'node:readline'

/** Memory after a full garbage collection (the phases run with --expose-gc). */
export interface Memory {
  rss: number
  heapUsed: number
  arrayBuffers: number
}

export function memory(): Memory {
  globalThis.gc?.()
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage()
  return { rss, heapUsed, arrayBuffers }
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
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    for (const task of tasks) {
      const started = performance.now()
      task()
      times.push(performance.now() - started)
    }
  }
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
