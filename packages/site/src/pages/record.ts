/**
 * The page of one record, the API's detail without `/api`: a collection or an object with the
 * trail of its ancestors, its previous and next sibling, its whole description (dates, extents,
 * creators and people linked, notes by kind, languages, subjects, formats, rights, files), a
 * collection's contents as a tree (its children, paged, searchable within, each child with its
 * hit count and its own children on demand), where it sits among its siblings, and the citation;
 * an agent or a term with its description and the records that name it.
 */
import type { DetailOf } from '@archive-catalogue/core'
import { stripHtml } from '@archive-catalogue/core/backend'
import type { Contents, Place } from '../reads/tree-reads.js'
import { html, pathWith } from '../templates/html.js'
import type { Messages } from '../templates/messages.js'
import { page, type SiteContext } from './layout.js'
import { datesText, linkList, myListToggle, textLang } from './parts.js'
import { contentsTree, neighbours, whereItSits } from './tree.js'

type Detail = DetailOf['collection'] | DetailOf['object'] | DetailOf['agent'] | DetailOf['term']

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
}

export function recordPage(site: SiteContext, answer: RecordAnswer): string {
  const { messages: t, language } = site
  const { detail } = answer
  const path = detail.uri
  const { place } = answer
  // The parent is the trail's last ancestor: its title costs no call of its own.
  const parentTitle = answer.trail.at(-1)?.title ?? place?.parent ?? ''
  const lang = textLang(site)
  const content = html`!${trail(answer.trail, t)}
<h1!${lang}>${detail.title}</h1>
<p>!${myListToggle(path, detail.title, t)}</p>
<p class="muted">${typeOf(detail, t)}!${'dates' in detail ? html` · ${datesText(detail.dates, t, language)}` : ''}</p>
!${place ? neighbours(place, t) : ''}
!${fields(detail, t, lang)}
!${notes(detail, t, lang)}
!${related(detail, t, lang)}
!${answer.contents ? contentsTree(path, answer.contents, site) : ''}
!${place ? whereItSits(path, place, parentTitle, answer.params, site) : ''}
<h2>${t.citation}</h2>
<p><q id="citation">${answer.citation}</q> <button type="button" data-copy="citation" data-copied="${t.copied}" hidden>${t.copy}</button></p>`
  return page(site, {
    title: detail.title,
    description: ('description' in detail && detail.description) || detail.title,
    json: `/api${path}`,
    query: answer.contents?.params.get('query') ?? '',
    content,
  })
}

/** A collection's level of description (in the reader's words when EAD names it), else its type. */
function typeOf(detail: Detail, t: Messages): string {
  if (detail.type === 'collection' && 'level' in detail && detail.level) {
    return Object.hasOwn(t.level, detail.level)
      ? t.level[detail.level as keyof Messages['level']]
      : detail.level
  }
  return t.type[detail.type as keyof Messages['type']] ?? detail.type
}

function trail(ancestors: { uri: string; title: string }[], t: Messages): string {
  if (ancestors.length === 0) return ''
  return html`<nav class="trail" aria-label="${t.partOf}"><ol>!${ancestors
    .map((ancestor) => html`<li><a href="${ancestor.uri}">${ancestor.title}</a></li>`)
    .join('')}</ol></nav>`
}

/** The description's fields, as a list of terms and their values. */
function fields(detail: Detail, t: Messages, lang: string): string {
  const rows: [string, string][] = []
  const row = (label: string, value: string) => {
    if (value !== '') rows.push([label, value])
  }
  if ('description' in detail && detail.description)
    row(t.description, stripHtml(detail.description))
  if ('extents' in detail) {
    row(
      t.extents,
      (detail.extents ?? []).map((extent) => `${extent.value} ${extent.type}`).join('; '),
    )
  }
  if ('languages' in detail)
    row(t.languages, (detail.languages ?? []).map((l) => l.expression).join(', '))
  if ('formats' in detail) row(t.formats, detail.formats.join(', '))
  if ('rights_statements' in detail) {
    const rights = (detail.rights_statements ?? [])
      .map((statement) => String(statement['determination_date'] ?? statement['rights_type'] ?? ''))
      .filter(Boolean)
    row(t.rights, rights.join('; '))
  }
  const files =
    'files' in detail && detail.files && detail.files.length > 0
      ? html`<dt>${t.files}</dt><dd><ul class="files">!${detail.files.map((file) => fileItem(file, t)).join('')}</ul></dd>`
      : ''
  if (rows.length === 0 && files === '') return ''
  return html`<dl class="fields">!${rows.map(([label, value]) => html`<dt>${label}</dt><dd!${lang}>${value}</dd>`).join('')}!${files}</dl>`
}

/** An image a browser shows by itself: its address ends in one of these (before a query). */
const IMAGE = /\.(?:avif|gif|jpe?g|png|webp)(?:[?#].*)?$/i
const WEB = /^https?:\/\//

/**
 * A digital file: a link to its download, an image shown in it, and its IIIF
 * manifest linked for a IIIF viewer. Only web addresses are linked.
 */
function fileItem(
  file: { title: string | null; download: string | null; manifest: string | null },
  t: Messages,
): string {
  const download = file.download !== null && WEB.test(file.download) ? file.download : null
  const manifest = file.manifest !== null && WEB.test(file.manifest) ? file.manifest : null
  const title = file.title ?? ''
  // The image is inside its title's link, so its text alternative is empty: the title says it.
  // Shown only from https: (the pages' CSP loads images from nowhere else); linked either way.
  const shown =
    download?.startsWith('https:') && IMAGE.test(download)
      ? html`<img src="${download}" alt="" loading="lazy">`
      : ''
  const name =
    download !== null
      ? html`<a href="${download}">!${shown}${title || download}</a>`
      : html`${title}`
  const viewer = manifest !== null ? html` · <a href="${manifest}">${t.manifest}</a>` : ''
  return html`<li>!${name}!${viewer}</li>`
}

function notes(detail: Detail, t: Messages, lang: string): string {
  if (!('notes' in detail) || !detail.notes || detail.notes.length === 0) return ''
  return html`<h2>${t.notes}</h2>!${detail.notes
    .map((note) => {
      const paragraphs = note.subnotes.flatMap((subnote) => [
        ...subnote.content.filter((text): text is string => !!text).map(stripHtml),
        ...(subnote.items ?? []).flatMap((item) =>
          item
            ? Object.values(item)
                .filter((v): v is string => typeof v === 'string')
                .map(stripHtml)
            : [],
        ),
      ])
      return html`<h3!${lang}>${note.title}</h3>!${paragraphs.map((text) => html`<p!${lang}>${text}</p>`).join('')}`
    })
    .join('')}`
}

function related(detail: Detail, t: Messages, lang: string): string {
  const parts: string[] = []
  if ('creators' in detail) parts.push(linkList(t.creators, detail.creators, lang))
  if ('agents' in detail) parts.push(linkList(t.people, detail.agents, lang))
  if ('terms' in detail) parts.push(linkList(t.subjects, detail.terms, lang))
  if (detail.type === 'term' && 'collections' in detail) {
    parts.push(
      linkList(t.collectionsOf, detail.collections, lang),
      linkList(t.objectsOf, detail.objects, lang),
    )
  }
  if (detail.type === 'agent') {
    parts.push(
      html`<p><a href="${pathWith('/search', [['creator', detail.title]])}">${t.searchLabel}: ${detail.title}</a></p>`,
    )
  }
  return parts.join('')
}
