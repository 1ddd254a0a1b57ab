import {
  type MalformedFileError,
  MalformedJsonError,
  type ReadOptions,
  readDocuments,
  type SourcedValue,
} from '../input/read-documents.js'
import type { CatalogueBuilder } from './catalogue-builder.js'
import type { CheckedDocument } from './checked-documents.js'
import type { AnalyzedBatch, DocumentBatch } from './document-batch.js'
import type { DocumentBatchWorkers } from './document-batch-workers.js'

/**
 * How documents are batched. Not an option of the load: a test makes the batches small, so that
 * a catalogue of a few hundred documents spans many of them, and puts these back after.
 */
export const batching = {
  /**
   * Documents a batch holds: enough that its dictionary of tokens is worth it, few enough that
   * the batches in flight weigh little (at 4,096 the peak RSS of a build was twice as high).
   */
  size: 1024,
  /** A catalogue of this many documents at most is read on this thread: workers cost more. */
  alone: 4096,
}

/**
 * A batch as this thread keeps it: besides its documents, the files found malformed while it
 * was filled, each before the document it was read before (`at`), told in that order.
 */
interface Batch extends DocumentBatch {
  malformed: { at: number; error: MalformedFileError }[]
}

/**
 * The documents of a path as `checkedDocuments` gives them, read on this thread but parsed,
 * validated and analyzed on worker threads, a batch at a time, and given in catalogue order.
 * Malformed JSON is told to `onMalformed`, or thrown without it, where it stands in that order;
 * so is an error of reading (a file read after a document that is refused comes after it).
 */
export async function* checkedInWorkers(
  path: string,
  options: ReadOptions,
  workers: DocumentBatchWorkers,
): AsyncGenerator<CheckedDocument> {
  const { onMalformed } = options
  // Batches being read, at most one a worker and one more: each worker has the next waiting.
  const reading: { batch: Batch; read: Promise<AnalyzedBatch> }[] = []
  // Full batches held back until the catalogue proves larger than `batching.alone`.
  const held: Batch[] = []
  let batch = emptyBatch()
  const send = (full: Batch) => {
    const read = workers.read({ texts: full.texts, sources: full.sources })
    // A load that stops early (an error before) leaves the batches after it unread.
    read.catch(() => {})
    reading.push({ batch: full, read })
  }
  const deferred = {
    ...options,
    deferParsing: true,
    ...(onMalformed
      ? {
          onMalformed: (error: MalformedFileError) =>
            batch.malformed.push({ at: batch.texts.length, error }),
        }
      : {}),
  }
  const documents = readDocuments(path, deferred)
  // An error of reading waits for the documents read before it: one of them may refuse the load.
  let failure: { error: unknown } | undefined
  try {
    for (;;) {
      let next: IteratorResult<SourcedValue>
      try {
        next = await documents.next()
      } catch (error) {
        failure = { error }
        break
      }
      if (next.done) break
      const { value, source, text } = next.value
      // A batch is done once full and another document follows.
      if (batch.texts.length === batching.size) {
        held.push(batch)
        batch = emptyBatch()
        if (workers.started || held.length * batching.size >= batching.alone)
          for (const full of held.splice(0)) send(full)
      }
      batch.texts.push(text ?? JSON.stringify(value))
      batch.sources.push(source)
      if (reading.length > workers.size + 1) yield* checked(reading.shift()!, onMalformed)
    }
  } finally {
    await documents.return(undefined)
  }
  if (!workers.started) {
    for (const here of [...held, batch]) {
      const read = Promise.resolve(workers.readHere({ texts: here.texts, sources: here.sources }))
      yield* checked({ batch: here, read }, onMalformed)
    }
  } else {
    send(batch)
    while (reading.length > 0) yield* checked(reading.shift()!, onMalformed)
  }
  if (failure) throw failure.error
}

/** A batch's documents as they were read, and the malformed files between them. */
async function* checked(
  { batch, read }: { batch: Batch; read: Promise<AnalyzedBatch> },
  onMalformed: ((error: MalformedFileError) => void) | undefined,
): AsyncGenerator<CheckedDocument> {
  const analyzed = await read
  const { outcomes } = analyzed
  const malformed = batch.malformed.values()
  let next = malformed.next()
  let rows = 0
  for (let index = 0; index <= outcomes.length; index++) {
    for (; !next.done && next.value.at === index; next = malformed.next())
      onMalformed?.(next.value.error)
    const outcome = outcomes[index]
    if (outcome === undefined) break
    const source = batch.sources[index]!
    const text = batch.texts[index]!
    if ('malformed' in outcome) {
      const { line, column, reason, cause } = outcome.malformed
      const error = new MalformedJsonError(
        source.file,
        line,
        column,
        reason,
        new SyntaxError(cause),
      )
      if (!onMalformed) throw error
      onMalformed(error)
    } else if ('problems' in outcome) {
      yield { source, uri: outcome.uri, text, problems: outcome.problems }
    } else {
      const { row } = outcome
      const at = rows++
      const addTo = (builder: CatalogueBuilder) => builder.addAnalyzed(row, at, analyzed, text)
      yield { source, uri: row.uri, text, addTo }
    }
  }
}

function emptyBatch(): Batch {
  return { texts: [], sources: [], malformed: [] }
}
