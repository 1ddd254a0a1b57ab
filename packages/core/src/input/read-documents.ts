import { createReadStream } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { type ParseError, parse as parseTolerant, printParseErrorCode } from 'jsonc-parser'
import { EadImporter } from '../ead/import-ead.js'
import { EadSyntaxError, type ImportedDocument } from '../ead/imported-document.js'
import { CatalogueError } from '../util/catalogue-errors.js'

/** Where a document was read from: a file, and a line (NDJSON) or an index (JSON array). */
export interface DocumentSource {
  file: string
  /** 1-based line of an NDJSON file (of an EAD file: the line of the element). */
  line?: number
  /** 1-based column of the element in an EAD file, which may hold a whole finding aid on one line. */
  column?: number
  /** 0-based position in a JSON array file. */
  index?: number
}

/** A parsed JSON value and where it came from. */
export interface SourcedValue {
  value: unknown
  source: DocumentSource
  /** The JSON text of the value when the reader had it (an NDJSON line), to spare a stringify. */
  text?: string
}

/** Reading progress, reported as files are read. */
export interface ReadProgress {
  documents: number
  bytesRead: number
  totalBytes: number
}

/** Options of {@link readDocuments}. */
export interface ReadOptions {
  /** Called now and then while reading (at most every 1,000 documents, and at the end). */
  onProgress?: (progress: ReadProgress) => void
  /**
   * Called for malformed JSON, which is then skipped: an NDJSON line (reading goes on with the
   * next line) or a whole JSON file (reading goes on with the next file). Without it, malformed
   * JSON throws a {@link MalformedJsonError}.
   */
  onMalformed?: (error: MalformedFileError) => void
  /**
   * How to read files: `auto` reads `.xml` files as EAD finding aids and the others as JSON;
   * `ead` reads every file as EAD, `json` every file as JSON. @default 'auto'
   */
  format?: CatalogueFormat
  /** Called for what an EAD import warns about (an unparseable date, an untitled component …). */
  onWarning?: (warning: ReadWarning) => void
  /** The importer of EAD files, to share agents and terms across several reads. @default a new one */
  eadImporter?: EadImporter
  /** Whether the EAD files' agents and terms come at the end. @default true */
  sharedDocuments?: boolean
  /**
   * Leave NDJSON lines unparsed: their `value` is undefined and their `text` is for the caller to
   * parse (with {@link parseJson}, on a worker), which then finds their malformed JSON too.
   * @default false
   */
  deferParsing?: boolean
}

/** How files are read: see {@link ReadOptions.format}. */
export type CatalogueFormat = 'auto' | 'json' | 'ead'

/** A warning of a reader, where it is. */
export interface ReadWarning {
  source: DocumentSource
  message: string
}

/** A file (or an NDJSON line) that does not parse: malformed JSON, or XML that is not EAD. */
export type MalformedFileError = MalformedJsonError | EadSyntaxError

/** JSON that does not parse, with the file, line and column of its first mistake. */
export class MalformedJsonError extends CatalogueError {
  /** The file and the line of the mistake (for NDJSON, the document's line). */
  readonly source: DocumentSource & { line: number }
  readonly column: number
  /** What is wrong, e.g. `property name expected`. */
  readonly reason: string

  constructor(file: string, line: number, column: number, reason: string, cause: unknown) {
    super(
      'E_MALFORMED_JSON',
      `Malformed JSON in ${file} at line ${line}, column ${column}: ${reason}`,
      {
        cause,
      },
    )
    this.name = 'MalformedJsonError'
    this.source = { file, line }
    this.column = column
    this.reason = reason
  }
}

/** Formats a source as `file:line:column`, `file:line`, `file[index]` or `file`. */
export function formatSource(source: DocumentSource): string {
  if (source.line !== undefined && source.column !== undefined) {
    return `${source.file}:${source.line}:${source.column}`
  }
  if (source.line !== undefined) return `${source.file}:${source.line}`
  if (source.index !== undefined) return `${source.file}[${source.index}]`
  return source.file
}

const NDJSON_EXTENSIONS = ['.ndjson', '.jsonl']

/** The files of a folder that a format reads. */
function fileFormat(format: CatalogueFormat): RegExp {
  if (format === 'ead') return /\.xml$/i
  if (format === 'json') return /\.(json|ndjson|jsonl)$/i
  return /\.(json|ndjson|jsonl|xml)$/i
}

