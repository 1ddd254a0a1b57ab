/** Pieces several pages show: a record's link, its dates, a list of links, the pager. */
import { formatDateRange } from '../locale/dates.js'
import type { Language } from '../locale/languages.js'
import { formatNumber } from '../locale/numbers.js'
import { html, pathWith, withParam } from '../templates/html.js'
import type { Messages } from '../templates/messages.js'
import type { SiteContext } from './layout.js'

type RecordDate = { expression?: string | null; begin?: string | null; end?: string | null }

/**
 * Dates as a reader reads them: each expression as written (`1950s-1980s (Bulk 1982)`), a date
 * without one from its begin and end in the reader's language (`2 mars 1950 – avril 1951`),
 * joined: `1950–1965, 1970`; `undated` when none.
 */
export function datesText(
  dates: readonly RecordDate[] | null | undefined,
  t: Messages,
  language: Language,
): string {
  const written = (dates ?? [])
    .map((date) =>
      hasWords(date) ? date.expression! : formatDateRange(date.begin, date.end, language),
    )
    .filter((text) => text !== '')
  return written.length === 0 ? t.undated : written.join(', ')
}

/**
 * Whether a date's expression is words someone wrote, not only its begin and end again with a
 * month or day in them (`1950-03-02-1951-04`, as the EAD import writes one from a normal with no
 * text), which reads better in the reader's language.
 */
function hasWords({ expression, begin, end }: RecordDate): boolean {
  if (!expression) return false
  const repeated = begin && end && end !== begin ? `${begin}-${end}` : (begin ?? end)
  // A year reads the same in every language: only a month or a day is worth writing anew.
  return expression !== repeated || ![begin, end].some((date) => date?.includes('-'))
}

/** A number in the reader's language (`SiteContext.language`): `12,345`, `12 345`, `12.345`. */
export function count(value: number, language: string): string {
  return formatNumber(value, language)
}

/** Previous and next page links, and where this page is, for a page of `limit` at `offset`. */
export function pager(
  path: string,
  params: URLSearchParams,
  page: { count: number; offset: number; limit: number },
  t: Messages,
  language: Language,
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
  return html`<nav class="pages" aria-label="${t.pages}">!${previous}<span>${t.pageOf(count(current, language), count(pages, language))}</span>!${next}</nav>`
}

/**
 * The attribute a part showing the catalogue's text carries (` lang="en"`), or nothing when the
 * catalogue is written in the page's language or in one not known.
 */
export function textLang(site: SiteContext): string {
  return site.catalogue === undefined ? '' : html` lang="${site.catalogue}"`
}

/** A titled list of links to records (`{uri, title}`), or nothing when there are none. */
export function linkList(
  heading: string,
  items: readonly { uri: string | null; title: string | null }[] | null | undefined,
  lang = '',
): string {
  if (!items || items.length === 0) return ''
  const entry = ({ uri, title }: { uri: string | null; title: string | null }) =>
    uri === null
      ? html`<li>${title ?? ''}</li>`
      : html`<li><a href="${uri}">${title ?? uri}</a></li>`
  return html`<h2>${heading}</h2><ul!${lang}>!${items.map(entry).join('')}</ul>`
}

/**
 * The toggle that keeps a record in the reader's list (`aria-pressed` when it is in), hidden until
 * the site's script, which keeps the list in the browser, shows it. Its name stays as it is
 * pressed (a toggle's name does not change with its state); the record's title follows in it,
 * unseen, so that a list of a page's buttons tells them apart.
 */
export function myListToggle(uri: string, title: string, t: Messages): string {
  return html`<button type="button" class="keep" data-mylist="${uri}" aria-pressed="false" hidden>${t.myList.toggle}<span class="visually-hidden">: ${title}</span></button>`
}
