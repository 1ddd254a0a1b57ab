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
  type Chunks,
  type DetailOf,
  isCatalogueListing,
  NotFoundError,
  NotTopLevelError,
  parseFor,
  type StatsSource,
  type TextLanguage,
} from '@archive-catalogue/core'
import {
  type App,
  type AppOptions,
  type AppRequest,
  type AppRequestInit,
  type AppResponse,
  type CatalogueSource,
  createApp,
  requestApp,
} from '@archive-catalogue/http'
import type { AboutSource } from './config/about.js'
import { type Appearance, appearanceOf, LOGO_PATH } from './config/appearance.js'
import type { Colours } from './config/colours.js'
import type { Logo, SiteFooter } from './config/site-config.js'
import { preferredLanguage } from './locale/accept-language.js'
import { isLanguage, LANGUAGES, type Language } from './locale/languages.js'
import { CATALOGUES } from './messages/catalogues.js'
import { aboutPage } from './pages/about.js'
import { homePage } from './pages/home.js'
import { page, type SiteContext } from './pages/layout.js'
import { type ListType, listPage } from './pages/list.js'
import { myListPage } from './pages/my-list.js'
import { myListCsv } from './pages/my-list-csv.js'
import { printedFindingAid, runningTitleCss } from './pages/print.js'
import { recordPage } from './pages/record.js'
import { searchPage, withFacetOptIns, withSearchOptIns } from './pages/search.js'
import { readMyList } from './reads/my-list-reads.js'
import { readRelated } from './reads/related-reads.js'
import { readContents, readPlace } from './reads/tree-reads.js'
import { robotsTxt } from './search-engines/robots.js'
import {
  SITEMAP_SIZE,
  type SitemapPlan,
  sitemapCount,
  sitemapFile,
  sitemapIndex,
} from './search-engines/sitemaps.js'
import { html } from './templates/html.js'
import { SITE_JS } from './templates/script.js'

export interface SiteOptions {
  /** The archive's name, in every page's header and title. @default 'Archive catalogue' */
  name?: string
  /**
   * The language of every page: `en`, `fr`, `de`, `es`, `nl` or `it`. Without it, each reader
   * gets the one their browser asks for (`Accept-Language`) among these, English when none.
   * @default each reader's `Accept-Language`, else 'en'
   * @example createSite(catalogue, { language: 'fr' })
   */
  language?: Language
  /**
   * The archive's logo, in every page's header (its text the name), served at `/logo`.
   * `loadSiteConfig` reads it from a file.
   * @example createSite(catalogue, { logo: { data: readFileSync('logo.svg'), type: 'image/svg+xml' } })
   */
  logo?: Logo
  /**
   * The theme's colours, any CSS colour each: `accent`, `text`, `background`, `muted`, `header`,
   * `headerText`. Every pair the pages write text in must meet WCAG 2.1 AA (4.5:1), or
   * `createSite` throws a `SiteConfigError` naming the colour and the ratio.
   * @default the default theme's
   * @example createSite(catalogue, { colours: { accent: '#7a2e8e', header: '#2b1a3f' } })
   */
  colours?: Colours
  /**
   * The about page, `/about`, linked from the footer: Markdown (its HTML shown as text, never
   * passed through) or plain text.
   * @example createSite(catalogue, { about: { markdown: '# About us\n\nWe keep…' } })
   */
  about?: AboutSource
  /** The footer's own text and links (`https:`, `mailto:`, `tel:` or a path of the site). */
  footer?: SiteFooter
  /**
   * The most URLs in one sitemap file (`/sitemaps/<n>.xml`, listed by `/sitemap.xml`), 1 to
   * 50,000 (the sitemaps protocol's most).
   * @default 50000
   */
  sitemapSize?: number
  /**
   * The API's options (`/api`): base URL (the site's root URL followed by `/api`, as
   * `https://archive.example.org/api`), limits, citation, logging.
   */
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
/** My list's page and CSV also read a list too long for a URL from a form's body. */
const LIST_PATHS = ['/mylist', '/mylist.csv']
/** The printable finding aid of a top-level collection, and its style sheet. */
const PRINT = /^\/collections\/([A-Za-z0-9_-]+)\/print(\.css)?$/
/** A sitemap file's path: `/sitemaps/0.xml`. */
const SITEMAP_FILE = /^\/sitemaps\/(0|[1-9]\d{0,8})\.xml$/
const XML_TYPE = 'application/xml; charset=utf-8'
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
  /** The home page's counts, and the version of the catalogue they were counted on. */
  private counted: { version: string; stats: Promise<CatalogueStats | null> } | null = null
  /** A page's words and formats in each language, made once. */
  private readonly contexts: Readonly<Record<Language, SiteContext>>
  /** The language fixed by the options; null when each request's `Accept-Language` chooses. */
  private readonly language: Language | null
  /** The archive's own style sheet, logo, about page and footer. */
  private readonly appearance: Appearance
  /** The records' public URL, when the citations have one. */
  private readonly publicUrl: string | undefined
  /** URLs per sitemap file. */
  private readonly sitemapSize: number

