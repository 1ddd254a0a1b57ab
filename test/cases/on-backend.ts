/**
 * The cases as calls on a backend (the in-memory catalogue, the OpenSearch backend): an answer,
 * or a `BadParameterError` thrown, for the adapters of `runCases`.
 */
import { BadParameterError } from '../../packages/core/src/index.js'
import type { Body, Outcome } from './run-cases.js'

/** What a call on a backend gave: its answer, or the refusal of what it threw. */
export async function called(call: () => unknown): Promise<Outcome> {
  try {
    return { body: (await call()) as Body }
  } catch (error) {
    return refusedBy(error)
  }
}

/**
 * What parsing a request and then answering it gave: the refusal when parsing throws, so a case
 * holds the parser, not the call, to the refusal.
 */
export async function parsedThen<R>(
  parse: () => R,
  answer: (request: R) => unknown,
): Promise<Outcome> {
  let request: R
  try {
    request = parse()
  } catch (error) {
    return refusedBy(error)
  }
  return { body: (await answer(request)) as Body }
}

/** The refusal of a `BadParameterError`; any other error is thrown on, and fails the test. */
export function refusedBy(error: unknown): Outcome {
  if (error instanceof BadParameterError) return { refused: badParameter(error.message) }
  throw error
}

/** A backend's refusal: a `BadParameterError` with this message. */
export function badParameter(message: string): { BadParameterError: string } {
  return { BadParameterError: message }
}
