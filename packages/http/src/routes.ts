/**
 * The route table: path pattern → view. `:name` segments capture a path parameter. Adding an
 * endpoint is one line here and a view in `views.ts`.
 */

import type { View } from './views.js'
import * as views from './views.js'

/** A routed path and its view. */
export interface Route {
  readonly path: string
  readonly view: View
  readonly segments: readonly string[]
}

const route = (path: string, view: View): Route => ({ path, view, segments: segmentsOf(path) })

export const routes: readonly Route[] = [
  route('/', views.apiRoot),
  route('/search', views.search),
  route('/facets', views.facets),
  route('/collections', views.collectionList),
  route('/collections/:id', views.collectionDetail),
]

/** The route of a path (no prefix, no trailing slash) and its parameters, or undefined. */
export function matchRoute(
  table: readonly Route[],
  path: string,
): { route: Route; params: Record<string, string> } | undefined {
  const segments = segmentsOf(path)
  for (const route of table) {
    if (route.segments.length !== segments.length) continue
    const params: Record<string, string> = {}
    let matched = true
    for (let i = 0; i < segments.length && matched; i++) {
      const pattern = route.segments[i]!
      const segment = segments[i]!
      if (pattern.startsWith(':')) {
        const value = decodeSegment(segment)
        if (value === undefined || value === '') matched = false
        else params[pattern.slice(1)] = value
      } else matched = pattern === segment
    }
    if (matched) return { route, params }
  }
  return undefined
}

/** The top-level endpoints of a table (`/search`, not `/` nor `/collections/:id`), by name. */
export function topLevelNames(table: readonly Route[]): string[] {
  return table
    .filter((route) => route.segments.length === 1 && !route.segments[0]!.startsWith(':'))
    .map((route) => route.segments[0]!)
    .sort()
}

function segmentsOf(path: string): string[] {
  return path === '/' ? [] : path.slice(1).split('/')
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment)
  } catch {
    return undefined
  }
}
