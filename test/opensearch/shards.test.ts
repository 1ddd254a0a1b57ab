/**
 * One catalogue on three shards against the in-memory engine (issue 24): 20,000 generated
 * documents whose subjects and creators are spread over a few thousand values each, so that a
 * terms aggregation asking each shard for its top values only (OpenSearch's default) misses
 * counts near the cut of the top 100, and whose many documents share a subject, so that scores
 * tie. Facets, counts, stats and every page, relevance order included, must equal the in-memory
 * answers exactly: not as sets, not within a tolerance.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Catalogue, loadCatalogue } from '../../packages/core/src/index.js'
import { OpenSearchBackend } from '../../packages/opensearch/src/backend/opensearch-backend.js'
import { pushCatalogue } from '../../packages/opensearch/src/indexing/push.js'
import { generateCatalogue } from '../../scripts/sample/catalogue.js'
import { openSearchJson, openSearchNode } from '../helpers/opensearch.js'

const node = openSearchNode('the multi-shard differential')
const ALIAS = 'shards'
const DOCUMENTS = 20_000
const SUBJECTS = 3000
const CREATORS = 2000
/** Words the subjects' titles end with: a query on one finds many documents that tie. */
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel']

type ListEndpoint = 'search' | 'facets' | 'collections' | 'objects' | 'agents'

describe.skipIf(node.skip)('a catalogue on three shards', () => {
  let folder: string
  let catalogue: Catalogue
  let backend: OpenSearchBackend

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'catalogue-shards-'))
    const file = join(folder, 'catalogue.ndjson')
    writeFileSync(file, spreadCatalogue(generateCatalogue({ count: DOCUMENTS, seed: 24 })))
    // Loaded here while the node indexes it: the two take about as long.
    const [loaded, pushed] = await Promise.all([
      loadCatalogue(file),
      pushCatalogue(file, { url: node.url, index: ALIAS, shards: 3 }),
    ])
    catalogue = loaded.catalogue
    const settings = await openSearchJson<Record<string, { settings: { index: Dsl } }>>(
      node.url,
      `/${pushed.index}/_settings`,
    )
    expect(settings[pushed.index]!.settings.index['number_of_shards']).toBe('3')
    backend = await OpenSearchBackend.open({ url: node.url, index: ALIAS })
  }, 240_000)

  afterAll(async () => {
    await backend?.close()
    if (!node.skip) await fetch(`${node.url}/${ALIAS}-*`, { method: 'DELETE' })
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  /** The same request to both backends, answered the same, in the same order. */
  async function same(endpoint: ListEndpoint, query: string): Promise<void> {
    const request = catalogue.parse(endpoint, new URLSearchParams(query))
    expect(await backend[endpoint](request), `${endpoint}?${query}`).toEqual(
      catalogue[endpoint](request),
    )
  }

  it('counts every facet bucket exactly, in the in-memory order', async () => {
    const plain = catalogue.facets(catalogue.parse('facets', {}))
    // The data does what it is for: values beyond the top 100, and ties at its cut.
    expect(plain.subject).toHaveLength(100)
    expect(plain.subject[99]!.doc_count).toBe(plain.subject[98]!.doc_count)
    for (const query of [
      '',
      'query=alpha',
      'query=bravo | charlie',
      'query=-delta',
      'genre=documents',
      'online=true&query=echo',
      'start_date__gte=1950',
      `subject=${encodeURIComponent(plain.subject[5]!.key)}`,
      `creator=${encodeURIComponent(plain.creator[3]!.key)}&query=golf`,
    ]) {
      await same('facets', query)
    }
  }, 120_000)

  it('pages relevance-ranked results in the in-memory order, ties included', async () => {
    for (const word of WORDS.slice(0, 4)) {
      for (const page of ['limit=50', 'limit=20&offset=40', 'limit=500']) {
        await same('search', `query=${word}&${page}`)
        await same('collections', `query=${word}&${page}`)
        await same('objects', `query=${word}&${page}`)
      }
    }
    await same('search', 'query=hotel | "subject 7"&limit=100')
    await same('agents', 'query=foundation&limit=100')
  }, 120_000)

  it('answers generated requests as the in-memory engine does', async () => {
    const word = fc.constantFrom(...WORDS, ...topicWords(catalogue))
    const leaf = fc.oneof(
      word,
      fc.tuple(word, word).map(([a, b]) => `"${a} ${b}"~2`),
      word.map((w) => `${w.slice(0, 3)}*`),
    )
    const query = fc
      .array(fc.tuple(fc.constantFrom(' ', ' | ', ' -'), leaf), { minLength: 1, maxLength: 3 })
      .map((parts) => parts.map(([op, part], i) => (i === 0 ? part : `${op}${part}`)).join(''))
    const request = fc
      .record({
        endpoint: fc.constantFrom<ListEndpoint>('search', 'facets', 'collections', 'objects'),
        query,
        filter: fc.constantFrom('', 'online=true', 'genre=documents', 'start_date__lte=1950'),
        limit: fc.integer({ min: 1, max: 60 }),
        offset: fc.integer({ min: 0, max: 100 }),
      })
      .map(({ endpoint, query, filter, limit, offset }) => {
        const parts = [`query=${encodeURIComponent(query)}`, filter]
        if (endpoint !== 'facets') parts.push(`limit=${limit}`, `offset=${offset}`)
        return [endpoint, parts.filter(Boolean).join('&')] as const
      })
    await fc.assert(
      fc.asyncProperty(request, async ([endpoint, query]) => same(endpoint, query)),
      { numRuns: 60 },
    )
  }, 180_000)

  it('counts /search groups exactly over several pages of groups', async () => {
    // A cluster whose aggregations may list only 20 buckets: every count below takes pages.
    const paged = await OpenSearchBackend.open({ url: node.url, index: ALIAS, maxBuckets: 20 })
    try {
      for (const query of ['', 'query=alpha', 'query=bravo | charlie', 'online=true']) {
        const request = catalogue.parse('search', new URLSearchParams(query))
        const expected = catalogue.search(request)
        expect(expected.count, query).toBeGreaterThan(20)
        expect(await paged.search(request), query).toEqual(expected)
      }
      const none = catalogue.parse('search', { query: 'zzyzx' })
      expect(await paged.search(none)).toEqual(catalogue.search(none))
    } finally {
      await paged.close()
    }
    // Groups that fill their last page exactly: one more page, empty, ends the count.
    const request = catalogue.parse('search', { query: 'alpha' })
    const expected = catalogue.search(request)
    const exact = await OpenSearchBackend.open({
      url: node.url,
      index: ALIAS,
      maxBuckets: expected.count,
    })
    try {
      expect(await exact.search(request)).toEqual(expected)
    } finally {
      await exact.close()
    }
  }, 60_000)

  it('refuses a maxBuckets the cluster would refuse, naming it', async () => {
    await expect(
      OpenSearchBackend.open({ url: node.url, index: ALIAS, maxBuckets: 0 }),
    ).rejects.toThrow('maxBuckets must be an integer from 1 to 65,535, got 0')
  })

  it('reports the stats the in-memory engine counts', async () => {
    expect(await backend.stats(25)).toEqual(catalogue.stats(25))
  })
})

