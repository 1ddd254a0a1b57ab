import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { open, rename, rm, stat } from 'node:fs/promises'
import { endianness } from 'node:os'
import { dirname, resolve } from 'node:path'
import { Bitset } from './_bitset.js'
import {
  type CatalogueData,
  COLUMN_NAMES,
  type ColumnName,
  type Columns,
  type SortKeys,
} from './_catalogue-data.js'
import { deriveHierarchy } from './_hierarchy.js'
import { TitleWords } from './_title-words.js'
import { ValueColumn } from './_value-column.js'
import { Catalogue, type CatalogueOptions } from './catalogue.js'
import type { DocumentType } from './documents.js'
import { CatalogueError } from './errors.js'
import { analyzerFor, type TextLanguage } from './languages.js'
import { DocumentStore, type DocumentStoreParts } from './store/document-store.js'
import { TextIndex } from './text/text-index.js'
import type { TextIndexParts } from './text/text-index-parts.js'

/**
 * A snapshot is a built catalogue written as a sequence of records: typed arrays are stored as
 * their bytes and read back without parsing, so restoring skips validation, analysis and
 * indexing. Large string lists (document texts, the MiniSearch vocabulary) are written in chunks
 * so that no single string nears V8's string length limit.
 *
 * Record: u32 name length, name (UTF-8), u8 kind, u32 byte length (×2: low, high), payload,
 * padding to 8 bytes.
 */
const MAGIC = Buffer.from('archive-catalogue snapshot 5\n')
const TEXT_CHUNK = 50_000

/** A record's payload: what `kind` says how to read. */
enum Kind {
  Json = 0,
  Uint32 = 1,
  Int32 = 2,
  Int16 = 3,
  Lines = 4,
  Float32 = 5,
  Uint8 = 6,
}

const ARRAY_KINDS = [
  [Kind.Uint32, Uint32Array],
  [Kind.Int32, Int32Array],
  [Kind.Int16, Int16Array],
  [Kind.Float32, Float32Array],
  [Kind.Uint8, Uint8Array],
] as const

type Payload = Uint32Array | Int32Array | Int16Array | Float32Array | Uint8Array

/** A stored value: a typed array, a list of strings without newlines, or JSON. */
type Part = Payload | string[] | number | string | Record<string, unknown>

/** Whether a file starts like a snapshot (checked by `loadCatalogue`). */
export async function isSnapshot(path: string): Promise<boolean> {
  const handle = await open(path, 'r').catch(() => null)
  if (!handle) return false
  try {
    if (!(await handle.stat()).isFile()) return false
    const head = Buffer.alloc(MAGIC.length)
    await handle.read(head, 0, MAGIC.length, 0)
    return head.equals(MAGIC)
  } finally {
    await handle.close()
  }
}

/**
 * Writes a built catalogue to a snapshot file, atomically (a temporary file renamed into place).
 * @example await saveSnapshot(catalogue, 'catalogue.snapshot')
 */
export async function saveSnapshot(catalogue: Catalogue, path: string): Promise<void> {
  await checkFolder(path)
  const temporary = `${path}.${process.pid}.tmp`
  const out = createWriteStream(temporary)
  // An error (a full disk, a permission) ends the next write or the final wait with it.
  let failed: Error | undefined
  out.on('error', (error) => {
    failed = error
  })
  const write = async (chunk: Buffer) => {
    if (failed) throw failed
    if (!out.write(chunk)) await once(out, 'drain')
  }
  const record = async (name: string, kind: Kind, payload: Buffer) => {
    const nameBytes = Buffer.from(name)
    const head = Buffer.alloc(4 + nameBytes.length + 1 + 8)
    head.writeUInt32LE(nameBytes.length, 0)
    nameBytes.copy(head, 4)
    head.writeUInt8(kind, 4 + nameBytes.length)
    head.writeUInt32LE(payload.length % 2 ** 32, 5 + nameBytes.length)
    head.writeUInt32LE(Math.floor(payload.length / 2 ** 32), 9 + nameBytes.length)
    await write(head)
    await write(payload)
    const padding = (8 - (payload.length % 8)) % 8
    if (padding > 0) await write(Buffer.alloc(padding))
  }
  const json = (name: string, value: unknown) =>
    record(name, Kind.Json, Buffer.from(JSON.stringify(value)))
  const array = (name: string, value: Payload) =>
    record(name, kindOf(value), Buffer.from(value.buffer, value.byteOffset, value.byteLength))
  /** Any part, by its type: lists of strings go in chunks, below V8's string length limit. */
  const part = async (name: string, value: Part) => {
    if (ArrayBuffer.isView(value)) return array(name, value)
    if (!Array.isArray(value)) return json(name, value)
    for (let i = 0; i === 0 || i < value.length; i += TEXT_CHUNK) {
      await record(name, Kind.Lines, Buffer.from(value.slice(i, i + TEXT_CHUNK).join('\n')))
    }
  }
  try {
    await write(MAGIC)
    const data = catalogue.data
    await json('header', {
      version: data.version,
      size: data.size,
      language: data.language,
      endianness: endianness(),
      options: catalogue.options,
    })
    for (const [name, value] of Object.entries(data.documents.parts)) {
      await part(`documents.${name}`, value)
    }
    await record('uris', Kind.Lines, Buffer.from(data.uris.join('\n')))
    for (let i = 0; i < data.size; i += TEXT_CHUNK) {
      await json('titles', data.titles.slice(i, i + TEXT_CHUNK))
    }
    await json('groups', data.groups)
    for (const [name, column] of Object.entries(data.columns) as [string, ValueColumn][]) {
      await json(`column.${name}.keys`, column.keys)
      await array(`column.${name}.valueOffsets`, column.valueOffsets)
      await array(`column.${name}.valueIds`, column.valueIds)
    }
    for (const [prefix, keys] of [
      ['keys', data.keys],
      ['groupKeys', data.groupKeys],
    ] as const) {
      for (const [name, values] of Object.entries(keys)) await array(`${prefix}.${name}`, values)
    }
    await array('groupOf', data.groupOf)
    await array('parentOf', data.hierarchy.parentOf)
    await array('childIndex', data.hierarchy.childIndex)
    await json('titleWords', data.titleWords.words)
    await array('titleWords.frequencies', data.titleWords.frequencies)
    for (const [name, value] of Object.entries(data.text.parts)) {
      await part(`text.${name}`, value)
    }
    out.end()
    await once(out, 'finish')
    await rename(temporary, path)
  } catch (error) {
    out.destroy()
    await rm(temporary, { force: true })
    throw unwritable(path, (failed ?? error) as NodeJS.ErrnoException)
  }
}

