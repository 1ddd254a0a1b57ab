import { availableParallelism } from 'node:os'
import type { CitationOptions, LiveCatalogue, ReloadOutcome } from '@archive-catalogue/core'
import type { OaiSettings } from '@archive-catalogue/http'
import { catalogueOptions, givenPath, openLiveCatalogue } from '../support/catalogue.js'
import { defineCommand } from '../support/command.js'
import { formatCount, plural } from '../support/format.js'
import { type CliIo, write } from '../support/io.js'
import { OAI_OPTIONS, oaiSettings } from '../support/oai-options.js'
import { openOpenSearch, openSearchOptions } from '../support/opensearch.js'
import { whenOrphaned } from '../support/orphaned.js'
import { ServeThreads } from '../support/serve-threads.js'
import { type ServedSettings, servedApp } from '../support/served-app.js'
import { CommandError, describeError, EXIT, UsageError } from '../support/usage-errors.js'
import { workersOf } from '../support/workers-option.js'

/** The cores of this machine: the worker threads `serve` starts unless told. */
const CORES = availableParallelism()
/** The response cache's memory unless told (`--response-cache`), all workers together. */
const DEFAULT_CACHE_MIB = 64

/** `catalogue serve [path]`: the read API over HTTP. */
export const serve = defineCommand({
  name: 'serve',
  summary: 'Serve the catalogue read API over HTTP',
  args: '[path]',
  description:
    'Loads the catalogue (path, --catalogue, CATALOGUE or the sample) and serves the API.\n' +
    'SIGHUP (or a change, with --watch) loads it again in the background and swaps it in\n' +
    'once it loaded whole; a catalogue that fails keeps the old one serving (the reason is\n' +
    'logged, and /health shows it). Stops gracefully on SIGINT or SIGTERM, finishing the\n' +
    'requests in flight; also when npm, npx or the terminal that started it is gone (not when\n' +
    'put in the background with nohup, & or a double fork).',
  options: {
    port: { type: 'string', short: 'p', value: 'n', description: 'port, 0 for any (default 8000)' },
    host: { type: 'string', value: 'host', description: 'interface (default 127.0.0.1)' },
    'base-url': {
      type: 'string',
      value: 'url',
      description: 'public base URL of links, behind a proxy: https://example.org/api',
    },
    'trust-proxy': {
      type: 'boolean',
      description: 'build links from X-Forwarded-Proto/-Host (when no --base-url)',
    },
    'max-limit': { type: 'string', value: 'n', description: 'largest page size (default 500)' },
    'access-log': { type: 'boolean', description: 'log each request on stderr' },
    workers: {
      type: 'string',
      value: 'n',
      description: `threads answering requests over one shared copy of the catalogue (default: one a core, ${CORES} here; 1 answers on the main thread); given, also those reading a build's documents`,
    },
    'response-cache': {
      type: 'string',
      value: 'MiB',
      description:
        'memory for recent answers, repeated requests served from it, shared out among the workers; 0 for none (default 64)',
    },
    watch: {
      type: 'boolean',
      description: 'reload the catalogue when its file or folder changes (SIGHUP reloads too)',
    },
    site: {
      type: 'boolean',
      description: 'serve the discovery site for readers at / and the API under /api',
    },
    'site-name': {
      type: 'string',
      value: 'name',
      description:
        "the archive's name on the site (default: --citation-name, else 'Archive catalogue')",
    },
    'site-language': {
      type: 'string',
      value: 'code',
      description:
        "the site's language for every reader: en, fr, de, es, nl or it (default: each reader's Accept-Language, else en)",
    },
    'site-config': {
      type: 'string',
      value: 'file',
      description:
        "the archive's name, logo, colours, about page and footer from a JSON file (docs/site.md)",
    },
    ...OAI_OPTIONS,
    'citation-name': {
      type: 'string',
      value: 'name',
      description: "the repository's name in citations, e.g. 'Rockefeller Archive Center'",
    },
    'citation-url': {
      type: 'string',
      value: 'url',
      description: 'public site of the records in citations (default: the API base URL)',
    },
    'citation-separator': {
      type: 'string',
      value: 'text',
      description: "between the parts of a citation (default '; ')",
    },
    ...catalogueOptions,
    ...openSearchOptions,
  },
  examples: [
    'catalogue serve',
    'catalogue serve catalogue.snapshot --port 8080 --host 0.0.0.0',
    'catalogue serve --port 0   # any free port; the URL is printed',
    "catalogue serve --site --site-name 'Example Archive'   # the site at /, the API at /api",
    'catalogue serve --site --site-language fr   # the site in French for every reader',
    'catalogue serve --site --site-config site.json   # its logo, colours, about page, footer',
    'catalogue serve --base-url https://archive.example.org/api --access-log',
    'catalogue serve export/ --watch   # reloads when the export changes',
    "catalogue serve --citation-name 'Example Archive' --citation-url https://archive.example.org",
    'catalogue serve --opensearch http://127.0.0.1:9200 --index catalogue   # a push is the reload',
    'catalogue serve --opensearch http://node1:9200,http://node2:9200,http://node3:9200   # every node',
  ],
  async run({ values, positionals }, io) {
    const options = serveOptions(values)
    const language = await siteLanguage(values)
    const config = await siteConfig(values)
    const site = values.site === true
    const answering = await answeringThreads(values, options)
    // With the site, --base-url is the site's public URL, and the API is under it at /api.
    const apiBaseUrl =
      options.baseUrl !== undefined && site
        ? `${options.baseUrl.replace(/\/+$/, '')}/api`
        : options.baseUrl
    const settings: ServedSettings = {
      api: {
        ...(apiBaseUrl !== undefined ? { baseUrl: apiBaseUrl } : {}),
        ...(options.maxLimit !== undefined ? { maxLimit: options.maxLimit } : {}),
        citation: options.citation,
        oai: options.oai,
        trustProxy: values['trust-proxy'] === true,
        accessLog: values['access-log'] === true,
        // Each worker keeps its own cache: together they take the memory given.
        responseCacheBytes: Math.floor(
          ((options.cacheMiB ?? DEFAULT_CACHE_MIB) * 2 ** 20) / answering,
        ),
      },
      site: site
        ? {
            ...config,
            name:
              values['site-name'] ??
              config?.name ??
              (options.citation.repositoryName || 'Archive catalogue'),
            ...(language !== undefined ? { language } : {}),
          }
        : null,
    }
    const logger = {
      info: (line: string) => io.stderr.write(`${line}\n`),
      error: (message: string, error: unknown) =>
        io.stderr.write(
          error === undefined ? `${message}\n` : `${message}\n${describeError(error)}\n`,
        ),
    }
    const served = await openServed(io, values, positionals, options, settings, answering)
    const { remote, opened, threads } = served
    const live = opened?.live
    const { handleSignals, listen } = await import('@archive-catalogue/http')
    const app = threads
      ? await threads.start(logger, live!)
      : await servedApp(remote ?? live!, settings, logger)
    const { port, host } = options
    const listening = await listen(app, {
      port,
      host,
      ...(io.signal ? { signal: io.signal } : {}),
    }).catch(async (error: NodeJS.ErrnoException) => {
      await remote?.close()
      await threads?.close()
      throw cannotListen(error, host, port)
    })
    const serving = opened
      ? `${plural(opened.result.catalogue.size, 'document')} at ${listening.url} ` +
        `(loaded in ${formatCount(Math.round(opened.result.milliseconds))} ms)`
      : `${remote!.name}, index ${remote!.version}, at ${listening.url}`
    await write(
      io.stdout,
      `Serving ${serving}\n` +
        (site ? `Site at ${listening.url}/, API at ${listening.url}/api\n` : '') +
        (options.baseUrl !== undefined ? `Public base URL: ${options.baseUrl}\n` : '') +
        (opened ? `${describeWorkers(threads?.size ?? 1, opened.result.workers)}\n` : ''),
    )
    const stopWatching = values.watch === true && live ? await live.watch() : () => {}
    if (values.watch === true && live) await write(io.stderr, `Watching ${live.path} for changes\n`)
    const code = await untilStopped(io, listening, live, handleSignals)
    stopWatching()
    await remote?.close()
    await threads?.close()
    await write(io.stderr, 'Stopped.\n')
    return code
  },
})

