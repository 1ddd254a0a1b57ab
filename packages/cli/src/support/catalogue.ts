import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import {
  CatalogueError,
  type CatalogueFormat,
  type CatalogueOptions,
  describeWarning,
  isTextLanguage,
  LiveCatalogue,
  type LiveCatalogueOptions,
  type LoadOptions,
  type LoadResult,
  loadCatalogue,
  type ReadProgress,
  TEXT_LANGUAGES,
} from '@archive-catalogue/core'
import { type OptionSpec, optionalPositional } from './command.js'
import { plural } from './format.js'
import type { CliIo } from './io.js'
import { loadingProgress } from './progress.js'
import { withSkipInvalidHint } from './refusals.js'
import { UsageError } from './usage-errors.js'

/**
 * The sample catalogue of the repository, `data/sample.ndjson`: the first one found going up from
 * this module, which runs from `src/support/*.ts` (tsx, vitest) or the bundled `dist/*.js`. Where
 * there is none, the path beside the package (the error then names it).
 */
export function defaultCatalogue(): string {
  const beside = fileURLToPath(new URL('../../../data/sample.ndjson', import.meta.url))
  for (let up = 1; up <= 5; up++) {
    const candidate = fileURLToPath(
      new URL(`${'../'.repeat(up)}data/sample.ndjson`, import.meta.url),
    )
    if (existsSync(candidate)) return candidate
  }
  return beside
}

/** `--format`: how files are read (`.xml` files are EAD finding aids unless told otherwise). */
export const formatOption = {
  type: 'string',
  value: 'auto|json|ead',
  description:
    'read .xml files as EAD finding aids, the others as JSON (auto, the default), or all as one',
} as const satisfies OptionSpec

const FORMATS: readonly CatalogueFormat[] = ['auto', 'json', 'ead']

/** The checked value of `--format`; `command` is the one whose `--help` the error points at. */
export function formatOf(value: string | undefined, command?: string): CatalogueFormat | undefined {
  if (value === undefined) return undefined
  if (!(FORMATS as readonly string[]).includes(value)) {
    throw new UsageError(`--format expects one of ${FORMATS.join(', ')}, got '${value}'`, command)
  }
  return value as CatalogueFormat
}

/** The options every catalogue-reading command takes. */
export const catalogueOptions = {
  catalogue: {
    type: 'string',
    short: 'c',
    value: 'path',
    description: 'catalogue file, folder or snapshot (default: $CATALOGUE, else the sample)',
  },
  'skip-invalid': {
    type: 'boolean',
    description: 'load the valid documents and warn about the others instead of refusing',
  },
  language: {
    type: 'string',
    value: 'name',
    description: `language of the text: ${TEXT_LANGUAGES.join(', ')} (default english)`,
  },
  format: formatOption,
} as const satisfies Record<string, OptionSpec>

/** How many warnings are printed before they are only counted. */
const SHOWN_WARNINGS = 10

/** Prints warnings on stderr: the first few, then how many more. */
export function writeWarnings(io: CliIo, lines: string[]): void {
  if (lines.length === 0) return
  const shown = lines.slice(0, SHOWN_WARNINGS).map((line) => `warning: ${line}\n`)
  const more = lines.length - shown.length
  io.stderr.write(shown.join('') + (more > 0 ? `… and ${plural(more, 'more warning')}\n` : ''))
}

/** Where the catalogue comes from: the argument, else `CATALOGUE`, else the sample. */
export function cataloguePath(given: string | undefined, io: CliIo): string {
  return given ?? (io.env['CATALOGUE'] || defaultCatalogue())
}

/**
 * The path of a command taking `[path]` as well as `--catalogue` (`serve`, `stats`, `index`):
 * either, not both.
 */
export function givenPath(
  positionals: string[],
  flag: string | undefined,
  command: string,
): string | undefined {
  const positional = optionalPositional(positionals, command)
  if (positional !== undefined && flag !== undefined) {
    throw new UsageError('give the catalogue as [path] or --catalogue, not both', command)
  }
  return positional ?? flag
}

