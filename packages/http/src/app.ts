import {
  type Catalogue,
  type CitationOptions,
  type Health,
  type ListRequest,
  LiveCatalogue,
} from '@archive-catalogue/core'
import { parseBaseUrl, requestBaseUrl } from './base-url.js'
import { HttpError, INTERNAL_ERROR, NOT_FOUND, toHttpError } from './errors.js'
import { entityTag, ifNoneMatch } from './etag.js'
import { negotiate, prefersHtml, type Representation } from './negotiate.js'
import { openApiDocument } from './openapi.js'
import { renderHtml } from './render-html.js'
import { headerValue, splitTarget } from './request-target.js'
import { ResponseCache } from './response-cache.js'
import {
  ALLOW,
  type AppResponse,
  EMPTY,
  JSON_TYPE,
  notModified,
  preflightHeaders,
  reply,
  responseHeaders,
} from './responses.js'
import { allowedMethods, matchPath, type Route, routeFor, routes, topLevelNames } from './routes.js'
import { serialize } from './serialize.js'
import { metadataOf, serializerOf, type View, type ViewContext } from './views.js'

export type { AppResponse } from './responses.js'

/** Where the app writes its access log and the errors it did not expect. */
export interface Logger {
  /** One line of the access log. */
  info(line: string): void
  /** An unexpected error (a 500), with its stack. */
  error(message: string, error: unknown): void
}

/** Options of {@link createApp}. */
export interface AppOptions {
  /**
   * Public base URL of the API (scheme, host, port, path prefix) for absolute links, e.g.
   * `https://example.org/api`. Requests are accepted with or without the prefix in their path
   * (whether or not the proxy in front strips it).
   * @default built from each request's `Host` header
   */
  baseUrl?: string
  /**
   * Honour `X-Forwarded-Proto` and `X-Forwarded-Host` when building the base URL from the
   * request (only behind a proxy that sets them). Ignored when `baseUrl` is given.
   * @default false
   */
  trustProxy?: boolean
  /** Largest page size; larger `limit`s are clamped. @default the catalogue's (500) */
  maxLimit?: number
  /** Longest request URL (path and query); longer ones get a 414. @default 8192 */
  maxUrlLength?: number
  /** Most query parameters in a request; more get a 400. @default 100 */
  maxParameters?: number
  /** Largest request body (`POST /mylist`); larger ones get a 413. @default 1 MiB */
  maxBodyBytes?: number
  /**
   * How citations are written: the repository's name, the public URL of records (default: the
   * API's base URL) and the separator (default `; `).
   * @default the catalogue's `citation` option
   */
  citation?: CitationOptions
  /** Where the access log and unexpected errors go. @default silent */
  logger?: Logger
  /** Log one line per request: `method target status bytes ms`. @default false */
  accessLog?: boolean
  /**
   * Bytes of recent 200 responses kept to answer the same request again without computing it
   * (keyed by the catalogue's version and the normalized request); 0 turns the cache off.
   * @default 64 MiB
   */
  responseCacheBytes?: number
}

/** A request as the app sees it: no socket, no streams. */
export interface AppRequest {
  method: string
  /** The request target: path and query, e.g. `/search?query=banana`. */
  url: string
  /** Header values by lower-case name (node's `IncomingHttpHeaders` fits). */
  headers: Readonly<Record<string, string | string[] | undefined>>
  /** The body, read whole (up to {@link App.maxBodyBytes}); none or empty when there is none. */
  body?: Buffer
  /** Set when the body was longer than {@link App.maxBodyBytes} and not read: a 413. */
  bodyTooLarge?: boolean
}

/** Options of {@link App.request}. */
export interface AppRequestInit {
  /** @default 'GET' */
  method?: string
  headers?: Record<string, string>
  /** A request body (`POST /mylist`), as text or bytes. */
  body?: string | Buffer
}

/** The catalogue API over a catalogue: a pure request → response function. */
export interface App {
  /** The largest body the app reads; whoever feeds it stops reading beyond and says so. */
  readonly maxBodyBytes: number
  /** Answers a request. Never throws: a failure inside is a 500, logged. */
  handle(request: AppRequest): AppResponse
  /**
   * Answers a request given as a path (`/search?query=x`) or absolute URL, as a fetch
   * `Response`: for tests without a socket.
   * @example const body = await (await app.request('/search?query=banana')).json()
   */
  request(url: string, init?: AppRequestInit): Promise<Response>
}

