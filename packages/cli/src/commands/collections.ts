import { catalogueOptions, openCatalogue } from '../_catalogue.js'
import { defineCommand } from '../_command.js'
import { EXIT } from '../_errors.js'
import { styleFor, widthFor } from '../_format.js'
import { write } from '../_io.js'
import { jsonOption, ndjsonOption, outputMode, printAllPages, printJson } from '../_output.js'
import {
  baseUrlOf,
  baseUrlOption,
  pageOptions,
  queryOptions,
  requestParams,
  withPage,
} from '../_params.js'
import { pageFooter, renderCollections } from '../_tables.js'

/** `catalogue collections`: `GET /collections` on the command line. */
export const collections = defineCommand({
  name: 'collections',
  summary: 'List collections of every level, filtered and sorted (GET /collections)',
  args: '[words…]',
  description:
    'Lists collections of every level, in catalogue order, or by relevance with --query, or\n' +
    "by --sort. Filters and their errors are the API's (API.md §3).",
  options: {
    ...queryOptions,
    ...pageOptions,
    ...catalogueOptions,
    ...baseUrlOption,
    ...jsonOption,
    ...ndjsonOption,
  },
  examples: [
    'catalogue collections --sort title',
    'catalogue collections --query rockefeller --filter online=true',
    'catalogue collections --filter start_date__range=1900__1950 --sort -start_date --limit 10',
    'catalogue collections --ndjson > collections.ndjson',
  ],
  async run({ values, positionals }, io) {
    const mode = outputMode(values, 'collections')
    const params = requestParams('collections', { words: positionals, ...values })
    const { catalogue } = await openCatalogue(io, {
      path: values.catalogue,
      skipInvalid: values['skip-invalid'],
    })
    const baseUrl = baseUrlOf(values['base-url'])
    const request = catalogue.parse('collections', params)
    if (mode === 'ndjson') {
      await printAllPages(
        io,
        (offset, limit) => catalogue.collections(withPage(params, offset, limit), { baseUrl }),
        {
          offset: request.offset,
          cap: values.limit === undefined ? Number.POSITIVE_INFINITY : Number(values.limit),
          pageSize: catalogue.options.maxLimit,
        },
      )
      return EXIT.ok
    }
    const page = catalogue.collections(request, { baseUrl })
    if (mode === 'json') {
      await printJson(io, page)
      return EXIT.ok
    }
    const screen = { width: widthFor(io), style: styleFor(io) }
    const footer = pageFooter(page.count, request.offset, page.results.length, screen.style)
    await write(io.stdout, renderCollections(page, screen) + footer)
    return EXIT.ok
  },
})