/** Options of {@link openCatalogue}. */
export interface OpenOptions extends Omit<CatalogueOptions, 'language'> {
  /** An explicit path (`--catalogue` or `serve`'s positional). */
  path?: string | undefined
  skipInvalid?: boolean | undefined
  /** `--language`, checked here. */
  language?: string | undefined
  /** `--format`, checked here. */
  format?: string | undefined
  /** Threads that read the documents of a build (`--workers`, checked by `workersOf`). */
  workers?: number | undefined
  /** Read a snapshot's arrays into shared memory, for worker threads (`serve --workers`). */
  sharedMemory?: boolean | undefined
}

/**
 * Loads the catalogue a command works on, with a progress bar on a terminal and a warning for
 * skipped documents. Throws the core's {@link CatalogueError} (exit 1).
 */
export async function openCatalogue(io: CliIo, options: OpenOptions = {}): Promise<LoadResult> {
  const { path, load } = loadOptionsOf(io, options)
  return reported(io, path, (onProgress) => loadCatalogue(path, { ...load, onProgress }))
}

/**
 * Loads the catalogue `serve` answers from, as a {@link LiveCatalogue} that reloads without
 * stopping (`--watch`, SIGHUP). The first load is reported as {@link openCatalogue} does.
 */
export async function openLiveCatalogue(
  io: CliIo,
  options: OpenOptions & Pick<LiveCatalogueOptions, 'onReload' | 'prepare'> = {},
): Promise<{ live: LiveCatalogue; result: LoadResult }> {
  const { path, load } = loadOptionsOf(io, options)
  let live: LiveCatalogue | undefined
  const result = await reported(io, path, async (onProgress) => {
    live = await LiveCatalogue.open(path, {
      ...load,
      onProgress,
      ...(options.onReload ? { onReload: options.onReload } : {}),
      ...(options.prepare ? { prepare: options.prepare } : {}),
    })
    return live.loaded
  })
  return { live: live!, result }
}

/** The path and load options of a command's catalogue, its flags checked. */
function loadOptionsOf(io: CliIo, options: OpenOptions): { path: string; load: LoadOptions } {
  const path = cataloguePath(options.path, io)
  if (options.path === undefined && !io.env['CATALOGUE'] && !existsSync(path)) {
    throw new CatalogueError(
      'E_UNREADABLE',
      `No catalogue given (--catalogue PATH or CATALOGUE=PATH) and the sample is missing: ${path}`,
    )
  }
  const language = options.language
  if (language !== undefined && !isTextLanguage(language)) {
    throw new UsageError(
      `--language expects one of ${TEXT_LANGUAGES.join(', ')}, got '${language}'`,
    )
  }
  // Only defined keys: a snapshot's saved options must not be overridden by undefined.
  const load: LoadOptions = {
    ...(options.skipInvalid ? { skipInvalid: true } : {}),
    ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}),
    ...(options.maxLimit !== undefined ? { maxLimit: options.maxLimit } : {}),
    ...(language !== undefined ? { language } : {}),
    // No command to point at (as for --language): `catalogue catalogue --help` is none.
    ...(options.format !== undefined ? { format: formatOf(options.format)! } : {}),
    ...(options.workers !== undefined ? { workers: options.workers } : {}),
    ...(options.sharedMemory ? { sharedMemory: true } : {}),
  }
  return { path, load }
}

/** A load with a progress bar, then its skipped documents and warnings told on stderr. */
async function reported(
  io: CliIo,
  path: string,
  load: (onProgress: (report: ReadProgress) => void) => Promise<LoadResult>,
): Promise<LoadResult> {
  const progress = loadingProgress(io, 'Loading')
  try {
    const result = await load((report) => progress.update(report))
    progress.stop()
    if (result.skipped.length > 0) {
      io.stderr.write(`Skipped ${plural(result.skipped.length, 'invalid document')} of ${path}\n`)
    }
    writeWarnings(io, result.warnings.map(describeWarning))
    return result
  } catch (error) {
    progress.stop()
    throw withSkipInvalidHint(error, 'load')
  }
}
