/** Writes a generated catalogue as NDJSON to a stream, respecting backpressure. */
import { once } from 'node:events'
import type { Writable } from 'node:stream'
import {
  type CatalogueOptions,
  emptyCounts,
  generateCatalogue,
  type TypeCounts,
} from './catalogue.js'

/** What {@link writeCatalogue} wrote. */
export interface WriteSummary {
  documents: number
  byType: TypeCounts
  bytes: number
}

/** Lines are gathered into chunks of about this many characters: one write per line is slow. */
const CHUNK = 64 * 1024

/**
 * Generates the catalogue and writes it to `stream`, one JSON document per line, waiting for
 * `drain` whenever the stream's buffer is full, so memory stays flat at any count. The stream
 * is left open: the caller ends it.
 * @example await writeCatalogue({ count: 3000, seed: 1 }, createWriteStream('sample.ndjson'))
 */
export async function writeCatalogue(
  options: CatalogueOptions,
  stream: Writable,
): Promise<WriteSummary> {
  const byType = emptyCounts()
  let documents = 0
  let bytes = 0
  let chunk = ''
  const flush = async () => {
    if (stream.errored) throw stream.errored
    bytes += Buffer.byteLength(chunk)
    const ok = stream.write(chunk)
    chunk = ''
    if (!ok) await once(stream, 'drain')
  }
  for (const document of generateCatalogue(options)) {
    chunk += `${JSON.stringify(document)}\n`
    byType[document.type]++
    documents++
    if (chunk.length >= CHUNK) await flush()
  }
  if (chunk.length > 0) await flush()
  return { documents, byType, bytes }
}
