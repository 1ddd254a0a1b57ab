import { existsSync, statSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { exampleCatalogue } from '@archive-catalogue/core'
import { defineCommand, optionalPositional } from '../support/command.js'
import { plural } from '../support/format.js'
import { write } from '../support/io.js'
import { CommandError, EXIT } from '../support/usage-errors.js'

/** `catalogue init [file]`: a small valid catalogue to start from. */
export const init = defineCommand({
  name: 'init',
  summary: 'Write a small valid catalogue to start from',
  args: '[file]',
  description:
    'Writes an NDJSON catalogue (default catalogue.ndjson; a folder gets catalogue.ndjson in\n' +
    'it) of six documents: a person who created a collection, a subject, the collection with\n' +
    'a series, and two files in the series. Every document type and the hierarchy are there,\n' +
    'each document as small as the format allows: replace them with your own, one a line.\n' +
    'docs/catalogue-format.md explains every field. An existing file is kept unless --force.',
  options: {
    force: { type: 'boolean', short: 'f', description: 'replace the file if it exists' },
  },
  examples: [
    'catalogue init',
    'catalogue init my-archive.ndjson && catalogue validate my-archive.ndjson',
    'catalogue init export/ --force',
  ],
  async run({ values, positionals }, io) {
    const given = optionalPositional(positionals, 'init') ?? 'catalogue.ndjson'
    const file =
      existsSync(given) && statSync(given).isDirectory() ? join(given, 'catalogue.ndjson') : given
    if (!existsSync(dirname(file))) {
      throw new CommandError(`Cannot write ${file}: the folder ${dirname(file)} does not exist`)
    }
    if (existsSync(file) && values.force !== true) {
      throw new CommandError(`${file} exists; keeping it (use --force to replace it)`)
    }
    const documents = exampleCatalogue()
    await writeFile(file, `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`)
    await write(
      io.stdout,
      `Wrote ${file}: ${plural(documents.length, 'document')}.\n` +
        'Next:\n' +
        `  catalogue validate ${file}\n` +
        `  catalogue serve ${file}\n`,
    )
    return EXIT.ok
  },
})
