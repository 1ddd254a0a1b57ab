import { stat } from 'node:fs/promises'
import { saveSnapshot } from '@archive-catalogue/core'
import { catalogueOptions, givenPath, openCatalogue } from '../support/catalogue.js'
import { defineCommand } from '../support/command.js'
import { formatBytes, formatCount, plural } from '../support/format.js'
import { write } from '../support/io.js'
import { EXIT, UsageError } from '../support/usage-errors.js'
import { workersOf, workersOption } from '../support/workers-option.js'

// `index` is the command; the file is not `index.ts`, which reads as a barrel.
/** `catalogue index [path] -o <file>`: builds a catalogue once and writes a snapshot. */
export const index = defineCommand({
  name: 'index',
  summary: 'Build a catalogue once and write a snapshot that loads much faster',
  args: '[path]',
  description:
    'Reads, validates and indexes a catalogue, then writes a snapshot file. Every command\n' +
    'that takes a catalogue (--catalogue, CATALOGUE, serve [path]) accepts the snapshot.',
  options: {
    output: {
      type: 'string',
      short: 'o',
      value: 'file',
      description: 'the snapshot file to write (required; replaced atomically)',
    },
    ...catalogueOptions,
    workers: workersOption,
  },
  examples: [
    'catalogue index data/sample.ndjson -o catalogue.snapshot',
    'catalogue index export/ --skip-invalid -o catalogue.snapshot',
    'catalogue index big.ndjson --workers 1 -o catalogue.snapshot',
    'catalogue serve catalogue.snapshot',
  ],
  async run({ values, positionals }, io) {
    const output = values.output
    if (output === undefined) throw new UsageError('missing -o <file>', 'index')
    const workers = workersOf(values.workers, 'index')
    const started = performance.now()
    const loaded = await openCatalogue(io, {
      path: givenPath(positionals, values.catalogue, 'index'),
      skipInvalid: values['skip-invalid'],
      language: values.language,
      format: values.format,
      workers,
    })
    const { catalogue } = loaded
    await saveSnapshot(catalogue, output)
    const { size } = await stat(output)
    const milliseconds = Math.round(performance.now() - started)
    await write(
      io.stdout,
      `Wrote ${output}: ${plural(catalogue.size, 'document')}, ${formatBytes(size)} ` +
        `(in ${formatCount(milliseconds)} ms, ${threadsOf(loaded.workers)})\n`,
    )
    return EXIT.ok
  },
})

/** Who read the documents: `2 workers`, `1 thread` (the loading one), or a snapshot's none. */
function threadsOf(workers: number): string {
  if (workers === 0) return 'restored from a snapshot'
  return workers === 1 ? 'on 1 thread' : `on ${workers} workers`
}