type Dsl = Record<string, unknown>

/**
 * A catalogue from the project's generator (seed 24; in this process, the documents as
 * `generate-sample.ts` writes them) with its subjects and creators renamed over a few thousand
 * values, drawn by a skewed (seeded) law: a few values in many documents, most in a handful,
 * and many equal counts. Only the titles change; every document stays valid. Its NDJSON text.
 */
function spreadCatalogue(documents: Iterable<object>): string {
  let seed = 24
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return seed / 2 ** 31
  }
  const skewed = (values: number) => Math.floor(values * random() ** 2.5)
  const lines: string[] = []
  for (const generated of documents) {
    // Copies, renamed: the generator's own objects are left as they are.
    const document = { ...generated } as {
      terms?: { title: string }[]
      creators?: { title: string }[]
    }
    if (document.terms) {
      document.terms = document.terms.map((term) => {
        const n = skewed(SUBJECTS)
        return { ...term, title: `Subject ${n} ${WORDS[n % WORDS.length]}` }
      })
    }
    if (document.creators) {
      document.creators = document.creators.map((creator) => {
        const n = skewed(CREATORS)
        return { ...creator, title: `Creator ${n}` }
      })
    }
    lines.push(JSON.stringify(document))
  }
  return `${lines.join('\n')}\n`
}

/** A few words of the catalogue's titles, frequent first. */
function topicWords(catalogue: Catalogue): string[] {
  const counts = new Map<string, number>()
  for (const title of [...catalogue.data.titles].slice(0, 5000)) {
    for (const word of title.toLowerCase().match(/\p{L}{5,}/gu) ?? []) {
      counts.set(word, (counts.get(word) ?? 0) + 1)
    }
  }
  return [...counts]
    .sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1))
    .slice(0, 12)
    .map(([word]) => word)
}