  constructor(
    private readonly source: CatalogueSource,
    options: SiteOptions,
  ) {
    const apiBase = options.api?.baseUrl
    // The pages link each other from the root: the site is at its host's root, the API at /api.
    if (apiBase !== undefined && URL.canParse(apiBase)) {
      const path = new URL(apiBase).pathname.replace(/\/+$/, '')
      if (path !== API_PATH) {
        throw new TypeError(
          `api.baseUrl must be the site's root URL followed by ${API_PATH} (the site is served at the root of its host), got '${apiBase}'`,
        )
      }
    }
    this.api = createApp(source, { ...options.api, mountPath: API_PATH })
    this.maxBodyBytes = this.api.maxBodyBytes
    const name = options.name ?? 'Archive catalogue'
    if (options.language !== undefined && !isLanguage(options.language)) {
      throw new TypeError(
        `language must be one of ${LANGUAGES.join(', ')}, got '${String(options.language)}'`,
      )
    }
    this.language = options.language ?? null
    this.appearance = appearanceOf(options)
    this.publicUrl = options.api?.citation?.publicUrl
    const sitemapSize = options.sitemapSize ?? SITEMAP_SIZE
    if (!Number.isInteger(sitemapSize) || sitemapSize < 1 || sitemapSize > SITEMAP_SIZE) {
      throw new TypeError(
        `sitemapSize must be a whole number from 1 to ${SITEMAP_SIZE}, got ${String(options.sitemapSize)}`,
      )
    }
    this.sitemapSize = sitemapSize
    const own = this.appearance.own
    this.contexts = Object.fromEntries(
      LANGUAGES.map((language) => [
        language,
        { name, messages: CATALOGUES[language], language, own },
      ]),
    ) as Record<Language, SiteContext>
  }

