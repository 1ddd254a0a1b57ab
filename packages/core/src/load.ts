import { availableParallelism } from 'node:os'
import { type HierarchyWarning, parentUri, resolveParents } from './api/hierarchy.js'
import { Catalogue } from './catalogue.js'
import { CatalogueBuilder } from './catalogue-data/catalogue-builder.js'
import { checkedDocuments } from './catalogue-data/checked-documents.js'
import { checkedInWorkers } from './catalogue-data/checked-in-workers.js'
import { uriOf } from './catalogue-data/document-batch.js'
import { DocumentBatchWorkers } from './catalogue-data/document-batch-workers.js'
import { isSnapshot } from './catalogue-data/snapshot-file.js'
import { DocumentStoreInWorker } from './document-store/document-store-in-worker.js'
import type { CatalogueDocument, DocumentType } from './documents/documents.js'
import type { Problem } from './documents/validate.js'
import {
  documentProblems,
  duplicateOf,
  malformedDocument,
  withRefusedParents,
} from './input/catalogue-checks.js'
import { DocumentSources } from './input/document-sources.js'
import {
  type CatalogueFormat,
  type DocumentSource,
  formatSource,
  type MalformedFileError,
  type ReadProgress,
  readDocuments,
} from './input/read-documents.js'
import { StoredPlaces } from './input/stored-places.js'
import { loadSnapshot, type SnapshotLoadOptions } from './snapshot.js'
import { BadParameterError, CatalogueError } from './util/catalogue-errors.js'

/** A document that was refused, where it was and why. */
export interface InvalidDocument {
  source: DocumentSource
  /** The document's uri when it had a readable one. */
  uri?: string
  problems: Problem[]
}

/**
 * Something to fix that does not refuse the load: a `parent` missing from the catalogue (the
 * document is kept as a top-level one), or parents forming a cycle.
 */
export interface LoadWarning {
  source: DocumentSource
  /** The document's uri, when the warning is about a document that was read. */
  uri?: string
  message: string
}

/** Options of {@link loadCatalogue}. */
export interface LoadOptions extends SnapshotLoadOptions {
  /** `auto` reads `.xml` files as EAD finding aids; `ead` or `json` reads every file so. @default 'auto' */
  format?: CatalogueFormat
  /** Load the valid documents and report the invalid ones instead of refusing the load. @default false */
  skipInvalid?: boolean
  /** Called as documents are read, for a progress bar. */
  onProgress?: (progress: ReadProgress) => void
  /** How many invalid documents the error message lists before it only counts them. @default 20 */
  maxReported?: number
  /**
   * How many worker threads read, validate and analyze the documents of a build, a batch at a
   * time (the catalogue is the same whatever the number); 1 does it all on the loading thread,
   * which then stores the documents on a worker of their own. A snapshot is restored on the
   * loading thread.
   * @default os.availableParallelism() - 1, at least 1 (on 2 cores the loading thread alone:
   * there, 2 workers built a million documents no faster, with more CPU and memory)
   */
  workers?: number
}

/** What {@link loadCatalogue} gives back. */
export interface LoadResult {
  catalogue: Catalogue
  /** Documents skipped with `skipInvalid` (empty otherwise: any invalid document refuses the load). */
  skipped: InvalidDocument[]
  /** Documents loaded, by type. */
  counts: Record<DocumentType, number>
  /** Problems that did not refuse the load (none for a snapshot: they were reported at build). */
  warnings: LoadWarning[]
  /** Milliseconds spent reading, validating and building. */
  milliseconds: number
  /**
   * How many threads read, validated and analyzed the documents: the workers, or 1 when the
   * loading thread did it alone (with `workers: 1`, for a catalogue of a few thousand documents,
   * or when the package is bundled without its worker scripts); 0 for a snapshot.
   */
  workers: number
}

/** The error of a refused load: every invalid document (up to a cap) and the total. */
export class InvalidCatalogueError extends CatalogueError {
  readonly invalid: InvalidDocument[]
  /** How many documents were valid, when the refusing reader counted them. */
  readonly valid: number | undefined

  constructor(invalid: InvalidDocument[], maxReported: number, valid?: number) {
    super('E_INVALID_CATALOGUE', describeInvalid(invalid, maxReported))
    this.name = 'InvalidCatalogueError'
    this.invalid = invalid
    this.valid = valid
  }
}

/**
 * Reads, validates and builds a catalogue from a JSON array file, an NDJSON file or a directory,
 * or restores one from a snapshot file (see `saveSnapshot`), which is much faster.
 * Nothing is half-loaded: unless `skipInvalid` is set, any invalid or duplicate document refuses
 * the whole load with an {@link InvalidCatalogueError} naming each one's file, line or index,
 * field and reason.
 * @example const { catalogue } = await loadCatalogue('data/sample.ndjson')
 */
