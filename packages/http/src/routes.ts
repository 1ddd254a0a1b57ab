/**
 * The route table: method and path pattern → view. `:name` segments capture a path parameter.
 * A GET route also answers HEAD and OPTIONS; a POST route also OPTIONS. Adding an endpoint is
 * one line here and a view in `views.ts`.
 */
import type { DocumentType } from '@archive-catalogue/core'
import type { View } from './views.js'
import * as views from './views.js'

/** A routed method and path, and its view. */
export interface Route {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly view: View
  readonly segments: readonly string[]
}

const route = (method: Route['method'], path: string, view: View): Route => ({
  method,
  path,
  view,
  segments: segmentsOf(path),
})
const get = (path: string, view: View) => route('GET', path, view)

const TYPES: readonly DocumentType[] = ['collection', 'object', 'agent', 'term']

export const routes: readonly Route[] = [
  get('/', views.apiRoot),
  get('/search', views.search),
  get('/search/suggest', views.suggest),
  get('/facets', views.facets),
  get('/collections', views.collectionList),
  get('/objects', views.objectList),
  get('/agents', views.agentList),
  get('/terms', views.termList),
  ...TYPES.map((type) => get(`/${type}s/:id`, views.detailView(type))),
  get('/collections/:id/children', views.children),
  get('/collections/:id/ancestors', views.ancestorsView('collection')),
  get('/objects/:id/ancestors', views.ancestorsView('object')),
  get('/collections/:id/minimap', views.minimap),
  get('/collections/:id/ead', views.findingAidView),
  ...TYPES.map((type) => get(`/${type}s/:id/citation`, views.citationView(type))),
  route('POST', '/mylist', views.myList),
  get('/oai', views.oai),
  route('POST', '/oai', views.oai),
  get('/openapi.json', views.openApi),
  get('/health', views.health),
]

/** The routes of a path (no prefix, no trailing slash), one per method, and its parameters. */
export function matchPath(
  table: readonly Route[],
  path: string,
): { routes: Route[]; params: Record<string, string> } | undefined {
  const segments = segmentsOf(path)
  const found: Route[] = []
  let params: Record<string, string> = {}
  for (const route of table) {
    const matched = matchSegments(route.segments, segments)
    if (matched === undefined) continue
    found.push(route)
    params = matched
  }
  return found.length > 0 ? { routes: found, params } : undefined
}

/** The methods a path answers, for `Allow`: GET brings HEAD, and every path answers OPTIONS. */
export function allowedMethods(routes: readonly Route[]): string {
  const methods = routes.flatMap((route) => (route.method === 'GET' ? ['GET', 'HEAD'] : ['POST']))
  return [...methods, 'OPTIONS'].join(', ')
}

/** The route of a path for a method (HEAD and OPTIONS are GET's), or undefined. */
export function routeFor(routes: readonly Route[], method: string): Route | undefined {
  if (method === 'OPTIONS') return routes[0]
  const wanted = method === 'HEAD' ? 'GET' : method
  return routes.find((route) => route.method === wanted)
}

/**
 * The top-level endpoints of a table by name (`search`; `openapi` for `/openapi.json`), and
 * their paths: what `GET /` lists, the POST-only `/mylist` too, as the reference does (not
 * `/oai`, which is no part of it).
 */
export function topLevelNames(table: readonly Route[]): [name: string, path: string][] {
  const names = new Map<string, string>()
  for (const route of table) {
    if (route.segments.length !== 1 || route.segments[0]!.startsWith(':')) continue
    // OAI-PMH is for harvesters, not an endpoint of the reference's API root.
    if (route.view.stream) continue
    names.set(route.segments[0]!.replace(/\.json$/, ''), route.path)
  }
  return [...names].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
}

function matchSegments(
  pattern: readonly string[],
  segments: readonly string[],
): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined
  const params: Record<string, string> = {}
  for (let i = 0; i < segments.length; i++) {
    const part = pattern[i]!
    const segment = segments[i]!
    if (part.startsWith(':')) {
      const value = decodeSegment(segment)
      if (value === undefined || value === '') return undefined
      params[part.slice(1)] = value
    } else if (part !== segment) return undefined
  }
  return params
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
