import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { rename, rm, stat } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { EadImporter, EadSyntaxError, readDocuments } from '@archive-catalogue/core'
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
    'file. A report follows: counts and each warning with its file and line. A file that is\n' +
    'not well-formed XML is reported with its line and column, and the others go on (exit 1).\n' +
    '`serve`, `validate` and the other commands also read EAD directly; this is for those\n' +
    'who want the JSON. docs/ead.md says what maps to what.',
  options: {
    output: {
      type: 'string',
      short: 'o',
      value: 'file',
      description: 'the NDJSON file to write (replaced atomically), or - for stdout',
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
    const importer = new EadImporter()
    const errors: EadSyntaxError[] = []
    const sink = await openOutput(output, io)
    try {
      for (const path of paths) {
        const documents = readDocuments(path, {
          format: 'ead',
          onMalformed: (error) => {
            if (error instanceof EadSyntaxError) errors.push(error)
          },
          eadImporter: importer,
          sharedDocuments: false,
        })
        for await (const { value, text } of documents) {
          await sink.write(`${text ?? JSON.stringify(value)}\n`)
        }
      }
      for (const { text } of importer.sharedDocuments()) await sink.write(`${text}\n`)
      await sink.finish()
    } catch (error) {
      await sink.abandon()
      throw error
    }
    const { findingAids, collections, objects } = importer.counts
    const shared = importer.sharedDocuments()
    const agents = shared.filter(({ document }) => document.type === 'agent').length
    const report = [
      `${output === '-' ? 'Imported' : `Wrote ${output}:`} ${plural(findingAids, 'finding aid')}, ` +
        `${plural(collections, 'collection')}, ${plural(objects, 'object')}, ` +
        `${plural(agents, 'agent')}, ${plural(shared.length - agents, 'term')}`,
      ...importer.warnings.map(
        (warning) => `warning: ${warning.file}:${warning.line} ${warning.message}`,
      ),
      ...errors.map((error) => `error: ${error.message}`),
    ]
    await write(io.stderr, `${report.join('\n')}\n`)
    return errors.length > 0 ? EXIT.failure : EXIT.ok
  },
})

/** Where the documents go, line by line: a temporary file renamed into place, or stdout. */
interface Sink {
  write(text: string): Promise<void>
  finish(): Promise<void>
  abandon(): Promise<void>
}

async function openOutput(output: string, io: CliIo): Promise<Sink> {
  if (output === '-') {
    return {
      write: (text) => write(io.stdout, text),
      finish: async () => {},
      abandon: async () => {},
    }
  }
  const folder = dirname(resolve(output))
  if (!(await stat(folder).catch(() => null))?.isDirectory()) {
    throw new CommandError(`Cannot write ${output}: the folder ${dirname(output)} does not exist`)
  }
  const temporary = `${output}.${process.pid}.tmp`
  const stream = createWriteStream(temporary)
  return {
    write: (text) => write(stream, text),
    async finish() {
      stream.end()
      await once(stream, 'finish')
      await rename(temporary, output)
    },
    async abandon() {
      stream.destroy()
      await rm(temporary, { force: true })
    },
  }
}
