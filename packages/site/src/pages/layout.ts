/**
 * The shell of every page: language, title and description, the page's JSON (`<link
 * rel="alternate">`), a skip link, the header with the search box, landmarks (`header`, `main`,
 * `footer`), and the site's script, which only enhances: every page works without JavaScript.
 */
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

export interface SiteContext {
  readonly name: string
  readonly messages: Messages
  readonly language: string
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
<a href="/">${site.name}</a>
<form class="search" role="search" action="/search" method="get">
<label for="site-query" class="visually-hidden">${t.searchLabel}</label>
<input id="site-query" name="query" type="search" value="${shell.query ?? ''}" placeholder="${t.searchPlaceholder}">
<button type="submit">${t.search}</button>
</form>
</header>
<main id="content" tabindex="-1">
!${shell.content}
</main>
<footer class="site">
<a href="/api/">${t.api}</a>!${shell.json === null ? '' : html` · <a href="${shell.json}">${t.apiLink}</a>`}
</footer>
</body>
</html>`}`
}
