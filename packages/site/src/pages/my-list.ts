/**
 * My list (`/mylist?uri=/collections/x&uri=/objects/y`): the records a reader keeps in their
 * browser, read on the server, grouped by top-level collection (then people and organizations,
 * then subjects), each with its type, dates, place and extent; the uris the catalogue no longer
 * holds listed apart; a CSV of the same records, and printing. The page's URL is the list, so it
 * is a link to share or keep. A bare `/mylist` has no list to show: the site's script, which
 * keeps the list, turns it into the list's URL; without a script the page says why it is empty.
 */
import type { ListGroup, ListRead } from '../reads/my-list-reads.js'
import { html } from '../templates/html.js'
import type { Messages } from '../templates/messages.js'
import { page, type SiteContext } from './layout.js'
import { count } from './parts.js'

export interface MyListAnswer {
  /** The list read, or null on a bare `/mylist` (the list is in the reader's browser). */
  read: ListRead | null
  /** The uris came in a form's body (a list too long for a URL), not in the URL. */
  posted: boolean
}

/** The query of a list's URL: `uri=/objects/x&uri=/agents/y`, its slashes kept for reading. */
export function listQuery(uris: readonly string[]): string {
  return uris.map((uri) => `uri=${encodeURIComponent(uri).replaceAll('%2F', '/')}`).join('&')
}

export function myListPage(site: SiteContext, answer: MyListAnswer): string {
  const t = site.messages
  const m = t.myList
  const { read } = answer
  const content =
    read === null
      ? html`<h1>${m.title}</h1>
<div class="mylist" data-mylist-page>
<p data-mylist-needs-script>${m.needsScript}</p>
<p data-mylist-empty hidden>${m.empty}</p>
</div>`
      : listContent(site, read, answer.posted)
  return page(site, { title: m.title, description: m.intro, json: null, content, noindex: true })
}

function listContent(site: SiteContext, read: ListRead, posted: boolean): string {
  const { messages: t, language } = site
  const m = t.myList
  const found = read.groups.reduce((sum, group) => sum + group.records.length, 0)
  const capped =
    read.total > read.uris.length
      ? html`<p class="notice">${m.capped(count(read.uris.length, language), count(read.total, language))}</p>`
      : ''
  const csv = posted
    ? html`<form method="post" action="/mylist.csv" data-mylist-csv>!${read.uris
        .map((uri) => html`<input type="hidden" name="uri" value="${uri}">`)
        .join('')}<button type="submit">${m.download}</button></form>`
    : html`<a class="button" href="${`/mylist.csv?${listQuery(read.uris)}`}" data-mylist-csv>${m.download}</a>`
  return html`<h1>${m.title}</h1>
<div class="mylist" data-mylist-page>
<p class="muted intro">${m.intro}</p>
<p><strong data-mylist-total data-zero="${m.records(0, '0')}" data-one="${m.records(1, '1')}" data-many="${m.records(2, '#')}">${m.records(found, count(found, language))}</strong></p>
!${capped}
<div class="actions">!${csv} <button type="button" data-print hidden>${m.print}</button></div>
!${read.groups.map((group, index) => groupSection(group, index, t)).join('')}
!${read.gone.length > 0 ? goneSection(read.gone, t) : ''}
<p role="status" class="visually-hidden" data-mylist-status></p>
</div>`
}

function groupSection(group: ListGroup, index: number, t: Messages): string {
  // Every branch a fragment of `html`: a collection's title is the catalogue's text, escaped.
  const heading =
    group.kind === 'agent'
      ? html`${t.agents}`
      : group.kind === 'term'
        ? html`${t.terms}`
        : group.uri === null
          ? html`${group.title}`
          : html`<a href="${group.uri}">${group.title}</a>`
  const items = group.records.map((record) => {
    const facts = [
      html`${t.type[record.type]}`,
      html`${record.dates === '' ? t.undated : record.dates}`,
      record.parent === null
        ? ''
        : html`<a href="${record.parent.uri}">${t.inParent(record.parent.title)}</a>`,
      html`${record.extent}`,
    ].filter((fact) => fact !== '')
    return html`<li data-mylist-item="${record.uri}"><a class="result-title" href="${record.uri}">${record.title}</a>
<div class="muted">!${facts.join(' · ')}</div>
!${removeButton(record.uri, record.title, t)}</li>`
  })
  const id = `group-${index + 1}`
  return html`<section class="group" aria-labelledby="${id}"><h2 id="${id}">!${heading}</h2>
<ul class="mylist">!${items.join('')}</ul></section>`
}

function goneSection(gone: string[], t: Messages): string {
  const items = gone.map(
    (uri) =>
      html`<li data-mylist-item="${uri}"><span class="gone">${uri}</span> !${removeButton(uri, uri, t)}</li>`,
  )
  return html`<section class="group" aria-labelledby="gone"><h2 id="gone">${t.myList.gone}</h2>
<p class="muted">${t.myList.goneText}</p><ul class="mylist">!${items.join('')}</ul></section>`
}

/** Hidden until the script runs: without it, nothing can be removed from the list. */
function removeButton(uri: string, title: string, t: Messages): string {
  return html`<button type="button" class="secondary" data-mylist-remove="${uri}" data-removed="${t.myList.removed(title)}" aria-label="${t.myList.remove(title)}" hidden>${t.myList.removeShort}</button>`
}
