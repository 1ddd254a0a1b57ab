/**
 * A server's code warmed before its first reader comes. JavaScript runs a function in its
 * interpreter until it has run often enough to be compiled: at a million documents the first
 * phrase a freshly started server is asked reads thousands of documents' tokens through
 * interpreted code, 15 to 70 ms where a warm server takes 5. So `catalogue serve` asks an app of
 * its own these requests once on each answering thread before it listens, each of a kind
 * readers ask: words, phrases exact and sloppy, prefixes, fuzzy words, exclusions, filters,
 * sorts, facets, details, children and minimaps. Their words come from the catalogue's own
 * titles, so that phrases match and each piece of the engine runs over real postings.
 */
import type { Catalogue, CatalogueDocument } from '@archive-catalogue/core'
import type { App } from './app.js'

/** The longest a warm-up may take: past it the remaining requests are left. */
export const WARM_UP_BUDGET_MS = 1500

/** How {@link warmUp} asks. */
export interface WarmUpOptions {
  /** Where the app serves the API: `/api` beside the discovery site. @default '' */
  apiPath?: string
  /** Whether the app also serves pages at the API's paths (the site): asked after the API. */
  pages?: boolean
  /** @default {@link WARM_UP_BUDGET_MS} */
  budgetMs?: number
}

/** What a warm-up did. */
export interface WarmUp {
  requests: number
  /** Requests not answered 200 (the app logs why). */
  failed: number
  milliseconds: number
}

/** The site's pages among the API's targets: searches and the documents' own pages. */
const PAGE = /^\/(search|collections|objects|agents|terms)(\/[^/?]+)?(\?|$)/

/**
 * Asks `app` the catalogue's warm-up requests ({@link warmUpTargets}): the API's first, each a
 * few milliseconds at a million documents, then with `pages` the site's (tens of milliseconds
 * each), until they are done or the budget is spent. Give it an app made for the warm-up alone
 * (no access log, no response cache): what it asks is not a reader's.
 * @example await warmUp(createApp(catalogue, { responseCacheBytes: 0 }), catalogue)
 */
export async function warmUp(
  app: App,
  catalogue: Catalogue,
  options: WarmUpOptions = {},
): Promise<WarmUp> {
  const { apiPath = '', pages = false, budgetMs = WARM_UP_BUDGET_MS } = options
  const started = performance.now()
  const targets = warmUpTargets(catalogue)
  const paths = [
    ...targets.map((target) => `${apiPath}${target}`),
    ...(pages ? targets.filter((target) => PAGE.test(target)) : []),
  ]
  let requests = 0
  let failed = 0
  for (const path of paths) {
    if (performance.now() - started > budgetMs) break
    const response = await app.request(path)
    await response.arrayBuffer()
    requests++
    if (response.status !== 200) failed++
  }
  return { requests, failed, milliseconds: performance.now() - started }
}

/** Documents whose titles give the words: enough for every kind, few enough to stay quick. */
const SAMPLED = 12
/** Titles whose runs of words are counted, for phrases that recur across the catalogue. */
const PHRASE_SAMPLED = 256
/** A title's words, as the queries write them. */
const WORDS = /[\p{L}\p{M}\p{N}]+/gu

function wordsOf(title: string): string[] {
  return title.match(WORDS) ?? []
}

/**
 * API request targets (`/search?query=…`) over the catalogue's own words, of every kind the
 * engine answers; the same list for the same catalogue. Empty for an empty catalogue.
 */
export function warmUpTargets(catalogue: Catalogue): string[] {
  const size = catalogue.size
  if (size === 0) return []
  const targets: string[] = ['/search', '/search?query=*&sort=-start_date', '/facets']
  const search = (params: Record<string, string>) =>
    targets.push(`/search?${new URLSearchParams({ limit: '50', ...params })}`)
  // Phrases many documents hold, the two- and three-word runs most titles share: a phrase's
  // check and its scores run over thousands of documents at a million, as readers' do.
  const phraseTitles = sampledTitles(catalogue, PHRASE_SAMPLED).map(({ title }) => title)
  for (const length of [3, 2]) {
    for (const phrase of commonRuns(phraseTitles, length, 3)) search({ query: `"${phrase}"` })
  }
  // A collection's page asks for its children and minimap: the first top-level collection,
  // whichever documents are sampled.
  const collection = catalogue.topLevelCollections({ limit: 1 }).uris[0]
  if (collection !== undefined) {
    const title = titleOf(catalogue.documents([collection])[0])
    const word = wordsOf(title).find((one) => one.length >= 4) ?? '*'
    targets.push(
      collection,
      `${collection}/children`,
      `${collection}/minimap?${new URLSearchParams({ query: word })}`,
    )
  }
  for (const { uri, title } of sampledTitles(catalogue, SAMPLED)) {
    targets.push(uri)
    if (uri.startsWith('/objects/')) targets.push(`${uri}/ancestors`)
    const words = wordsOf(title)
    // Words of four characters or more, rarely stop words; else any of two or more.
    const long = words.filter((word) => word.length >= 4)
    const [a, b = a] = long.length > 0 ? long : words.filter((word) => word.length >= 2)
    if (a === undefined) continue
    search({ query: a })
    search({ query: `${a} ${b}`, sort: 'title' })
    search({ query: `-${a}` })
    search({ query: `${a.slice(0, 3)}*` })
    search({ query: `${a}~1` })
    search({ query: `${a} | ${b}`, type: 'collection', start_date__gte: '1900' })
    // A filter of one value of a column of few looks into a set of the value's documents, made
    // on its first use (5 ms for the largest at a million documents): these are the largest
    // values of two such columns, and the ones a discovery site's readers filter by.
    search({ query: a, category: 'collection', online: 'true' })
    targets.push(`/facets?${new URLSearchParams({ query: a })}`)
    // With the opt-ins a discovery site's search page asks for.
    targets.push(
      `/facets?${new URLSearchParams({ query: a, type_facet: 'true', level_facet: 'true', date_histogram: 'true' })}`,
    )
    if (words.length >= 3) {
      search({ query: `"${words.slice(0, 3).join(' ')}"` })
      search({ query: `"${words[0]} ${words[2]}"~2` })
    }
  }
  return [...new Set(targets)]
}

/** The uris and titles of `count` documents spread evenly over the catalogue. */
function sampledTitles(catalogue: Catalogue, count: number): { uri: string; title: string }[] {
  const sampled = Math.min(count, catalogue.size)
  const uris: string[] = []
  for (let k = 0; k < sampled; k++) {
    const start = Math.floor((k * catalogue.size) / sampled)
    uris.push(catalogue.listing({ start, end: start + 1 })[0]!.uri)
  }
  return catalogue.documents(uris).map((document, k) => ({
    uri: uris[k]!,
    title: titleOf(document),
  }))
}

function titleOf(document: CatalogueDocument | undefined): string {
  return typeof document?.title === 'string' ? document.title : ''
}

/** The `count` runs of `length` words most of the titles hold (two at least). */
function commonRuns(titles: string[], length: number, count: number): string[] {
  const runs = new Map<string, number>()
  for (const title of titles) {
    const words = wordsOf(title)
    const seen = new Set<string>()
    for (let i = 0; i + length <= words.length; i++) {
      const run = words
        .slice(i, i + length)
        .join(' ')
        .toLowerCase()
      if (!seen.has(run)) runs.set(run, (runs.get(run) ?? 0) + 1)
      seen.add(run)
    }
  }
  return [...runs]
    .filter(([, titlesHolding]) => titlesHolding >= 2)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, count)
    .map(([run]) => run)
}
