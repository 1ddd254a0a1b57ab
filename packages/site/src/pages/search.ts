/**
 * The search page: `/search?…` is `/api/search?…` for readers. Results grouped by top-level
 * collection (or agent) as `/search` groups them, each with how many of its records match, a
 * link to search within it, and where the words matched (the API's opt-in `snippets`); facets with counts (creator, subject, format, online, type and level —
 * `/facets` with `type_facet` and `level_facet`), the dates as a histogram (by century, decade or year as the
 * range narrows: `/facets` with `date_histogram=true`) whose bars narrow the year range, a from–to
 * year range, the filters in use (each removable), sort, paging, "did you mean" from the
 * suggestions, and a short help on the query syntax when nothing matched. Every control is a link or a form: it works without
 * JavaScript, and every state is a shareable URL. The results come first in the page, so that a
 * phone shows them first, the filters in use above them and the facets one link away below; a
 * wide screen puts the facets in a column on their left.
 */
import type {
  DateHistogram,
  FacetBucket,
  FacetsResponse,
  Page,
  SearchResult,
  Snippet,
  Suggestions,
} from '@archive-catalogue/core'
import { canonicalList } from '../search-engines/canonical.js'
import { pageData } from '../search-engines/linked-data.js'
import { html, pathWith, withParam, withValue } from '../templates/html.js'
import type { Messages } from '../templates/messages.js'
import { filtersInUse, valueName } from './filters-in-use.js'
import { archiveOf, page, type SiteContext } from './layout.js'
import { count, datesText, myListToggle, pager, textLang } from './parts.js'

export interface SearchAnswer {
  params: URLSearchParams
  results: Page<SearchResult>
  facets: FacetsResponse
  suggestions: Suggestions | null
  limit: number
  offset: number
}

/** The filter parameters a reader can set here, with the facet each comes from. */
const FACET_PARAMETERS = [
  ['creator', 'creator'],
  ['subject', 'subject'],
  ['format', 'genre'],
] as const

const TYPES = ['collection', 'object', 'agent'] as const

/**
 * The parameters of a search page's facets: the page's own, with what the API adds on request
 * (the counts by type and by level, the date histogram), which the reference's `/facets` has not.
 */
export function withFacetOptIns(params: URLSearchParams): URLSearchParams {
  const asked = new URLSearchParams(params)
  asked.set('type_facet', 'true')
  asked.set('level_facet', 'true')
  asked.set('date_histogram', 'true')
  return asked
}

/** The parameters of a search page's results: the page's own, with where the words matched. */
export function withSearchOptIns(params: URLSearchParams): URLSearchParams {
  const asked = new URLSearchParams(params)
  asked.set('snippets', 'true')
  return asked
}

export function searchPage(site: SiteContext, answer: SearchAnswer): string {
  const { messages: t, language } = site
  const { params, results, facets } = answer
  const query = params.get('query') ?? ''
  const n = (value: number) => count(value, language)
  const content = html`<h1>${t.results(results.count, n(results.count), query)}</h1>
<div class="layout">
<section aria-label="${t.search}">
!${filtersInUse('/search', 'search', params, t)}
!${results.count === 0 ? nothingFound(answer, t) : html`<div class="result-tools"><a class="to-filters" href="#filters">${t.filters}</a>!${sortForm(params, t)}</div>!${resultList(results.results, query, site)}`}
!${pager('/search', params, { count: results.count, offset: answer.offset, limit: answer.limit }, t, language)}
</section>
<aside class="facets" id="filters" aria-label="${t.filters}">
!${facetLists(params, facets, t, language, textLang(site))}
</aside>
</div>`
  const title = query === '' ? t.search : `${query}`
  const canonical = canonicalList(site.url ?? '', '/search', 'search', params)
  return page(site, {
    title,
    description: t.results(results.count, n(results.count), query),
    json: pathWith('/api/search', params),
    query,
    content,
    canonical,
    linkedData: pageData(archiveOf(site), 'SearchResultsPage', title, canonical),
  })
}

