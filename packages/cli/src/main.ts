import { readFileSync } from 'node:fs'
import { collections } from './commands/collections.js'
import { explain } from './commands/explain.js'
import { exportCommand } from './commands/export.js'
import { facets } from './commands/facets.js'
import { get } from './commands/get.js'
import { importCommand } from './commands/import.js'
import { index } from './commands/index-snapshot.js'
import { init } from './commands/init.js'
import { push } from './commands/push.js'
import { search } from './commands/search.js'
import { serve } from './commands/serve.js'
import { stats } from './commands/stats.js'
import { validate } from './commands/validate.js'
import { didYouMean } from './support/closest.js'
import { type Command, commandHelp, parseCommand } from './support/command.js'
import type { CliIo } from './support/io.js'
import { describeError, EXIT, exitCodeOf, UsageError } from './support/usage-errors.js'

// Erased to the base type: each command checks its own options' types.
const commands = [
  init,
  importCommand,
  exportCommand,
  validate,
  serve,
  search,
  facets,
  collections,
  get,
  explain,
  stats,
  index,
  push,
] as unknown as Command[]

/**
 * Runs the `catalogue` command line and resolves to its exit code: 0 success, 1 a catalogue
 * error (invalid, unreadable, not found), 2 a usage error (unknown command or option, missing
 * argument, bad parameter value). Never exits the process and never throws: all I/O is `io`.
 * @example process.exitCode = await runMain(process.argv.slice(2), { stdout, stderr, env, isTTY })
 */
export async function runMain(argv: readonly string[], io: CliIo): Promise<number> {
  try {
    const [name, ...rest] = argv
    if (name === undefined) {
      io.stderr.write(mainHelp())
      return EXIT.usage
    }
    if (name === '--help' || name === '-h') {
      io.stdout.write(mainHelp())
      return EXIT.ok
    }
    if (name === '--version' || name === '-v') {
      io.stdout.write(`${version()}\n`)
      return EXIT.ok
    }
    if (name === 'help') {
      const topic = rest[0] === undefined ? undefined : find(rest[0])
      io.stdout.write(topic ? commandHelp(topic) : mainHelp())
      return EXIT.ok
    }
    const command = find(name)
    const parsed = parseCommand(command, rest)
    if (parsed === undefined) {
      io.stdout.write(commandHelp(command))
      return EXIT.ok
    }
    return await command.run(parsed, io)
  } catch (error) {
    io.stderr.write(`${describeError(error)}\n`)
    return exitCodeOf(error)
  }
}

function find(name: string): Command {
  const command = commands.find((candidate) => candidate.name === name)
  if (command) return command
  if (name.startsWith('-')) {
    throw new UsageError(`unknown option '${name}'${didYouMean(name, ['--help', '--version'])}`)
  }
  const hint = didYouMean(
    name,
    commands.map((candidate) => candidate.name),
  )
  throw new UsageError(`unknown command '${name}'${hint}`)
}

function mainHelp(): string {
  const width = Math.max(...commands.map((command) => command.name.length))
  return [
    'Usage: catalogue <command> [options]',
    '',
    "Validate, explore and serve an archive's catalogue.",
    '',
    'Commands:',
    ...commands.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Options:',
    '  -h, --help     show help (also: catalogue <command> --help)',
    '  -v, --version  print the version',
    '',
    'The catalogue is --catalogue PATH, else $CATALOGUE, else the sample data/sample.ndjson.',
    'Exit codes: 0 ok, 1 catalogue error (invalid, unreadable, not found), 2 usage error.',
    '',
    'Examples:',
    '  catalogue init my-archive.ndjson',
    '  catalogue import ead finding-aids/ -o catalogue.ndjson',
    '  catalogue validate data/sample.ndjson',
    '  catalogue search malaria --filter genre=photographs',
    "  catalogue get '/search?query=malaria&category=collection'",
    '  catalogue explain malaria /objects/6gV72AuVwAyGoBTn8zPudL',
    '  catalogue serve --port 8080 --base-url https://archive.example.org/api',
    '  catalogue push data/sample.ndjson --opensearch http://127.0.0.1:9200',
    '',
  ].join('\n')
}

/** The package's version: `package.json` is one folder up from both `src/` and `dist/`. */
function version(): string {
  const file = new URL('../package.json', import.meta.url)
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
}
