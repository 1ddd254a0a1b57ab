import {
  type Catalogue,
  type CatalogueBackend,
  type Chunks,
  type CitationOptions,
  type LiveCatalogue,
  type MaybePromise,
  type ParsedRequest,
  parseFor,
} from '@archive-catalogue/core'
import {
  ALLOW,
  type AppRequest,
  type AppResponse,
  EMPTY,
  JSON_TYPE,
  notModified,
  reply,
  responseHeaders,
} from './app-messages.js'
import { type AppRequestInit, requestApp } from './app-request.js'
import { BackendCall, BackendCalls } from './backend-calls.js'
import { parseBaseUrl, requestBaseUrl } from './base-url.js'
import { entityTag, ifNoneMatch } from './etag.js'
import { HttpError, INTERNAL_ERROR, NOT_FOUND, toHttpError } from './http-errors.js'
import { negotiate, prefersHtml, type Representation } from './negotiate.js'
import { openApiDocument } from './openapi.js'
import { isPreflight, optionsAnswer, preflightAnswer } from './options-answers.js'
import { renderHtml } from './render-html.js'
import { checkBodySize, checkParameterCount, checkUrlLength } from './request-limits.js'
import { headerValue, splitTarget } from './request-target.js'
import { type CachedResponse, ResponseCache } from './response-cache.js'
import { allowedMethods, matchPath, type Route, routeFor, routes, topLevelNames } from './routes.js'
import { serialize } from './serialize.js'
import { type OaiSettings, serializerOf, type View, type ViewContext } from './views.js'

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
   * The path the API is served under when it shares a server with other pages (`/api` beside the
   * discovery site): its requests' paths begin with it, without a `baseUrl` its links are
   * `http://{Host}{mountPath}/…`, and a citation's URL is the record's page on the site beside it
   * (the base URL without the mount path) unless `citation.publicUrl` says otherwise.
   * @default '' (the API at the root)
   */
  mountPath?: string
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
  /**
   * How the OAI-PMH endpoint (`/oai`) names the repository: `repositoryIdentifier` (a domain
   * of yours: identifiers are `oai:<it>:collections/<id>`), `adminEmails`, `repositoryName`
   * (default the citation's), `publicUrl` of records' pages, `pageSize`.
   * @default { repositoryIdentifier: 'archive-catalogue.local', adminEmails: ['admin@example.org'] }
   */
  oai?: OaiSettings
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
  /**
   * How long a backend that answers with promises (OpenSearch) may take; then the request is a
   * 503 naming the backend, and the call is aborted. An in-memory catalogue is never timed.
   * @default 10_000 ms
   */
  backendTimeoutMs?: number
}

/**
 * The catalogue API over a backend: a pure request → response function, `Answer` being
 * `AppResponse` over an in-memory catalogue (never a promise) and either otherwise.
 */
export interface App<Answer extends MaybePromise<AppResponse> = MaybePromise<AppResponse>> {
  /** The largest body the app reads; whoever feeds it stops reading beyond and says so. */
  readonly maxBodyBytes: number
  /**
   * Answers a request: synchronously when the backend does (the in-memory catalogue), else with
   * a promise. Never throws nor rejects: a failure inside is a 500, logged.
   */
  handle(request: AppRequest): Answer
  /**
   * Answers a request given as a path (`/search?query=x`) or absolute URL, as a fetch
   * `Response`: for tests without a socket.
   * @example const body = await (await app.request('/search?query=banana')).json()
   */
  request(url: string, init?: AppRequestInit): Promise<Response>
}

const silent: Logger = { info() {}, error() {} }
const DEFAULT_CACHE_BYTES = 64 * 2 ** 20
const DEFAULT_BACKEND_TIMEOUT = 10_000

/** What the browsable page of a request shows besides its answer. */
type HtmlPage = { path: string; query: URLSearchParams; baseUrl: string; view?: View }

/** A request routed to its view: what its answer depends on. */
interface Routed {
  request: AppRequest
  view: View
  params: Record<string, string>
  query: URLSearchParams
  baseUrl: string
  representation: Representation
  page: HtmlPage
  allow: string
}

/** Answers a request with its error. */
type Failed = (error: unknown) => AppResponse

/**
 * Creates the catalogue API (API.md §2, §5) over a backend: search, suggestions and facets;
 * lists, details, children, ancestors, minimaps and citations of collections, objects, agents
 * and terms; `POST /mylist`; the finding aid as EAD and OAI-PMH, streamed. JSON or the
 * browsable HTML; ETags; CORS; `{"detail"}` errors. Over an in-memory catalogue, `handle`
 * answers synchronously (a streamed answer's first chunk included).
 * @example
 * const app = createApp(catalogue, { baseUrl: 'https://example.org/api' })
 * await listen(app, { port: 8000 })
 */
