/**
 * The documents of a catalogue path, read and checked by themselves (schema, malformed JSON), in
 * catalogue order, each ready to add to a {@link CatalogueBuilder}: on the loading thread
 * ({@link checkedDocuments}) or on worker threads (`checked-in-workers.ts`), the same either way.
 */

import type { CatalogueDocument } from '../documents/documents.js'
import { type Problem, validateDocument } from '../documents/validate.js'
import { type DocumentSource, type ReadOptions, readDocuments } from '../input/read-documents.js'
import type { CatalogueBuilder } from './catalogue-builder.js'
import { uriOf } from './document-batch.js'

/** A document read: where, its JSON text, and its problems or how to add it. */
export type CheckedDocument = {
  source: DocumentSource
  /** The document's uri when it has a readable one (always, when it is valid). */
  uri: string | undefined
  text: string
} & (
  | { problems: Problem[] }
  | { problems?: undefined; uri: string; addTo(builder: CatalogueBuilder): void }
)

/** The documents of a path, read and checked on this thread. */
export async function* checkedDocuments(
  path: string,
  options: ReadOptions,
): AsyncGenerator<CheckedDocument> {
  for await (const { value, source, text } of readDocuments(path, options)) {
    const problems = validateDocument(value)
    if (problems.length > 0) {
      yield { source, uri: uriOf(value), text: text ?? JSON.stringify(value), problems }
      continue
    }
    const document = value as CatalogueDocument
    const json = text ?? JSON.stringify(document)
    yield { source, uri: document.uri, text: json, addTo: (builder) => builder.add(document, json) }
  }
}
