import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { open, rename, rm, stat } from 'node:fs/promises'
import { endianness } from 'node:os'
import { dirname, resolve } from 'node:path'
import { CatalogueError } from '../util/catalogue-errors.js'
import { STORED_PARTS, type StoredCatalogue } from './catalogue-data.js'

/**
 * A snapshot is a {@link StoredCatalogue} written part by part, as records: a typed array as its
 * bytes, a list in JSON chunks, anything else as JSON. A nested object's parts are records named
 * by their path (`text.postingIds`). Restoring reads each record back as what it was, without
 * parsing documents, validating, analysing or indexing, then derives the rest as a build does.
 *
 * Record: u32 name length, name (UTF-8), u8 kind, u32 byte length (×2: low, high), payload,
 * padding to 8 bytes.
 */
const FORMAT = 'archive-catalogue snapshot'
const MAGIC = Buffer.from(`${FORMAT} 12\n`)
/** Items per JSON chunk of a list: no string near V8's length limit. */
const LIST_CHUNK = 50_000

/** How a record's payload reads. */
enum Kind {
  Json = 0,
  Uint32 = 1,
  Int32 = 2,
  Int16 = 3,
  JsonList = 4,
  Float32 = 5,
  Uint8 = 6,
}

type TypedArray = Uint32Array | Int32Array | Int16Array | Float32Array | Uint8Array

const ARRAY_KINDS: [
  Kind,
  {
    new (buffer: ArrayBufferLike, offset: number, length: number): TypedArray
    BYTES_PER_ELEMENT: number
  },
][] = [
  [Kind.Uint32, Uint32Array],
  [Kind.Int32, Int32Array],
  [Kind.Int16, Int16Array],
  [Kind.Float32, Float32Array],
  [Kind.Uint8, Uint8Array],
]

/**
 * Every record a snapshot holds, by name, with its kind: the header and each part of
 * {@link STORED_PARTS}. A record of any other name is refused before anything is placed: names
 * become property paths, and `__proto__.x` would otherwise write to `Object.prototype`.
 */
const RECORDS: ReadonlyMap<string, Kind> = new Map([
  ['header', Kind.Json],
  ...recordsOf(STORED_PARTS, ''),
])

const LONGEST_NAME = Math.max(...[...RECORDS.keys()].map((name) => Buffer.byteLength(name)))

function* recordsOf(layout: object, prefix: string): Generator<[string, Kind]> {
  for (const [key, part] of Object.entries(layout)) {
    const name = `${prefix}${key}`
    if (part === 'json') yield [name, Kind.Json]
    else if (part === 'list') yield [name, Kind.JsonList]
    else if (typeof part === 'function') yield [name, ARRAY_KINDS.find(([, T]) => T === part)![0]]
    else yield* recordsOf(part as object, `${name}.`)
  }
}

/** What the header record holds besides the stored catalogue. */
interface Header {
  endianness: string
  /** The catalogue's options (its `CatalogueOptions`), restored with it. */
  options: object
}

/** Whether a file starts like a snapshot of any format version (checked by `loadCatalogue`). */
export async function isSnapshot(path: string): Promise<boolean> {
  // Looked at before it is opened: opening a pipe to peek would take what it holds from the
  // reader that comes after.
  if (!(await stat(path).catch(() => null))?.isFile()) return false
  const handle = await open(path, 'r').catch(() => null)
  if (!handle) return false
  try {
    const head = Buffer.alloc(FORMAT.length)
    await handle.read(head, 0, FORMAT.length, 0)
    return head.toString('latin1') === FORMAT
  } finally {
    await handle.close()
  }
}

/**
 * Writes a catalogue's stored parts and its options to a snapshot file, atomically (a temporary
 * file renamed into place).
 */