export function createApp(
  catalogue: Catalogue | LiveCatalogue | (() => Catalogue),
  options?: AppOptions,
): App<AppResponse>
/** Creates the catalogue API over any backend: `handle` may answer with a promise. */
export function createApp(backend: CatalogueSource, options?: AppOptions): App
export function createApp(backend: CatalogueSource, options: AppOptions = {}): App {
  return new CatalogueApp(backend, options)
}

/**
 * What the app answers from: a backend (a `Catalogue`, a `LiveCatalogue` reloaded while it
 * serves, OpenSearch), or a function that returns the backend to use (read once per request).
 */
export type CatalogueSource = CatalogueBackend | (() => CatalogueBackend)

/** A mount path as `/api`: one leading slash, none at the end; '' for the root. */
function mountPathOf(path: string | undefined): string {
  const trimmed = (path ?? '').replace(/^\/+|\/+$/g, '')
  if (/[?#\s]/.test(trimmed)) throw new TypeError(`mountPath must be a path, got '${path}'`)
  return trimmed === '' ? '' : `/${trimmed}`
}

function currentOf(source: CatalogueSource): CatalogueBackend {
  return typeof source === 'function' ? source() : source
}

class CatalogueApp implements App {
  private readonly source: CatalogueSource
  private readonly baseUrl: string | undefined
  private readonly prefix: string
  /** The API's own path beside a site: added to a base URL made from the request or the backend's. */
  private readonly mountPath: string
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
  private readonly calls: BackendCalls
  private readonly oai: OaiSettings

  constructor(source: CatalogueSource, options: AppOptions) {
    this.source = source
    const backend = currentOf(source)
    const base = options.baseUrl === undefined ? undefined : parseBaseUrl(options.baseUrl)
    this.baseUrl = base?.baseUrl
    this.mountPath = mountPathOf(options.mountPath)
    this.prefix = base?.prefix ?? this.mountPath
    this.trustProxy = options.trustProxy ?? false
    this.maxLimit = options.maxLimit ?? backend.options.maxLimit
    this.maxUrlLength = options.maxUrlLength ?? 8192
    this.maxParameters = options.maxParameters ?? 100
    this.maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024
    this.citation = options.citation ?? backend.options.citation
    this.logger = options.logger ?? silent
    this.accessLog = options.accessLog ?? false
    this.endpointNames = topLevelNames(this.routes)
    this.fallbackBaseUrl = parseBaseUrl(backend.options.baseUrl).baseUrl + this.mountPath
    this.cache = new ResponseCache(options.responseCacheBytes ?? DEFAULT_CACHE_BYTES)
    this.calls = new BackendCalls(options.backendTimeoutMs ?? DEFAULT_BACKEND_TIMEOUT)
    this.oai = options.oai ?? {}
  }

  handle(request: AppRequest): MaybePromise<AppResponse> {
    const started = performance.now()
    let response: MaybePromise<AppResponse>
    try {
      response = this.respond(request)
    } catch (error) {
      response = this.crashed(request, error)
    }
    if (response instanceof Promise) {
      return response
        .catch((error: unknown) => this.crashed(request, error))
        .then((settled) => this.logged(request, settled, started))
    }
    return this.logged(request, response, started)
  }

  /** Only a failure while rendering an error lands here; answer without rendering anything. */
  private crashed(request: AppRequest, error: unknown): AppResponse {
    this.logger.error(`${request.method} ${request.url} failed`, error)
    const body = Buffer.from(serialize.error({ detail: INTERNAL_ERROR }))
    return { status: 500, headers: responseHeaders('json', body.length), body }
  }

  private logged(request: AppRequest, response: AppResponse, started: number): AppResponse {
    if (this.accessLog) {
      const ms = (performance.now() - started).toFixed(1)
      const { method, url } = request
      this.logger.info(`${method} ${url} ${response.status} ${response.body.length} ${ms}ms`)
    }
    return response
  }

  request(url: string, init: AppRequestInit = {}): Promise<Response> {
    return requestApp(this, url, init)
  }

  private respond(request: AppRequest): MaybePromise<AppResponse> {
    const { method, headers } = request
    const accept = headerValue(headers.accept)
    // Errors found before the `format` parameter is read follow the Accept header alone.
    let representation: Representation = accept && prefersHtml(accept) ? 'html' : 'json'
    let page: HtmlPage | undefined
    let allow = ALLOW
    // Read when it fails, synchronously or later: by then they say what the request was.
    const failed = (error: unknown) => this.failure(request, error, representation, page, allow)
    try {
      checkUrlLength(request.url, this.maxUrlLength)
      const { path, queryString } = splitTarget(request.url)
      const query = new URLSearchParams(queryString)
      const chosen = negotiate(query.getAll('format').at(-1) ?? null, accept)
      representation = chosen ?? 'json'
      const match = matchPath(this.routes, this.routePath(path))
      if (match) allow = allowedMethods(match.routes)
      // A CORS preflight is answered on every path: the request it announces gets the real answer.
      if (isPreflight(request)) return preflightAnswer(request, match?.routes[0]?.view, allow)
      if (match === undefined) throw new HttpError(404, NOT_FOUND)
      const baseUrl = this.base(headers)
      const route = routeFor(match.routes, method)
      const view = (route ?? match.routes[0]!).view
      const viewPage = { path: `${baseUrl}${this.routePath(path)}`, query, baseUrl, view }
      page = viewPage
      checkParameterCount(query, this.maxParameters)
      // DRF's order: the format is negotiated before the method is checked.
      if (chosen === undefined) throw new HttpError(404, NOT_FOUND)
      if (route === undefined) throw new HttpError(405, `Method "${method}" not allowed.`)

      if (method === 'OPTIONS') {
        const html = (metadata: unknown) => this.html(request, viewPage, 200, metadata, allow)
        return optionsAnswer(request, view, chosen, allow, html)
      }
      checkBodySize(request, this.maxBodyBytes)
      const routed: Routed = {
        request,
        view,
        params: match.params,
        query,
        baseUrl,
        representation: chosen,
        page: viewPage,
        allow,
      }
      if (view.stream) return this.streamed(routed, view.stream, failed)
      if (method === 'POST' || view.live) return this.uncached(routed, failed)
      const key = this.tagKey(chosen, baseUrl, this.routePath(path), query, request.url)
      return this.cached(routed, key, failed)
    } catch (error) {
      return failed(error)
    }
  }

  /**
   * A streamed view: its first chunk is made first, so that an error before it (an unknown id,
   * a bad parameter) is an ordinary error response; then the status and headers, and the rest
   * as the client reads it. Synchronous as far as the backend is (the in-memory catalogue's
   * answer, first chunk included, comes without a promise). Never cached; a HEAD stops after
   * the first chunk.
   */
  private streamed(
    routed: Routed,
    stream: NonNullable<View['stream']>,
    failed: Failed,
  ): MaybePromise<AppResponse> {
    const { request, allow } = routed
    const backend = currentOf(this.source)
    const call = new BackendCall(routed.baseUrl)
    let chunks: Chunks
    let first: IteratorResult<string> | Promise<IteratorResult<string>>
    try {
      chunks = stream.chunks(this.context(backend, routed, call))
      first = chunks.next()
    } catch (error) {
      return failed(error)
    }
    const answer = (made: IteratorResult<string>): AppResponse => {
      const headers: Record<string, string> = {
        ...responseHeaders('json', 0),
        'Content-Type': stream.contentType,
        Allow: allow,
        'Cache-Control': 'no-cache',
      }
      delete headers['Content-Length']
      if (request.method === 'HEAD' || made.done) {
        chunks.close()
        const body = made.done || request.method === 'HEAD' ? EMPTY : Buffer.from(made.value)
        return { status: 200, headers, body }
      }
      // The client going away aborts what the walk waits for, as well as stopping its reading.
      const gone = request.signal
      gone?.addEventListener('abort', () => call.abort(gone.reason), { once: true })
      return { status: 200, headers, body: EMPTY, stream: resumed(made.value, chunks) }
    }
    if (!(first instanceof Promise)) return answer(first)
    return first.then(answer, failed)
  }

  /** `POST` and live views (`/health`): computed for each request, never cached nor shared. */
  private uncached(routed: Routed, failed: Failed): MaybePromise<AppResponse> {
    const { request, view, representation, allow } = routed
    const caching: Record<string, string> = view.live ? { 'Cache-Control': 'no-store' } : {}
    const answer = (value: unknown) =>
      reply(request.method, 200, representation, this.render(routed, value), {
        ...caching,
        Allow: allow,
      })
    const backend = currentOf(this.source)
    const call = new BackendCall(routed.baseUrl)
    const value = view.run(this.context(backend, routed, call))
    if (!(value instanceof Promise)) return answer(value)
    return this.calls.watch(value, call, backend.name, request).then(answer).catch(failed)
  }

  /**
   * `GET` and `HEAD`: from the response cache, else from the same request's backend call in
   * flight, else from a new call; a 304 when the client holds the entity tag.
   */
  private cached(routed: Routed, key: string, failed: Failed): MaybePromise<AppResponse> {
    // One backend for the whole request, even if another is swapped in meanwhile.
    const backend = currentOf(this.source)
    const version = backend.version
    const cached = this.cache.get(version, key)
    if (cached) return this.conditional(routed, cached)
    const finish = (fresh: CachedResponse) => this.conditional(routed, fresh)
    const joined = this.calls.join<CachedResponse>(version, key, routed.request)
    if (joined) return joined.then(finish).catch(failed)
    const call = new BackendCall(routed.baseUrl)
    // Run first: a request that fails fails whatever its If-None-Match says.
    const value = routed.view.run(this.context(backend, routed, call))
    if (!(value instanceof Promise)) {
      const fresh = this.cachedResponse(routed, version, key, value)
      this.cache.set(version, key, fresh)
      return finish(fresh)
    }
    const answer = value.then((settled) => {
      const fresh = this.cachedResponse(routed, version, key, settled)
      // Cached only while its version is current: a late answer must not empty the cache.
      if (currentOf(this.source).version === version) this.cache.set(version, key, fresh)
      return fresh
    })
    const shared = { version, key }
    return this.calls
      .watch(answer, call, backend.name, routed.request, shared)
      .then(finish)
      .catch(failed)
  }

  /** A 200 as the cache keeps it, tagged by the backend's version and the request's key. */
  private cachedResponse(
    routed: Routed,
    version: string,
    key: string,
    value: unknown,
  ): CachedResponse {
    const etag = entityTag(version, key)
    const body = this.render(routed, value)
    return {
      etag,
      response: reply('GET', 200, routed.representation, body, { ETag: etag, Allow: routed.allow }),
    }
  }

  /** A cached 200 as this request gets it: a 304 for a matching tag, no body for HEAD. */
  private conditional({ request, allow }: Routed, { etag, response }: CachedResponse): AppResponse {
    if (ifNoneMatch(headerValue(request.headers['if-none-match']), etag)) {
      return notModified(etag, allow)
    }
    return request.method === 'HEAD' ? { ...response, body: EMPTY } : response
  }

  /** A view's answer as bytes: JSON by its serializer, or the browsable page. */
  private render(routed: Routed, value: unknown): string {
    return routed.representation === 'html'
      ? this.html(routed.request, routed.page, 200, value, routed.allow)
      : serializerOf(routed.view)(value)
  }

  /** An error's answer: its status and `{"detail"}`, in JSON or as the browsable page. */
  private failure(
    request: AppRequest,
    error: unknown,
    representation: Representation,
    page: HtmlPage | undefined,
    allow: string,
  ): AppResponse {
    const { status, detail, expected } = toHttpError(error)
    if (!expected) this.logger.error(`${request.method} ${request.url} failed`, error)
    const value = { detail }
    const body =
      representation === 'html'
        ? this.html(request, page ?? this.errorPage(request, request.headers), status, value, allow)
        : serialize.error(value)
    return reply(request.method, status, representation, body, { Allow: allow })
  }

  private base(headers: AppRequest['headers']): string {
    if (this.baseUrl !== undefined) return this.baseUrl
    const fromRequest = requestBaseUrl(headers, this.trustProxy, '')
    return fromRequest === '' ? this.fallbackBaseUrl : fromRequest + this.mountPath
  }

  /** How citations are written at a base URL: beside a site, records' pages are the site's. */
  private citationAt(baseUrl: string): CitationOptions {
    const mount = this.mountPath
    if (mount === '' || this.citation.publicUrl !== undefined || !baseUrl.endsWith(mount)) {
      return this.citation
    }
    return { ...this.citation, publicUrl: baseUrl.slice(0, -mount.length) }
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

  private context(backend: CatalogueBackend, routed: Routed, call: BackendCall): ViewContext {
    const { view, params, query, baseUrl } = routed
    const body = routed.request.body
    const { maxLimit, maxUrlLength, maxParameters, maxBodyBytes } = this
    const citation = this.citationAt(baseUrl)
    const endpointUrls = () =>
      Object.fromEntries(this.endpointNames.map(([name, path]) => [name, `${baseUrl}${path}`]))
    const routes = this.routes
    return {
      backend,
      params,
      get request(): ParsedRequest {
        if (view.endpoint === undefined)
          throw new Error(`The view ${view.name} takes no parameters`)
        return parseFor(backend, view.endpoint, query, { maxLimit })
      },
      query,
      call,
      body: body ?? Buffer.alloc(0),
      citation,
      oai: {
        ...(citation.repositoryName ? { repositoryName: citation.repositoryName } : {}),
        ...(citation.publicUrl ? { publicUrl: citation.publicUrl } : {}),
        ...this.oai,
      },
      get openApi() {
        return openApiDocument(routes, baseUrl, {
          maxLimit,
          maxUrlLength,
          maxParameters,
          maxBodyBytes,
        })
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
    page: HtmlPage,
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

/** The chunks of a stream whose first one was made already. */
async function* resumed(first: string, rest: Chunks): AsyncGenerator<string> {
  try {
    yield first
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value
  } finally {
    // Stopped early (the client went away): the walk behind it ends too.
    rest.close()
  }
}

/** A streamed body as bytes, for a web `Response`. */
