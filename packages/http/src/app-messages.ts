/** The app's requests and responses as plain values (no socket), and the headers every response carries. */
import type { Representation } from './negotiate.js'

/** The methods every endpoint answers. */
export const ALLOW = 'GET, HEAD, OPTIONS'
export const JSON_TYPE = 'application/json; charset=utf-8'
const HTML_TYPE = 'text/html; charset=utf-8'
/** The browsable page needs nothing but its own inline style. */
const HTML_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'"
/** The body of a HEAD response or a 304. */
export const EMPTY = Buffer.alloc(0)

/** A request as the app sees it: no socket, no streams. */
export interface AppRequest {
  method: string
  /** The request target: path and query, e.g. `/search?query=banana`. */
  url: string
  /** Header values by lower-case name (node's `IncomingHttpHeaders` fits). */
  headers: Readonly<Record<string, string | string[] | undefined>>
  /** The body, read whole (up to the app's `maxBodyBytes`); none or empty when there is none. */
  body?: Buffer
  /** Set when the body was longer than the app's `maxBodyBytes` and not read: a 413. */
  bodyTooLarge?: boolean
  /**
   * Aborted when the client goes away: a backend call no other request waits for is aborted.
   * Read only when the backend answers with a promise (a getter may make it then).
   */
  readonly signal?: AbortSignal
}

/** A complete response. `body` is empty for HEAD and 304 (`Content-Length` still tells GET's). */
export interface AppResponse {
  status: number
  headers: Record<string, string>
  body: Buffer
  /**
   * A body written as it is made (`/collections/{id}/ead`): `body` is then empty and there is
   * no `Content-Length`. Whoever sends it reads it as the client takes it, and stops reading
   * (its iterator's `return`) when the client goes away, which ends the work behind it. An
   * error while it is read cuts the response: its status is sent.
   */
  stream?: AsyncIterable<string | Buffer>
}

/** A response with a body (none for HEAD) and the headers of API.md §2. */
export function reply(
  method: string,
  status: number,
  representation: Representation,
  text: string,
  extra: Record<string, string> = {},
): AppResponse {
  const body = Buffer.from(text)
  const headers = { ...responseHeaders(representation, body.length), ...extra }
  return { status, headers, body: method === 'HEAD' ? EMPTY : body }
}

/** A 304: no body, and the headers a 200 would have that matter to caches (RFC 9110 §15.4.5). */
export function notModified(etag: string, allow = ALLOW): AppResponse {
  const headers = { ETag: etag, Vary: 'Accept', Allow: allow, 'Access-Control-Allow-Origin': '*' }
  return { status: 304, headers, body: EMPTY }
}

/** Every response's headers: the type, length, `Vary`, `Allow` and CORS (API.md §2). */
export function responseHeaders(
  representation: Representation,
  length: number,
): Record<string, string> {
  return {
    'Content-Type': representation === 'html' ? HTML_TYPE : JSON_TYPE,
    'Content-Length': String(length),
    Vary: 'Accept',
    Allow: ALLOW,
    // The data is public and read by browser apps on other origins.
    'Access-Control-Allow-Origin': '*',
    'X-Content-Type-Options': 'nosniff',
    ...(representation === 'html' ? { 'Content-Security-Policy': HTML_POLICY } : {}),
  }
}

/**
 * A CORS preflight's answer: any origin may use the path's methods with the request headers it
 * asks for (a JSON `POST` asks for `content-type`), and may cache the answer for a day.
 */
export function preflightHeaders(
  methods: string,
  requested: string | undefined,
): Record<string, string> {
  return {
    'Access-Control-Allow-Methods': methods,
    'Access-Control-Allow-Headers':
      requested && /^[\w-]+(?:\s*,\s*[\w-]+)*$/.test(requested.trim())
        ? requested.trim()
        : 'Content-Type',
    'Access-Control-Max-Age': '86400',
  }
}
