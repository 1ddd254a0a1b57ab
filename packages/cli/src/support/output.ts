import type { MaybePromise } from '@archive-catalogue/core'
import type { OptionSpec } from './command.js'
import { type CliIo, write } from './io.js'
import { UsageError } from './usage-errors.js'

/** `--json`: the API's response body, byte for byte, one line. */
export const jsonOption = {
  json: { type: 'boolean', description: "print the API's JSON response (one line)" },
} as const satisfies Record<string, OptionSpec>

/** `--ndjson`: every result of every page, one JSON object a line. */
export const ndjsonOption = {
  ndjson: {
    type: 'boolean',
    description: 'print every result of every page, one JSON object a line',
  },
} as const satisfies Record<string, OptionSpec>

/** How a command prints its result. */
export type OutputMode = 'table' | 'json' | 'ndjson'

/** The output mode asked for; `--json` and `--ndjson` together are a usage error. */
export function outputMode(
  values: { json?: boolean | undefined; ndjson?: boolean | undefined },
  command: string,
): OutputMode {
  if (values.json && values.ndjson) {
    throw new UsageError('--json and --ndjson cannot be used together', command)
  }
  return values.json ? 'json' : values.ndjson ? 'ndjson' : 'table'
}

/** Prints a value as the server sends it: compact JSON and a newline. */
export async function printJson(io: CliIo, value: unknown): Promise<void> {
  await write(io.stdout, `${JSON.stringify(value)}\n`)
}

/** A page of a list endpoint, as far as walking it goes. */
interface Page {
  count: number
  results: unknown[]
}

/**
 * Streams every result from `offset` on, a page of `pageSize` at a time (the catalogue's
 * maximum limit, so the fewest pages), stopping after `cap` results when a limit was given.
 * Each page is written before the next is computed: memory stays at one page.
 */
export async function printAllPages(
  io: CliIo,
  fetchPage: (offset: number, limit: number) => MaybePromise<Page>,
  options: { offset: number; cap: number; pageSize: number },
): Promise<void> {
  let offset = options.offset
  let remaining = options.cap
  while (remaining > 0) {
    const page = await fetchPage(offset, Math.min(options.pageSize, remaining))
    if (page.results.length === 0) break
    await write(io.stdout, `${page.results.map((item) => JSON.stringify(item)).join('\n')}\n`)
    offset += page.results.length
    remaining -= page.results.length
    if (offset >= page.count) break
  }
}
