/**
 * A page's canonical address (`<link rel="canonical">`): the one URL of what it shows, so that a
 * search engine counts the many ways of reaching it as one page. A record's is its bare URL (the
 * tree opened, the page of siblings, a search within are ways of reading the same record); a
 * list's or a search's keeps only what changes its results (the query, the filters the endpoint
 * reads, the sort, the page and its size), each parameter once in a fixed order, and drops the
 * rest (empty values, the first page's `offset=0`, the default `limit`, anything unknown such as
 * a campaign's `utm_source`).
 */
import { API_DEFAULTS, endpointParameters } from '@archive-catalogue/core'
import { pathWith } from '../templates/html.js'

type ListEndpoint = 'search' | 'collections' | 'objects' | 'agents' | 'terms'

/** The canonical URL of a list or a search at `path`, absolute from the site's `url`. */
export function canonicalList(
  url: string,
  path: string,
  endpoint: ListEndpoint,
  params: URLSearchParams,
): string {
  const filters = new Set<string>(endpointParameters[endpoint].filters)
  const kept: [string, string][] = []
  for (const [name, value] of params) {
    if (value === '' || !meaningful(name, value, filters)) continue
    kept.push([name, value])
  }
  // Stable: the values of one parameter keep their order (a filter's values are a set anyway).
  kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `${url}${pathWith(path, kept)}`
}

function meaningful(name: string, value: string, filters: ReadonlySet<string>): boolean {
  if (name === 'query' || name === 'sort') return true
  if (name === 'offset') return value !== '0'
  if (name === 'limit') return value !== String(API_DEFAULTS.limit)
  return filters.has(name.split('__')[0]!)
}
