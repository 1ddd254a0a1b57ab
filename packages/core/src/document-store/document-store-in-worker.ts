import type { Worker } from 'node:worker_threads'
import { hasWorkerScript, startWorker, workerScript } from '../util/worker-scripts.js'
import { type BuiltStore, DocumentStore, type StoredDocuments } from './document-store.js'

/** What the main thread sends: a batch of texts, or (without texts) the end. */
export interface StoreMessage {
  texts?: string[]
}

/** What the worker sends back: that it stored a batch, or at the end the store. */
export type StoredMessage = { stored: true } | { parts: StoredDocuments; version: string }

const BATCH = 1000
/** Batches sent and not yet stored, at most: the texts waiting in the queue stay under 50 MB. */
const WINDOW = 16
const WORKER_SCRIPT = workerScript('document-store-worker', import.meta.url)

/**
 * A {@link DocumentStoreBuilder} on a worker thread: loading a catalogue parses and indexes on
 * one core while the documents are stored on the other. Texts are sent in batches, in order.
 */
export class DocumentStoreInWorker {
  private readonly worker: Worker
  private batch: string[] = []
  private failure: Error | undefined
  private inFlight = 0
  /** Called when the worker has stored a batch (the loader waits for room in the window). */
  private onStored: (() => void) | undefined
  private readonly result: Promise<BuiltStore>

  /**
   * Whether the worker's script is beside this module: not when a bundler has folded the
   * package into one file, and then the documents are stored on the loading thread.
   */
  static available(): boolean {
    return hasWorkerScript(WORKER_SCRIPT)
  }

  constructor() {
    this.worker = startWorker(WORKER_SCRIPT)
    this.result = new Promise((resolve, reject) => {
      this.worker.on('message', (message: StoredMessage) => {
        if ('stored' in message) {
          this.inFlight--
          this.onStored?.()
        } else {
          resolve({ store: new DocumentStore(message.parts), version: message.version })
        }
      })
      this.worker.on('error', (error) => {
        this.failure = error
        this.onStored?.()
        reject(error)
      })
    })
    // A load that fails before build() leaves the result unread; its error is the load's own.
    this.result.catch(() => {})
  }

  /**
   * Stores the next document, given as its JSON text. Returns a promise when the worker is
   * behind by more than a few batches: the caller waits for it before sending more.
   */
  add(text: string): Promise<void> | undefined {
    this.batch.push(text)
    if (this.batch.length < BATCH) return undefined
    this.flush()
    if (this.inFlight <= WINDOW) return undefined
    return new Promise((resolve) => {
      this.onStored = () => {
        this.onStored = undefined
        resolve()
      }
    })
  }

  /** The store of every document added, and their fingerprint; the worker ends. */
  async build(): Promise<BuiltStore> {
    this.flush()
    this.worker.postMessage({} satisfies StoreMessage)
    try {
      return await this.result
    } finally {
      await this.worker.terminate()
    }
  }

  /** Ends the worker without a store (a load that failed). */
  async close(): Promise<void> {
    await this.worker.terminate()
  }

  private flush(): void {
    if (this.failure) throw this.failure
    if (this.batch.length === 0) return
    this.worker.postMessage({ texts: this.batch } satisfies StoreMessage)
    this.inFlight++
    this.batch = []
  }
}
