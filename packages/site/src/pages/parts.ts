/** Pieces several pages show: a record's link, its dates, a list of links, the pager. */
import { html, pathWith, withParam } from '../templates/html.js'
import type { Messages } from '../templates/messages.js'

/** Dates as a reader reads them: `1950–1965, 1970`; `undated` when none. */
export function datesText(
  dates:
    | readonly { expression?: string | null; begin?: string | null; end?: string | null }[]
    | null
    | undefined,
  t: Messages,
): string {
  const written = (dates ?? [])
    .map((date) => date.expression ?? [date.begin, date.end].filter(Boolean).join('–'))
    .filter((text) => text !== '')
  return written.length === 0 ? t.undated : written.join(', ')
}

/** A number in the reader's locale: `12,345`. */
export function count(value: number, locale: string): string {
  return value.toLocaleString(locale)
}

/** Previous and next page links, and where this page is, for a page of `limit` at `offset`. */
export function pager(
  path: string,
  params: URLSearchParams,
  page: { count: number; offset: number; limit: number },
  t: Messages,
  locale: string,
): string {
  const { count: total, offset, limit } = page
  if (total <= limit && offset === 0) return ''
  const at = (to: number) =>
    pathWith(path, withParam(params, 'offset', to === 0 ? null : String(to)))
  const pages = Math.max(1, Math.ceil(total / limit))
  const current = Math.floor(offset / limit) + 1
  const previous =
    offset > 0
      ? html`<a rel="prev" href="${at(Math.max(0, offset - limit))}">${t.previous}</a>`
      : ''
  const next =
    offset + limit < total ? html`<a rel="next" href="${at(offset + limit)}">${t.next}</a>` : ''
  return html`<nav class="pages" aria-label="${t.pages}">!${previous}<span>${t.pageOf(count(current, locale), count(pages, locale))}</span>!${next}</nav>`
}

/** A titled list of links to records (`{uri, title}`), or nothing when there are none. */
export function linkList(
  heading: string,
  items: readonly { uri: string | null; title: string | null }[] | null | undefined,
): string {
  if (!items || items.length === 0) return ''
  const entry = ({ uri, title }: { uri: string | null; title: string | null }) =>
    uri === null
      ? html`<li>${title ?? ''}</li>`
      : html`<li><a href="${uri}">${title ?? uri}</a></li>`
  return html`<h2>${heading}</h2><ul>!${items.map(entry).join('')}</ul>`
}
