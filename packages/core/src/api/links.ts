import { compareCodeUnits } from '../util/code-unit-order.js'
import { endpointParameters, REQUEST_LIMITS } from './endpoint-parameters.js'
import type { ParsedRequest } from './parsed-request.js'
import type { ListItem, ListPage, Page } from './response-schemas.js'

/** What a page's links are made of: the request's endpoint, parameters, page size and offset. */
type PagedRequest = Pick<ParsedRequest, 'endpoint' | 'params' | 'pageSize' | 'offset'>

/**
 * How far the pages of a request's results go: a list that ranks or sorts ends by the window's
 * last result (a deeper offset is a 400), so no `next` leads past it.
 */
function reachable(request: PagedRequest, count: number): number {
  return endpointParameters[request.endpoint].ranked
    ? Math.min(count, REQUEST_LIMITS.window)
    : count
}

/** The page the links step from: the page size asked for (not the one cut at the window). */
function linkedPage(request: PagedRequest, count: number) {
  return { limit: request.pageSize, offset: request.offset, count: reachable(request, count) }
}

/**
 * A page as the API answers it (API.md §3): the exact count, absolute `next`/`previous` links
 * ({@link pageLinks}) and the results.
 */
export function pageOf<T>(
  baseUrl: string,
  path: string,
  request: PagedRequest,
  count: number,
  results: T[],
): Page<T> {
  const links = pageLinks(baseUrl, path, request.params, linkedPage(request, count))
  return { count, next: links.next, previous: links.previous, results }
}

/** A page of `/collections`, `/objects`, `/agents` or `/terms`: its `facets` always empty. */
export function listPageOf(
  baseUrl: string,
  path: string,
  request: PagedRequest,
  count: number,
  results: ListItem[],
): ListPage {
  const { next, previous } = pageLinks(baseUrl, path, request.params, linkedPage(request, count))
  return { count, next, previous, facets: {}, results }
}

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
