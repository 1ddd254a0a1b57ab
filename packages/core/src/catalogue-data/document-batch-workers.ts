import type { Worker } from 'node:worker_threads'
import type { TextLanguage } from '../analysis/languages.js'
import { hasWorkerScript, startWorker, workerScript } from '../util/worker-scripts.js'
import { type AnalyzedBatch, BatchReader, type DocumentBatch } from './document-batch.js'

const WORKER_SCRIPT = workerScript('document-batch-worker', import.meta.url)

interface Pending {
  resolve: (batch: AnalyzedBatch) => void
  reject: (error: Error) => void
}

/**
 * Worker threads that read batches of documents (document-batch.ts), each batch given to the
 * next worker in turn; each answers its batches in the order given, so the answers can be
 * awaited in the order the batches were sent. The workers start with the first batch sent.
 */
export class DocumentBatchWorkers {
  private readonly count: number
  private readonly language: TextLanguage
  private workers: Worker[] = []
  private pending: Pending[][] = []
  private next = 0
  private failure: Error | undefined
  private here: BatchReader | undefined

  /** Whether the workers' script is beside this module (see `hasWorkerScript`). */
  static available(): boolean {
    return hasWorkerScript(WORKER_SCRIPT)
  }

  constructor(count: number, language: TextLanguage) {
    this.count = count
    this.language = language
  }

  /** How many workers there are. */
  get size(): number {
    return this.count
  }

  /** Whether the workers were started (a batch was sent). */
  get started(): boolean {
    return this.workers.length > 0
  }

  /**
   * Reads a batch on this thread, for a catalogue so small that starting workers for it costs
   * more than it saves.
   */
  readHere(batch: DocumentBatch): AnalyzedBatch {
    this.here ??= new BatchReader(this.language)
    return this.here.read(batch)
  }

  /** Reads a batch on the next worker. */
  read(batch: DocumentBatch): Promise<AnalyzedBatch> {
    if (this.failure) return Promise.reject(this.failure)
    if (!this.started) this.start()
    const index = this.next
    this.next = (this.next + 1) % this.workers.length
    return new Promise((resolve, reject) => {
      this.pending[index]!.push({ resolve, reject })
      this.workers[index]!.postMessage(batch)
    })
  }

  /** Ends the workers. */
  async close(): Promise<void> {
    this.failure ??= new Error('The workers reading documents were closed')
    await Promise.all(this.workers.map((worker) => worker.terminate()))
  }

  private start(): void {
    const { language } = this
    this.workers = Array.from({ length: this.count }, () =>
      // A young generation larger than the default: a batch makes many short-lived strings and
      // objects, and scavenging a small one often took a sixth of a worker's time.
      startWorker(WORKER_SCRIPT, {
        workerData: { language },
        resourceLimits: { maxYoungGenerationSizeMb: 64 },
      }),
    )
    this.pending = this.workers.map(() => [])
    this.workers.forEach((worker, index) => {
      worker.on('message', (batch: AnalyzedBatch) => this.pending[index]!.shift()?.resolve(batch))
      worker.on('error', (error) => this.fail(error))
      worker.on('exit', () => this.fail(new Error('A worker reading documents stopped')))
    })
  }

  private fail(error: Error): void {
    this.failure ??= error
    for (const queue of this.pending) for (const { reject } of queue.splice(0)) reject(error)
  }
}