export async function loadCatalogue(path: string, options: LoadOptions = {}): Promise<LoadResult> {
  const started = performance.now()
  if (await isSnapshot(path)) {
    const catalogue = await loadSnapshot(path, options)
    return {
      catalogue,
      skipped: [],
      counts: countTypes(catalogue),
      warnings: [],
      milliseconds: performance.now() - started,
      workers: 0,
    }
  }
  // With workers, they read, validate and analyze the documents, and this thread adds them up
  // and stores them; alone, it stores them on a worker thread while it validates and indexes.
  const workers = workerCount(options.workers)
  const readers =
    workers > 1 ? new DocumentBatchWorkers(workers, options.language ?? 'english') : null
  const stored = !readers && DocumentStoreInWorker.available() ? new DocumentStoreInWorker() : null
  try {
    const { documents, invalid, valid, sources, warnings } = await collect(
      path,
      options,
      stored,
      readers,
    )
    if (invalid.length > 0 && !options.skipInvalid) {
      throw new InvalidCatalogueError(invalid, options.maxReported ?? 20, valid)
    }
    if (documents.size === 0) throw empty(path)
    const memory = options.sharedMemory ? 'shared' : 'own'
    const data = documents.build(stored ? await stored.build() : undefined, memory)
    const catalogue = new Catalogue(data, options)
    const hierarchy = withRefusedParents(
      documents.warnings,
      (index) => parentOf(catalogue.get(data.uris.get(index))),
      refusedUris(invalid, (uri) => data.uriIndex.has(uri)),
    )
    return {
      catalogue,
      skipped: invalid,
      counts: countTypes(catalogue),
      warnings: [
        ...warnings,
        ...sourced(
          hierarchy,
          (index) => data.uris.get(index),
          (index) => sources.get(index),
        ),
      ],
      milliseconds: performance.now() - started,
      workers: readers?.started ? workers : 1,
    }
  } finally {
    await Promise.all([stored?.close(), readers?.close()])
  }
}

/**
 * How many threads read the documents: as asked (checked), else one a core but the loading
 * thread's (bench/build-results.md); one where the workers' scripts are not there (bundled).
 */
function workerCount(asked: number | undefined): number {
  if (asked !== undefined && (!Number.isInteger(asked) || asked < 1)) {
    throw new BadParameterError('workers', String(asked), 'a whole number of at least 1')
  }
  if (!DocumentStoreInWorker.available() || !DocumentBatchWorkers.available()) return 1
  return asked ?? Math.max(1, availableParallelism() - 1)
}

/**
 * Validates every document of a path without building a catalogue: what `catalogue validate`
 * reports. Malformed JSON is reported as an invalid document (its line and column) and reading
 * goes on. Warns of parents missing or refused, and of a `group` or `ancestors` that contradict
 * the parent chain. Throws only for an unreadable path or one without any document.
 */
export async function checkCatalogue(
  path: string,
  options: Pick<LoadOptions, 'onProgress' | 'format'> = {},
): Promise<{
  counts: Record<DocumentType, number>
  invalid: InvalidDocument[]
  warnings: LoadWarning[]
}> {
  const counts: Record<DocumentType, number> = { agent: 0, collection: 0, object: 0, term: 0 }
  const invalid: InvalidDocument[] = []
  const seen = new Map<string, DocumentSource>()
  const uris: string[] = []
  const parents: (string | null)[] = []
  const places = new StoredPlaces()
  const readWarnings: LoadWarning[] = []
  const reading = {
    ...options,
    onMalformed: (error: MalformedFileError) => invalid.push(malformedDocument(error)),
    onWarning: (warning: LoadWarning) => readWarnings.push(warning),
  }
  for await (const { value, source } of readDocuments(path, reading)) {
    const problems = documentProblems(value, seen, source)
    if (problems.length > 0) {
      invalid.push({ source, uri: uriOf(value), problems })
      continue
    }
    const document = value as CatalogueDocument
    counts[document.type]++
    uris.push(document.uri)
    parents.push(parentOf(document))
    places.add(document)
  }
  if (uris.length === 0 && invalid.length === 0) throw empty(path)
  const indexes = new Map(uris.map((uri, index) => [uri, index]))
  const { parentOf: resolved, warnings } = resolveParents(
    parents.length,
    (index) => parents[index] ?? null,
    (uri) => indexes.get(uri),
  )
  const unsure = new Set(warnings.map((warning) => warning.index))
  const hierarchy = [
    ...withRefusedParents(
      warnings,
      (index) => parents[index],
      refusedUris(invalid, (uri) => indexes.has(uri)),
    ),
    ...places.contradictions(uris, resolved, unsure),
  ].sort((a, b) => a.index - b.index)
  return {
    counts,
    invalid,
    warnings: [
      ...readWarnings,
      ...sourced(
        hierarchy,
        (index) => uris[index]!,
        (index) => seen.get(uris[index]!),
      ),
    ],
  }
}

