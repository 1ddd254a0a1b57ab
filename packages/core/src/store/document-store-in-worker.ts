import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import { DocumentStore, type DocumentStoreParts } from './document-store.js'

/** What the main thread sends: a batch of texts, or (without texts) the end. */
export interface StoreMessage {
  texts?: string[]
}

const BATCH = 1000

/**
 * A {@link DocumentStoreBuilder} on a worker thread: loading a catalogue parses and indexes on
 * one core while the documents are stored on the other. Texts are sent in batches, in order.
 */
export class DocumentStoreInWorker {
  private readonly worker: Worker
  private batch: string[] = []
  private failure: Error | undefined

  constructor() {
    // From the sources (tests, tsx) the worker is TypeScript: it registers tsx, as this
    // process did, before importing it.
    const source = import.meta.url.endsWith('.ts')
    const url = new URL(`./document-store-worker.${source ? 'ts' : 'js'}`, import.meta.url)
    this.worker = source
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

  /** The store of every document added; the worker ends. */
  async build(): Promise<DocumentStore> {
    this.flush()
    this.worker.postMessage({} satisfies StoreMessage)
    try {
      const [parts] = (await Promise.race([
        once(this.worker, 'message'),
        once(this.worker, 'error').then(([error]) => Promise.reject(error)),
      ])) as [DocumentStoreParts]
      return new DocumentStore(parts)
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