/** A clear error before any work when the snapshot's folder is missing or not a folder. */
async function checkFolder(path: string): Promise<void> {
  const folder = dirname(resolve(path))
  const stats = await stat(folder).catch(() => null)
  if (!stats) {
    throw new CatalogueError(
      'E_UNWRITABLE',
      `Cannot write ${path}: the folder ${dirname(path)} does not exist`,
    )
  }
  if (!stats.isDirectory()) {
    throw new CatalogueError(
      'E_UNWRITABLE',
      `Cannot write ${path}: ${dirname(path)} is not a folder`,
    )
  }
}

function unwritable(path: string, error: NodeJS.ErrnoException): Error {
  if (error instanceof CatalogueError || !error.code) return error
  const reason =
    error.code === 'EACCES'
      ? 'permission denied'
      : error.code === 'ENOSPC'
        ? 'no space left on the device'
        : error.message
  return new CatalogueError('E_UNWRITABLE', `Cannot write ${path}: ${reason}`, { cause: error })
}

/** Restores a catalogue written by {@link saveSnapshot}. */
export async function loadSnapshot(
  path: string,
  options: CatalogueOptions = {},
): Promise<Catalogue> {
  const records = await readRecords(path)
  const take = (name: string) => {
    const found = records.get(name)
    if (!found) throw bad(path, `missing record '${name}'`)
    return found.payloads
  }
  const json = <T>(name: string) =>
    take(name).map((buffer) => JSON.parse(buffer.toString('utf8'))) as T[]
  const header = json<{
    version: string
    size: number
    language: TextLanguage
    endianness: string
    options: CatalogueOptions
  }>('header')[0]!
  if (options.language !== undefined && options.language !== header.language) {
    throw new CatalogueError(
      'E_BAD_SNAPSHOT',
      `${path} was indexed in ${header.language}; index the catalogue again for ${options.language}`,
    )
  }
  if (header.endianness !== endianness())
    throw bad(path, `written on a ${header.endianness} machine`)
  const u32 = (name: string) => typed(take(name)[0]!, Uint32Array)
  const i32 = (name: string) => typed(take(name)[0]!, Int32Array)
  const i16 = (name: string) => typed(take(name)[0]!, Int16Array)
  const documents = new DocumentStore(partsNamed<DocumentStoreParts>(records, 'documents.'))
  if (documents.size !== header.size) throw bad(path, 'the documents are incomplete')
  const column = <K extends string | number>(name: string) =>
    new ValueColumn<K>(
      json<K[]>(`column.${name}.keys`)[0]!,
      u32(`column.${name}.valueOffsets`),
      u32(`column.${name}.valueIds`),
    )
  const columns = Object.fromEntries(COLUMN_NAMES.map((name) => [name, column(name)])) as Record<
    ColumnName,
    ValueColumn
  > as Columns
  const sortKeys = (prefix: string): SortKeys => ({
    titleRank: u32(`${prefix}.titleRank`),
    startMin: i16(`${prefix}.startMin`),
    startMax: i16(`${prefix}.startMax`),
    endMin: i16(`${prefix}.endMin`),
    endMax: i16(`${prefix}.endMax`),
    creatorMin: u32(`${prefix}.creatorMin`),
    creatorMax: u32(`${prefix}.creatorMax`),
    typeRank: u32(`${prefix}.typeRank`),
  })
  const textParts = partsNamed<TextIndexParts>(records, 'text.')
  if (textParts.documentCount !== header.size) throw bad(path, 'the text index is incomplete')
  const text = new TextIndex(textParts, analyzerFor(header.language))
  const uris = take('uris')[0]!.toString('utf8').split('\n')
  const types = uris.map((uri) => uri.slice(1, uri.indexOf('/', 1) - 1) as DocumentType)
  const data: CatalogueData = {
    size: header.size,
    documents,
    uris,
    titles: json<string[]>('titles').flat(),
    uriIndex: new Map(uris.map((uri, index) => [uri, index])),
    types,
    columns,
    keys: sortKeys('keys'),
    groupOf: u32('groupOf'),
    groups: json<CatalogueData['groups']>('groups')[0]!,
    groupKeys: sortKeys('groupKeys'),
    hierarchy: deriveHierarchy(
      { parentOf: i32('parentOf'), childIndex: i32('childIndex') },
      (index) => types[index] === 'collection' || types[index] === 'object',
    ),
    titleWords: new TitleWords({
      words: json<string[]>('titleWords')[0]!,
      frequencies: u32('titleWords.frequencies'),
    }),
    online: setOf(columns.online, 'true', header.size),
    typeSets: {
      agent: setOf(columns.type, 'agent', header.size),
      collection: setOf(columns.type, 'collection', header.size),
      object: setOf(columns.type, 'object', header.size),
      term: setOf(columns.type, 'term', header.size),
    },
    text,
    language: header.language,
    version: header.version,
  }
  return new Catalogue(data, {
    baseUrl: options.baseUrl ?? header.options.baseUrl,
    maxLimit: options.maxLimit ?? header.options.maxLimit,
  })
}