function parentOf(document: CatalogueDocument | undefined): string | null {
  return document && 'parent' in document ? parentUri(document.parent) : null
}

/** Where each refused document was, by uri, for those whose uri no valid document holds. */
function refusedUris(
  invalid: InvalidDocument[],
  kept: (uri: string) => boolean,
): Map<string, DocumentSource> {
  const refused = new Map<string, DocumentSource>()
  for (const { uri, source } of invalid) {
    if (uri !== undefined && !kept(uri) && !refused.has(uri)) refused.set(uri, source)
  }
  return refused
}

/** Hierarchy warnings with their document's uri and source. */
function sourced(
  warnings: HierarchyWarning[],
  uriAt: (index: number) => string,
  sourceAt: (index: number) => DocumentSource | undefined,
): LoadWarning[] {
  return warnings.map(({ index, message }) => ({
    source: sourceAt(index) ?? { file: '(unknown)' },
    uri: uriAt(index),
    message,
  }))
}

async function collect(
  path: string,
  options: LoadOptions,
  stored: DocumentStoreInWorker | null,
  readers: DocumentBatchWorkers | null,
) {
  const documents = new CatalogueBuilder(options.language, stored === null)
  const invalid: InvalidDocument[] = []
  let valid = 0
  // Where each valid document was read, by position (the builder's, for those it holds), and
  // the uris of those read after the load was refused, which are not built.
  const sources = new DocumentSources()
  const unbuilt = new Map<string, number>()
  const warnings: LoadWarning[] = []
  // Skipping invalid documents skips malformed files too; otherwise they refuse the load at once.
  const reading = {
    ...options,
    onWarning: (warning: LoadWarning) => warnings.push(warning),
    ...(options.skipInvalid
      ? { onMalformed: (error: MalformedFileError) => invalid.push(malformedDocument(error)) }
      : {}),
  }
  const read = readers ? checkedInWorkers(path, reading, readers) : checkedDocuments(path, reading)
  for await (const document of read) {
    const { source, uri } = document
    if (document.problems !== undefined) {
      invalid.push({ source, uri, problems: document.problems })
      continue
    }
    const first = documents.indexOf(document.uri) ?? unbuilt.get(document.uri)
    if (first !== undefined) {
      invalid.push({ source, uri, problems: duplicateOf(document.uri, sources.get(first)) })
      continue
    }
    const position = sources.add(source)
    valid++
    // Once a load is refused, building the rest would be wasted work.
    if (invalid.length === 0 || options.skipInvalid) {
      document.addTo(documents)
      const room = stored?.add(document.text)
      if (room) await room
    } else {
      unbuilt.set(document.uri, position)
    }
  }
  return { documents, invalid, valid, sources, warnings }
}

function empty(path: string): CatalogueError {
  return new CatalogueError('E_EMPTY_CATALOGUE', `No documents found in ${path}`)
}

function countTypes(catalogue: Catalogue): Record<DocumentType, number> {
  const { typeSets } = catalogue.data
  return {
    agent: typeSets.agent.count(),
    collection: typeSets.collection.count(),
    object: typeSets.object.count(),
    term: typeSets.term.count(),
  }
}

/** One line for a warning: `file:line (uri) what`. */
export function describeWarning(warning: LoadWarning): string {
  const uri = warning.uri ? ` (${warning.uri})` : ''
  return `${formatSource(warning.source)}${uri} ${warning.message}`
}

/** One line per problem: `file:line field: reason`. */
export function describeProblem(document: InvalidDocument, problem: Problem): string {
  const field = problem.path === '' ? '(document)' : problem.path
  const uri = document.uri ? ` (${document.uri})` : ''
  return `${formatSource(document.source)}${uri} ${field}: ${problem.message}`
}

function describeInvalid(invalid: InvalidDocument[], maxReported: number): string {
  const lines = invalid
    .slice(0, maxReported)
    .flatMap((document) =>
      document.problems.map((problem) => `  ${describeProblem(document, problem)}`),
    )
  const more = invalid.length > maxReported ? `\n  … and ${invalid.length - maxReported} more` : ''
  const noun = invalid.length === 1 ? 'document' : 'documents'
  return `The catalogue was not loaded: ${invalid.length} invalid ${noun}\n${lines.join('\n')}${more}`
}
