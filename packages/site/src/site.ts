/**
 * The discovery site: pages for readers at `/`, the catalogue API at `/api` (its links, OpenAPI
 * and base URL under it). A page's URL is its API request without `/api`
 * (`/search?query=malaria&genre=photographs` shows `/api/search?query=malaria&genre=photographs`),
 * so every state is a shareable link. Pages are rendered on the server from the same backend
 * interface the API answers from, the in-memory catalogue or OpenSearch alike.
 */
import {
  BackendUnavailableError,
  BadParameterError,
  type CatalogueBackend,
  type CatalogueStats,
  type DetailOf,
  NotFoundError,
  parseFor,
  type StatsSource,
} from '@archive-catalogue/core'
import {
  type App,
  type AppOptions,
  type AppRequest,
  type AppResponse,
  type CatalogueSource,
  createApp,
} from '@archive-catalogue/http'
import { homePage } from './pages/home.js'
import { page, type SiteContext } from './pages/layout.js'
import { type ListType, listPage } from './pages/list.js'
import { recordPage } from './pages/record.js'
import { searchPage, withFacetOptIns } from './pages/search.js'
import { readContents, readPlace } from './reads/tree-reads.js'
import { html } from './templates/html.js'
import { en } from './templates/messages.js'
import { SITE_JS } from './templates/script.js'
import { SITE_CSS } from './templates/style.js'

export interface SiteOptions {
  /** The archive's name, in every page's header and title. @default 'Archive catalogue' */
  name?: string
  /** The API's options (`/api`): base URL, limits, citation, logging. */
  api?: Omit<AppOptions, 'mountPath'>
}

const API_PATH = '/api'
const LISTS: readonly ListType[] = ['collections', 'objects', 'agents', 'terms']
const RECORDS = {
  collections: 'collection',
  objects: 'object',
  agents: 'agent',
  terms: 'term',
} as const
/** Only these methods read pages; the API answers its own. */
const ALLOW = 'GET, HEAD'
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' https: data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

/**
 * The site and the API as one app for `listen`.
 * @example const { url } = await listen(createSite(catalogue, { name: 'Example Archive' }), { port: 0 })
 */
export function createSite(source: CatalogueSource, options: SiteOptions = {}): App {
  return new Site(source, options)
}

class Site implements App {
  readonly maxBodyBytes: number
  private readonly api: App
  private readonly context: SiteContext

  constructor(
    private readonly source: CatalogueSource,
    options: SiteOptions,
  ) {
    this.api = createApp(source, { ...options.api, mountPath: API_PATH })
    this.maxBodyBytes = this.api.maxBodyBytes
    this.context = { name: options.name ?? 'Archive catalogue', messages: en, language: 'en' }
  }

