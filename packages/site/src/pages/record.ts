import { stripHtml } from '@archive-catalogue/core/backend'
import type { RelatedPage } from '../reads/related-reads.js'
import type { Contents, Place } from '../reads/tree-reads.js'
import { recordData } from '../search-engines/linked-data.js'
import { html } from '../templates/html.js'
import type { Messages } from '../templates/messages.js'
import { archiveOf, page, type SiteContext } from './layout.js'
import { datesText, myListToggle, textLang } from './parts.js'
import { type Detail, fields, notes, related, typeOf } from './record-parts.js'
import { relatedRecords } from './related-records.js'
import { contentsTree, neighbours, whereItSits } from './tree.js'

export interface RecordAnswer {
  detail: Detail
  /** The page's parameters (the search within, the pages of contents and of siblings). */
  params: URLSearchParams
  /** The ancestors, root first (collections and objects). */
  trail: { uri: string; title: string }[]
  citation: string
  /** A collection's contents, with the search within it and the branch opened. */
  contents: Contents | null
  /** Where a component sits among its parent's children; null at the top level. */
  place: Place | null
  /** An agent's or a term's collections and objects, a first page of each; none for others. */
  related: readonly RelatedPage[]
}

export function recordPage(site: SiteContext, answer: RecordAnswer): string {
  const { messages: t, language } = site
  const { detail } = answer
  const path = detail.uri
  const { place } = answer
  // The parent is the trail's last ancestor: its title costs no call of its own.
  const parentTitle = answer.trail.at(-1)?.title ?? place?.parent ?? ''
  const lang = textLang(site)
  const listed = new Set(
    answer.related.filter(({ page }) => page.count > 0).map(({ list }) => list),
  )
  const content = html`!${trail(answer.trail, t)}
<h1!${lang}>${detail.title}</h1>
<p>!${myListToggle(path, detail.title, t)}</p>
<p class="muted">${typeOf(detail, t)}!${'dates' in detail ? html` · ${datesText(detail.dates, t, language)}` : ''}</p>
!${detail.type === 'collection' && answer.trail.length === 0 ? html`<p><a href="${path}/print">${t.findingAid.link}</a></p>` : ''}
!${place ? neighbours(place, t) : ''}
!${fields(detail, t, lang)}
!${notes(detail, t, lang)}
!${related(detail, t, lang, listed)}
!${relatedRecords(answer.related, site)}
!${answer.contents ? contentsTree(path, answer.contents, site) : ''}
!${place ? whereItSits(path, place, parentTitle, answer.params, site) : ''}
<h2>${t.citation}</h2>
<p><q id="citation">${answer.citation}</q> <button type="button" data-copy="citation" data-copied="${t.copied}" hidden>${t.copy}</button></p>`
  return page(site, {
    title: pageTitle(detail, answer.trail, site),
    description: pageDescription(detail, answer.trail, site),
    canonical: `${site.url ?? ''}${path}`,
    linkedData: recordData(archiveOf(site), detail, answer.trail),
    json: `/api${path}`,
    query: answer.contents?.params.get('query') ?? '',
    content,
  })
}

/**
 * The title a search result shows: the record's, with its dates and the top-level collection it
 * is in (`Correspondence, 1950–1955 · Nelson A. Rockefeller papers`), as many components share
 * a title.
 */
function pageTitle(
  detail: Detail,
  trail: readonly { title: string }[],
  { messages: t, language }: SiteContext,
): string {
  if (detail.type !== 'collection' && detail.type !== 'object') return detail.title
  const dates =
    'dates' in detail && detail.dates?.length ? datesText(detail.dates, t, language) : ''
  const top = trail[0]?.title
  return `${detail.title}${dates ? `, ${dates}` : ''}${top ? ` · ${top}` : ''}`
}

/** Characters of a description a search result may show (they show some 160). */
const DESCRIPTION_LENGTH = 300

/**
 * The sentence a search result shows: the record's description, cut at a word; without one, what
 * it is, its dates and where it sits (`Series · 1959–1970 · Part of: Rockefeller papers`).
 */
function pageDescription(
  detail: Detail,
  trail: readonly { title: string }[],
  site: SiteContext,
): string {
  const { messages: t, language } = site
  const own = 'description' in detail && detail.description ? stripHtml(detail.description) : ''
  const text = own.replace(/\s+/g, ' ').trim()
  if (text !== '') {
    if (text.length <= DESCRIPTION_LENGTH) return text
    const cut = text.slice(0, DESCRIPTION_LENGTH)
    return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), DESCRIPTION_LENGTH / 2))}…`
  }
  const parts = [typeOf(detail, t)]
  if ('dates' in detail && detail.dates?.length) parts.push(datesText(detail.dates, t, language))
  if (trail.length > 0) parts.push(`${t.partOf}: ${trail.map((a) => a.title).join(' › ')}`)
  return parts.join(' · ')
}

function trail(ancestors: { uri: string; title: string }[], t: Messages): string {
  if (ancestors.length === 0) return ''
  return html`<nav class="trail" aria-label="${t.partOf}"><ol>!${ancestors
    .map((ancestor) => html`<li><a href="${ancestor.uri}">${ancestor.title}</a></li>`)
    .join('')}</ol></nav>`
}
