import {
  type CatalogueBackend,
  type Page,
  type ParsedRequest,
  parseFor,
} from '@archive-catalogue/core'
import type { catalogueOptions } from './catalogue.js'
import type { Values } from './command.js'
import { styleFor, widthFor } from './format.js'
import { type CliIo, write } from './io.js'
import { openBackend } from './opensearch.js'
import { outputMode, printAllPages, printJson } from './output.js'
import { baseUrlOf, requestParams, withPage } from './params.js'
import { pageFooter, type Screen } from './tables.js'
import { EXIT } from './usage-errors.js'

/** The values every list command (`search`, `collections`) takes. */
type ListValues = Record<string, unknown> &
  Values<typeof catalogueOptions> & {
    json?: boolean
    ndjson?: boolean
    'base-url'?: string
    limit?: string
  }

/**
 * Runs a list endpoint on the command line: parses the flags with the core's parser, then prints
 * every page as NDJSON, the API's JSON, or a table for people.
 */
export async function runListCommand<T>(
  endpoint: 'search' | 'collections',
  { values, positionals }: { values: ListValues; positionals: string[] },
  io: CliIo,
  render: (page: Page<T>, queryText: string, screen: Screen) => string,
): Promise<number> {
  const mode = outputMode(values, endpoint)
  const params = requestParams(endpoint, { words: positionals, ...values })
  // Through the backend interface: any backend answers alike, a remote one with a promise.
  const { backend, close } = await openBackend(io, values as OpenValues, endpoint)
  try {
    return await printList(endpoint, backend, values, params, mode, io, render)
  } finally {
    await close()
  }
}

type OpenValues = Parameters<typeof openBackend>[1]

async function printList<T>(
  endpoint: 'search' | 'collections',
  backend: CatalogueBackend,
  values: ListValues,
  params: ReturnType<typeof requestParams>,
  mode: ReturnType<typeof outputMode>,
  io: CliIo,
  render: (page: Page<T>, queryText: string, screen: Screen) => string,
): Promise<number> {
  const baseUrl = baseUrlOf(values['base-url'])
  const request = parseFor(backend, endpoint, params)
  const list = async (input: ParsedRequest) =>
    (await (endpoint === 'search'
      ? backend.search(input, { baseUrl })
      : backend.collections(input, { baseUrl }))) as unknown as Page<T>
  if (mode === 'ndjson') {
    const pageAt = (offset: number, limit: number) =>
      list(parseFor(backend, endpoint, withPage(params, offset, limit)))
    await printAllPages(io, pageAt, {
      offset: request.offset,
      cap: values.limit === undefined ? Number.POSITIVE_INFINITY : Number(values.limit),
      pageSize: backend.options.maxLimit,
    })
    return EXIT.ok
  }
  const page = await list(request)
  if (mode === 'json') {
    await printJson(io, page)
    return EXIT.ok
  }
  const screen = { width: widthFor(io), style: styleFor(io) }
  const footer = pageFooter(page.count, request.offset, page.results.length, screen.style)
  await write(io.stdout, render(page, request.queryText, screen) + footer)
  return EXIT.ok
}