/**
 * Reads every JSON value of a catalogue path: a JSON array file, an NDJSON file (streamed line by
 * line, so a file of any size never sits in memory whole) or a directory searched recursively for
 * `.json`, `.ndjson` and `.jsonl` files (in name order). Throws a {@link CatalogueError} for an
 * unreadable path or malformed JSON, naming the file, line and column.
 */
export async function* readDocuments(
  path: string,
  options: ReadOptions = {},
): AsyncGenerator<SourcedValue> {
  const format = options.format ?? 'auto'
  const files = await listFiles(path, format)
  const progress: ReadProgress = { documents: 0, bytesRead: 0, totalBytes: 0 }
  for (const file of files) progress.totalBytes += file.size
  const report = () => options.onProgress?.({ ...progress })
  // One importer for every EAD file, so that the agents and terms they share are one each.
  let ead: EadImporter | undefined = options.eadImporter
  for (const file of files) {
    const before = progress.bytesRead
    if (isEad(file.path, format)) {
      ead ??= new EadImporter()
      // Parsed one at a time: the finding aid is held as text, not as objects.
      for (const { text, line, column } of await importEad(ead, file.path, options)) {
        progress.documents += 1
        yield { value: JSON.parse(text), text, source: { file: file.path, line, column } }
      }
      progress.bytesRead = before + file.size
      continue
    }
    const values = isNdjson(file.path, file.firstChar)
      ? readNdjson(
          file.path,
          (bytes) => {
            progress.bytesRead = before + bytes
          },
          options.onMalformed,
          options.deferParsing ?? false,
        )
      : await readJsonFile(file.path, options.onMalformed)
    for await (const value of values) {
      progress.documents += 1
      if (progress.documents % 1000 === 0) report()
      yield value
    }
    progress.bytesRead = before + file.size
  }
  for (const shared of options.sharedDocuments === false ? [] : (ead?.sharedDocuments() ?? [])) {
    progress.documents += 1
    yield {
      value: shared.document,
      text: shared.text,
      source: { file: shared.file, line: shared.line, column: shared.column },
    }
  }
  report()
}

/** The documents of one EAD file; its warnings to `onWarning`; a malformed file as JSON's is. */
async function importEad(
  importer: EadImporter,
  file: string,
  options: ReadOptions,
): Promise<ImportedDocument[]> {
  const warned = importer.warnings.length
  let imported: ImportedDocument[]
  try {
    imported = await importer.importFile(file)
  } catch (error) {
    if (!(error instanceof EadSyntaxError) || !options.onMalformed) throw error
    options.onMalformed(error)
    return []
  }
  for (const warning of importer.warnings.slice(warned)) {
    options.onWarning?.({
      source: { file: warning.file, line: warning.line, column: warning.column },
      message: `${warning.component}: ${warning.message}`,
    })
  }
  return imported
}

function isEad(path: string, format: CatalogueFormat): boolean {
  return format === 'ead' || (format === 'auto' && /\.xml$/i.test(path))
}

interface CatalogueFile {
  path: string
  size: number
  firstChar: string
}

async function listFiles(path: string, format: CatalogueFormat): Promise<CatalogueFile[]> {
  const stats = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw unreadable(path, error)
  })
  // A pipe (`generate | catalogue push /dev/stdin`, a named pipe) is read once, front to back:
  // its head cannot be looked at first, and its size is unknown. It holds NDJSON unless its name
  // says JSON.
  if (stats.isFIFO()) return [{ path, size: 0, firstChar: '{' }]
  if (!stats.isDirectory()) return [await describeFile(path, stats.size)]
  const entries = await readdir(path, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      throw unreadable(path, error)
    },
  )
  const names = entries
    .filter((entry) => entry.isFile() && fileFormat(format).test(entry.name))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .sort((a, b) => (relative(path, a) < relative(path, b) ? -1 : 1))
  const files: CatalogueFile[] = []
  for (const name of names) files.push(await describeFile(name, (await stat(name)).size))
  return files
}

async function describeFile(path: string, size: number): Promise<CatalogueFile> {
  const firstChar = await new Promise<string>((resolve, reject) => {
    const stream = createReadStream(path, { start: 0, end: 4095, encoding: 'utf8' })
    let head = ''
    stream.on('data', (chunk) => {
      head += chunk
    })
    stream.on('error', (error: NodeJS.ErrnoException) => reject(unreadable(path, error)))
    stream.on('end', () => resolve(head.trimStart().charAt(0)))
  })
  return { path, size, firstChar }
}

