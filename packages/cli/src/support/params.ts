import { API_DEFAULTS, endpointParameters, parseRequest } from '@archive-catalogue/core'
import type { OptionSpec } from './command.js'
import { UsageError } from './usage-errors.js'

// The filters of each endpoint (API.md §3). The core ignores unknown parameters (DIMES sends
// some); on a command line an unknown name is a typo, so the CLI refuses it.
const FILTERS: Record<'search' | 'facets' | 'collections', readonly string[]> = {
  search: [...endpointParameters.search.filters].sort(),
  facets: [...endpointParameters.facets.filters].sort(),
  collections: [...endpointParameters.collections.filters].sort(),
}

/** The request options of `search`, `facets` and `collections`. */
export const queryOptions = {
  query: {
    type: 'string',
    short: 'q',
    value: 'text',
    description: 'search terms (for terms starting with -, e.g. -q "rockefeller -foundation")',
  },
  filter: {
    type: 'string',
    short: 'f',
    multiple: true,
    value: 'field=value',
    description: 'a filter, repeatable: genre=audio, start_date__gte=1900, subject__in=a__b',
  },
} as const satisfies Record<string, OptionSpec>

/** The paging options of `search` and `collections`. */
export const pageOptions = {
  sort: {
    type: 'string',
    short: 's',
    value: 'fields',
    description: 'sort fields, comma-separated, - for descending: title, -start_date',
  },
  limit: { type: 'string', short: 'n', value: 'n', description: 'page size (default 50)' },
  offset: { type: 'string', value: 'n', description: 'index of the first result (default 0)' },
} as const satisfies Record<string, OptionSpec>

/** What a list command was asked, as words and flags. */
export interface RequestInputs {
  words?: string[]
  query?: string | undefined
  filter?: string[] | undefined
  sort?: string | undefined
  limit?: string | undefined
  offset?: string | undefined
}

/**
 * Turns a command line into the API's query parameters and validates them with the core, so a
 * bad value fails before the catalogue is loaded, with the API's own 400 message.
 */
export function requestParams(
  endpoint: 'search' | 'facets' | 'collections',
  inputs: RequestInputs,
): URLSearchParams {
  const params = new URLSearchParams()
  const query = [...(inputs.words ?? []), inputs.query ?? ''].join(' ').trim()
  if (query) params.append('query', query)
  for (const filter of inputs.filter ?? []) {
    const [name, value] = splitFilter(filter, endpoint)
    params.append(name, value)
  }
  if (inputs.sort !== undefined) params.append('sort', inputs.sort)
  if (inputs.limit !== undefined) params.append('limit', inputs.limit)
  if (inputs.offset !== undefined) params.append('offset', inputs.offset)
  parseRequest(endpoint, params)
  return params
}

function splitFilter(filter: string, endpoint: keyof typeof FILTERS): [string, string] {
  const equals = filter.indexOf('=')
  if (equals <= 0) {
    throw new UsageError(
      `--filter expects field=value or field__lookup=value, got '${filter}'`,
      endpoint,
    )
  }
  const name = filter.slice(0, equals)
  const field = name.split('__')[0]!
  if (!FILTERS[endpoint].includes(field)) {
    throw new UsageError(
      `unknown filter '${field}' in '${filter}'; ` +
        `${endpoint} filters on ${FILTERS[endpoint].join(', ')}`,
      endpoint,
    )
  }
  return [name, filter.slice(equals + 1)]
}

/** `--base-url`: the public base URL of `next`/`previous` links, as a server would be told. */
export const baseUrlOption = {
  'base-url': {
    type: 'string',
    value: 'url',
    description: `public base URL of the links in JSON (default ${API_DEFAULTS.baseUrl})`,
  },
} as const satisfies Record<string, OptionSpec>

/** The base URL a reading command answers with: the flag, else the server's default. */
export function baseUrlOf(value: string | undefined): string {
  return value ?? API_DEFAULTS.baseUrl
}

/** The same parameters with another page's `limit` and `offset` (for walking every page). */
export function withPage(params: URLSearchParams, offset: number, limit: number): URLSearchParams {
  const page = new URLSearchParams(params)
  page.set('offset', String(offset))
  page.set('limit', String(limit))
  return page
}
