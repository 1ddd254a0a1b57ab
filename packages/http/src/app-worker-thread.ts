/**
 * One worker thread of {@link AppWorkers}, as the main thread sees it: the thread, the requests
 * it holds, the streamed answers read from it, and the generations of data it was sent and has
 * opened.
 */
import type { Worker } from 'node:worker_threads'
import { hasWorkerScript, startWorker, workerScript } from '@archive-catalogue/core/backend'
import type { AppResponse } from './app-messages.js'
import type { ToWorker } from './app-worker-messages.js'

const WORKER_URL = workerScript('app-worker', import.meta.url)

/** Whether the worker's script is beside this module (not when a bundler folded the package). */
export function workerScriptAvailable(): boolean {
  return hasWorkerScript(WORKER_URL)
}

/** A request sent to the worker and not yet answered. */
export interface Waiting {
  generation: number
  resolve(response: AppResponse): void
}

/** A streamed answer's next chunk, asked for. */
export interface Reading {
  resolve(next: IteratorResult<string | Buffer>): void
  reject(error: Error): void
}

/** A generation being opened on the worker. */
interface Opening {
  resolve(): void
  reject(error: Error): void
}

export class WorkerThread {
  readonly worker: Worker
  /** Requests sent and not answered: how busy it is. */
  readonly waiting = new Map<number, Waiting>()
  /** Streamed answers whose next chunk was asked. */
  readonly reading = new Map<number, Reading>()
  /** Every streamed answer not ended, by request, with its generation. */
  readonly streams = new Map<number, number>()
  /** Streamed answers cut when the worker stopped: reading on is an error, not their end. */
  readonly cut = new Set<number>()
  /** The generations sent to it, and those it opened. */
  readonly sent = new Set<number>()
  readonly opened = new Set<number>()
  private readonly opening = new Map<number, Opening>()
  stopped = false

  /** @param youngGenerationMb the most the worker's young generation may grow to */
  constructor(module: string, youngGenerationMb: number) {
    this.worker = startWorker(WORKER_URL, {
      workerData: { module },
      resourceLimits: { maxYoungGenerationSizeMb: youngGenerationMb },
    })
  }

  post(message: ToWorker): void {
    if (!this.stopped) this.worker.postMessage(message)
  }

  /** Sends a generation's data to open. */
  open(generation: number, data: unknown): void {
    this.sent.add(generation)
    this.post({ type: 'open', generation, data })
  }

  /** Resolves once the worker opened the generation; rejects if it cannot, or stops. */
  whenOpened(generation: number, data: unknown): Promise<void> {
    if (this.opened.has(generation)) return Promise.resolve()
    return new Promise((resolve, reject) => {
      this.opening.set(generation, { resolve, reject })
      if (!this.sent.has(generation)) this.open(generation, data)
    })
  }

  /** The worker opened a generation; false if nobody waited for it (a replacement's first). */
  openedOne(generation: number): boolean {
    this.opened.add(generation)
    const opening = this.opening.get(generation)
    this.opening.delete(generation)
    opening?.resolve()
    return opening !== undefined
  }

  /** The worker could not open a generation; false if nobody waited for it. */
  failedOne(generation: number, error: Error): boolean {
    const opening = this.opening.get(generation)
    this.opening.delete(generation)
    opening?.reject(error)
    return opening !== undefined
  }

  /** Lets a generation go. */
  retire(generation: number): void {
    this.sent.delete(generation)
    this.opened.delete(generation)
    this.post({ type: 'retire', generation })
  }

  /** The worker stopped: every generation waited for fails with the reason. */
  failOpenings(error: Error): void {
    for (const opening of this.opening.values()) opening.reject(error)
    this.opening.clear()
  }
}
