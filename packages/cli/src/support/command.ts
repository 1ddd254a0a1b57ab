import { type ParseArgsConfig, parseArgs } from 'node:util'
import { didYouMean } from './closest.js'
import type { CliIo } from './io.js'
import { UsageError } from './usage-errors.js'

/** One option of a command, as `node:util.parseArgs` takes it plus what `--help` shows. */
export interface OptionSpec {
  type: 'string' | 'boolean'
  short?: string
  multiple?: boolean
  /** The value's placeholder in the help: `--port <n>`. */
  value?: string
  description: string
}

type OptionValue<S extends OptionSpec> = S['type'] extends 'boolean'
  ? boolean
  : S['multiple'] extends true
    ? string[]
    : string

/** The parsed options of a command: absent ones are undefined. */
export type Values<O extends Record<string, OptionSpec>> = {
  [K in keyof O]?: OptionValue<O[K]>
}

/** What a command's `run` receives. */
export interface Parsed<O extends Record<string, OptionSpec>> {
  values: Values<O>
  positionals: string[]
}

/** A subcommand: its options, its help, and what it does. Resolves to the exit code. */
export interface Command<O extends Record<string, OptionSpec> = Record<string, OptionSpec>> {
  name: string
  /** One line for `catalogue --help`. */
  summary: string
  /** The positionals as the usage line shows them: `<path>`, `[words…]`. */
  args?: string
  /** A paragraph under the usage line. */
  description?: string
  options: O
  examples: string[]
  run(parsed: Parsed<O>, io: CliIo): Promise<number>
}

/** Declares a command; the `const` type parameter keeps each option's type for `run`. */
export function defineCommand<const O extends Record<string, OptionSpec>>(
  command: Command<O>,
): Command<O> {
  return command
}

const helpOption: OptionSpec = { type: 'boolean', short: 'h', description: 'show this help' }

/** Parses a command's arguments; `undefined` means `--help` was asked for. */
export function parseCommand<O extends Record<string, OptionSpec>>(
  command: Command<O>,
  argv: readonly string[],
): Parsed<O> | undefined {
  const options: ParseArgsConfig['options'] = {}
  for (const [name, spec] of Object.entries({ ...command.options, help: helpOption })) {
    options[name] = {
      type: spec.type,
      ...(spec.short ? { short: spec.short } : {}),
      ...(spec.multiple ? { multiple: true } : {}),
    }
  }
  try {
    const { values, positionals } = parseArgs({
      args: attachValues(argv, command.options),
      options,
      allowPositionals: true,
      strict: true,
    })
    if (values['help'] === true) return undefined
    return { values: values as Values<O>, positionals }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (!code?.startsWith('ERR_PARSE_ARGS')) throw error
    // Node's message goes on about `--`; the first sentence is the useful part.
    const message = (error as Error).message.replace(/\. To specify .*$/s, '')
    const unknown = /^Unknown option '(--?[^'=]+)/.exec(message)?.[1]
    const flags = Object.keys({ ...command.options, help: helpOption }).map((name) => `--${name}`)
    const hint = unknown === undefined ? '' : didYouMean(unknown, flags)
    throw new UsageError(`${lowerFirst(message)}${hint}`, command.name)
  }
}

/**
 * Joins each string option to its value (`--sort -title` → `--sort=-title`): parseArgs refuses
 * a separate value starting with `-`, yet `-title` (descending) and `-1` are values here.
 */
function attachValues(argv: readonly string[], options: Record<string, OptionSpec>): string[] {
  const takesValue = new Map<string, string>()
  for (const [name, spec] of Object.entries(options)) {
    if (spec.type !== 'string') continue
    takesValue.set(`--${name}`, name)
    if (spec.short) takesValue.set(`-${spec.short}`, name)
  }
  const args: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const name = takesValue.get(arg)
    if (arg === '--') {
      args.push(...argv.slice(i))
      break
    }
    if (name !== undefined && i + 1 < argv.length) args.push(`--${name}=${argv[++i]}`)
    else args.push(arg)
  }
  return args
}

/** The `--help` text of a command. */
export function commandHelp(command: Command): string {
  const usage = ['catalogue', command.name, command.args, '[options]'].filter(Boolean).join(' ')
  const rows = Object.entries({ ...command.options, help: helpOption }).map(([name, spec]) => {
    const short = spec.short ? `-${spec.short}, ` : '    '
    const value = spec.type === 'string' ? ` <${spec.value ?? 'value'}>` : ''
    return [`${short}--${name}${value}`, spec.description] as const
  })
  const width = Math.max(...rows.map(([flag]) => flag.length))
  const lines = [
    `Usage: ${usage}`,
    '',
    command.description ?? command.summary,
    '',
    'Options:',
    ...rows.map(([flag, description]) => `  ${flag.padEnd(width)}  ${description}`),
    '',
    'Examples:',
    ...command.examples.map((example) => `  ${example}`),
  ]
  return `${lines.join('\n')}\n`
}

/** The one positional a command requires (`validate <path>`, `get <api-path>`). */
export function onePositional(positionals: string[], name: string, command: string): string {
  const [first, ...rest] = positionals
  if (first === undefined) throw new UsageError(`missing <${name}>`, command)
  if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}'`, command)
  return first
}

/** At most one positional (`serve [path]`). */
export function optionalPositional(positionals: string[], command: string): string | undefined {
  const [first, ...rest] = positionals
  if (rest.length > 0) throw new UsageError(`unexpected argument '${rest[0]}'`, command)
  return first
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}
