/**
 * An agent's or a term's records on its page: for each list that finds some (the collections
 * and objects that name an agent; a subject's collections and objects), its count, its first page as a list page
 * shows it, and a link to the whole list; then a search of the catalogue by the same filter.
 */
import type { RelatedPage } from '../reads/related-reads.js'
import { html, pathWith } from '../templates/html.js'
import type { Messages } from '../templates/messages.js'
import type { SiteContext } from './layout.js'
import { listEntry } from './list.js'
import { count } from './parts.js'

export function relatedRecords(related: readonly RelatedPage[], site: SiteContext): string {
  const { messages: t, language } = site
  const found = related.filter(({ page }) => page.count > 0)
  if (found.length === 0) return ''
  const lists = found.map((related) => {
    const { list, filter, value, page } = related
    const total = count(page.count, language)
    const all =
      page.count > page.results.length
        ? html`<p><a href="${pathWith(`/${list}`, [[filter, value]])}">${t.related.seeAll[list](page.count, total)}</a></p>`
        : ''
    return html`<h2>${heading(related, t)} (${total})</h2>
<ol class="results">!${page.results.map((item) => listEntry(item, site)).join('')}</ol>
!${all}`
  })
  // The search finds the same records grouped by top-level collection, with facets and dates.
  const { filter, value } = found[0]!
  const search = html`<p><a href="${pathWith('/search', [[filter, value]])}">${t.searchLabel}: ${value}</a></p>`
  return lists.join('') + search
}

function heading({ list, filter }: RelatedPage, t: Messages): string {
  if (filter === 'agent') {
    return list === 'collections' ? t.related.collectionsOfAgent : t.related.objectsOfAgent
  }
  return list === 'collections' ? t.related.collectionsOnSubject : t.related.objectsOnSubject
}
