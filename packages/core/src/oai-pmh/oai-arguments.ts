/**
 * An OAI-PMH request's verb and arguments, checked as the protocol says (§3.1, §4): a missing,
 * repeated or unknown verb is `badVerb`; an argument the verb does not take, a required one
 * missing, one repeated, a `resumptionToken` beside others, a malformed `from` or `until` (or
 * the two of different granularities, or `from` after `until`) is `badArgument`.
 */
import type { OaiError } from './oai-errors.js'

export const VERBS = [
  'Identify',
  'ListMetadataFormats',
  'ListSets',
  'ListIdentifiers',
  'ListRecords',
  'GetRecord',
] as const
export type Verb = (typeof VERBS)[number]

/** The arguments each verb takes: required, optional, exclusive (alone with the verb). */
const ARGUMENTS: Record<Verb, { required: string[]; optional: string[]; exclusive?: string }> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  ListIdentifiers: {
    required: ['metadataPrefix'],
    optional: ['from', 'until', 'set'],
    exclusive: 'resumptionToken',
  },
  ListRecords: {
    required: ['metadataPrefix'],
    optional: ['from', 'until', 'set'],
    exclusive: 'resumptionToken',
  },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
}

/** A request whose verb and arguments are well formed. */
export interface OaiRequest {
  verb: Verb
  /** Every argument but the verb, as given. */
  arguments: Record<string, string>
  /** `from` and `until` in seconds since 1970: a day's first and last second for a day. */
  from?: number
  until?: number
}

/** The request, or why it is refused. */
export function readRequest(params: URLSearchParams): OaiRequest | { errors: OaiError[] } {
  const verbs = params.getAll('verb')
  if (verbs.length !== 1 || !(VERBS as readonly string[]).includes(verbs[0]!)) {
    const reason =
      verbs.length === 0
        ? 'The verb argument is missing.'
        : verbs.length > 1
          ? 'The verb argument is repeated.'
          : `'${verbs[0]}' is not an OAI-PMH verb; the verbs are ${VERBS.join(', ')}.`
    return { errors: [{ code: 'badVerb', message: reason }] }
  }
  const verb = verbs[0] as Verb
  const allowed = ARGUMENTS[verb]
  const errors: OaiError[] = []
  const given: Record<string, string> = {}
  // The verb's arguments that are there, once or repeated: a repeated one is not also missing.
  const present = new Set<string>()
  for (const name of new Set(params.keys())) {
    if (name === 'verb') continue
    const known = [...allowed.required, ...allowed.optional, allowed.exclusive].includes(name)
    if (!known) {
      errors.push({ code: 'badArgument', message: `${verb} takes no argument '${name}'.` })
      continue
    }
    present.add(name)
    const values = params.getAll(name)
    if (values.length > 1) {
      errors.push({ code: 'badArgument', message: `The argument '${name}' is repeated.` })
      continue
    }
    given[name] = values[0]!
  }
  const exclusive = allowed.exclusive
  if (exclusive !== undefined && present.has(exclusive)) {
    const others = [...present].filter((name) => name !== exclusive)
    if (others.length > 0) {
      errors.push({
        code: 'badArgument',
        message: `The argument '${exclusive}' is exclusive: ${others.join(', ')} may not be given with it.`,
      })
    }
  } else {
    for (const name of allowed.required) {
      if (!present.has(name) || given[name] === '') {
        errors.push({ code: 'badArgument', message: `${verb} needs the argument '${name}'.` })
      }
    }
  }
  const request: OaiRequest = { verb, arguments: given }
  const from = given.from === undefined ? undefined : readDate('from', given.from, errors)
  const until = given.until === undefined ? undefined : readDate('until', given.until, errors)
  if (from && until && from.granularity !== until.granularity) {
    errors.push({
      code: 'badArgument',
      message: "'from' and 'until' must have the same granularity (a day, or a second).",
    })
  }
  if (from) request.from = from.seconds
  if (until) request.until = until.granularity === 'day' ? until.seconds + 86_399 : until.seconds
  if (request.from !== undefined && request.until !== undefined && request.from > request.until) {
    errors.push({ code: 'badArgument', message: "'from' is after 'until'." })
  }
  return errors.length > 0 ? { errors } : request
}

/** The first second a `from` or `until` can name (0000-01-01T00:00:00Z), since 1970. */
export const EARLIEST_DATE = -62_167_219_200
/** The last second a `from` or `until` can name (9999-12-31T23:59:59Z), since 1970. */
export const LATEST_DATE = 253_402_300_799

/** A UTC datestamp of either granularity the repository supports. */
function readDate(
  name: string,
  value: string,
  errors: OaiError[],
): { seconds: number; granularity: 'day' | 'second' } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}):(\d{2})Z)?$/.exec(value)
  if (match) {
    const [, year, month, day, hours, minutes, seconds] = match
    // setUTCFullYear, not Date.UTC, which reads the years 0–99 as 1900–1999.
    const date = new Date(0)
    date.setUTCFullYear(Number(year), Number(month) - 1, Number(day))
    date.setUTCHours(Number(hours ?? 0), Number(minutes ?? 0), Number(seconds ?? 0))
    const time = date.getTime()
    // A date that does not exist (2026-02-30) rolls over: refused.
    if (
      Number.isFinite(time) &&
      date.getUTCDate() === Number(day) &&
      date.getUTCMonth() === Number(month) - 1 &&
      Number(hours ?? 0) < 24 &&
      Number(minutes ?? 0) < 60 &&
      Number(seconds ?? 0) < 60
    ) {
      return { seconds: time / 1000, granularity: hours === undefined ? 'day' : 'second' }
    }
  }
  errors.push({
    code: 'badArgument',
    message: `'${name}' is not a UTC date of the form YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ: '${value}'.`,
  })
  return undefined
}