  handle(request: AppRequest): AppResponse | Promise<AppResponse> {
    const { pathname, searchParams } = new URL(request.url, 'http://site')
    if (pathname === API_PATH || pathname.startsWith(`${API_PATH}/`))
      return this.api.handle(request)
    const context =
      this.contexts[this.language ?? preferredLanguage(request.headers['accept-language'])]
    // A page is in its reader's language: a cache keeps one copy per language asked, unless the
    // site speaks one.
    const headers = {
      'Content-Language': context.language,
      Vary: this.language === null ? 'Accept-Encoding, Accept-Language' : 'Accept-Encoding',
    }
    const posted = request.method === 'POST' && LIST_PATHS.includes(pathname)
    if (request.method !== 'GET' && request.method !== 'HEAD' && !posted) {
      const { badRequest, readOnly } = context.messages
      const text = errorPage(context, badRequest, readOnly(request.method))
      return respond(request, 405, text, { ...headers, Allow: ALLOW })
    }
    if (pathname === '/site.css') {
      return respond(request, 200, this.appearance.css, {
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
    const { logo } = this.appearance
    if (pathname === LOGO_PATH && logo) {
      return respond(request, 200, logo.data, {
        'Content-Type': logo.type,
        'Cache-Control': 'public, max-age=3600',
        // An SVG opened by itself runs nothing, and is shown as an image, never a page.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      })
    }
    if (pathname === '/robots.txt') {
      return this.siteUrl(request).then(
        (url) =>
          respond(request, 200, robotsTxt(url), { 'Content-Type': 'text/plain; charset=utf-8' }),
        (error: unknown) => this.failed(request, context, error, headers),
      )
    }
    if (pathname === '/sitemap.xml' || SITEMAP_FILE.test(pathname)) {
      return this.sitemap(request, pathname).catch((error: unknown) =>
        this.failed(request, context, error, headers),
      )
    }
    const printed = PRINT.exec(pathname)
    if (printed) {
      const [, id, css] = printed as unknown as [string, string, string | undefined]
      const answer = css ? this.runningTitle(request, id) : this.printPage(request, context, id)
      return answer.catch((error: unknown) => this.failed(request, context, error, headers))
    }
    if (pathname === '/mylist.csv') {
      return this.myListCsv(context, request, searchParams).then(
        (csv) =>
          respond(request, 200, csv, {
            ...headers,
            'Content-Type': 'text/csv; charset=utf-8; header=present',
            'Content-Disposition': 'attachment; filename="my-list.csv"',
          }),
        (error: unknown) => this.failed(request, context, error, headers),
      )
    }
    return this.page(context, pathname.replace(/\/+$/, '') || '/', searchParams, request).then(
      (body) => respond(request, 200, body, headers),
      (error: unknown) => this.failed(request, context, error, headers),
    )
  }

  request(url: string, init?: AppRequestInit): Promise<Response> {
    return requestApp(this, url, init)
  }

  private get backend(): CatalogueBackend {
    return typeof this.source === 'function' ? this.source() : this.source
  }

  /** The page at a path, or a `NotFoundError`. */
  private async page(
    pageContext: SiteContext,
    path: string,
    params: URLSearchParams,
    request: AppRequest,
  ): Promise<string> {
    const backend = this.backend
    const url = await this.siteUrl(request)
    const context = { ...withTextLanguage(pageContext, backend.options.language), url }
    if (path === '/') return homePage(context, await this.stats(backend))
    if (path === '/search') return this.searchPage(context, backend, params)
    if (path === '/mylist') {
      const uris = listUris(request, params)
      const read = uris.length > 0 ? await readMyList(backend, uris) : null
      return myListPage(context, { read, posted: request.method === 'POST' })
    }
    if (path === '/about' && this.appearance.about) return aboutPage(context, this.appearance.about)
    const [, list, id, more] = path.split('/')
    if (list && LISTS.includes(list as ListType)) {
      const type = list as ListType
      if (id === undefined) {
        const request = parseFor(backend, type, params)
        const answer = await backend[type](request)
        return listPage(context, type, {
          params,
          page: answer,
          limit: request.limit,
          offset: request.offset,
        })
      }
      if (more === undefined) {
        return this.recordPage(context, backend, RECORDS[type], id, params, request)
      }
    }
    throw new NotFoundError(path)
  }

  /**
   * The printable finding aid of a top-level collection (`/collections/{id}/print`), streamed as
   * the walk reads it: its first chunk is made before the answer, so that an unknown id or a
   * collection inside another is a 404 page, not a cut one.
   */
  private async printPage(
    request: AppRequest,
    pageContext: SiteContext,
    id: string,
  ): Promise<AppResponse> {
    const backend = this.backend
    const url = await this.siteUrl(request)
    const context = { ...withTextLanguage(pageContext, backend.options.language), url }
    const chunks = printedFindingAid(context, backend, id, request.signal)
    let first: IteratorResult<string>
    try {
      first = await chunks.next()
    } catch (error) {
      if (error instanceof NotTopLevelError) throw new NotFoundError(`/collections/${id}/print`)
      throw error
    }
    const headers = {
      'Content-Language': pageContext.language,
      Vary: this.language === null ? 'Accept-Encoding, Accept-Language' : 'Accept-Encoding',
    }
    if (request.method === 'HEAD') chunks.close()
    return streamed(request, resumed(first, chunks), headers)
  }

  /** The finding aid's running title, as a style sheet of its own. */
  private async runningTitle(request: AppRequest, id: string): Promise<AppResponse> {
    const detail = await this.backend.detail('collection', id, { signal: request.signal })
    return respond(request, 200, runningTitleCss(detail.title), {
      'Content-Type': 'text/css; charset=utf-8',
    })
  }

  /**
   * The sitemap index (`/sitemap.xml`) or one of its files (`/sitemaps/<n>.xml`, streamed as it
   * is read): a 404 for a file past the last, or a backend that cannot list its catalogue.
   */
  private async sitemap(request: AppRequest, pathname: string): Promise<AppResponse> {
    const backend = this.backend
    if (!isCatalogueListing(backend)) throw new NotFoundError(pathname)
    const [url, places] = await Promise.all([
      this.siteUrl(request),
      backend.listingSize({ signal: request.signal }),
    ])
    const plan: SitemapPlan = {
      url,
      pages: this.appearance.about ? ['/', '/about'] : ['/'],
      places,
      size: this.sitemapSize,
    }
    const headers = { 'Content-Type': XML_TYPE }
    if (pathname === '/sitemap.xml') return respond(request, 200, sitemapIndex(plan), headers)
    const n = Number(SITEMAP_FILE.exec(pathname)?.[1])
    if (n >= sitemapCount(plan)) throw new NotFoundError(pathname)
    return streamed(request, sitemapFile(backend, plan, n, request.signal), headers)
  }

  /**
   * What the home page says the catalogue holds: counted once for each version of the catalogue
   * (a reload or a push makes a new one), since counting reads every document (on OpenSearch,
   * aggregations over the whole index). A failed count is not kept.
   */
  private stats(backend: CatalogueBackend): Promise<CatalogueStats | null> {
    const { version } = backend
    if (this.counted?.version !== version) {
      const source = backend as Partial<StatsSource>
      const stats =
        typeof source.stats === 'function'
          ? Promise.resolve(source.stats(12))
          : Promise.resolve(null)
      const counted = { version, stats }
      this.counted = counted
      stats.catch(() => {
        if (this.counted === counted) this.counted = null
      })
    }
    return this.counted!.stats
  }

  private async searchPage(
    context: SiteContext,
    backend: CatalogueBackend,
    params: URLSearchParams,
  ): Promise<string> {
    const request = parseFor(backend, 'search', withSearchOptIns(params))
    const [results, facets] = await Promise.all([
      backend.search(request),
      backend.facets(parseFor(backend, 'facets', withFacetOptIns(params))),
    ])
    const query = params.get('query') ?? ''
    const suggestions = results.count === 0 && query !== '' ? await backend.suggest(query) : null
    return searchPage(context, {
      params,
      results,
      facets,
      suggestions,
      limit: request.limit,
      offset: request.offset,
    })
  }

  /**
   * A record's page. The calls run side by side: the detail, the citation, the ancestors, a
   * collection's contents (a page of children and the branch opened, `readContents`), and, once
   * the detail has given its `parent` and `offset`, a component's place among its siblings (one
   * page of its parent's children, `readPlace`): a page's cost never grows with the tree. An
   * agent's or a term's collections and objects (`readRelated`, a first page of each list) follow
   * the detail too, whose name finds them.
   */
  private async recordPage(
    context: SiteContext,
    backend: CatalogueBackend,
    type: 'collection' | 'object' | 'agent' | 'term',
    id: string,
    params: URLSearchParams,
    request: AppRequest,
  ): Promise<string> {
    // What needs only the id starts with the detail (on OpenSearch each is a round trip or
    // more); a component's place among its siblings follows the detail, whose parent and offset
    // it needs.
    const detailed = Promise.resolve(backend.detail(type, id))
    const [detail, citation, ancestors, contents, place, related] = await Promise.all([
      detailed,
      this.citation(`/${type}s/${id}`, request),
      type === 'collection' || type === 'object'
        ? backend.ancestors(type, id, parseFor(backend, 'ancestors', {}))
        : null,
      type === 'collection' ? readContents(backend, id, params) : null,
      detailed.then((detail) =>
        detail.type === 'collection' || detail.type === 'object'
          ? readPlace(backend, detail as DetailOf['collection'] | DetailOf['object'], params)
          : null,
      ),
      detailed.then((detail) =>
        detail.type === 'agent' || detail.type === 'term'
          ? readRelated(backend, detail as DetailOf['agent'] | DetailOf['term'])
          : [],
      ),
    ])
    const trail = ancestors ? ancestorTrail(ancestors) : []
    return recordPage(context, { detail, params, trail, citation, contents, place, related })
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

  /** A list's records as CSV, each with its URL on this site (the citations' public URL). */
  private async myListCsv(
    context: SiteContext,
    request: AppRequest,
    params: URLSearchParams,
  ): Promise<string> {
    const [read, siteUrl] = await Promise.all([
      readMyList(this.backend, listUris(request, params)),
      this.siteUrl(request),
    ])
    return myListCsv(read, context.messages, siteUrl)
  }

  /**
   * The site's public URL for this request, without a trailing slash: the records' public URL of
   * the citations when set, else the API's base URL (`--base-url`, the Host) without `/api`.
   */
  private async siteUrl(request: AppRequest): Promise<string> {
    if (this.publicUrl) return this.publicUrl.replace(/\/+$/, '')
    const answer = await this.api.handle({
      method: 'GET',
      url: `${API_PATH}/`,
      headers: { host: request.headers.host, accept: 'application/json', ...forwarded(request) },
    })
    const search =
      answer.status === 200
        ? (JSON.parse(answer.body.toString()) as { search?: string }).search
        : undefined
    const suffix = `${API_PATH}/search`
    return search?.endsWith(suffix) ? search.slice(0, -suffix.length) : ''
  }

  private failed(
    request: AppRequest,
    context: SiteContext,
    error: unknown,
    headers: Record<string, string>,
  ): AppResponse {
    const t = context.messages
    const answer = (status: number, title: string, text: string, more = {}) =>
      respond(request, status, errorPage(context, title, text), { ...headers, ...more })
    if (error instanceof NotFoundError) return answer(404, t.notFound, t.notFoundText)
    // The core's message, in English, is the API's `detail`; the page says it in its language.
    if (error instanceof BadParameterError) {
      return answer(400, t.badRequest, t.badValue(error.parameter, error.value))
    }
    if (error instanceof BackendUnavailableError) {
      return answer(503, t.unavailable, t.unavailableText, { 'Retry-After': '10' })
    }
    return answer(500, t.unavailable, t.unavailableText)
  }
}

/** An error's page, in the reader's language. */
function errorPage(context: SiteContext, title: string, text: string): string {
  return page(context, {
    title,
    description: title,
    json: null,
    noindex: true,
    content: html`<h1>${title}</h1><p>${text}</p><p><a href="/">${context.messages.home}</a></p>`,
  })
}

/**
 * The uris of a list: the URL's `uri` parameters, or a form's (`POST`, for a list too long for a
 * URL; `application/x-www-form-urlencoded`, as a browser sends a form).
 */
function listUris(request: AppRequest, params: URLSearchParams): string[] {
  if (request.method !== 'POST') return params.getAll('uri')
  if (request.bodyTooLarge) throw new BadParameterError('uri', '…', 'the list is too long')
  return new URLSearchParams(request.body?.toString('utf8') ?? '').getAll('uri')
}

/** The BCP 47 tag of each language a catalogue's text is analyzed in; `none` says no language. */
const TEXT_LANGUAGE_TAGS: Readonly<Partial<Record<TextLanguage, string>>> = {
  english: 'en',
  french: 'fr',
  german: 'de',
  spanish: 'es',
  dutch: 'nl',
  italian: 'it',
}

/** A page's context with the catalogue's language, when it is known and not the page's. */
function withTextLanguage(context: SiteContext, language: TextLanguage): SiteContext {
  const tag = TEXT_LANGUAGE_TAGS[language]
  return tag === undefined || tag === context.language ? context : { ...context, catalogue: tag }
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

/** The chunks of a walk whose first one was read already; stopping early stops the walk. */
async function* resumed(first: IteratorResult<string>, rest: Chunks): AsyncGenerator<string> {
  try {
    if (first.done) return
    yield first.value
    for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value
  } finally {
    rest.close()
  }
}

/** A body written as it is made (no `Content-Length`); none for HEAD. */
function streamed(
  request: AppRequest,
  chunks: AsyncGenerator<string>,
  headers: Record<string, string>,
): AppResponse {
  const head = respond(request, 200, '', headers)
  delete head.headers['Content-Length']
  if (request.method === 'HEAD') {
    void chunks.return(undefined)
    return head
  }
  return { ...head, stream: chunks }
}

function respond(
  request: AppRequest,
  status: number,
  text: string | Uint8Array,
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
