import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import {
  type CatalogueBackend,
  type DocumentLookup,
  editionOf,
  findingAid,
  isDocumentLookup,
} from '@archive-catalogue/core'
import { catalogueOptions, givenPath } from '../support/catalogue.js'
import { defineCommand } from '../support/command.js'
import { formatBytes, formatDuration, plural } from '../support/format.js'
import { type CliIo, write } from '../support/io.js'
import { openBackend, openSearchOptions } from '../support/opensearch.js'
import { CommandError, EXIT, UsageError } from '../support/usage-errors.js'

/** How often a line of progress is printed off a terminal, in milliseconds. */
const REPORT_EVERY_MS = 5000

/** `catalogue export ead --out DIR [path]`: each top-level collection's finding aid as EAD. */
export const exportCommand = defineCommand({
  name: 'export',
  summary: 'Write each finding aid as EAD (export ead --out folder/ [catalogue])',
  args: 'ead [path]',
  description:
    'Writes the whole finding aid of every top-level collection as an EAD file of its own,\n' +
    '<id>.xml in the folder (made if missing): EAD3 1.1.1, or EAD 2002 with --edition ead2002,\n' +
    'as GET /collections/{id}/ead answers it. Each file is written to a temporary name and\n' +
    'renamed when whole, so the folder never holds half a finding aid. Reads a catalogue file,\n' +
    'folder or snapshot, or --opensearch. Importing the folder again (import ead) gives the\n' +
    'same documents. docs/ead.md says what maps to what.',
  options: {
    out: {
      type: 'string',
      short: 'o',
      value: 'folder',
      description: 'the folder to write the finding aids in (made if missing)',
    },
    edition: {
      type: 'string',
      value: 'ead3|ead2002',
      description: 'the EAD edition to write (default ead3)',
    },
    ...catalogueOptions,
    ...openSearchOptions,
  },
  examples: [
    'catalogue export ead --out finding-aids/ catalogue.ndjson',
    'catalogue export ead --edition ead2002 --out ead2002/ --opensearch http://127.0.0.1:9200',
    'catalogue export ead -o out/ finding-aids/ && catalogue import ead out/ -o again.ndjson',
  ],
  async run({ values, positionals }, io) {
    const [kind, ...rest] = positionals
    if (kind !== 'ead') {
      throw new UsageError(
        kind === undefined
          ? 'missing the format: export ead --out <folder> [path]'
          : `cannot export '${kind}': only 'ead'`,
        'export',
      )
    }
    const out = values.out
    if (out === undefined) throw new UsageError('missing --out <folder>', 'export')
    const edition = editionOf(values.edition, '--edition')
    const path = givenPath(rest, values.catalogue, 'export')
    const started = performance.now()
    const { backend, close } = await openBackend(io, { ...values, catalogue: path }, 'export')
    try {
      if (!isDocumentLookup(backend)) {
        throw new CommandError(`${backend.name} cannot give documents whole: nothing exported`)
      }
      await mkdir(out, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
        throw new CommandError(`Cannot write in ${out}: ${error.message}`)
      })
      const ids = await topLevelIds(backend)
      const report = progress(io, ids.length)
      let components = 0
      let bytes = 0
      for (const [i, id] of ids.entries()) {
        const written = await writeFindingAid(
          backend,
          id,
          join(out, `${id}.xml`),
          edition,
          io.signal,
        )
        components += written.components
        bytes += written.bytes
        await report(i + 1, components)
      }
      const seconds = (performance.now() - started) / 1000
      await write(
        io.stderr,
        `Wrote ${plural(ids.length, 'finding aid')} (${edition === 'ead3' ? 'EAD3' : 'EAD 2002'}) to ${out}: ` +
          `${plural(components, 'component')}, ${formatBytes(bytes)} in ${formatDuration(seconds)}\n`,
      )
      return EXIT.ok
    } finally {
      await close()
    }
  },
})

/** The ids of the top-level collections, in catalogue order (uris only: small). */
async function topLevelIds(backend: CatalogueBackend & DocumentLookup): Promise<string[]> {
  const ids: string[] = []
  let cursor: string | null = null
  do {
    const page: { uris: string[]; next: string | null } = await backend.topLevelCollections({
      cursor,
      limit: 500,
    })
    for (const uri of page.uris) ids.push(uri.slice('/collections/'.length))
    cursor = page.next
  } while (cursor !== null)
  return ids
}

/**
 * One finding aid into a temporary file beside its place, renamed into it when whole; removed
 * when anything fails (the backend, the disk, an interruption).
 */
async function writeFindingAid(
  backend: CatalogueBackend,
  id: string,
  file: string,
  edition: 'ead3' | 'ead2002',
  signal: AbortSignal | undefined,
): Promise<{ components: number; bytes: number }> {
  const temporary = `${file}.${process.pid}.tmp`
  const stream = createWriteStream(temporary)
  const failed = new Promise<never>((_, reject) => stream.once('error', reject))
  failed.catch(() => {})
  let components = 0
  let bytes = 0
  try {
    for await (const chunk of findingAid(backend, id, { edition, ...(signal ? { signal } : {}) })) {
      // Every component starts a line (`\n<c`).
      components += chunk.split('\n<c').length - 1
      bytes += Buffer.byteLength(chunk)
      if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), failed])
    }
    stream.end()
    await Promise.race([once(stream, 'finish'), failed])
    await rename(temporary, file)
    return { components, bytes }
  } catch (error) {
    // Destroyed before its file is open, the stream still opens (creates) the file and then
    // closes it: removed before that, the file would outlive its removal.
    const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()))
    stream.destroy()
    if (!stream.closed) await closed
    await rm(temporary, { force: true })
    // The disk's errors name the file; the catalogue's (the backend's) say what they are.
    if ((error as NodeJS.ErrnoException).syscall !== undefined) {
      throw new CommandError(`Cannot write ${file}: ${(error as Error).message}`)
    }
    throw error
  }
}

/**
 * Progress on stderr: on a terminal one line redrawn after each finding aid, else a line every
 * few seconds (a log keeps them).
 */
function progress(io: CliIo, total: number): (done: number, components: number) => Promise<void> {
  let last = performance.now()
  return async (done, components) => {
    const line = `exported ${done} of ${plural(total, 'finding aid')}, ${plural(components, 'component')}`
    if (io.stderr.isTTY) {
      await write(io.stderr, `\r\u001b[2K${line}${done === total ? '\r\u001b[2K' : ''}`)
      return
    }
    const now = performance.now()
    if (now - last >= REPORT_EVERY_MS && done < total) {
      last = now
      await write(io.stderr, `${line}\n`)
    }
  }
}
