import { checkCatalogue, describeProblem, describeWarning } from '@archive-catalogue/core'
import {
  catalogueOptions,
  cataloguePath,
  formatOf,
  formatOption,
  givenPath,
  writeWarnings,
} from '../support/catalogue.js'
import { defineCommand } from '../support/command.js'
import { formatCount, plural, styleFor } from '../support/format.js'
import { write } from '../support/io.js'
import { loadingProgress } from '../support/progress.js'
import { skipInvalidHint } from '../support/refusals.js'
import { EXIT } from '../support/usage-errors.js'

/** `catalogue validate [path]`: checks every document against the catalogue's schema. */
export const validate = defineCommand({
  name: 'validate',
  summary: 'Check every document of a catalogue file or folder',
  args: '[path]',
  description:
    'Checks every document of a JSON array file, an NDJSON file or a folder of .json files\n' +
    'against the catalogue schema, without building the catalogue. Exits 0 and prints the\n' +
    'documents by type when all are valid; exits 1 and prints each problem\n' +
    '(file:line (uri) /field: the value, and what is expected) when not. Warnings go to\n' +
    'stderr and do not fail the check: a parent missing or invalid (the document is served\n' +
    'as top-level), and a group or ancestors that contradict the parent chain (front ends\n' +
    'that read them show another tree than the one served).\n' +
    'The catalogue is [path], else --catalogue, else $CATALOGUE, else the sample, as for\n' +
    'every command.',
  options: { catalogue: catalogueOptions.catalogue, format: formatOption },
  examples: [
    'catalogue validate data/sample.ndjson',
    'catalogue validate test/fixtures/rac',
    'catalogue validate finding-aids/   # EAD .xml files, imported as they are read',
    'catalogue validate export/ || echo "fix the export first"',
    'CATALOGUE=export/ catalogue validate',
  ],
  async run({ values, positionals }, io) {
    const path = cataloguePath(givenPath(positionals, values.catalogue, 'validate'), io)
    const style = styleFor(io)
    const progress = loadingProgress(io, 'Checking')
    const format = formatOf(values.format, 'validate')
    const { counts, invalid, warnings } = await checkCatalogue(path, {
      onProgress: (report) => progress.update(report),
      ...(format ? { format } : {}),
    }).finally(() => progress.stop())
    // Warnings do not fail the check: a document whose parent is missing is served as a
    // top-level one, and a group or ancestors contradicting the parent chain as they are.
    writeWarnings(io, warnings.map(describeWarning))
    const valid = Object.values(counts).reduce((sum, count) => sum + count, 0)
    const byType = Object.entries(counts).map(
      ([type, count]) => `  ${type.padEnd(12)}${formatCount(count).padStart(9)}`,
    )
    if (invalid.length === 0) {
      await write(
        io.stdout,
        `${style.green('✓')} ${path}: ${plural(valid, 'valid document')}\n` +
          `${byType.join('\n')}\n`,
      )
      return EXIT.ok
    }
    const problems = invalid.flatMap((document) =>
      document.problems.map((problem) => describeProblem(document, problem)),
    )
    const summary =
      `${style.red('✗')} ${path}: ${plural(invalid.length, 'invalid document')} ` +
      `(${plural(problems.length, 'problem')}), ${formatCount(valid)} valid`
    // Once, at the end: what serving it anyway would take.
    const hint = skipInvalidHint(invalid.length, valid, 'load')
    const skipping =
      hint === '' ? '' : `serve, index and push refuse it: give them --skip-invalid to ${hint}\n`
    await write(io.stdout, `${problems.join('\n')}\n${summary}\n${skipping}`)
    return EXIT.failure
  },
})
