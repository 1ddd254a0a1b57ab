import { InvalidCatalogueError } from '@archive-catalogue/core'
import { formatCount, plural } from './format.js'
import { CommandError } from './usage-errors.js'

/**
 * The last line of a refusal for invalid documents: that `--skip-invalid` leaves them out and
 * what it keeps. None when no document was valid (the flag would leave an empty catalogue).
 * @param invalid how many documents were refused
 * @param valid how many were valid, when counted
 * @param keep what the flag does with the valid ones: `load`, `push`
 */
export function skipInvalidHint(invalid: number, valid: number | undefined, keep: string): string {
  if (valid === 0) return ''
  const kept =
    valid === undefined ? 'the valid documents' : `the ${plural(valid, 'valid document')}`
  const left = invalid === 1 ? 'this one' : `these ${formatCount(invalid)}`
  return `${keep} ${kept} and leave ${left} out`
}

/** A refusal for invalid documents with the `--skip-invalid` hint at its end; other errors as they are. */
export function withSkipInvalidHint(error: unknown, keep: string): unknown {
  if (!(error instanceof InvalidCatalogueError)) return error
  const hint = skipInvalidHint(error.invalid.length, error.valid, keep)
  if (hint === '') return error
  return new CommandError(`${error.message}\nGive --skip-invalid to ${hint}.`, { cause: error })
}