function isNdjson(path: string, firstChar: string): boolean {
  const lower = path.toLowerCase()
  if (NDJSON_EXTENSIONS.some((extension) => lower.endsWith(extension))) return true
  if (lower.endsWith('.json')) return false
  return firstChar === '{'
}

async function* readNdjson(
  path: string,
  onBytes: (bytes: number) => void,
  onMalformed: ((error: MalformedJsonError) => void) | undefined,
  deferParsing: boolean,
): AsyncGenerator<SourcedValue> {
  let line = 0
  try {
    for await (const { text, bytesRead } of fileLines(path)) {
      line += 1
      onBytes(bytesRead)
      if (text.trim() === '') continue
      if (deferParsing) {
        yield { value: undefined, source: { file: path, line }, text }
        continue
      }
      let value: unknown
      try {
        value = parseJson(text, path, line)
      } catch (error) {
        if (!(error instanceof MalformedJsonError) || !onMalformed) throw error
        onMalformed(error)
        continue
      }
      yield { value, source: { file: path, line }, text }
    }
  } catch (error) {
    if (error instanceof CatalogueError) throw error
    throw unreadable(path, error as NodeJS.ErrnoException)
  }
}

/**
 * The lines of a file (split at `\n`, a `\r` before it dropped), each with the bytes read so
 * far. Lines are found in the bytes and each is decoded whole, which costs a third of what
 * decoding the stream and splitting the text (node:readline) does; a `\n` byte never occurs
 * inside a multi-byte UTF-8 character.
 */
async function* fileLines(path: string): AsyncGenerator<{ text: string; bytesRead: number }> {
  const stream = createReadStream(path, { highWaterMark: 1 << 20 })
  // The start of a line not yet ended, in the chunks it spans.
  let pending: Buffer[] = []
  let bytesRead = 0
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytesRead += chunk.length
      let start = 0
      let end = chunk.indexOf(10)
      if (end !== -1 && pending.length > 0) {
        const line = Buffer.concat([...pending, chunk.subarray(0, end)])
        pending = []
        yield { text: decodeLine(line, 0, line.length), bytesRead }
        start = end + 1
        end = chunk.indexOf(10, start)
      }
      for (; end !== -1; end = chunk.indexOf(10, start)) {
        yield { text: decodeLine(chunk, start, end), bytesRead }
        start = end + 1
      }
      if (start < chunk.length) pending.push(chunk.subarray(start))
    }
    if (pending.length > 0) {
      const line = Buffer.concat(pending)
      yield { text: decodeLine(line, 0, line.length), bytesRead }
    }
  } finally {
    stream.destroy()
  }
}

function decodeLine(bytes: Buffer, start: number, end: number): string {
  return bytes.toString('utf8', start, end > start && bytes[end - 1] === 13 ? end - 1 : end)
}

async function readJsonFile(
  path: string,
  onMalformed: ((error: MalformedJsonError) => void) | undefined,
): Promise<SourcedValue[]> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw unreadable(path, error)
  })
  let value: unknown
  try {
    value = parseJson(text, path, 1)
  } catch (error) {
    if (!(error instanceof MalformedJsonError) || !onMalformed) throw error
    onMalformed(error)
    return []
  }
  if (!Array.isArray(value)) return [{ value, source: { file: path } }]
  return value.map((item, index) => ({ value: item, source: { file: path, index } }))
}

/** JSON.parse with an error that names the file, line and column of the first mistake. */
export function parseJson(text: string, file: string, firstLine: number): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    const { line, column, reason } = locateJsonError(text)
    throw new MalformedJsonError(file, firstLine + line - 1, column, reason, error)
  }
}

function locateJsonError(text: string): { line: number; column: number; reason: string } {
  const errors: ParseError[] = []
  parseTolerant(text, errors, { disallowComments: true, allowTrailingComma: false })
  const first = errors[0]
  const offset = first ? first.offset : text.length
  const reason = first ? describeParseError(printParseErrorCode(first.error)) : 'not valid JSON'
  const before = text.slice(0, offset)
  const line = before.split('\n').length
  const column = offset - before.lastIndexOf('\n')
  return { line, column, reason }
}

function describeParseError(code: string): string {
  // 'PropertyNameExpected' -> 'property name expected'
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
}

function unreadable(path: string, error: NodeJS.ErrnoException): CatalogueError {
  const reason = error.code === 'ENOENT' ? 'no such file or directory' : error.message
  return new CatalogueError('E_UNREADABLE', `Cannot read ${path}: ${reason}`, { cause: error })
}