export async function writeSnapshot(
  stored: StoredCatalogue,
  options: object,
  path: string,
): Promise<void> {
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
  /** A part by its type; an object of parts as one record per part, named by its path. */
  const part = async (name: string, value: unknown): Promise<void> => {
    if (ArrayBuffer.isView(value)) {
      const kind = ARRAY_KINDS.find(([, Type]) => value instanceof Type)![0]
      return record(name, kind, Buffer.from(value.buffer, value.byteOffset, value.byteLength))
    }
    if (Array.isArray(value)) {
      for (let i = 0; i === 0 || i < value.length; i += LIST_CHUNK) {
        await record(
          name,
          Kind.JsonList,
          Buffer.from(JSON.stringify(value.slice(i, i + LIST_CHUNK))),
        )
      }
      return
    }
    if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) await part(`${name}.${key}`, child)
      return
    }
    return record(name, Kind.Json, Buffer.from(JSON.stringify(value)))
  }
  try {
    await write(MAGIC)
    const header: Header = { endianness: endianness(), options }
    await record('header', Kind.Json, Buffer.from(JSON.stringify(header)))
    for (const [name, value] of Object.entries(stored)) await part(name, value)
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

/**
 * Reads back a snapshot written by {@link writeSnapshot}: the stored parts, whole and of this
 * machine's byte order, and the options saved with them.
 * @param sharedMemory read the typed arrays into `SharedArrayBuffer`s (for worker threads)
 */
export async function readSnapshot(
  path: string,
  { sharedMemory = false }: { sharedMemory?: boolean } = {},
): Promise<{ stored: StoredCatalogue; options: object }> {
  const { header, stored } = await readRecords(path, sharedMemory)
  if (header.endianness !== endianness())
    throw bad(path, `written on a ${header.endianness} machine`)
  const complete =
    stored.uris?.offsets?.length === stored.size + 1 &&
    stored.titles?.offsets?.length === stored.size + 1 &&
    stored.uriSlots?.length >= 2 * stored.size &&
    stored.documents?.documentOffsets?.length === stored.size + 1 &&
    stored.documents.blockStarts?.[stored.documents.blockStarts.length - 1] === stored.size &&
    stored.documents.blockOffsets?.length === stored.documents.blockStarts.length &&
    stored.text?.documentCount === stored.size &&
    stored.hierarchy?.parentOf?.length === stored.size
  if (!complete) throw bad(path, 'parts of the catalogue are missing')
  return { stored, options: header.options }
}

/** The header and every part of a snapshot, each read back as what it was. */
async function readRecords(
  path: string,
  sharedMemory: boolean,
): Promise<{ header: Header; stored: StoredCatalogue }> {
  const handle = await open(path, 'r').catch((error: Error) => {
    throw new CatalogueError('E_UNREADABLE', `Cannot read ${path}: ${error.message}`, {
      cause: error,
    })
  })
  const root: Record<string, unknown> = {}
  const seen = new Set<string>()
  // The JSON records are parsed after every record is read: each large array read makes V8
  // collect garbage (its external memory grew), and with a million uris and titles already
  // on the heap each collection took a tenth of a second, half a second in all at 1M.
  const json: [string[], Kind, Buffer][] = []
  try {
    const { size } = await handle.stat()
    const magic = Buffer.alloc(MAGIC.length)
    await handle.read(magic, 0, MAGIC.length, 0)
    if (!magic.equals(MAGIC)) {
      throw bad(
        path,
        `written by another version (${magic.toString('latin1').trim()}); index the catalogue again`,
      )
    }
    let position = MAGIC.length
    const read = async (length: number, shared = false) => {
      // Its own ArrayBuffer, offset 0: typed arrays can view it without a copy and stay aligned.
      const buffer = Buffer.from(shared ? new SharedArrayBuffer(length) : new ArrayBuffer(length))
      const { bytesRead } = await handle.read(buffer, 0, length, position)
      if (bytesRead !== length) throw bad(path, 'the file is truncated')
      position += length
      return buffer
    }
    while (position < size) {
      const nameLength = (await read(4)).readUInt32LE(0)
      // Longer than every known name: refused unread (a crafted length could be gigabytes).
      if (nameLength > LONGEST_NAME)
        throw bad(path, `unknown record (a name of ${nameLength} bytes)`)
      const name = (await read(nameLength)).toString('utf8')
      const head = await read(9)
      const kind = head.readUInt8(0)
      const expected = RECORDS.get(name)
      if (expected === undefined) throw bad(path, `unknown record '${name}'`)
      if (kind !== expected) throw bad(path, `the record '${name}' holds the wrong kind of value`)
      const length = head.readUInt32LE(1) + head.readUInt32LE(5) * 2 ** 32
      const isArray = kind !== Kind.Json && kind !== Kind.JsonList
      const payload = await read(length, sharedMemory && isArray)
      position += (8 - (length % 8)) % 8
      const at = name.split('.')
      if (isArray) place(root, at, kind, payload)
      else json.push([at, kind, payload])
      seen.add(name)
    }
  } finally {
    await handle.close()
  }
  for (const [path, kind, payload] of json) place(root, path, kind, payload)
  for (const name of RECORDS.keys()) {
    if (!seen.has(name)) throw bad(path, `the record '${name}' is missing`)
  }
  const { header, ...stored } = root
  return { header: header as Header, stored: stored as unknown as StoredCatalogue }
}

/** Puts a record's value at its path; a list's later chunks are appended to it. */
function place(root: Record<string, unknown>, path: string[], kind: Kind, payload: Buffer): void {
  let parent = root
  for (const key of path.slice(0, -1)) {
    if (parent[key] === undefined) parent[key] = {}
    parent = parent[key] as Record<string, unknown>
  }
  const key = path[path.length - 1]!
  if (kind === Kind.JsonList) {
    const items = JSON.parse(payload.toString('utf8')) as unknown[]
    const list = parent[key] as unknown[] | undefined
    if (list) for (const item of items) list.push(item)
    else parent[key] = items
  } else if (kind === Kind.Json) {
    parent[key] = JSON.parse(payload.toString('utf8'))
  } else {
    const Type = ARRAY_KINDS.find(([arrayKind]) => arrayKind === kind)![1]
    parent[key] = new Type(
      payload.buffer,
      payload.byteOffset,
      payload.length / Type.BYTES_PER_ELEMENT,
    )
  }
}

function bad(path: string, reason: string): CatalogueError {
  return new CatalogueError('E_BAD_SNAPSHOT', `${path} is not a usable snapshot: ${reason}`)
}