type ServeValues = Parameters<typeof serve.run>[0]['values']
type Http = typeof import('@archive-catalogue/http')

/** The options of `serve` that are checked before anything is loaded. */
interface ServeOptions {
  port: number
  /** Threads answering requests: 1 is the main thread. */
  workers: number
  host: string
  maxLimit: number | undefined
  cacheMiB: number | undefined
  baseUrl: string | undefined
  citation: CitationOptions
  oai: OaiSettings
}

/** Reads and checks the options; a bad value is a usage error naming the option. */
function serveOptions(values: ServeValues): ServeOptions {
  // The numbers first, then the URLs: the order the messages of several mistakes come in.
  const port = integer(values.port ?? '8000', '--port', 0, 65_535)
  const workers = workersOf(values.workers, 'serve') ?? CORES
  if (values.workers !== undefined && values.opensearch !== undefined) {
    throw new UsageError(
      '--workers is for a catalogue in memory: with --opensearch the cluster does the work',
      'serve',
    )
  }
  const maxLimit =
    values['max-limit'] === undefined
      ? undefined
      : integer(values['max-limit'], '--max-limit', 1, 1_000_000)
  const cacheMiB =
    values['response-cache'] === undefined
      ? undefined
      : integer(values['response-cache'], '--response-cache', 0, 1_000_000)
  const baseUrl = values['base-url']
  if (baseUrl !== undefined && !URL.canParse(baseUrl)) {
    throw new UsageError(`--base-url expects an absolute URL, got '${baseUrl}'`, 'serve')
  }
  // The site's pages link each other from the root (`/search`, `/collections/…`).
  const basePath = baseUrl === undefined ? '/' : new URL(baseUrl).pathname
  if (values.site === true && basePath.replace(/\/+$/, '') !== '') {
    throw new UsageError(
      `--base-url: the site is served at the root of its host, got the path '${basePath}' in '${baseUrl}'; give the site a host of its own, or serve the API alone (without --site) under a path`,
      'serve',
    )
  }
  const citationUrl = values['citation-url']
  if (citationUrl !== undefined && !URL.canParse(citationUrl)) {
    throw new UsageError(`--citation-url expects an absolute URL, got '${citationUrl}'`, 'serve')
  }
  const oai = oaiSettings(values, baseUrl)
  return {
    port,
    workers,
    host: values.host ?? '127.0.0.1',
    maxLimit,
    cacheMiB,
    baseUrl,
    oai,
    citation: {
      ...(values['citation-name'] !== undefined ? { repositoryName: values['citation-name'] } : {}),
      ...(citationUrl !== undefined ? { publicUrl: citationUrl } : {}),
      ...(values['citation-separator'] !== undefined
        ? { separator: values['citation-separator'] }
        : {}),
    },
  }
}