  handle(request: AppRequest): AppResponse | Promise<AppResponse> {
    const { pathname, searchParams } = new URL(request.url, 'http://site')
    if (pathname === API_PATH || pathname.startsWith(`${API_PATH}/`))
      return this.api.handle(request)
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return respond(request, 405, this.errorPage(405, `${request.method}`), { Allow: ALLOW })
    }
    if (pathname === '/site.css') {
      return respond(request, 200, SITE_CSS, {
        'Content-Type': 'text/css; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
      })
    }
    if (pathname === '/site.js') {
      return respond(request, 200, SITE_JS, {
        'Content-Type': 'text/javascript; charset=utf-8',
        'Cache-Control': 'public, max-age=3600',
      })
    }
    return this.page(pathname.replace(/\/+$/, '') || '/', searchParams, request).then(
      (body) => respond(request, 200, body),
      (error: unknown) => this.failed(request, error),
    )
  }

  async request(url: string, init?: RequestInit): Promise<Response> {
    const target = new URL(url, 'http://127.0.0.1')
    const answer = await this.handle({
      method: init?.method ?? 'GET',
      url: `${target.pathname}${target.search}`,
      headers: { host: target.host, ...Object.fromEntries(new Headers(init?.headers).entries()) },
    })
    return new Response(answer.body.length > 0 ? answer.body : null, {
      status: answer.status,
      headers: answer.headers,
    })
  }

  private get backend(): CatalogueBackend {
    return typeof this.source === 'function' ? this.source() : this.source
  }

  /** The page at a path, or a `NotFoundError`. */
  private async page(path: string, params: URLSearchParams, request: AppRequest): Promise<string> {
    const backend = this.backend
    if (path === '/') return homePage(this.context, await statsOf(backend))
    if (path === '/search') return this.searchPage(backend, params)
    const [, list, id, more] = path.split('/')
    if (list && LISTS.includes(list as ListType)) {
      const type = list as ListType
      if (id === undefined) {
        const request = parseFor(backend, type, params)
        const answer = await backend[type](request)
        return listPage(this.context, type, {
          params,
          page: answer,
          limit: request.limit,
          offset: request.offset,
        })
      }
      if (more === undefined) return this.recordPage(backend, RECORDS[type], id, params, request)
    }
    throw new NotFoundError(path)
  }

  private async searchPage(backend: CatalogueBackend, params: URLSearchParams): Promise<string> {
    const request = parseFor(backend, 'search', params)
    const [results, facets] = await Promise.all([
      backend.search(request),
      backend.facets(parseFor(backend, 'facets', withFacetOptIns(params))),
    ])
    const query = params.get('query') ?? ''
    const suggestions = results.count === 0 && query !== '' ? await backend.suggest(query) : null
    return searchPage(this.context, {
      params,
      results,
      facets,
      suggestions,
      limit: request.limit,
      offset: request.offset,
    })
  }

  /**
   * A record's page. After the detail (whose `parent` and `offset` place a component), the calls
   * run side by side: the citation, the ancestors, a collection's contents (a page of children
   * and the branch opened, `readContents`) and a component's place among its siblings (one page
   * of its parent's children, `readPlace`): a page's cost never grows with the tree.
   */
  private async recordPage(
    backend: CatalogueBackend,
    type: 'collection' | 'object' | 'agent' | 'term',
    id: string,
    params: URLSearchParams,
    request: AppRequest,
  ): Promise<string> {
    const detail = await backend.detail(type, id)
    const component =
      detail.type === 'collection' || detail.type === 'object'
        ? (detail as DetailOf['collection'] | DetailOf['object'])
        : null
    const [citation, ancestors, contents, place] = await Promise.all([
      this.citation(detail.uri, request),
      type === 'collection' || type === 'object'
        ? backend.ancestors(type, id, parseFor(backend, 'ancestors', {}))
        : null,
      type === 'collection' ? readContents(backend, id, params) : null,
      component ? readPlace(backend, component, params) : null,
    ])
    const trail = ancestors ? ancestorTrail(ancestors) : []
    return recordPage(this.context, { detail, params, trail, citation, contents, place })
  }

  /**
   * A record's citation as the API writes it for this request: its options, the public URL of
   * records (this site's) and the base URL behind a proxy are the API's, said once.
   */
  private async citation(uri: string, request: AppRequest): Promise<string> {
    const answer = await this.api.handle({
      method: 'GET',
      url: `${API_PATH}${uri}/citation`,
      headers: { host: request.headers.host, ...forwarded(request) },
    })
    return answer.status === 200 ? (JSON.parse(answer.body.toString()) as string) : ''
  }

  private failed(request: AppRequest, error: unknown): AppResponse {
    if (error instanceof NotFoundError) return respond(request, 404, this.errorPage(404, ''))
    if (error instanceof BadParameterError)
      return respond(request, 400, this.errorPage(400, error.message))
    if (error instanceof BackendUnavailableError) {
      return respond(request, 503, this.errorPage(503, ''), { 'Retry-After': '10' })
    }
    return respond(request, 500, this.errorPage(500, ''))
  }

  private errorPage(status: number, detail: string): string {
    const t = this.context.messages
    const [title, text] =
      status === 404
        ? [t.notFound, t.notFoundText]
        : status === 400 || status === 405
          ? [t.badRequest, detail]
          : [t.unavailable, t.unavailableText]
    return page(this.context, {
      title,
      description: title,
      json: null,
      content: html`<h1>${title}</h1><p>${text}</p><p><a href="/">${t.home}</a></p>`,
    })
  }
}

/** The proxy headers the API may trust (`trustProxy`), passed on as the reader's request had them. */
function forwarded(request: AppRequest): Record<string, string | string[] | undefined> {
  const { 'x-forwarded-proto': proto, 'x-forwarded-host': host } = request.headers
  return { 'x-forwarded-proto': proto, 'x-forwarded-host': host }
}

/** The ancestors as a trail, root first (the API nests them root outermost). */
function ancestorTrail(ancestors: object): { uri: string; title: string }[] {
  const trail: { uri: string; title: string }[] = []
  let at = ancestors as { uri?: string | null; title?: string | null; child?: object }
  while (at && typeof at.uri === 'string') {
    trail.push({ uri: at.uri, title: at.title ?? at.uri })
    at = at.child as typeof at
  }
  return trail
}

async function statsOf(backend: CatalogueBackend): Promise<CatalogueStats | null> {
  const source = backend as Partial<StatsSource>
  return typeof source.stats === 'function' ? await source.stats(12) : null
}

function respond(
  request: AppRequest,
  status: number,
  text: string,
  headers: Record<string, string> = {},
): AppResponse {
  const body = Buffer.from(text)
  return {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': String(body.length),
      'Content-Security-Policy': CSP,
      'X-Content-Type-Options': 'nosniff',
      Vary: 'Accept-Encoding',
      ...headers,
    },
    body: request.method === 'HEAD' ? Buffer.alloc(0) : body,
  }
}
