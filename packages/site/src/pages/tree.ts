/**
 * The tree on a record page, without a script: a collection's contents, each child with children
 * of its own opened in place by a link (`?open=<id>`, its children paged by `open_offset`), and
 * where a component sits: its previous and next sibling, and the page of its parent's children
 * that holds it, itself marked (`aria-current="page"`), paged by `siblings_offset`. Every link
 * keeps the page's other parameters, so the search within, the page of contents and the page of
 * siblings stay as they were.
 */
import type { LinkedItem } from '@archive-catalogue/core'
import type { Language } from '../locale/languages.js'
import {
  type Branch,
  type Contents,
  idOf,
  type MinimapRead,
  OPEN,
  OPEN_OFFSET,
  type Place,
  SIBLINGS_OFFSET,
  type TreeItem,
} from '../reads/tree-reads.js'
import { html, pathWith, withParam } from '../templates/html.js'
import type { Messages } from '../templates/messages.js'
import type { SiteContext } from './layout.js'
import { count, pager, textLang } from './parts.js'

type Pairs = [string, string][]

/** A collection's contents: the search within, a page of its children, the branch opened. */
export function contentsTree(path: string, contents: Contents, site: SiteContext): string {
  const { messages: t, language } = site
  const { branch, params, open } = contents
  const query = params.get('query') ?? ''
  if (branch.count === 0 && query === '') return ''
  // Links that open or close a branch, or page the contents, leave no branch opened elsewhere.
  const closed = withParam(withParam(params, OPEN, null), OPEN_OFFSET, null)
  const items = branch.items.map((child) => {
    const id = child.item.uri === null ? '' : idOf(child.item.uri)
    const isOpen = open !== null && open.item.uri === child.item.uri
    const anchor = `#${itemAnchor(id)}`
    const title = child.item.title ?? child.item.uri ?? ''
    const toggle = !child.hasChildren
      ? ''
      : isOpen
        ? html` <a class="toggle" href="${pathWith(path, closed)}${anchor}">${t.hideContents}<span class="visually-hidden"> (${title})</span></a>`
        : html` <a class="toggle" href="${pathWith(path, [...closed, [OPEN, id]])}${anchor}">${t.showContents}<span class="visually-hidden"> (${title})</span></a>`
    const inner = isOpen && open ? openBranch(path, closed, id, title, open.branch, site) : ''
    return html`<li id="${itemAnchor(id)}">!${itemLine(child.item, site)}!${toggle}!${inner}</li>`
  })
  return html`<h2 id="contents">${t.contents} (${count(branch.count, language)})</h2>
<form class="search" role="search" action="${path}" method="get">
<label for="within" class="visually-hidden">${t.searchWithin}</label>
<input id="within" name="query" type="search" value="${query}">
<button type="submit">${t.search}</button>
</form>
!${contents.minimap ? minimapStrip(contents.minimap, site) : ''}
<ul class="contents">!${items.join('')}</ul>
!${pager(path, new URLSearchParams(closed), branch, t, language)}`
}

/** Parts of a minimap: the whole collection in this many stretches of records, first to last. */
const MINIMAP_PARTS = 40

/**
 * Where the matches of a search within lie in the whole collection, first record to last (the
 * API's minimap): a strip of stretches of records, each with matches a link to its first
 * match, named by its records and its count; drawn by CSS, no script.
 */
function minimapStrip(minimap: MinimapRead, site: SiteContext): string {
  const { messages: t, language } = site
  const { total, first, hits } = minimap
  if (total === 0 || hits.length === 0) return ''
  const parts = Math.min(MINIMAP_PARTS, total)
  const found: { first: MinimapRead['hits'][number]; count: number }[] = []
  for (const hit of hits) {
    const at = Math.min(parts - 1, Math.floor(((hit.index - first) * parts) / total))
    const part = found[at]
    if (part) part.count++
    else found[at] = { first: hit, count: 1 }
  }
  const n = (value: number) => count(value, language)
  const items = Array.from({ length: parts }, (_, at) => {
    const part = found[at]
    if (!part) return html`<li></li>`
    const from = Math.floor((at * total) / parts) + 1
    const to = Math.floor(((at + 1) * total) / parts)
    return html`<li><a href="${part.first.uri}"><span class="visually-hidden">${t.minimap.part(n(from), n(to), part.count, n(part.count))}</span></a></li>`
  })
  return html`<ol class="minimap" aria-label="${t.minimap.label(hits.length, n(hits.length), n(total))}">!${items.join('')}</ol>`
}

/**
 * The children of the opened child, a page of them; those with children of their own lead to
 * their own page, where they are the tree's top (so a reader goes down as deep as the tree goes).
 */
