/** Human-readable renderings of the API's responses: what a terminal shows without `--json`. */
import type {
  FacetBucket,
  FacetsResponse,
  ListItem,
  ListPage,
  Page,
  SearchResult,
} from '@archive-catalogue/core'
import {
  bar,
  type Column,
  formatCount,
  plural,
  renderTable,
  type Style,
  yearSpan,
} from './format.js'

const align = 'right' as const

/** What a renderer needs to know of the screen. */
export interface Screen {
  width: number
  style: Style
}

/** `/search`: one row per collection or agent, hit counts when there was a query. */
export function renderSearch(page: Page<SearchResult>, query: string, screen: Screen): string {
  const withHits = page.results.some((result) => result.hit_count !== null)
  const columns: Column<SearchResult>[] = [
    { header: 'TITLE', cell: (r) => r.title, flex: true },
    { header: 'CATEGORY', cell: (r) => r.category ?? '', dropOrder: 1 },
    { header: 'DATES', cell: (r) => yearSpan(r.dates), dropOrder: 3 },
    ...(withHits
      ? [
          { header: 'HITS', cell: (r: SearchResult) => formatCount(r.hit_count ?? 0), align },
          {
            header: 'ONLINE',
            cell: (r: SearchResult) => formatCount(r.online_hit_count ?? 0),
            align,
            dropOrder: 2,
          },
        ]
      : []),
    { header: 'URI', cell: (r) => r.uri, style: screen.style.cyan },
  ]
  const what = query ? ` for "${query}"` : ''
  return listing(
    page.count,
    page.results,
    columns,
    screen,
    `result${page.count === 1 ? '' : 's'}${what}`,
  )
}

/** `/collections`: one row per collection. */
export function renderCollections(page: ListPage, screen: Screen): string {
  const columns: Column<ListItem>[] = [
    { header: 'TITLE', cell: (r) => r.title, flex: true },
    { header: 'DATES', cell: (r) => yearSpan(r.dates ?? []), dropOrder: 1 },
    { header: 'URI', cell: (r) => r.uri, style: screen.style.cyan },
  ]
  return listing(
    page.count,
    page.results,
    columns,
    screen,
    page.count === 1 ? 'collection' : 'collections',
  )
}

function listing<T>(
  count: number,
  results: T[],
  columns: Column<T>[],
  screen: Screen,
  noun: string,
): string {
  const head = screen.style.bold(`${formatCount(count)} ${noun}`)
  if (results.length === 0) return `${head}\n`
  return `${head}\n${renderTable(columns, results, screen)}\n`
}

/** A line under a page saying which results it showed and how to get the next ones. */
export function pageFooter(count: number, offset: number, shown: number, style: Style): string {
  if (shown === 0 || (offset === 0 && shown >= count)) return ''
  const next = offset + shown < count ? `; next page: --offset ${offset + shown}` : ''
  return (
    style.dim(
      `Showing ${formatCount(offset + 1)}–${formatCount(offset + shown)} ` +
        `of ${formatCount(count)}${next}`,
    ) + '\n'
  )
}

/** `/facets`: the date range, online count, and each facet's top buckets as bars. */
export function renderFacets(facets: FacetsResponse, top: number, screen: Screen): string {
  const { style } = screen
  const range =
    facets.min_date.value === null && facets.max_date.value === null
      ? 'undated'
      : `${facets.min_date.value ?? '?'}–${facets.max_date.value ?? '?'}`
  const lines = [
    `${style.bold('Dates')}   ${range}`,
    `${style.bold('Online')}  ${plural(facets.online.doc_count, 'document')}`,
  ]
  for (const [title, buckets] of [
    ['Creators', facets.creator],
    ['Subjects', facets.subject],
    ['Formats', facets.format],
  ] as const) {
    lines.push('', style.bold(title), ...bucketLines(buckets.slice(0, top), buckets.length, screen))
  }
  return `${lines.join('\n')}\n`
}

/** Buckets as `key  ████▌ count` lines, the bars scaled to the largest count. */
export function bucketLines(buckets: FacetBucket[], total: number, screen: Screen): string[] {
  if (buckets.length === 0) return ['  (none)']
  const max = Math.max(...buckets.map((bucket) => bucket.doc_count))
  const countWidth = Math.max(...buckets.map((bucket) => formatCount(bucket.doc_count).length))
  const barWidth = Math.min(30, Math.max(10, Math.floor(screen.width / 4)))
  const keyWidth = Math.max(
    8,
    Math.min(
      Math.max(...buckets.map((bucket) => [...bucket.key].length)),
      screen.width - barWidth - countWidth - 6,
    ),
  )
  const rows = buckets.map((bucket) => ({ ...bucket, bar: bar(bucket.doc_count, max, barWidth) }))
  const table = renderTable<(typeof rows)[number]>(
    [
      { header: '', cell: (b) => b.key, flex: true },
      { header: '', cell: (b) => formatCount(b.doc_count), align },
      { header: '', cell: (b) => b.bar, style: screen.style.green },
    ],
    rows,
    { width: keyWidth + countWidth + barWidth + 4, style: screen.style },
  )
  // The table's header row is empty here: drop it, indent the rest.
  const lines = table
    .split('\n')
    .slice(1)
    .map((line) => `  ${line}`)
  if (total > buckets.length) lines.push(screen.style.dim(`  … ${total - buckets.length} more`))
  return lines
}
