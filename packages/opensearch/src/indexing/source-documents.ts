import {
  type CatalogueFormat,
  isSnapshot,
  loadSnapshot,
  type MalformedFileError,
  type ReadProgress,
  type ReadWarning,
  readDocuments,
  type SourcedValue,
  type TextLanguage,
} from '@archive-catalogue/core'

/** Options of {@link openSource}. */
export interface SourceOptions {
  format?: CatalogueFormat | undefined
  /** The language asked for; a snapshot refuses another than its own, as `loadSnapshot` does. */
  language?: TextLanguage | undefined
  onProgress?: ((progress: ReadProgress) => void) | undefined
  /** Malformed JSON or XML, to report and skip; without it, it throws. */
  onMalformed?: ((error: MalformedFileError) => void) | undefined
  onWarning?: ((warning: ReadWarning) => void) | undefined
}

/** A catalogue's documents as they are read, and the language its text is in. */
export interface Source {
  /** A snapshot's own language; undefined for files (the caller's choice, else English). */
  language: TextLanguage | undefined
  documents: AsyncIterable<SourcedValue>
}

/**
 * The documents of any path the loader reads: NDJSON, a JSON array, a folder, EAD finding aids
 * (streamed by the core's `readDocuments`), or a snapshot (restored, then read document by
 * document, each sourced as `file[index]`). Snapshot documents were validated when it was built.
 */
export async function openSource(path: string, options: SourceOptions = {}): Promise<Source> {
  if (!(await isSnapshot(path))) {
    const { language: _language, ...reading } = options
    return { language: undefined, documents: readDocuments(path, definedOnly(reading)) }
  }
  const catalogue = await loadSnapshot(
    path,
    options.language === undefined ? {} : { language: options.language },
  )
  return {
    language: catalogue.options.language,
    documents: snapshotDocuments(path, catalogue, options),
  }
}

async function* snapshotDocuments(
  path: string,
  catalogue: Awaited<ReturnType<typeof loadSnapshot>>,
  options: SourceOptions,
): AsyncGenerator<SourcedValue> {
  const { size } = catalogue
  // Progress in documents: a snapshot is read whole before the first one.
  const report = (documents: number) =>
    options.onProgress?.({ documents, bytesRead: documents, totalBytes: size })
  for (let index = 0; index < size; index++) {
    if (index % 1000 === 0) report(index)
    yield { value: catalogue.document(index), source: { file: path, index } }
  }
  report(size)
}

function definedOnly<T extends object>(options: T): T {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as T
}
