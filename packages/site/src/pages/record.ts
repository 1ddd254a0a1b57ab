/**
 * The page of one record, the API's detail without `/api`: a collection or an object with the
 * trail of its ancestors, its whole description (dates, extents, creators and people linked,
 * notes by kind, languages, subjects, formats, rights, files), the citation, and a collection's
 * contents (its children, paged, searchable within: each child with its hit count); an agent or
 * a term with its description and the records that name it.
 */
import type { DetailOf, LinkedItem, Page } from '@archive-catalogue/core'
import { stripHtml } from '@archive-catalogue/core/backend'
import { html, pathWith } from '../templates/html.js'
import type { Messages } from '../templates/messages.js'
import { page, type SiteContext } from './layout.js'
import { count, datesText, linkList, pager } from './parts.js'

type Detail = DetailOf['collection'] | DetailOf['object'] | DetailOf['agent'] | DetailOf['term']

export interface RecordAnswer {
  detail: Detail
  /** The ancestors, root first (collections and objects). */
  trail: { uri: string; title: string }[]
  citation: string
  /** A collection's children, with the search within it. */
  contents: {
    page: Page<LinkedItem>
    params: URLSearchParams
    limit: number
    offset: number
  } | null
}

export function recordPage(site: SiteContext, answer: RecordAnswer): string {
  const { messages: t } = site
  const { detail } = answer
  const path = detail.uri
  const content = html`!${trail(answer.trail, t)}
<h1>${detail.title}</h1>
<p class="muted">${typeOf(detail, t)}!${'dates' in detail ? html` · ${datesText(detail.dates, t)}` : ''}</p>
!${fields(detail, t)}
!${notes(detail, t)}
!${related(detail, t)}
!${answer.contents ? contents(path, answer.contents, site) : ''}
<h2>${t.citation}</h2>
<p><q>${answer.citation}</q></p>`
  return page(site, {
    title: detail.title,
    description: ('description' in detail && detail.description) || detail.title,
    json: `/api${path}`,
    query: answer.contents?.params.get('query') ?? '',
    content,
  })
}

function typeOf(detail: Detail, t: Messages): string {
  if (detail.type === 'collection' && 'level' in detail && detail.level) return detail.level
  return t.type[detail.type as keyof Messages['type']] ?? detail.type
}

function trail(ancestors: { uri: string; title: string }[], t: Messages): string {
  if (ancestors.length === 0) return ''
  return html`<nav class="trail" aria-label="${t.partOf}"><ol>!${ancestors
    .map((ancestor) => html`<li><a href="${ancestor.uri}">${ancestor.title}</a></li>`)
    .join('')}</ol></nav>`
}

/** The description's fields, as a list of terms and their values. */
function fields(detail: Detail, t: Messages): string {
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
      ? html`<dt>${t.files}</dt><dd><ul>!${detail.files
          .map((file) => {
            const href = file.download ?? file.manifest
            return href && /^https?:\/\//.test(href)
              ? html`<li><a href="${href}">${file.title ?? href}</a></li>`
              : html`<li>${file.title ?? ''}</li>`
          })
          .join('')}</ul></dd>`
      : ''
  if (rows.length === 0 && files === '') return ''
  return html`<dl class="fields">!${rows.map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`).join('')}!${files}</dl>`
}

function notes(detail: Detail, t: Messages): string {
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
      return html`<h3>${note.title}</h3>!${paragraphs.map((text) => html`<p>${text}</p>`).join('')}`
    })
    .join('')}`
}

function related(detail: Detail, t: Messages): string {
  const parts: string[] = []
  if ('creators' in detail) parts.push(linkList(t.creators, detail.creators))
  if ('agents' in detail) parts.push(linkList(t.people, detail.agents))
  if ('terms' in detail) parts.push(linkList(t.subjects, detail.terms))
  if (detail.type === 'term' && 'collections' in detail) {
    parts.push(linkList(t.collectionsOf, detail.collections), linkList(t.objectsOf, detail.objects))
  }
  if (detail.type === 'agent') {
    parts.push(
      html`<p><a href="${pathWith('/search', [['creator', detail.title]])}">${t.searchLabel}: ${detail.title}</a></p>`,
    )
  }
  return parts.join('')
}

function contents(
  path: string,
  answer: NonNullable<RecordAnswer['contents']>,
  site: SiteContext,
): string {
  const { messages: t, language } = site
  const query = answer.params.get('query') ?? ''
  if (answer.page.count === 0 && query === '') return ''
  const items = answer.page.results.map((child) => {
    const hits =
      child.hit_count !== null ? html` · ${t.matches(count(child.hit_count, language))}` : ''
    return html`<li><a href="${child.uri ?? '#'}">${child.title ?? ''}</a> <span class="muted">${child.dates ?? ''}!${hits}</span></li>`
  })
  return html`<h2 id="contents">${t.contents} (${count(answer.page.count, language)})</h2>
<form class="search" role="search" action="${path}" method="get">
<label for="within" class="visually-hidden">${t.searchWithin}</label>
<input id="within" name="query" type="search" value="${query}">
<button type="submit">${t.search}</button>
</form>
<ul class="contents">!${items.join('')}</ul>
!${pager(path, answer.params, { count: answer.page.count, offset: answer.offset, limit: answer.limit }, t, language)}`
}
