import { HttpError } from './http-errors.js'

type Headers = Readonly<Record<string, string | string[] | undefined>>

/** A host and optional port: a name, an IPv4 address or a bracketed IPv6 address. */
const HOST = /^(?:[a-z0-9\-._~]+|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i

/** A configured base URL checked and without its trailing slash, and its path prefix. */
export function parseBaseUrl(baseUrl: string): { baseUrl: string; prefix: string } {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new TypeError(`baseUrl must be an absolute http(s) URL, got '${baseUrl}'`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TypeError(`baseUrl must be an absolute http(s) URL, got '${baseUrl}'`)
  }
  if (url.search !== '' || url.hash !== '') {
    throw new TypeError(`baseUrl must not have a query or fragment, got '${baseUrl}'`)
  }
  const prefix = url.pathname.replace(/\/+$/, '')
  return { baseUrl: `${url.origin}${prefix}`, prefix }
}

/**
 * The base URL of a request without a configured one: `http://{Host}`, or with `trustProxy`
 * `{X-Forwarded-Proto}://{X-Forwarded-Host}` where given (the first value of each: the client's
 * side of the first proxy). Without any host (HTTP/1.0) it is `fallback`. A malformed host is a
 * 400: it would end up in every link.
 */
export function requestBaseUrl(headers: Headers, trustProxy: boolean, fallback: string): string {
  let protocol = 'http'
  if (Array.isArray(headers.host) && headers.host.length > 1) {
    const hosts = headers.host.map((value) => `'${value}'`).join(', ')
    throw new HttpError(400, `More than one Host header: ${hosts}.`)
  }
  // A Host is one value: a comma in it is not a list but a malformed host.
  let host = [headers.host].flat()[0]?.trim() || undefined
  let hostHeader = 'Host'
  if (trustProxy) {
    const forwardedProto = first(headers['x-forwarded-proto'])?.toLowerCase()
    if (forwardedProto === 'http' || forwardedProto === 'https') protocol = forwardedProto
    const forwardedHost = first(headers['x-forwarded-host'])
    if (forwardedHost !== undefined) {
      host = forwardedHost
      hostHeader = 'X-Forwarded-Host'
    }
  }
  if (host === undefined) return fallback
  if (!HOST.test(host)) throw new HttpError(400, `Invalid ${hostHeader} header '${host}'.`)
  return `${protocol}://${host.toLowerCase()}`
}

/** The first value of a repeated or comma-separated header; undefined if none. */
function first(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value[0] : value
  const item = joined?.split(',')[0]?.trim()
  return item === '' ? undefined : item
}
