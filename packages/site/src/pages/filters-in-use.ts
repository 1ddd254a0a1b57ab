/**
 * The filters a page's URL sets, each a chip that removes it (a link to the same page without
 * it): on a search, and on a list reached from an agent's or a term's page
 * (`/collections?subject=Public%20health`), which would otherwise count a part of the list as if
 * it were the whole.
 */
import { type Endpoint, endpointParameters } from '@archive-catalogue/core'
import { html, pathWith, withoutValue } from '../templates/html.js'
import type { Messages } from '../templates/messages.js'

/** The filters of `/search?…` or of a list's page (`/collections?…`) in use, or nothing. */
export function filtersInUse(
  path: string,
  endpoint: Endpoint,
  params: URLSearchParams,
  t: Messages,
): string {
  const active: { label: string; href: string }[] = []
  for (const [name, value] of params) {
    // Only the endpoint's filters (`genre`, `start_date__gte`…): not its query, page or sort, an
    // opt-in of the API's, or a parameter it does not read (a tracking tag).
    if (!isFilter(endpoint, name) || value === '') continue
    const href = pathWith(path, withoutValue(params, name, value))
    active.push({ label: `${filterName(name, t)}: ${valueName(name, value, t)}`, href })
  }
  if (active.length === 0) return ''
  return html`<h2>${t.activeFilters}</h2><ul class="chips">!${active
    .map(
      (filter) =>
        html`<li><a href="${filter.href}" aria-label="${t.removeFilter(filter.label)}">${filter.label} ✕</a></li>`,
    )
    .join('')}</ul>`
}

/** A value as a reader reads it: a level by its name (`Record group`), any other as written. */
export function valueName(parameter: string, value: string, t: Messages): string {
  return parameter === 'level' && Object.hasOwn(t.level, value)
    ? t.level[value as keyof Messages['level']]
    : value
}

/** Whether a parameter is a filter of the endpoint, with or without a lookup. */
function isFilter(endpoint: Endpoint, name: string): boolean {
  const filters: readonly string[] = endpointParameters[endpoint].filters
  return filters.includes(name.split('__')[0]!)
}

function filterName(name: string, t: Messages): string {
  if (name === 'genre') return t.facet.format
  // The records that name an agent: the site calls an agent a person or an organization.
  if (name.split('__')[0] === 'agent') return t.type.agent
  if (name in t.facet) return t.facet[name as keyof Messages['facet']]
  if (name.startsWith('start_date') || name.startsWith('end_date')) {
    // The year form's own words: a lower bound is where the range starts, an upper where it ends.
    if (/__gte?$/.test(name)) return t.fromYear
    if (/__lte?$/.test(name)) return t.toYear
    return t.dates
  }
  return name
}
