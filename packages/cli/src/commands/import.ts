import { once } from 'node:events'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdtemp, rename, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import {
  describeWarning,
  EadImporter,
  EadSyntaxError,
  type ReadWarning,
  readDocuments,
} from '@archive-catalogue/core'
import { defineCommand } from '../support/command.js'
import { plural } from '../support/format.js'
import { type CliIo, write } from '../support/io.js'
import { CommandError, EXIT, UsageError } from '../support/usage-errors.js'

/** `catalogue import ead <file|folder>… -o <file>`: EAD finding aids → catalogue NDJSON. */
export const importCommand = defineCommand({
  name: 'import',
  summary: 'Turn EAD finding aids into a catalogue (import ead <files…> -o catalogue.ndjson)',
  args: 'ead <file|folder>…',
  description:
    'Reads EAD 2002 (namespaced or not) and EAD3 finding aids, as files or folders of .xml\n' +
    'files, and writes their catalogue documents as NDJSON: a collection for each finding aid,\n' +
    'collections and objects for its components, agents and terms for its names and subjects\n' +
    '(one document each across the files). Ids are stable: importing again gives the same\n' +
    'file. A report follows: counts and each warning with its file, line, column and component.\n' +
    'A file that is not well-formed XML is reported with its line and column, and nothing is\n' +
    'written (exit 1), unless --skip-invalid: then the others are.\n' +
    '`serve`, `validate` and the other commands also read EAD directly; this is for those\n' +
    'who want the JSON. docs/ead.md says what maps to what.',
  options: {
    output: {
      type: 'string',
      short: 'o',
      value: 'file',
      description: 'the NDJSON file to write (replaced atomically), or - for stdout',
    },
    'skip-invalid': {
      type: 'boolean',
      description: 'write the finding aids that are well-formed and skip the others',
    },
  },
  examples: [
    'catalogue import ead finding-aids/ -o catalogue.ndjson',
    'catalogue import ead a0011.xml m0198.xml -o - | head -1',
    'catalogue import ead export/ -o catalogue.ndjson && catalogue serve catalogue.ndjson',
  ],
  async run({ values, positionals }, io) {
    const [kind, ...paths] = positionals
    if (kind !== 'ead') {
      throw new UsageError(
        kind === undefined
          ? 'missing the format: import ead <file|folder>…'
          : `cannot import '${kind}': only 'ead'`,
        'import',
      )
    }
    if (paths.length === 0) throw new UsageError('missing <file|folder> to import', 'import')
    const output = values.output
    if (output === undefined)
      throw new UsageError('missing -o <file> (or -o - for stdout)', 'import')
    const skipInvalid = values['skip-invalid'] === true
    const importer = new EadImporter()
    const errors: EadSyntaxError[] = []
    const warnings: ReadWarning[] = []
    // Written only when every file is well-formed (or told to skip the others): stdout too is
    // held back in a temporary file until then.
    const sink = await openOutput(output, io, !skipInvalid)
    try {
      for (const path of paths) {
        const documents = readDocuments(path, {
          format: 'ead',
          onMalformed: (error) => {
            if (error instanceof EadSyntaxError) errors.push(error)
          },
          onWarning: (warning) => warnings.push(warning),
          eadImporter: importer,
          sharedDocuments: false,
        })
        for await (const { value, text } of documents) {
          await sink.write(`${text ?? JSON.stringify(value)}\n`)
        }
      }
      for (const { text } of importer.sharedDocuments()) await sink.write(`${text}\n`)
      if (errors.length > 0 && !skipInvalid) await sink.abandon()
      else await sink.finish()
    } catch (error) {
      await sink.abandon()
      throw error
    }
    const refused = errors.length > 0 && !skipInvalid
    const report = [
      refused ? refusal(output, errors.length) : summary(output, importer),
      ...warnings.map((warning) => `warning: ${describeWarning(warning)}`),
      ...errors.map((error) => `${skipInvalid ? 'skipped' : 'error'}: ${error.message}`),
    ]
    await write(io.stderr, `${report.join('\n')}\n`)
    return refused ? EXIT.failure : EXIT.ok
  },
})

/** What was written: `Wrote out.ndjson: 8 finding aids, 32 collections, …`. */
function summary(output: string, importer: EadImporter): string {
  const { findingAids, collections, objects } = importer.counts
  const shared = importer.sharedDocuments()
  const agents = shared.filter(({ document }) => document.type === 'agent').length
  return (
    `${output === '-' ? 'Imported' : `Wrote ${output}:`} ${plural(findingAids, 'finding aid')}, ` +
    `${plural(collections, 'collection')}, ${plural(objects, 'object')}, ` +
    `${plural(agents, 'agent')}, ${plural(shared.length - agents, 'term')}`
  )
}

/** Why nothing was written, and how to write the rest. */
function refusal(output: string, malformed: number): string {
  const where = output === '-' ? 'nothing written' : `${output} not written`
  const files = malformed === 1 ? '1 file is' : `${malformed} files are`
  return `Not imported, ${where}: ${files} not well-formed XML (--skip-invalid writes the others)`
}

/** Where the documents go, line by line: a temporary file renamed into place, or stdout. */
interface Sink {
  write(text: string): Promise<void>
  finish(): Promise<void>
  abandon(): Promise<void>
}

async function openOutput(output: string, io: CliIo, holdBack: boolean): Promise<Sink> {
  if (output === '-') return holdBack ? heldBackStdout(io) : directStdout(io)
  const folder = dirname(resolve(output))
  if (!(await stat(folder).catch(() => null))?.isDirectory()) {
    throw new CommandError(`Cannot write ${output}: the folder ${dirname(output)} does not exist`)
  }
  return temporaryFile(`${output}.${process.pid}.tmp`, (temporary) => rename(temporary, output))
}

function directStdout(io: CliIo): Sink {
  return {
    write: (text) => write(io.stdout, text),
    finish: async () => {},
    abandon: async () => {},
  }
}

/** Stdout, once the import is whole: until then a temporary file (a catalogue may be GBs). */
async function heldBackStdout(io: CliIo): Promise<Sink> {
  const folder = await mkdtemp(join(tmpdir(), 'catalogue-import-'))
  const sink = temporaryFile(join(folder, 'documents.ndjson'), async (temporary) => {
    for await (const chunk of createReadStream(temporary, { encoding: 'utf8' })) {
      await write(io.stdout, chunk as string)
    }
  })
  const removeFolder = () => rm(folder, { recursive: true, force: true })
  return {
    write: sink.write,
    finish: () => sink.finish().finally(removeFolder),
    abandon: () => sink.abandon().finally(removeFolder),
  }
}

/** A temporary file, handed to `keep` when finished and removed when abandoned. */
function temporaryFile(temporary: string, keep: (temporary: string) => Promise<void>): Sink {
  const stream = createWriteStream(temporary)
  return {
    write: (text) => write(stream, text),
    async finish() {
      stream.end()
      await once(stream, 'finish')
      await keep(temporary)
    },
    async abandon() {
      // Discarded: a write still pending fails as the stream is destroyed, and that is no matter.
      stream.on('error', () => {})
      const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()))
      stream.destroy()
      if (!stream.closed) await closed
      await rm(temporary, { force: true })
    },
  }
}
