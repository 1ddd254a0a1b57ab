/**
 * Resumption tokens: where a list stopped, for the catalogue it was listed from. A token holds
 * the catalogue's version (its content fingerprint; an OpenSearch index), the list's arguments
 * and the backend's cursor, so that it needs no state on the server and survives a restart. A
 * token from another version of the catalogue (a reload or a push changed something since the
 * list began) is refused as `badResumptionToken`: the harvester starts again, and no record is
 * skipped or given twice by a list that runs across two catalogues.
 */
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

export function encodeToken(state: ListState): string {
  return Buffer.from(JSON.stringify(state)).toString('base64url')
}

/** The state of a token of `verb`'s list, or a `badResumptionToken` error. */
export function decodeToken(token: string, version: string, verb: ListState['verb']): ListState {
  let state: Partial<ListState> | undefined
  try {
    state = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<ListState>
  } catch {
    state = undefined
  }
  // Every field of the kind it is written as (a forged token is refused, not read), and the
  // cursor a catalogue position, as both backends write it.
  const optional = (value: unknown, type: 'string' | 'number') =>
    value === undefined || typeof value === type
  if (
    !state ||
    state.verb !== verb ||
    typeof state.version !== 'string' ||
    typeof state.cursor !== 'string' ||
    !/^\d*$/.test(state.cursor) ||
    typeof state.listed !== 'number' ||
    !optional(state.metadataPrefix, 'string') ||
    !optional(state.set, 'string') ||
    !optional(state.from, 'number') ||
    !optional(state.until, 'number')
  ) {
    throw new OaiProtocolError(
      'badResumptionToken',
      `'${token}' is not a resumption token of this repository.`,
    )
  }
  if (state.version !== version) {
    throw new OaiProtocolError(
      'badResumptionToken',
      'The catalogue has changed since this list began: start the harvest again.',
    )
  }
  return state as ListState
}