/** The records whose names start with a prefix, as the object they were written from. */
function partsNamed<T>(records: Map<string, StoredRecord>, prefix: string): T {
  const parts: Record<string, Part> = {}
  for (const [name, record] of records) {
    if (name.startsWith(prefix)) parts[name.slice(prefix.length)] = readPart(record)
  }
  return parts as T
}

function kindOf(value: Payload): Kind {
  return ARRAY_KINDS.find(([, Type]) => value instanceof Type)![0]
}

/** A stored part, read back by its records' kind. */
function readPart({ kind, payloads }: StoredRecord): Part {
  if (kind === Kind.Json) return JSON.parse(payloads[0]!.toString('utf8'))
  if (kind === Kind.Lines) {
    return payloads.flatMap((buffer) =>
      buffer.length > 0 ? buffer.toString('utf8').split('\n') : [],
    )
  }
  const Type = ARRAY_KINDS.find(([arrayKind]) => arrayKind === kind)![1] as typeof Uint8Array
  return typed(payloads[0]!, Type)
}

interface StoredRecord {
  kind: Kind
  /** One payload, or several for a list written in chunks. */
  payloads: Buffer[]
}

async function readRecords(path: string): Promise<Map<string, StoredRecord>> {
  const handle = await open(path, 'r').catch((error: Error) => {
    throw new CatalogueError('E_UNREADABLE', `Cannot read ${path}: ${error.message}`, {
      cause: error,
    })
  })
  const records = new Map<string, StoredRecord>()
  try {
    const { size } = await handle.stat()
    let position = MAGIC.length
    const read = async (length: number) => {
      // Its own ArrayBuffer, offset 0: typed arrays can view it without a copy and stay aligned.
      const buffer = Buffer.from(new ArrayBuffer(length))
      const { bytesRead } = await handle.read(buffer, 0, length, position)
      if (bytesRead !== length) throw bad(path, 'the file is truncated')
      position += length
      return buffer
    }
    while (position < size) {
      const nameLength = (await read(4)).readUInt32LE(0)
      const name = (await read(nameLength)).toString('utf8')
      const head = await read(9)
      const length = head.readUInt32LE(1) + head.readUInt32LE(5) * 2 ** 32
      const payload = await read(length)
      position += (8 - (length % 8)) % 8
      const record = records.get(name)
      if (record) record.payloads.push(payload)
      else records.set(name, { kind: head.readUInt8(0), payloads: [payload] })
    }
  } finally {
    await handle.close()
  }
  return records
}

function typed<T extends Payload>(
  buffer: Buffer,
  Type: {
    new (buffer: ArrayBufferLike, offset: number, length: number): T
    BYTES_PER_ELEMENT: number
  },
): T {
  return new Type(buffer.buffer, buffer.byteOffset, buffer.length / Type.BYTES_PER_ELEMENT)
}

function setOf(column: ValueColumn, key: string, size: number): Bitset {
  const set = new Bitset(size)
  const id = column.idOfKey(key)
  if (id !== undefined) column.addDocuments([id], set)
  return set
}

function bad(path: string, reason: string): CatalogueError {
  return new CatalogueError('E_BAD_SNAPSHOT', `${path} is not a usable snapshot: ${reason}`)
}
