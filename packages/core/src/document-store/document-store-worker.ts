/**
 * The worker thread that stores documents while the main thread indexes them: it receives
 * documents' JSON texts in batches, stores and fingerprints them ({@link DocumentStoreBuilder}),
 * and at the end hands the store's arrays back without copying them.
 */
import { parentPort } from 'node:worker_threads'
import { DocumentStoreBuilder } from './document-store.js'
import type { StoredMessage, StoreMessage } from './document-store-in-worker.js'

const port = parentPort!
const store = new DocumentStoreBuilder()
port.on('message', (message: StoreMessage) => {
  if (message.texts) {
    for (const text of message.texts) store.addText(text)
    port.postMessage({ stored: true } satisfies StoredMessage)
    return
  }
  const { store: built, version } = store.build()
  const { parts } = built
  // Every array goes over as it is (each has a buffer of its own).
  const arrays = Object.values(parts).filter((part) => ArrayBuffer.isView(part))
  port.postMessage(
    { parts, version } satisfies StoredMessage,
    arrays.map((array) => array.buffer as ArrayBuffer),
  )
})
