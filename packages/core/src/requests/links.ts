import { compareCodeUnits } from '../util/code-unit-order.js'

/**
 * A page's `next` and `previous` links (API.md §3): `{baseUrl}{path}?{params}` with every request
 * parameter kept, `limit` and `offset` set, sorted by name, URL-encoded, and `offset` dropped when
 * it is 0.
 */
export function pageLinks(
  baseUrl: string,
  path: string,
  params: ReadonlyArray<readonly [string, string]>,
  page: { limit: number; offset: number; count: number },
): { next: string | null; previous: string | null } {
  const { limit, offset, count } = page
  const next = offset + limit < count ? pageUrl(baseUrl, path, params, limit, offset + limit) : null
  const previous =
    offset > 0 ? pageUrl(baseUrl, path, params, limit, Math.max(0, offset - limit)) : null
  return { next, previous }
}

function pageUrl(
  baseUrl: string,
  path: string,
  params: ReadonlyArray<readonly [string, string]>,
  limit: number,
  offset: number,
): string {
  const kept = params.filter(([name]) => name !== 'limit' && name !== 'offset')
  kept.push(['limit', String(limit)])
  if (offset > 0) kept.push(['offset', String(offset)])
  // A stable sort by name keeps repeated parameters in the order they were given.
  kept.sort((a, b) => compareCodeUnits(a[0], b[0]))
  const query = kept.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&')
  return `${baseUrl.replace(/\/+$/, '')}${path}?${query}`
}

/** Encodes like Python's `urlencode` (the reference service's links): space as `+`. */
function encode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+')
}