const silent: Logger = { info() {}, error() {} }
const DEFAULT_CACHE_BYTES = 64 * 2 ** 20

/**
 * Creates the catalogue API (API.md §2, §5) over a catalogue: search, suggestions and facets;
 * lists, details, children, ancestors, minimaps and citations of collections, objects, agents
 * and terms; `POST /mylist`. JSON or the browsable HTML; ETags; CORS; `{"detail"}` errors.
 * @example
 * const app = createApp(catalogue, { baseUrl: 'https://example.org/api' })
 * await listen(app, { port: 8000 })
 */
export function createApp(catalogue: CatalogueSource, options: AppOptions = {}): App {
  return new CatalogueApp(catalogue, options)
}

/**
 * What the app answers from: a catalogue, a {@link LiveCatalogue} (reloaded while it serves),
 * or a function that returns the catalogue to use (read once per request).
 */
export type CatalogueSource = Catalogue | LiveCatalogue | (() => Catalogue)

function currentOf(source: CatalogueSource): Catalogue {
  if (typeof source === 'function') return source()
  return source instanceof LiveCatalogue ? source.current : source
}

/** `/health`: the catalogue in use; when it is live, when and how fast it was loaded. */
function healthOf(source: CatalogueSource, catalogue: Catalogue): Health {
  const status = source instanceof LiveCatalogue ? source.status : undefined
  return {
    status: 'ok',
    version: catalogue.version,
    documents: catalogue.size,
    loaded_at: status ? status.loadedAt.toISOString() : null,
    load_milliseconds: status ? status.loadMilliseconds : null,
    last_reload_error: status ? status.lastReloadError : null,
  }
}

class CatalogueApp implements App {
  private readonly source: CatalogueSource
  private readonly baseUrl: string | undefined
  private readonly prefix: string
  private readonly trustProxy: boolean
  private readonly maxLimit: number
  private readonly maxUrlLength: number
  private readonly maxParameters: number
  readonly maxBodyBytes: number
  private readonly citation: CitationOptions
  private readonly logger: Logger
  private readonly accessLog: boolean
  private readonly routes: readonly Route[] = routes
  private readonly endpointNames: [name: string, path: string][]
  /** The base URL of a request without a Host header (HTTP/1.0): the catalogue's own. */
  private readonly fallbackBaseUrl: string
  private readonly cache: ResponseCache

  constructor(source: CatalogueSource, options: AppOptions) {
    this.source = source
    const catalogue = currentOf(source)
    const base = options.baseUrl === undefined ? undefined : parseBaseUrl(options.baseUrl)
    this.baseUrl = base?.baseUrl
    this.prefix = base?.prefix ?? ''
    this.trustProxy = options.trustProxy ?? false
    this.maxLimit = options.maxLimit ?? catalogue.options.maxLimit
    this.maxUrlLength = options.maxUrlLength ?? 8192
    this.maxParameters = options.maxParameters ?? 100
    this.maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024
    this.citation = options.citation ?? catalogue.options.citation
    this.logger = options.logger ?? silent
    this.accessLog = options.accessLog ?? false
    this.endpointNames = topLevelNames(this.routes)
    this.fallbackBaseUrl = parseBaseUrl(catalogue.options.baseUrl).baseUrl
    this.cache = new ResponseCache(options.responseCacheBytes ?? DEFAULT_CACHE_BYTES)
  }

  handle(request: AppRequest): AppResponse {
    const started = performance.now()
    let response: AppResponse
    try {
      response = this.respond(request)
    } catch (error) {
      // Only a failure while rendering an error lands here; answer without rendering anything.
      this.logger.error(`${request.method} ${request.url} failed`, error)
      const body = Buffer.from(serialize.error({ detail: INTERNAL_ERROR }))
      response = { status: 500, headers: responseHeaders('json', body.length), body }
    }
    if (this.accessLog) {
      const ms = (performance.now() - started).toFixed(1)
      const { method, url } = request
      this.logger.info(`${method} ${url} ${response.status} ${response.body.length} ${ms}ms`)
    }
    return response
  }

