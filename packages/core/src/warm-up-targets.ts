/**
 * Requests that warm a server's code before its first reader comes. JavaScript runs a function
 * in its interpreter until it has run often enough to be compiled: at a million documents the
 * first phrase a freshly started server is asked reads thousands of documents' tokens through
 * interpreted code, 15 to 70 ms where a warm server takes 5. So `catalogue serve` asks its own
 * app these requests once before it listens (the CLI's `warm-up.ts`), each of a kind readers ask: words,
 * phrases exact and sloppy, prefixes, fuzzy words, exclusions, filters, sorts, facets, details,
 * children and minimaps. Their words come from the catalogue's own titles, so that phrases match
 * and each piece of the engine runs over real postings.
 */
import type { Catalogue } from './catalogue.js'

/** Documents whose titles give the words: enough for every kind, few enough to stay quick. */
const SAMPLED = 12
/** Titles whose runs of words are counted, for phrases that recur across the catalogue. */
const PHRASE_SAMPLED = 256
/** A title's words, as the queries write them. */
const WORDS = /[\p{L}\p{N}]+/gu

/**
 * API request targets (`/search?query=…`) over the catalogue's own words, of every kind the
 * engine answers; the same list for the same catalogue. Empty for an empty catalogue.
 */
export function warmUpTargets(catalogue: Catalogue): string[] {
  const { titles, uris } = catalogue.data
  const size = titles.size
  if (size === 0) return []
  const targets: string[] = ['/search', '/search?query=*&sort=-start_date', '/facets']
  const search = (params: Record<string, string>) =>
    targets.push(`/search?${new URLSearchParams({ limit: '50', ...params })}`)
  // Phrases many documents hold, the two- and three-word runs most titles share: a phrase's
  // check and its scores run over thousands of documents at a million, as readers' do.
  for (const length of [3, 2]) {
    for (const phrase of commonRuns(catalogue, length, 3)) search({ query: `"${phrase}"` })
  }
  // A collection's page asks for its children and minimap: the first collection, whichever
  // documents are sampled.
  const collection = firstCollection(catalogue)
  if (collection !== undefined) {
    const uri = uris.get(collection)
    targets.push(
      uri,
      `${uri}/children`,
      `${uri}/minimap?query=${firstWord(titles.get(collection))}`,
    )
  }
  for (let k = 0; k < Math.min(SAMPLED, size); k++) {
    const index = Math.floor((k * size) / Math.min(SAMPLED, size))
    const uri = uris.get(index)
    targets.push(uri)
    if (uri.startsWith('/objects/')) targets.push(`${uri}/ancestors`)
    const words = titles.get(index).match(WORDS) ?? []
    const long = words.filter((word) => word.length >= 4)
    const [a, b = a] = long
    if (a === undefined) continue
    search({ query: a })
    search({ query: `${a} ${b}`, sort: 'title' })
    search({ query: `-${a}` })
    search({ query: `${a.slice(0, 3)}*` })
    search({ query: `${a}~1` })
    search({ query: `${a} | ${b}`, type: 'collection', start_date__gte: '1900' })
    targets.push(`/facets?${new URLSearchParams({ query: a })}`)
    if (words.length >= 3) {
      search({ query: `"${words.slice(0, 3).join(' ')}"` })
      search({ query: `"${words[0]} ${words[2]}"~2` })
    }
  }
  return [...new Set(targets)]
}

/** The `count` runs of `length` words most of the sampled titles hold (in two at least). */
function commonRuns(catalogue: Catalogue, length: number, count: number): string[] {
  const { titles } = catalogue.data
  const sampled = Math.min(PHRASE_SAMPLED, titles.size)
  const runs = new Map<string, number>()
  for (let k = 0; k < sampled; k++) {
    const words = titles.get(Math.floor((k * titles.size) / sampled)).match(WORDS) ?? []
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

/** The first collection's index, looked for among the first documents only. */
function firstCollection(catalogue: Catalogue): number | undefined {
  const { uris } = catalogue.data
  for (let index = 0; index < Math.min(uris.size, 10_000); index++) {
    if (uris.get(index).startsWith('/collections/')) return index
  }
  return undefined
}

function firstWord(title: string): string {
  return encodeURIComponent(title.match(/[\p{L}\p{N}]{4,}/u)?.[0] ?? '*')
}