/**
 * `--site-language`, checked against the site's languages before anything is loaded (the site
 * package itself only when the option is given).
 */
async function siteLanguage(values: ServeValues) {
  const value = values['site-language']
  if (value === undefined) return undefined
  if (values.site !== true) {
    throw new UsageError('--site-language is for the discovery site: add --site', 'serve')
  }
  const { LANGUAGES } = await import('@archive-catalogue/site')
  const language = LANGUAGES.find((known) => known === value)
  if (language === undefined) {
    throw new UsageError(
      `--site-language expects one of ${LANGUAGES.join(', ')}, got '${value}'`,
      'serve',
    )
  }
  return language
}

/**
 * `--site-config`: the archive's own name, logo, colours, about page and footer, read and checked
 * before anything is loaded; a mistake names the file and the field.
 */
async function siteConfig(values: ServeValues) {
  const file = values['site-config']
  if (file === undefined) return undefined
  if (values.site !== true) {
    throw new UsageError('--site-config is for the discovery site: add --site', 'serve')
  }
  const { loadSiteConfig, SiteConfigError } = await import('@archive-catalogue/site')
  return loadSiteConfig(file).catch((error: unknown) => {
    throw error instanceof SiteConfigError ? new CommandError(error.message) : error
  })
}

/**
 * What is served: the cluster given with `--opensearch` (a push is its reload, so there is
 * nothing to watch), else the catalogue at the path, loaded and kept live, answered on the main
 * thread or (`--workers` 2 or more) on worker threads sharing it.
 */
async function openServed(
  io: CliIo,
  values: ServeValues,
  positionals: string[],
  options: ServeOptions,
  settings: ServedSettings,
  answering: number,
) {
  const { maxLimit, citation } = options
  const remote = await openOpenSearch(values, 'serve', {
    citation,
    ...(maxLimit !== undefined ? { maxLimit } : {}),
  })
  if (remote && (values.watch === true || positionals.length > 0 || values.catalogue)) {
    await remote.close()
    throw new UsageError(
      '--opensearch serves the pushed catalogue: give no path or --watch',
      'serve',
    )
  }
  if (remote) return { remote, opened: undefined, threads: undefined }
  const threads = answering > 1 ? new ServeThreads(answering, settings) : undefined
  const opened = await openLiveCatalogue(io, {
    onReload: (outcome) => {
      io.stderr.write(`${describeReload(outcome, opened.live)}\n`)
      threads?.reloaded(opened.live)
    },
    ...(threads ? { prepare: threads.prepare, sharedMemory: true } : {}),
    // Given, --workers is also the threads that read a build; else the build's own default.
    ...(values.workers !== undefined ? { workers: options.workers } : {}),
    path: givenPath(positionals, values.catalogue, 'serve'),
    skipInvalid: values['skip-invalid'],
    language: values.language,
    format: values.format,
    ...(maxLimit !== undefined ? { maxLimit } : {}),
  })
  return { remote: undefined, opened, threads }
}

