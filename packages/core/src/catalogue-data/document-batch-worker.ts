/**
 * A worker thread that reads batches of documents for a load (`DocumentBatch` → `AnalyzedBatch`,
 * see document-batch.ts), in the order sent; the typed arrays go back without a copy.
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { TextLanguage } from '../analysis/languages.js'
import { BatchReader, type DocumentBatch } from './document-batch.js'

const port = parentPort!
const reader = new BatchReader((workerData as { language: TextLanguage }).language)
port.on('message', (batch: DocumentBatch) => {
  const read = reader.read(batch)
  const { forms, formOffsets, layouts, layoutOffsets } = read.texts
  const { bytes, ends, firsts } = read.pieces
  const arrays = [forms, formOffsets, layouts, layoutOffsets, bytes, ends, firsts]
  port.postMessage(
    read,
    arrays.map((array) => array.buffer as ArrayBuffer),
  )
})
