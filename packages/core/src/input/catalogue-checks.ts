/**
 * What a catalogue refuses, document by document, wherever it is read (loaded in memory or
 * pushed to a cluster): a document that breaks the schema, a uri seen before, a file that is not
 * JSON or XML at some point; and what the documents refused mean for the others.
 */
import { type HierarchyWarning, parentUri } from '../api/hierarchy.js'
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
  return duplicateProblems((value as CatalogueDocument).uri, seen, source)
}

/**
 * The problem of a valid document's uri when `seen` holds it (where the first one stands);
 * otherwise none, and the uri is added to `seen`.
 */
export function duplicateProblems(
  uri: string,
  seen: Map<string, DocumentSource>,
  source: DocumentSource,
): Problem[] {
  const first = seen.get(uri)
  if (first) return duplicateOf(uri, first)
  seen.set(uri, source)
  return []
}

/** The problem of a document whose uri a document read at `first` had. */
export function duplicateOf(uri: string, first: DocumentSource): Problem[] {
  return [{ path: '/uri', message: `duplicate uri ${uri}, first seen at ${formatSource(first)}` }]
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

/**
 * The hierarchy warnings of a catalogue read with refused documents, a child of a refused
 * parent told so (and where the parent is) rather than that its parent is not in the catalogue.
 * @param parentOf the `parent` of a document (by index) as it wrote it
 * @param refused where each refused document with a readable uri was read
 */
export function withRefusedParents(
  warnings: HierarchyWarning[],
  parentOf: (index: number) => string | null | undefined,
  refused: ReadonlyMap<string, DocumentSource>,
): HierarchyWarning[] {
  if (refused.size === 0) return warnings
  return warnings.map((warning) => {
    const parent = parentUri(parentOf(warning.index))
    const source = parent === null ? undefined : refused.get(parent)
    if (source === undefined) return warning
    return {
      index: warning.index,
      message:
        `parent ${parent} is invalid (see ${formatSource(source)}); ` +
        'until it is fixed the document is treated as top-level',
    }
  })
}
