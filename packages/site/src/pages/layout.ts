/**
 * The shell of every page: language, title and description, its canonical address and
 * schema.org data for search engines, the page's JSON (`<link rel="alternate">`), a skip link, the header with the search box, landmarks (`header`, `main`,
 * `footer`), and the site's script, which only enhances: every page works without JavaScript.
 */
import type { OwnParts } from '../config/appearance.js'
import type { Language } from '../locale/languages.js'
import { type Archive, linkedDataScript, pageData } from '../search-engines/linked-data.js'
import { html } from '../templates/html.js'
import type { Messages } from '../templates/messages.js'

export interface Shell {
  /** The page's own title; the archive's name follows it. */
  title: string
  /** A sentence a search result can show. */
  description: string
  /** The API request this page shows (`/api/search?query=x`), linked as its JSON. */
  json: string | null
  /** The query in the header's search box. */
  query?: string
  /** The page's content, made with `html`. */
  content: string
  /**
   * The page's one address for search engines (absolute): a record's bare URL, a list's with only
   * the parameters that change it (`search-engines/canonical.ts`); none for a page not indexed.
   */
  canonical?: string
  /** What the page shows in schema.org's words (JSON-LD); a `WebPage` of the site when none. */
  linkedData?: Record<string, unknown>
  /** Whether search engines should leave the page out (`noindex`): my list, errors. */
  noindex?: boolean
  /** Style sheets of its own after the site's (the finding aid's running title). */
  styles?: readonly string[]
}

/** What a page is written with: the archive's name, and the reader's language and its words. */
export interface SiteContext {
  readonly name: string
  readonly messages: Messages
  readonly language: Language
  /** The archive's own, from its site configuration (`--site-config`). */
  readonly own?: OwnParts
  /**
   * The language the catalogue's text is written in, when it is known and not the page's: the
   * parts of a page that show it say so (`lang`), so that a screen reader reads a title in its
   * own language (WCAG 2.1, 3.1.2 Language of Parts).
   */
  readonly catalogue?: string
  /**
   * The site's public URL for this request, without a trailing slash (the citations' public URL,
   * else `--base-url`'s or the Host's): the absolute addresses search engines read.
   */
  readonly url?: string
}

/** The archive a page belongs to, as the schema.org data names it. */
export function archiveOf(site: SiteContext): Archive {
  return {
    name: site.name,
    url: site.url ?? '',
    language: site.language,
    logo: Boolean(site.own?.logo),
  }
}

/** A whole page. */
export function page(site: SiteContext, shell: Shell): string {
  const { head, tail } = pageShell(site, shell)
  return `${head}${shell.content}${tail}`
}

/**
 * A page's shell without its content: what comes before it and after it, for a page written
 * as it is read (the printable finding aid).
 */
export function pageShell(
  site: SiteContext,
  shell: Omit<Shell, 'content'>,
): { head: string; tail: string } {
  const { messages: t } = site
  const title = shell.title === site.name ? site.name : `${shell.title} · ${site.name}`
  const whole = `<!doctype html>${html`<html lang="${site.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${shell.description}">
!${shell.noindex ? html`<meta name="robots" content="noindex">` : ''}
!${shell.canonical === undefined ? '' : html`<link rel="canonical" href="${shell.canonical}">`}
<link rel="stylesheet" href="/site.css">
!${(shell.styles ?? []).map((href) => html`<link rel="stylesheet" href="${href}">`).join('')}
<script src="/site.js" defer></script>
!${shell.json === null ? '' : html`<link rel="alternate" type="application/json" href="${shell.json}">`}
!${linkedData(site, shell, title)}
</head>
<body>
<a class="skip" href="#content">${t.skip}</a>
<header class="site">
<a href="/">!${site.own?.logo ? html`<img class="logo" src="${site.own.logo}" alt="${site.name}">` : html`${site.name}`}</a>
<form class="search" role="search" action="/search" method="get">
<label for="site-query" class="visually-hidden">${t.searchLabel}</label>
<input id="site-query" name="query" type="search" value="${shell.query ?? ''}" placeholder="${t.searchPlaceholder}">
<button type="submit">${t.search}</button>
</form>
<a class="mylist-link" href="/mylist" hidden>${t.myList.title} (<span data-mylist-count>0</span>)</a>
</header>
<main id="content" tabindex="-1">
!${CONTENT}
</main>
<footer class="site">
!${ownFooter(site)}
<p>!${site.own?.about ? html`<a href="/about">${t.config.about}</a> · ` : ''}<a href="/api/">${t.api}</a>!${shell.json === null ? '' : html` · <a href="${shell.json}">${t.apiLink}</a>`}</p>
</footer>
</body>
</html>`}`
  const at = whole.indexOf(CONTENT)
  return { head: whole.slice(0, at), tail: whole.slice(at + CONTENT.length) }
}

/**
 * The content's place in the shell: a comment, which no text written by `html` can hold (its
 * `<` is escaped), and the shell holds no other.
 */
const CONTENT = '<!--content-->'

/**
 * The page's JSON-LD element (none on an error page): not made by `html` (a script's text is
 * not HTML, and entities would stay in the JSON) but by `linkedDataScript`, which escapes every
 * character that could end the element, so it is the one fragment inserted with `!` that
 * `html` did not make.
 */
function linkedData(site: SiteContext, shell: Omit<Shell, 'content'>, title: string): string {
  // An error page is written before the site's URL is known (and is not indexed): it has none.
  if (!shell.linkedData && site.url === undefined) return ''
  const data =
    shell.linkedData ?? pageData(archiveOf(site), 'WebPage', title, shell.canonical ?? null)
  return linkedDataScript(data)
}

/** The footer's own text and links, from the archive's configuration. */
function ownFooter(site: SiteContext): string {
  const footer = site.own?.footer
  if (!footer) return ''
  const text = footer.text ? html`<p>${footer.text}</p>` : ''
  const links = (footer.links ?? []).map((link) => html`<a href="${link.href}">${link.text}</a>`)
  return text + (links.length > 0 ? html`<p>!${links.join(' · ')}</p>` : '')
}