  async request(url: string, init: AppRequestInit = {}): Promise<Response> {
    const absolute = /^https?:\/\//i.test(url) ? new URL(url) : undefined
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(init.headers ?? {})) {
      headers[name.toLowerCase()] = value
    }
    headers.host ??= absolute?.host ?? 'localhost'
    const target = absolute ? `${absolute.pathname}${absolute.search}` : url
    const body = init.body === undefined ? undefined : Buffer.from(init.body)
    if (body) headers['content-length'] ??= String(body.length)
    const response = this.handle({
      method: init.method ?? 'GET',
      url: target.startsWith('/') ? target : `/${target}`,
      headers,
      ...(body ? { body, bodyTooLarge: body.length > this.maxBodyBytes } : {}),
    })
    const content = response.body.length > 0 ? response.body : null
    return new Response(content, { status: response.status, headers: response.headers })
  }

  private respond(request: AppRequest): AppResponse {
    const { method, headers } = request
    const accept = headerValue(headers.accept)
    // Errors found before the `format` parameter is read follow the Accept header alone.
    let representation: Representation = accept && prefersHtml(accept) ? 'html' : 'json'
    let page: { path: string; query: URLSearchParams; baseUrl: string; view?: View } | undefined
    let allow = ALLOW
    try {
      if (request.url.length > this.maxUrlLength) {
        const length = request.url.length
        const limit = this.maxUrlLength
        throw new HttpError(
          414,
          `Request URL too long: ${length} characters; the limit is ${limit}.`,
        )
      }
      const { path, queryString } = splitTarget(request.url)
      const query = new URLSearchParams(queryString)
      const chosen = negotiate(query.getAll('format').at(-1) ?? null, accept)
      representation = chosen ?? 'json'
      const match = matchPath(this.routes, this.routePath(path))
      if (match) allow = allowedMethods(match.routes)
      // A CORS preflight is answered on every path: the request it announces gets the real answer.
      if (method === 'OPTIONS' && headers['access-control-request-method'] !== undefined) {
        const preflight = preflightHeaders(
          allow,
          headerValue(headers['access-control-request-headers']),
        )
        const body = match ? serialize.metadata(metadataOf(match.routes[0]!.view)) : ''
        return reply(method, 200, 'json', body, { ...preflight, Allow: allow })
      }
      if (match === undefined) throw new HttpError(404, NOT_FOUND)
      const baseUrl = this.base(headers)
      const route = routeFor(match.routes, method)
      const view = (route ?? match.routes[0]!).view
      page = { path: `${baseUrl}${this.routePath(path)}`, query, baseUrl, view }
      if (query.size > this.maxParameters) {
        throw new HttpError(
          400,
          `Too many query parameters: ${query.size}; the limit is ${this.maxParameters}.`,
        )
      }
      // DRF's order: the format is negotiated before the method is checked.
      if (chosen === undefined) throw new HttpError(404, NOT_FOUND)
      if (route === undefined) throw new HttpError(405, `Method "${method}" not allowed.`)

      if (method === 'OPTIONS') {
        const metadata = metadataOf(view)
        const body =
          chosen === 'html'
            ? this.html(request, page, 200, metadata, allow)
            : serialize.metadata(metadata)
        const preflight = preflightHeaders(
          allow,
          headerValue(headers['access-control-request-headers']),
        )
        return reply(method, 200, chosen, body, { ...preflight, Allow: allow })
      }
      if (request.bodyTooLarge) {
        throw new HttpError(413, `Request body too large: the limit is ${this.maxBodyBytes} bytes.`)
      }
      // One catalogue for the whole request, even if another is swapped in meanwhile.
      const catalogue = currentOf(this.source)
      const context = () =>
        this.context(catalogue, view, match.params, query, baseUrl, request.body)
      if (method === 'POST' || view.live) {
        const value = view.run(context())
        const body =
          chosen === 'html'
            ? this.html(request, page, 200, value, allow)
            : serializerOf(view)(value)
        const caching: Record<string, string> = view.live ? { 'Cache-Control': 'no-store' } : {}
        return reply(method, 200, chosen, body, { ...caching, Allow: allow })
      }
      const key = this.tagKey(chosen, baseUrl, this.routePath(path), query, request.url)
      let cached = this.cache.get(catalogue.version, key)
      if (!cached) {
        // Run first: a request that fails fails whatever its If-None-Match says.
        const value = view.run(context())
        const etag = entityTag(catalogue.version, key)
        const body =
          chosen === 'html'
            ? this.html(request, page, 200, value, allow)
            : serializerOf(view)(value)
        cached = { etag, response: reply('GET', 200, chosen, body, { ETag: etag, Allow: allow }) }
        this.cache.set(catalogue.version, key, cached)
      }
      const { etag, response } = cached
      if (ifNoneMatch(headerValue(headers['if-none-match']), etag)) return notModified(etag, allow)
      return method === 'HEAD' ? { ...response, body: EMPTY } : response
    } catch (error) {
      const { status, detail, expected } = toHttpError(error)
      if (!expected) this.logger.error(`${method} ${request.url} failed`, error)
      const value = { detail }
      const body =
        representation === 'html'
          ? this.html(request, page ?? this.errorPage(request, headers), status, value, allow)
          : serialize.error(value)
      return reply(method, status, representation, body, { Allow: allow })
    }
  }

  private base(headers: AppRequest['headers']): string {
    return this.baseUrl ?? requestBaseUrl(headers, this.trustProxy, this.fallbackBaseUrl)
  }

  /** The path without the base URL's prefix (when the proxy left it) and trailing slashes. */
  private routePath(path: string): string {
    let routePath = path
    if (this.prefix !== '' && (path === this.prefix || path.startsWith(`${this.prefix}/`))) {
      routePath = path.slice(this.prefix.length)
    }
    routePath = routePath.replace(/\/+$/, '')
    return routePath === '' ? '/' : routePath
  }

  private context(
    catalogue: Catalogue,
    view: View,
    params: Record<string, string>,
    query: URLSearchParams,
    baseUrl: string,
    body: Buffer | undefined,
  ): ViewContext {
    const { maxLimit, maxUrlLength, maxParameters, maxBodyBytes, citation, source } = this
    const endpointUrls = () =>
      Object.fromEntries(this.endpointNames.map(([name, path]) => [name, `${baseUrl}${path}`]))
    const routes = this.routes
    return {
      catalogue,
      params,
      get request(): ListRequest {
        if (view.endpoint === undefined)
          throw new Error(`The view ${view.name} takes no parameters`)
        return catalogue.parse(view.endpoint, query, { maxLimit })
      },
      query,
      links: { baseUrl },
      body: body ?? Buffer.alloc(0),
      citation,
      get openApi() {
        return openApiDocument(routes, baseUrl, {
          maxLimit,
          maxUrlLength,
          maxParameters,
          maxBodyBytes,
        })
      },
      get health() {
        return healthOf(source, catalogue)
      },
      get endpoints() {
        return endpointUrls()
      },
    }
  }

  /**
   * What a 200's body depends on besides the catalogue: the tag's key. JSON depends on the path
   * and the parameters in name order (links sort them; sorting by name is stable, so repeated
   * parameters keep their order, which can matter); HTML also shows the request target as sent.
   */
  private tagKey(
    representation: Representation,
    baseUrl: string,
    routePath: string,
    query: URLSearchParams,
    target: string,
  ): string {
    let request = target
    if (representation === 'json') {
      const sorted = new URLSearchParams(query)
      sorted.sort()
      request = `${routePath}?${sorted}`
    }
    return `${representation}\n${this.maxLimit}\n${baseUrl}\n${request}`
  }

  private errorPage(request: AppRequest, headers: AppRequest['headers']) {
    const { path, queryString } = splitTarget(request.url.slice(0, this.maxUrlLength))
    let baseUrl: string
    try {
      baseUrl = this.base(headers)
    } catch {
      baseUrl = this.fallbackBaseUrl
    }
    return { path, query: new URLSearchParams(queryString), baseUrl }
  }

  private html(
    request: AppRequest,
    page: { path: string; query: URLSearchParams; baseUrl: string; view?: View },
    status: number,
    value: unknown,
    allow: string,
  ): string {
    return renderHtml({
      ...page,
      // A HEAD response tells the length of the GET's page.
      method: request.method === 'HEAD' ? 'GET' : request.method,
      target: request.url.slice(0, this.maxUrlLength),
      status,
      value,
      headers: { Allow: allow, 'Content-Type': JSON_TYPE, Vary: 'Accept' },
    })
  }
}
