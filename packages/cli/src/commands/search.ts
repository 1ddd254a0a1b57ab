import type { SearchResult } from '@archive-catalogue/core'
import { catalogueOptions } from '../support/catalogue.js'
import { defineCommand } from '../support/command.js'
import { runListCommand } from '../support/list-command.js'
import { openSearchOptions } from '../support/opensearch.js'
import { jsonOption, ndjsonOption } from '../support/output.js'
import { baseUrlOption, pageOptions, queryOptions } from '../support/params.js'
import { renderSearch } from '../support/tables.js'

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
    ...openSearchOptions,
    ...baseUrlOption,
    ...jsonOption,
    ...ndjsonOption,
  },
  examples: [
    'catalogue search malaria',
    'catalogue search "public health" --filter genre=documents --filter start_date__gte=1920',
    'catalogue search --filter category=person --sort title --limit 20',
    'catalogue search -q "foundation -hoffmann" --json',
    'catalogue search medicine --ndjson | jq -r .uri',
    'catalogue search malaria --opensearch http://node1:9200,http://node2:9200',
  ],
  run(input, io) {
    return runListCommand<SearchResult>('search', input, io, (page, queryText, screen) =>
      renderSearch(page, queryText, screen),
    )
  },
})