function resultList(results: SearchResult[], query: string, site: SiteContext): string {
  const { messages: t, language } = site
  const lang = textLang(site)
  const items = results.map((result) => {
    const within =
      query !== '' && result.hit_count !== null && result.uri.startsWith('/collections/')
        ? html` · <a href="${pathWith(result.uri, [['query', query]])}">${t.matches(result.hit_count, count(result.hit_count, language))}, ${t.searchWithin}</a>`
        : ''
    const creators =
      result.creators.length > 0 ? html`<div!${lang}>${result.creators.join('; ')}</div>` : ''
    // The title's own snippet marks the title itself, rather than repeat it below.
    const own = result.snippets?.find(
      (snippet) =>
        snippet.field === 'title' && snippet.uri === undefined && snippet.text === result.title,
    )
    const title = own ? marked(own) : html`${result.title}`
    const snippets = (result.snippets ?? []).filter((snippet) => snippet !== own)
    return html`<li><a class="result-title" href="${result.uri}"!${lang}>!${title}</a> !${myListToggle(result.uri, result.title, t)}
<div class="muted">${typeLabel(result.uri, t)} · ${datesText(result.dates, t, language)}!${within}</div>!${creators}!${snippetList(snippets, t, lang)}</li>`
  })
  return html`<ol class="results">!${items.join('')}</ol>`
}

/**
 * Where the words matched (the API's `snippets`): each place named (a note by its title), its
 * text with the matched words in `<mark>`, a component's linked to it. Nothing without a query.
 */
function snippetList(snippets: readonly Snippet[], t: Messages, lang: string): string {
  if (snippets.length === 0) return ''
  const items = snippets.map((snippet) => {
    const place = snippet.label ?? t.snippet[snippet.field]
    const text = marked(snippet)
    const shown = snippet.uri === undefined ? text : html`<a href="${snippet.uri}">!${text}</a>`
    // The place is named in the page's language (a note by its title, the catalogue's); the
    // passage is the catalogue's text.
    const named = snippet.label === undefined ? html`${place}` : html`<span!${lang}>${place}</span>`
    return html`<li><span class="muted">!${named}:</span> <span!${lang}>!${shown}</span></li>`
  })
  return html`<ul class="snippets">!${items.join('')}</ul>`
}

/** A snippet's text, escaped, with its marks (`[start, end)`, in order) in `<mark>`. */
function marked({ text, marks }: Snippet): string {
  let written = ''
  let at = 0
  for (const [start, end] of marks as [number, number][]) {
    written += html`${text.slice(at, start)}<mark>${text.slice(start, end)}</mark>`
    at = end
  }
  return written + html`${text.slice(at)}`
}

function typeLabel(uri: string, t: Messages): string {
  const type = uri.split('/')[1]?.replace(/s$/, '') as keyof Messages['type'] | undefined
  return type && type in t.type ? t.type[type] : ''
}

function nothingFound(answer: SearchAnswer, t: Messages): string {
  const options = (answer.suggestions?.title_suggest ?? []).filter(
    (entry) => entry.options.length > 0,
  )
  let suggestion = ''
  const query = answer.params.get('query') ?? ''
  if (options.length > 0) {
    // Each misspelled word replaced by its first suggestion, in the query as written.
    let corrected = query
    for (const entry of [...options].sort((a, b) => b.offset - a.offset)) {
      corrected = `${corrected.slice(0, entry.offset)}${entry.options[0]!.text}${corrected.slice(entry.offset + entry.length)}`
    }
    suggestion = html`<p>${t.didYouMean} <a href="${pathWith('/search', withParam(answer.params, 'query', corrected))}">${corrected}</a>?</p>`
  }
  return html`<p>${t.noResults}</p>!${suggestion}<p class="muted">${t.queryHelp}</p>`
}

function facetLists(
  params: URLSearchParams,
  facets: FacetsResponse,
  t: Messages,
  language: string,
  lang: string,
): string {
  const list = (facet: keyof Messages['facet'], parameter: string, buckets: FacetBucket[]) => {
    if (buckets.length === 0) return ''
    // A creator, a subject or a format is the catalogue's word; a level is named by the site.
    const own = parameter === 'level' ? '' : lang
    const items = buckets.slice(0, 10).map((bucket) => {
      const href = pathWith('/search', withValue(params, parameter, bucket.key))
      return html`<li><a href="${href}"!${own}>${valueName(parameter, bucket.key, t)}</a><span class="count">${count(bucket.doc_count, language)}</span></li>`
    })
    return html`<h2>${t.facet[facet]}</h2><ul>!${items.join('')}</ul>`
  }
  const lists = FACET_PARAMETERS.map(([facet, parameter]) => list(facet, parameter, facets[facet]))
  const online =
    facets.online.doc_count > 0 && params.get('online') !== 'true'
      ? html`<h2>${t.facet.online}</h2><ul><li><a href="${pathWith('/search', withValue(withParam(params, 'online', null), 'online', 'true'))}">${t.onlineOnly}</a><span class="count">${count(facets.online.doc_count, language)}</span></li></ul>`
      : ''
  // The types the search finds, with their counts (`type_facet`); a type chosen is a filter in
  // use above, so it is not offered again.
  const typeCounts = new Map((facets.type ?? []).map((bucket) => [bucket.key, bucket.doc_count]))
  const offered = params.has('type') ? [] : TYPES.filter((type) => (typeCounts.get(type) ?? 0) > 0)
  const types =
    offered.length === 0
      ? ''
      : html`<h2>${t.facet.type}</h2><ul>!${offered
          .map(
            (type) =>
              html`<li><a href="${pathWith('/search', withValue(params, 'type', type))}">${t.type[type]}</a><span class="count">${count(typeCounts.get(type)!, language)}</span></li>`,
          )
          .join('')}</ul>`
  // Beside the types, what kind of description each is: there when the backend was asked for it
  // (`withFacetOptIns`).
  const levels = list('level', 'level', facets.level ?? [])
  return (
    lists.join('') +
    online +
    types +
    levels +
    html`<h2>${t.dates}</h2>` +
    histogram(params, facets.date_histogram, t, language) +
    yearForm(params, facets, t)
  )
}