/**
 * Serves until stopped, and resolves to the exit code. An embedding program (or a test) stops
 * the server with its own signal (given to `listen`); a process hands SIGINT and SIGTERM to the
 * HTTP package, reloads on SIGHUP, and stops when the process that started it is gone.
 */
function untilStopped(
  io: CliIo,
  listening: Awaited<ReturnType<Http['listen']>>,
  live: LiveCatalogue | undefined,
  handleSignals: Http['handleSignals'],
): Promise<number> {
  return new Promise<number>((resolve) => {
    if (io.signal) {
      if (!listening.server.listening) resolve(EXIT.ok)
      else listening.server.once('close', () => resolve(EXIT.ok))
      return
    }
    const reload = () => {
      if (!live) return
      io.stderr.write('SIGHUP: reloading the catalogue…\n')
      void live.reload()
    }
    process.on('SIGHUP', reload)
    const stopOrphan = whenOrphaned(() => {
      io.stderr.write('The process that started the server is gone: stopping.\n')
      process.kill(process.pid, 'SIGTERM')
    })
    const removeHandlers = handleSignals(listening, {
      onSignal: (signal) => io.stderr.write(`${signal}: finishing the requests in flight…\n`),
      exit: (exitCode) => {
        // A second signal means now: exit at once, as the HTTP package would.
        if (exitCode !== 0) process.exit(exitCode)
        removeHandlers()
        process.off('SIGHUP', reload)
        stopOrphan()
        resolve(exitCode)
      },
    })
  })
}

/**
 * How many threads answer: `--workers` over a catalogue in memory, when the worker scripts are
 * there (not when a bundler folded the packages into one file); one, the main thread, otherwise.
 */
async function answeringThreads(values: ServeValues, options: ServeOptions): Promise<number> {
  if (values.opensearch !== undefined || options.workers === 1) return 1
  const { AppWorkers } = await import('@archive-catalogue/http')
  return AppWorkers.available() ? options.workers : 1
}

/**
 * Who answers (the main thread, or worker threads over one shared copy of the catalogue), and
 * how many workers read the documents of a build, when there were several.
 */
function describeWorkers(answering: number, reading: number): string {
  const read = reading > 1 ? ` (its documents read on ${reading} workers)` : ''
  return answering === 1
    ? `Answering on the main thread (--workers 1)${read}`
    : `Answering on ${answering} worker threads, over one shared copy of the catalogue${read}`
}

/** One line on stderr for a reload: what is served now, or why the old catalogue stays. */
function describeReload(outcome: ReloadOutcome, live: LiveCatalogue | undefined): string {
  if (outcome.ok) {
    const { catalogue, milliseconds, warnings } = outcome.result
    const warned = warnings.length > 0 ? `, ${plural(warnings.length, 'warning')}` : ''
    return (
      `Reloaded: ${plural(catalogue.size, 'document')}, version ${catalogue.version} ` +
      `(in ${formatCount(Math.round(milliseconds))} ms${warned})`
    )
  }
  const version = live ? live.current.version : 'unknown'
  return `Reload failed; still serving version ${version}:\n${describeError(outcome.error)}`
}

/** The usual reasons a server cannot listen, said plainly; anything else as it is. */
function cannotListen(error: NodeJS.ErrnoException, host: string, port: number): Error {
  const where = `${host}:${port}`
  if (error.code === 'EADDRINUSE') {
    return new CommandError(`Cannot listen on ${where}: the port is in use (try another --port)`)
  }
  if (error.code === 'EACCES') {
    return new CommandError(`Cannot listen on ${where}: permission denied (try a port over 1023)`)
  }
  if (error.code === 'EADDRNOTAVAIL' || error.code === 'ENOTFOUND') {
    return new CommandError(`Cannot listen on ${where}: no such address on this machine (--host)`)
  }
  return error
}

function integer(value: string, flag: string, min: number, max: number): number {
  const number = Number(value)
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new UsageError(
      `${flag} expects an integer from ${min} to ${max}, got '${value}'`,
      'serve',
    )
  }
  return number
}
