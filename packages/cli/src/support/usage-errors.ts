import { BadParameterError, CatalogueError } from '@archive-catalogue/core'

/** A mistake in the command line itself: unknown command or option, missing argument (exit 2). */
export class UsageError extends Error {
  /** The command whose `--help` the message points at, when there is one. */
  readonly command: string | undefined

  constructor(message: string, command?: string) {
    super(message)
    this.name = 'UsageError'
    this.command = command
  }
}

/** A failure of the command that is neither the catalogue's nor a usage error (exit 1). */
export class CommandError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'CommandError'
  }
}

/** Exit codes: 0 success, 1 the catalogue's fault (invalid, unreadable, not found), 2 usage. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const

/**
 * The exit code of an error: usage errors and bad parameter values (an HTTP 400) are the
 * caller's to fix, so 2; anything about the catalogue, 1.
 */
export function exitCodeOf(error: unknown): number {
  if (error instanceof UsageError || error instanceof BadParameterError) return EXIT.usage
  return EXIT.failure
}

/** The text shown for an error: the core's message as is (the same as the API's `detail`). */
export function describeError(error: unknown): string {
  if (error instanceof UsageError) {
    const help = error.command ? `catalogue ${error.command} --help` : 'catalogue --help'
    return `${error.message}\nRun '${help}' for usage.`
  }
  if (error instanceof CatalogueError || error instanceof CommandError) return error.message
  // A bug, not a user mistake: the stack is what a report needs.
  return error instanceof Error ? (error.stack ?? error.message) : String(error)
}