/** Widths of a bar, in steps of 5% of the fullest bucket (`.fill.w0` to `.w20` in the style). */
const BAR_STEPS = 20

/**
 * The date histogram as a list of bars drawn by CSS (no script, no inline style): each bucket
 * its years, a bar and its count, the years a link that narrows the range to them as the year
 * form does (`end_date__gte`, `start_date__lte`). The bar is decoration; the count is the text.
 */
function histogram(
  params: URLSearchParams,
  answer: DateHistogram | undefined,
  t: Messages,
  language: string,
): string {
  if (!answer || answer.interval === null || answer.buckets.length === 0) return ''
  const { interval, buckets } = answer
  const fullest = Math.max(1, ...buckets.map((bucket) => bucket.doc_count))
  const items = buckets.map((bucket) => {
    const years = bucketYears(bucket, interval, t)
    const width = Math.ceil((bucket.doc_count / fullest) * BAR_STEPS)
    const narrows = bucket.doc_count > 0 && buckets.length > 1
    const href = pathWith(
      '/search',
      withParam(
        withParam(withParam(params, 'offset', null), 'end_date__gte', String(bucket.from)),
        'start_date__lte',
        String(bucket.to),
      ),
    )
    const label = narrows ? html`<a href="${href}">${years}</a>` : html`<span>${years}</span>`
    return html`<li>!${label}<span class="bar" aria-hidden="true"><span class="fill w${width}"></span></span><span class="count">${count(bucket.doc_count, language)}</span></li>`
  })
  return html`<ol class="histogram" aria-label="${t.histogram[interval]}">!${items.join('')}</ol>`
}

/** A bucket's years as a reader reads them: `1945`, `1940s`, `1900–1999`, `1945–1949` when cut. */
function bucketYears(
  bucket: DateHistogram['buckets'][number],
  interval: NonNullable<DateHistogram['interval']>,
  t: Messages,
): string {
  const { key, from, to } = bucket
  if (from === to) return String(from)
  if (interval === 'decade' && from === key && to === key + 9) return t.decade(String(key))
  return `${from}–${to}`
}

function yearForm(params: URLSearchParams, facets: FacetsResponse, t: Messages): string {
  const kept = [...params].filter(
    ([name]) => !name.startsWith('start_date') && !name.startsWith('end_date') && name !== 'offset',
  )
  const from = params.get('end_date__gte') ?? ''
  const to = params.get('start_date__lte') ?? ''
  return html`<form action="/search" method="get">
!${kept.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`).join('')}
<label>${t.fromYear}<input type="number" name="end_date__gte" value="${from}" min="${facets.min_date.value ?? ''}" max="${facets.max_date.value ?? ''}"></label>
<label>${t.toYear}<input type="number" name="start_date__lte" value="${to}" min="${facets.min_date.value ?? ''}" max="${facets.max_date.value ?? ''}"></label>
<button type="submit">${t.apply}</button>
</form>`
}

function sortForm(params: URLSearchParams, t: Messages): string {
  const current = params.get('sort') ?? ''
  const kept = [...params].filter(([name]) => name !== 'sort' && name !== 'offset')
  const options = Object.entries(t.sortBy).map(([value, label]) => {
    const key = value === 'relevance' ? '' : value
    return html`<option value="${key}"!${key === current ? ' selected' : ''}>${label}</option>`
  })
  return html`<form class="sort" action="/search" method="get">
!${kept.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}">`).join('')}
<label>${t.sort} <select name="sort">!${options.join('')}</select></label>
<button type="submit">${t.apply}</button>
</form>`
}
