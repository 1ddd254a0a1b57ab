import type { OptionSpec } from './command.js'
import { UsageError } from './usage-errors.js'

/** `--workers <n>`: the threads that read, validate and analyze a catalogue's documents. */
export const workersOption = {
  type: 'string',
  value: 'n',
  description:
    'threads that read, validate and analyze the documents (default: one a core less one, at least 1)',
} as const satisfies OptionSpec

/** The checked value of `--workers`, a whole number from 1; `command` is the one erring. */
export function workersOf(value: string | undefined, command: string): number | undefined {
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new UsageError(`--workers expects a whole number, 1 or more, got '${value}'`, command)
  }
  return Number(value)
}
