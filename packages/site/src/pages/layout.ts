/**
 * The shell of every page: language, title and description, the page's JSON (`<link
 * rel="alternate">`), a skip link, the header with the search box, landmarks (`header`, `main`,
 * `footer`), and the site's script, which only enhances: every page works without JavaScript.
 */
import type { OwnParts } from '../config/appearance.js'
import type { Language } from '../locale/languages.js'
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
}

/** A whole page. */
export function page(site: SiteContext, shell: Shell): string {
  const { messages: t } = site
  const title = shell.title === site.name ? site.name : `${shell.title} · ${site.name}`
  return `<!doctype html>${html`<html lang="${site.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<meta name="description" content="${shell.description}">
<link rel="stylesheet" href="/site.css">
<script src="/site.js" defer></script>
!${shell.json === null ? '' : html`<link rel="alternate" type="application/json" href="${shell.json}">`}
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
!${shell.content}
</main>
<footer class="site">
!${ownFooter(site)}
<p>!${site.own?.about ? html`<a href="/about">${t.config.about}</a> · ` : ''}<a href="/api/">${t.api}</a>!${shell.json === null ? '' : html` · <a href="${shell.json}">${t.apiLink}</a>`}</p>
</footer>
</body>
</html>`}`
}

/** The footer's own text and links, from the archive's configuration. */
function ownFooter(site: SiteContext): string {
  const footer = site.own?.footer
  if (!footer) return ''
  const text = footer.text ? html`<p>${footer.text}</p>` : ''
  const links = (footer.links ?? []).map((link) => html`<a href="${link.href}">${link.text}</a>`)
  return text + (links.length > 0 ? html`<p>!${links.join(' · ')}</p>` : '')
}
