/**
 * A list of one type of record (`/collections?sort=title`): the API's list, paged, with the
 * filters it was asked with (`/objects?agent=…`, from an agent's page) shown and removable.
 */
import type { ListItem, ListPage } from '@archive-catalogue/core'
import { canonicalList } from '../search-engines/canonical.js'
import { pageData } from '../search-engines/linked-data.js'
import { html, pathWith } from '../templates/html.js'
import type { Messages } from '../templates/messages.js'
import { filtersInUse } from './filters-in-use.js'
import { archiveOf, page, type SiteContext } from './layout.js'
import { count, datesText, pager, textLang } from './parts.js'

export type ListType = 'collections' | 'objects' | 'agents' | 'terms'

const HEADINGS: Record<ListType, keyof Messages> = {
  collections: 'collections',
  objects: 'objects',
  agents: 'agents',
  terms: 'terms',
}

export function listPage(
  site: SiteContext,
  type: ListType,
  answer: { params: URLSearchParams; page: ListPage; limit: number; offset: number },
): string {
  const { messages: t, language } = site
  const heading = t[HEADINGS[type]] as string
  const items = answer.page.results.map((item) => listEntry(item, site))
  const canonical = canonicalList(site.url ?? '', `/${type}`, type, answer.params)
  return page(site, {
    title: heading,
    canonical,
    linkedData: pageData(archiveOf(site), 'CollectionPage', heading, canonical),
    description: `${heading}: ${count(answer.page.count, language)}`,
    json: pathWith(`/api/${type}`, answer.params),
    content: html`<h1>${heading} (${count(answer.page.count, language)})</h1>
!${filtersInUse(`/${type}`, type, answer.params, t)}
<ol class="results">!${items.join('')}</ol>
!${pager(`/${type}`, answer.params, { count: answer.page.count, offset: answer.offset, limit: answer.limit }, t, language)}`,
  })
}

/** A record of a list: its title linked, and its dates. */
export function listEntry(item: ListItem, site: SiteContext): string {
  const { messages: t, language } = site
  return html`<li><a class="result-title" href="${item.uri}"!${textLang(site)}>${item.title}</a> <span class="muted">${datesText(item.dates, t, language)}</span></li>`
}
