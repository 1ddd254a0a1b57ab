/** The parts of every OAI-PMH response: the envelope, a record's header, datestamps. */
import { attributes, element, xmlText } from '../ead-export/xml-text.js'
import type { OaiError } from './oai-errors.js'

const OAI = 'http://www.openarchives.org/OAI/2.0/'

/** A datestamp as the repository's granularity writes it: `2026-11-25T09:30:00Z`. */
export function datestamp(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 19)}Z`
}

/**
 * The response's start: the declaration, the root with its schema, `responseDate` and
 * `request` (its arguments as attributes, none after a `badVerb` or `badArgument`).
 */
export function envelopeStart(
  now: Date,
  baseUrl: string,
  request: Record<string, string> | undefined,
): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<OAI-PMH xmlns="${OAI}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"` +
    ` xsi:schemaLocation="${OAI} ${OAI}OAI-PMH.xsd">\n` +
    `<responseDate>${datestamp(Math.floor(now.getTime() / 1000))}</responseDate>\n` +
    `<request${attributes(request ?? {})}>${xmlText(baseUrl)}</request>\n`
  )
}

export const ENVELOPE_END = '</OAI-PMH>\n'

/** `<error code="…">…</error>` for each error. */
export function errorElements(errors: OaiError[]): string {
  return errors
    .map((error) => element('error', error.message, attributes({ code: error.code })))
    .join('\n')
}

/** A record's header: its identifier, datestamp and sets. */
export function header(identifier: string, seconds: number, sets: readonly string[]): string {
  return (
    `<header>${element('identifier', identifier)}${element('datestamp', datestamp(seconds))}` +
    `${sets.map((set) => element('setSpec', set)).join('')}</header>`
  )
}
