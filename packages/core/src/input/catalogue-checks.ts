/**
 * What a catalogue refuses, document by document, wherever it is read (loaded in memory or
 * pushed to a cluster): a document that breaks the schema, a uri seen before, a file that is not
 * JSON or XML at some point.
 */
import type { CatalogueDocument } from '../documents/documents.js'
import { type Problem, validateDocument } from '../documents/validate.js'
import { type DocumentSource, formatSource, type MalformedFileError } from './read-documents.js'

/**
 * The problems of one document read at `source`: its schema's, else a uri already in `seen`
 * (where the first one stands). A valid document's uri is added to `seen`.
 */
export function documentProblems(
  value: unknown,
  seen: Map<string, DocumentSource>,
  source: DocumentSource,
): Problem[] {
  const problems = validateDocument(value)
  if (problems.length > 0) return problems
  const uri = (value as CatalogueDocument).uri
  const first = seen.get(uri)
  if (first)
    return [{ path: '/uri', message: `duplicate uri ${uri}, first seen at ${formatSource(first)}` }]
  seen.set(uri, source)
  return []
}

/** Malformed JSON or XML as a refused document: its place, and what is wrong where. */
export function malformedDocument(error: MalformedFileError): {
  source: DocumentSource
  problems: Problem[]
} {
  const kind = error.code === 'E_MALFORMED_XML' ? 'XML' : 'JSON'
  return {
    source: error.source,
    problems: [
      { path: '', message: `malformed ${kind} at column ${error.column}: ${error.reason}` },
    ],
  }
}
