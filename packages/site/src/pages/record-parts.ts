/**
 * A record's description as a page shows it, for a record page and the printable finding aid
 * alike: its kind (the level in the reader's words), its fields (description, extents,
 * languages, formats, rights, files), its notes by kind, and the records it names.
 */
import type { DetailOf } from '@archive-catalogue/core'
import { stripHtml } from '@archive-catalogue/core/backend'
import { html } from '../templates/html.js'
import type { Messages } from '../templates/messages.js'
import { linkList } from './parts.js'

export type Detail =
  | DetailOf['collection']
  | DetailOf['object']
  | DetailOf['agent']
  | DetailOf['term']

/** A collection's level of description (in the reader's words when EAD names it), else its type. */
export function typeOf(detail: Detail, t: Messages): string {
  if (detail.type === 'collection' && 'level' in detail && detail.level) {
    return Object.hasOwn(t.level, detail.level)
      ? t.level[detail.level as keyof Messages['level']]
      : detail.level
  }
  return t.type[detail.type as keyof Messages['type']] ?? detail.type
}

/** The description's fields, as a list of terms and their values. */
export function fields(detail: Detail, t: Messages, lang: string): string {
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

/** The notes by kind, under a heading of `level` (2: `h2`), each note's a level below. */
export function notes(detail: Detail, t: Messages, lang: string, level = 2): string {
  if (!('notes' in detail) || !detail.notes || detail.notes.length === 0) return ''
  const [outer, inner] = [Math.min(level, 6), Math.min(level + 1, 6)]
  return html`<h${outer}>${t.notes}</h${outer}>!${detail.notes
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
      return html`<h${inner}!${lang}>${note.title}</h${inner}>!${paragraphs.map((text) => html`<p!${lang}>${text}</p>`).join('')}`
    })
    .join('')}`
}

/**
 * The records a record names: its creators, people and subjects; a term's collections and
 * objects as its own document lists them, each unless `listed` (read by the list filters,
 * `pages/related-records.ts`) already shows records of that kind.
 */
export function related(
  detail: Detail,
  t: Messages,
  lang: string,
  listed: ReadonlySet<'collections' | 'objects'> = new Set(),
): string {
  const parts: string[] = []
  if ('creators' in detail) parts.push(linkList(t.creators, detail.creators, lang))
  if ('agents' in detail) parts.push(linkList(t.people, detail.agents, lang))
  if ('terms' in detail) parts.push(linkList(t.subjects, detail.terms, lang))
  if (detail.type === 'term' && 'collections' in detail) {
    if (!listed.has('collections')) parts.push(linkList(t.collectionsOf, detail.collections, lang))
    if (!listed.has('objects')) parts.push(linkList(t.objectsOf, detail.objects, lang))
  }
  return parts.join('')
}
