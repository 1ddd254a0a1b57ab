/**
 * The home page: the archive's name and search box, what it holds (collections, objects, people
 * and organizations, subjects, online), the years it spans, and ways in (collections A–Z, the
 * most frequent creators, subjects and formats, what is online).
 */
import type { CatalogueStats, FacetBucket } from '@archive-catalogue/core'
import { homeData } from '../search-engines/linked-data.js'
import { html, pathWith } from '../templates/html.js'
import { archiveOf, page, type SiteContext } from './layout.js'
import { count } from './parts.js'

export function homePage(site: SiteContext, stats: CatalogueStats | null): string {
  const { messages: t, language } = site
  const n = (value: number) => count(value, language)
  const holds = stats
    ? html`<h2>${t.holds}</h2>
<ul class="stats">
<li><strong>${n(stats.byType.collection)}</strong>${t.collections}</li>
<li><strong>${n(stats.byType.object)}</strong>${t.objects}</li>
<li><strong>${n(stats.byType.agent)}</strong>${t.agents}</li>
<li><strong>${n(stats.byType.term)}</strong>${t.terms}</li>
</ul>
!${stats.dates.min !== null && stats.dates.max !== null ? html`<p>${t.spans(String(stats.dates.min), String(stats.dates.max))} ${t.online(n(stats.online.documents))}.</p>` : ''}`
    : ''
  const top = (heading: string, parameter: string, buckets: FacetBucket[]) =>
    buckets.length === 0
      ? ''
      : html`<h3>${heading}</h3><ul class="chips">!${buckets
          .slice(0, 12)
          .map(
            (bucket) =>
              html`<li><a href="${pathWith('/search', [[parameter, bucket.key]])}">${bucket.key}</a></li>`,
          )
          .join('')}</ul>`
  const ways = html`<h2>${t.waysIn}</h2>
<ul>
<li><a href="/collections?sort=title">${t.allCollections}</a></li>
<li><a href="/search?online=true">${t.onlineNow}</a></li>
</ul>
!${stats ? top(t.topCreators, 'creator', stats.top.creators) : ''}
!${stats ? top(t.topSubjects, 'subject', stats.top.subjects) : ''}
!${stats ? top(t.topFormats, 'genre', stats.top.formats) : ''}`
  return page(site, {
    title: site.name,
    description: `${site.name}: ${t.searchLabel}`,
    canonical: `${site.url ?? ''}/`,
    linkedData: homeData(archiveOf(site)),
    json: '/api/',
    content: html`<h1>${site.name}</h1>
<form class="search" role="search" action="/search" method="get">
<label for="home-query" class="visually-hidden">${t.searchLabel}</label>
<input id="home-query" name="query" type="search" placeholder="${t.searchPlaceholder}">
<button type="submit">${t.search}</button>
</form>
!${holds}
!${ways}`,
  })
}
