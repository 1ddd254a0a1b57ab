import type { ListItem, ListPage } from '@archive-catalogue/core'
import { catalogueOptions } from '../support/catalogue.js'
import { defineCommand } from '../support/command.js'
import { runListCommand } from '../support/list-command.js'
import { openSearchOptions } from '../support/opensearch.js'
import { jsonOption, ndjsonOption } from '../support/output.js'
import { baseUrlOption, pageOptions, queryOptions } from '../support/params.js'
import { renderCollections } from '../support/tables.js'

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
    ...openSearchOptions,
    ...baseUrlOption,
    ...jsonOption,
    ...ndjsonOption,
  },
  examples: [
    'catalogue collections --sort title',
    'catalogue collections --query photographs --filter online=true',
    'catalogue collections --filter start_date__range=1900__1950 --sort -start_date --limit 10',
    'catalogue collections --ndjson > collections.ndjson',
  ],
  run(input, io) {
    return runListCommand<ListItem>('collections', input, io, (page, _, screen) =>
      renderCollections(page as ListPage, screen),
    )
  },
})
