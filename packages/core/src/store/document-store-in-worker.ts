import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { type BuiltStore, DocumentStore, type DocumentStoreParts } from './document-store.js'

/** What the main thread sends: a batch of texts, or (without texts) the end. */
export interface StoreMessage {
  texts?: string[]
}

/** What the worker sends back at the end. */
export interface StoredMessage {
  parts: DocumentStoreParts
  version: string
}

const BATCH = 1000
// From the sources (tests, tsx) the worker is TypeScript: it registers tsx, as this process
// did, before importing it.
const FROM_SOURCES = import.meta.url.endsWith('.ts')
const WORKER_URL = new URL(`./document-store-worker.${FROM_SOURCES ? 'ts' : 'js'}`, import.meta.url)

/**
 * A {@link DocumentStoreBuilder} on a worker thread: loading a catalogue parses and indexes on
 * one core while the documents are stored on the other. Texts are sent in batches, in order.
 */
export class DocumentStoreInWorker {
  private readonly worker: Worker
  private batch: string[] = []
  private failure: Error | undefined

  /**
   * Whether the worker's script is beside this module: not when a bundler has folded the
   * package into one file, and then the documents are stored on the loading thread.
   */
  static available(): boolean {
    return existsSync(fileURLToPath(WORKER_URL))
  }

  constructor() {
    const url = WORKER_URL
    this.worker = FROM_SOURCES
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(url.href)}) })`,
          { eval: true },
        )
      : new Worker(url)
    this.worker.on('error', (error) => {
      this.failure = error
    })
  }

  /** Stores the next document, given as its JSON text. */
  add(text: string): void {
    this.batch.push(text)
    if (this.batch.length >= BATCH) this.flush()
  }

  /** The store of every document added, and their fingerprint; the worker ends. */
  async build(): Promise<BuiltStore> {
    this.flush()
    this.worker.postMessage({} satisfies StoreMessage)
    try {
      const [{ parts, version }] = (await Promise.race([
        once(this.worker, 'message'),
        once(this.worker, 'error').then(([error]) => Promise.reject(error)),
      ])) as [StoredMessage]
      return { store: new DocumentStore(parts), version }
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
    this.batch = []
  }
}
