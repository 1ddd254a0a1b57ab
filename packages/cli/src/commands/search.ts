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
import { pageFooter, renderSearch } from '../_tables.js'

/** `catalogue search [words…]`: `GET /search` on the command line. */
export const search = defineCommand({
  name: 'search',
  summary: 'Search collections and agents, one result per top-level group (GET /search)',
  args: '[words…]',
  description:
    'Searches agents, collections and objects and lists the top-level collections and agents\n' +
    'they belong to, ranked by relevance (or --sort), with hit counts. Filters and their\n' +
    "errors are the API's (API.md §3).",
  options: {
    ...queryOptions,
    ...pageOptions,
    ...catalogueOptions,
    ...baseUrlOption,
    ...jsonOption,
    ...ndjsonOption,
  },
  examples: [
    'catalogue search rockefeller',
    'catalogue search "public health" --filter genre=documents --filter start_date__gte=1920',
    'catalogue search --filter category=person --sort title --limit 20',
    'catalogue search -q "foundation -rockefeller" --json',
    'catalogue search medicine --ndjson | jq -r .uri',
  ],
  async run({ values, positionals }, io) {
    const mode = outputMode(values, 'search')
    const params = requestParams('search', { words: positionals, ...values })
    const { catalogue } = await openCatalogue(io, {
      path: values.catalogue,
      skipInvalid: values['skip-invalid'],
    })
    const baseUrl = baseUrlOf(values['base-url'])
    const request = catalogue.parse('search', params)
    if (mode === 'ndjson') {
      await printAllPages(
        io,
        (offset, limit) => catalogue.search(withPage(params, offset, limit), { baseUrl }),
        {
          offset: request.offset,
          cap: values.limit === undefined ? Number.POSITIVE_INFINITY : Number(values.limit),
          pageSize: catalogue.options.maxLimit,
        },
      )
      return EXIT.ok
    }
    const page = catalogue.search(request, { baseUrl })
    if (mode === 'json') {
      await printJson(io, page)
      return EXIT.ok
    }
    const screen = { width: widthFor(io), style: styleFor(io) }
    const footer = pageFooter(page.count, request.offset, page.results.length, screen.style)
    await write(io.stdout, renderSearch(page, request.queryText, screen) + footer)
    return EXIT.ok
  },
})
