import { parseFor } from '@archive-catalogue/core'
import { catalogueOptions } from '../support/catalogue.js'
import { defineCommand } from '../support/command.js'
import { styleFor, widthFor } from '../support/format.js'
import { write } from '../support/io.js'
import { openBackend, openSearchOptions } from '../support/opensearch.js'
import { jsonOption, outputMode, printJson } from '../support/output.js'
import { queryOptions, requestParams } from '../support/params.js'
import { renderFacets } from '../support/tables.js'
import { EXIT, UsageError } from '../support/usage-errors.js'

/** `catalogue facets [words…]`: `GET /facets` on the command line. */
export const facets = defineCommand({
  name: 'facets',
  summary: 'Count creators, subjects, formats, dates and online documents (GET /facets)',
  args: '[words…]',
  description:
    'Counts, over every document matching the words and filters (all types), the creators,\n' +
    'subjects and formats, the date range and the documents online; shown as bars.',
  options: {
    ...queryOptions,
    top: {
      type: 'string',
      short: 't',
      value: 'n',
      description: 'buckets shown per facet in the table (default 10; --json has them all)',
    },
    ...catalogueOptions,
    ...openSearchOptions,
    ...jsonOption,
  },
  examples: [
    'catalogue facets',
    'catalogue facets malaria --top 20',
    'catalogue facets --filter category=collection --filter start_date__lt=1950 --json',
  ],
  async run({ values, positionals }, io) {
    const mode = outputMode(values, 'facets')
    const top = Number(values.top ?? 10)
    if (!Number.isInteger(top) || top < 1) {
      throw new UsageError(`--top expects a positive integer, got '${values.top}'`, 'facets')
    }
    const params = requestParams('facets', { words: positionals, ...values })
    const { backend, close } = await openBackend(io, values, 'facets')
    const counts = await Promise.resolve(
      backend.facets(parseFor(backend, 'facets', params)),
    ).finally(close)
    if (mode === 'json') {
      await printJson(io, counts)
      return EXIT.ok
    }
    await write(io.stdout, renderFacets(counts, top, { width: widthFor(io), style: styleFor(io) }))
    return EXIT.ok
  },
})