function openBranch(
  path: string,
  closed: Pairs,
  id: string,
  title: string,
  branch: Branch,
  site: SiteContext,
): string {
  const { messages: t, language } = site
  // Its contents are searched within as these are.
  const query: Pairs = closed.filter(([name]) => name === 'query')
  const items = branch.items.map(
    (child: TreeItem) =>
      html`<li>!${itemLine(child.item, site)}!${
        child.hasChildren && child.item.uri !== null
          ? html` <a class="toggle" href="${pathWith(child.item.uri, query)}#contents">${t.seeContents}<span class="visually-hidden"> (${child.item.title ?? child.item.uri})</span></a>`
          : ''
      }</li>`,
  )
  const at = (offset: number) =>
    `${pathWith(path, [...closed, [OPEN, id], ...(offset === 0 ? [] : [[OPEN_OFFSET, String(offset)] as [string, string]])])}#${itemAnchor(id)}`
  return html`<ul class="contents branch" aria-label="${t.contentsOf(title)}">!${items.join('')}</ul>
!${rangePager(at, branch, t.branchPages(title), t, language)}`
}

/** Previous and next sibling, under the title of a component's page. */
export function neighbours(place: Place, t: Messages): string {
  if (place.previous === null && place.next === null) return ''
  const previous = place.previous?.uri
    ? html`<a rel="prev" href="${place.previous.uri}">‹ ${t.previous}: ${place.previous.title ?? place.previous.uri}</a>`
    : ''
  const next = place.next?.uri
    ? html`<a rel="next" href="${place.next.uri}">${t.next}: ${place.next.title ?? place.next.uri} ›</a>`
    : ''
  return html`<nav class="neighbours" aria-label="${t.neighbours}">!${previous}!${next}</nav>`
}

/** Where a component sits: its parent, the page of siblings around it, itself marked. */
export function whereItSits(
  uri: string,
  place: Place,
  parentTitle: string,
  params: URLSearchParams,
  site: SiteContext,
): string {
  const { messages: t, language } = site
  const { siblings } = place
  const items = siblings.items.map((item) => {
    const title = item.title ?? item.uri ?? ''
    const dates = item.dates ? html` <span class="muted">${item.dates}</span>` : ''
    return item.uri === uri
      ? html`<li class="current"><a href="${uri}" aria-current="page">${title}</a>!${dates}</li>`
      : html`<li><a href="${item.uri ?? '#'}">${title}</a>!${dates}</li>`
  })
  const rest = withParam(params, SIBLINGS_OFFSET, null)
  const at = (offset: number) =>
    `${pathWith(uri, offset === place.home ? rest : [...rest, [SIBLINGS_OFFSET, String(offset)]])}#place`
  const away =
    siblings.offset === place.home ? '' : html`<p><a href="${at(place.home)}">${t.backToIt}</a></p>`
  return html`<section class="place" aria-labelledby="place">
<h2 id="place">${t.whereItSits}</h2>
<p>${t.placeIn(count(place.index + 1, language), count(place.count, language))} <a href="${place.parent}">${parentTitle}</a></p>
<nav aria-label="${t.inParent(parentTitle)}"><ol class="siblings" start="${String(siblings.offset + 1)}">!${items.join('')}</ol></nav>
!${rangePager(at, { count: place.count, offset: siblings.offset, limit: siblings.limit }, t.siblingPages, t, language)}
!${away}
</section>`
}

/** The anchor of a child in the contents, so that opening it keeps it in view. */
function itemAnchor(id: string): string {
  return `item-${id}`
}

/** A child's link, dates and hit count (when searched within). */
function itemLine(item: LinkedItem, site: SiteContext): string {
  const { messages: t, language } = site
  const hits =
    item.hit_count !== null
      ? html` · ${t.matches(item.hit_count, count(item.hit_count, language))}`
      : ''
  return html`<a href="${item.uri ?? '#'}"!${textLang(site)}>${item.title ?? item.uri ?? ''}</a> <span class="muted">${item.dates ?? ''}!${hits}</span>`
}

/** Previous and next page links and the range shown (`21–40 of 12,000`), in a labelled nav. */
function rangePager(
  at: (offset: number) => string,
  page: { count: number; offset: number; limit: number },
  label: string,
  t: Messages,
  language: Language,
): string {
  const { count: total, offset, limit } = page
  if (total <= limit && offset === 0) return ''
  const previous =
    offset > 0 ? html`<a href="${at(Math.max(0, offset - limit))}">${t.previousPage}</a>` : ''
  const next = offset + limit < total ? html`<a href="${at(offset + limit)}">${t.nextPage}</a>` : ''
  const last = Math.min(total, offset + limit)
  const range =
    offset < total
      ? html`<span>${t.range(count(offset + 1, language), count(last, language), count(total, language))}</span>`
      : ''
  return html`<nav class="pages" aria-label="${label}">!${previous}!${range}!${next}</nav>`
}
