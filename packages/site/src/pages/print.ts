/**
 * The printable finding aid (`/collections/{id}/print`): a top-level collection's whole
 * description and every component in order, nested lists indented by level, each with its kind,
 * dates, fields, notes and the records it names; written as it is read by the core's depth-first
 * walk (`writeFindingAid`, the EAD export's), so that 50,000 components start arriving at once
 * and the tree is never held. Printed, the contents start on a new page, as does each series
 * of the top level; the finding aid's title runs at the top of every page (`@page`, from its
 * own small style sheet, where the browser supports margin boxes) and the page numbers at the
 * foot.
 */
import {
  type CatalogueBackend,
  type CatalogueObject,
  type Chunks,
  type Collection,
  type ComponentPlace,
  type FindingAidFormat,
  writeFindingAid,
} from '@archive-catalogue/core'
import { detailOf } from '@archive-catalogue/core/backend'
import { pageData } from '../search-engines/linked-data.js'
import { html } from '../templates/html.js'
import type { Messages } from '../templates/messages.js'
import { archiveOf, pageShell, type SiteContext } from './layout.js'
import { datesText, type linkList, textLang } from './parts.js'
import { type Detail, fields, notes, related, typeOf } from './record-parts.js'

/** Components read per call: a page of children. */
const PAGE = 250
/** Characters gathered before a chunk goes out. */
const CHUNK = 32_768

/** The finding aid of the top-level collection `id`, in chunks of HTML. */
export function printedFindingAid(
  site: SiteContext,
  backend: CatalogueBackend,
  id: string,
  signal?: AbortSignal,
): Chunks {
  const t = site.messages
  const lang = textLang(site)
  const path = `/collections/${id}`
  let tail = ''
  const format: FindingAidFormat = {
    top: (collection) => {
      const detail = detailOf<'collection'>(collection, null)
      const title = `${collection.title} · ${t.findingAid.title}`
      const canonical = `${site.url ?? ''}${path}/print`
      const shell = pageShell(site, {
        title,
        description: `${t.findingAid.title}: ${collection.title}`,
        json: `/api${path}/ead`,
        canonical,
        linkedData: pageData(archiveOf(site), 'WebPage', title, canonical),
        styles: [`${path}/print.css`],
      })
      tail = shell.tail
      return `${shell.head}${html`<div class="finding-aid">
<p class="muted">${t.findingAid.title} · <a href="${path}">${typeOf(detail, t)}</a></p>
<h1!${lang}>${collection.title}</h1>
<p class="muted">${datesText(detail.dates, t, site.language)}</p>
!${fields(detail, t, lang)}
!${notes(detail, t, lang)}
!${related(detail, t, lang)}`}`
    },
    beforeComponents: html`<h2 class="contents">${t.contents}</h2><ol class="components">`,
    afterComponents: '</ol>',
    enter: (component, place) => componentHtml(component, place, site),
    leave: (component) => (component.type === 'collection' ? '</ol></li>' : '</li>'),
    end: () => `</div>${tail}`,
  }
  return writeFindingAid(backend, id, format, {
    pageSize: PAGE,
    chunkSize: CHUNK,
    ...(signal ? { signal } : {}),
  })
}

/**
 * A component up to its children: its title as a heading a level below its parent's (`h3` for
 * a child of the top, `h6` at most), its kind and dates, its fields, notes and the records it
 * names; a collection opens the list of its children.
 */
function componentHtml(
  component: Collection | CatalogueObject,
  { depth }: ComponentPlace,
  site: SiteContext,
): string {
  const t = site.messages
  const lang = textLang(site)
  const detail = detailOf<'collection' | 'object'>(component, null)
  const level = Math.min(2 + depth, 6)
  const kind = component.type === 'collection' && depth === 1 ? ' series' : ''
  const id = component.uri.slice(component.uri.lastIndexOf('/') + 1)
  const head = html`<li class="component${kind}" id="c-${id}">
<div class="component-head"><h${level} class="component-title"!${lang}><a href="${component.uri}">${component.title}</a></h${level}>
<p class="muted">${typeOf(detail, t)} · ${datesText(detail.dates, t, site.language)}</p></div>
!${fields(detail, t, lang)}
!${notes(detail, t, lang, Math.min(level + 1, 6))}
!${namedRecords(detail, t, lang)}`
  return component.type === 'collection' ? `${head}<ol>` : head
}

/** A component's creators, people and subjects, as short lists under a word each. */
function namedRecords(detail: Detail, t: Messages, lang: string): string {
  const parts: string[] = []
  const add = (heading: string, items: Parameters<typeof linkList>[1]) => {
    if (!items || items.length === 0) return
    const links = items
      .filter((item) => item.title)
      .map((item) =>
        item.uri ? html`<a href="${item.uri}">${item.title ?? ''}</a>` : html`${item.title ?? ''}`,
      )
    parts.push(
      html`<p class="named"><span class="muted">${heading}:</span> <span!${lang}>!${links.join(', ')}</span></p>`,
    )
  }
  if ('creators' in detail) add(t.creators, detail.creators)
  if ('agents' in detail) add(t.people, detail.agents)
  if ('terms' in detail) add(t.subjects, detail.terms)
  return parts.join('')
}

/**
 * The finding aid's own style sheet (`/collections/{id}/print.css`): its title at the top of
 * every printed page. A CSS string holds any text with each character that is not a letter, a
 * digit or a space written as its escape (`\00003C`), so no title can end it.
 */
export function runningTitleCss(title: string): string {
  const escaped = title.replace(/[^\p{L}\p{N} ]/gu, (character) => {
    // A space ends each escape: CSS takes one space after an escape as its end, so a space
    // that follows in the title is kept ("papers, 1900", not "papers,1900").
    return `\\${character.codePointAt(0)!.toString(16).padStart(6, '0')} `
  })
  return `@page{@top-center{content:"${escaped}";font:9pt system-ui,sans-serif;color:#444}}\n`
}
