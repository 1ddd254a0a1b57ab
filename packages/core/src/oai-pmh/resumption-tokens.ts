/**
 * Resumption tokens: where a list stopped, for the catalogue it was listed from. A token holds
 * the catalogue's version (its content fingerprint; an OpenSearch index), the list's arguments
 * and the backend's cursor, so that it needs no state on the server and survives a restart. A
 * token from another version of the catalogue (a reload or a push changed something since the
 * list began) is refused as `badResumptionToken`: the harvester starts again, and no record is
 * skipped or given twice by a list that runs across two catalogues.
 */
import { EARLIEST_DATE, LATEST_DATE } from './oai-arguments.js'
import { OaiProtocolError } from './oai-errors.js'

/** What a list needs to go on. */
export interface ListState {
  /** The list's verb: a token of one list is no token of another. */
  verb: 'ListSets' | 'ListIdentifiers' | 'ListRecords'
  /** The catalogue's version when the list began. */
  version: string
  /** The verb's arguments: metadataPrefix, set, from, until (ListSets: none). */
  metadataPrefix?: string
  set?: string
  from?: number
  until?: number
  /** The backend's cursor after the last item listed. */
  cursor: string
  /** Items listed before the next page (the token's `cursor` attribute). */
  listed: number
}

/** The arguments a list's token holds, which only the list knows to be its own. */
export type ListArguments = Pick<ListState, 'metadataPrefix' | 'set'>

/**
 * The largest cursor a token holds: both backends' cursors are places in catalogue order, and
 * no catalogue holds 2³¹ documents (OpenSearch numbers them in an `integer`).
 */
const LAST_PLACE = 2 ** 31 - 1

/** The fields a list's token holds: a list of records adds its arguments. */
const SETS_FIELDS = ['verb', 'version', 'cursor', 'listed']
const RECORDS_FIELDS = [...SETS_FIELDS, 'metadataPrefix', 'set', 'from', 'until']

export function encodeToken(state: ListState): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url')
}

/**
 * The state of a token of `verb`'s list, or a `badResumptionToken` error. A token is read only
 * when it is one the list could have written; for a list of records, `isWritten` says whether
 * its metadataPrefix and set are (a format of the repository, a set it has).
 */
export function decodeToken(
  token: string,
  version: string,
  verb: ListState['verb'],
  isWritten: (listed: ListArguments) => boolean = () => true,
): ListState {
  let state: unknown
  try {
    state = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'))
  } catch {
    state = undefined
  }
  if (!isListState(state, verb) || !(verb === 'ListSets' || isWritten(state))) {
    throw forgedToken(token)
  }
  if (state.version !== version) {
    throw new OaiProtocolError(
      'badResumptionToken',
      'The catalogue has changed since this list began: start the harvest again.',
    )
  }
  return state
}

/** The error of a token no list of this repository wrote. */
export function forgedToken(token: string): OaiProtocolError {
  return new OaiProtocolError(
    'badResumptionToken',
    `'${token}' is not a resumption token of this repository.`,
  )
}

/**
 * Whether a token's fields are what `verb`'s list writes (a forged token is refused, not read):
 * those of the verb and no other, each of its kind, the cursor a place in catalogue order past
 * what was listed, the count a whole number, the dates a request's (seconds of the years
 * 0000-9999, `from` not after `until`). Bounded so that both backends answer a forged token
 * alike: a cursor or a date beyond these is no search an OpenSearch cluster takes.
 */
function isListState(state: unknown, verb: ListState['verb']): state is ListState {
  if (typeof state !== 'object' || state === null || Array.isArray(state)) return false
  const fields = verb === 'ListSets' ? SETS_FIELDS : RECORDS_FIELDS
  if (Object.keys(state).some((field) => !fields.includes(field))) return false
  const { metadataPrefix, set, from, until, cursor, listed, ...list } = state as Record<
    string,
    unknown
  >
  const place =
    typeof cursor === 'string' && /^(?:0|[1-9]\d{0,9})$/.test(cursor) ? Number(cursor) : -1
  if (
    list.verb !== verb ||
    typeof list.version !== 'string' ||
    place < 0 ||
    place > LAST_PLACE ||
    !Number.isSafeInteger(listed) ||
    (listed as number) < 0 ||
    // What was listed lies at or before the cursor (a place of the next page or of the last).
    (listed as number) > place + 1
  ) {
    return false
  }
  if (verb === 'ListSets') return true
  return (
    typeof metadataPrefix === 'string' &&
    (set === undefined || typeof set === 'string') &&
    isDate(from) &&
    isDate(until) &&
    !(from !== undefined && until !== undefined && from > until)
  )
}

function isDate(value: unknown): value is number | undefined {
  return (
    value === undefined ||
    (Number.isSafeInteger(value) &&
      (value as number) >= EARLIEST_DATE &&
      (value as number) <= LATEST_DATE)
  )
}
