/**
 * The OpenSearch backend against the in-memory one, on the real node: the corpus and the sample
 * pushed and loaded, the shared case table run on it by `runCases` as the core suite runs it in
 * memory, then requests to every endpoint (queries with every operator, filters with every
 * lookup, sorts, pages, tree endpoints on real ids) answered the same, byte for byte as JSON,
 * relevance order included: equal scores go in catalogue order on both
 * (test/opensearch/ranking.test.ts compares the scores themselves, test/opensearch/shards.test.ts
 * the same on three shards).
 */
import { createServer } from 'node:net'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  BackendUnavailableError,
  type Catalogue,
  endpointParameters,
  NotFoundError,
} from '../../packages/core/src/index.js'
import { OpenSearchBackend } from '../../packages/opensearch/src/backend/opensearch-backend.js'
import { badParameter, parsedThen } from '../cases/on-backend.js'
import { runCases } from '../cases/run-cases.js'
import { openSearchNode } from '../helpers/opensearch.js'
import { sharedBackends } from '../helpers/shared-pushes.js'

const node = openSearchNode('the OpenSearch backend')

type ListEndpoint = 'search' | 'facets' | 'collections' | 'objects' | 'agents' | 'terms'

describe.skipIf(node.skip)('OpenSearchBackend', () => {
  for (const name of ['the corpus', 'the sample'] as const) {
    describe(`on ${name}`, () => {
      // Pushed once for the run's suites that read it.
      const both = sharedBackends(node, name)
      const { alias } = both
      let catalogue: Catalogue
      let backend: OpenSearchBackend

      beforeAll(() => {
        catalogue = both.catalogue
        backend = both.backend
      })

      /** The same list request to both backends, answered the same, in the same order. */
      async function same(endpoint: ListEndpoint, query: string): Promise<void> {
        const request = catalogue.parse(endpoint, new URLSearchParams(query))
        const expected = catalogue[endpoint](request)
        expect(await backend[endpoint](request), `${endpoint}?${query}`).toEqual(expected)
      }

      if (name === 'the corpus') {
        runCases({
          request: ({ endpoint, query }) => `${endpoint}?${query}`,
          answer: ({ endpoint, query }) =>
            parsedThen(
              () => backend.parse(endpoint, new URLSearchParams(query)),
              (request) => backend[endpoint](request),
            ),
          refusal: badParameter,
          // Skips nothing: the table is what the core suite asks of the in-memory backend.
          skip: [],
        })
      }

      it('answers /search as the in-memory backend does', async () => {
        for (const query of searchRequests(catalogue)) await same('search', query)
      }, 120_000)

      it('answers /facets as the in-memory backend does', async () => {
        for (const query of facetRequests(catalogue)) await same('facets', query)
      }, 120_000)

      it('answers the lists as the in-memory backend does', async () => {
        for (const [endpoint, query] of listRequests(catalogue)) await same(endpoint, query)
      }, 120_000)

      it('answers every detail and citation as the in-memory backend does', async () => {
        // Every document of the corpus (192), with its odd parents and positions; 200 of the
        // generated sample's 2,000, whose documents are alike (no tied positions, no missing
        // parents), spread over it: every type, a few hundred requests.
        for (const uri of sampleOf([...catalogue.data.uris], 200)) {
          const [, plural, id] = uri.split('/') as [string, string, string]
          const type = plural.slice(0, -1) as 'collection' | 'object' | 'agent' | 'term'
          expect(await backend.detail(type, id), uri).toEqual(catalogue.detail(type, id))
          const options = { repositoryName: 'Rockefeller Archive Center', baseUrl: 'https://x.org' }
          expect(await backend.citation(type, id, options), uri).toBe(
            catalogue.citation(type, id, options),
          )
        }
        await expect(backend.detail('collection', 'nope')).rejects.toThrow(NotFoundError)
        await expect(backend.detail('agent', treeIds(catalogue)[0]!)).rejects.toThrow(NotFoundError)
      }, 120_000)

      it('answers the tree endpoints as the in-memory backend does', async () => {
        const words = queryWords(catalogue)
        const variants = [
          '',
          `query=${words[0]}`,
          `query=${words[1]} | ${words[2]}&limit=2&offset=1`,
          `query=-${words[0]}`,
          'online=true',
          `query=${words[1]}&start_date__gte=1950`,
          'genre=documents&limit=3',
        ]
        // Every collection and object of the corpus (5 and 15); of the sample's 202 and 1,598,
        // generated alike, 10 and 20 spread over them: collections are what children and
        // minimap answer for, and they were 6 of 60 spread over every tree document.
        for (const uri of [
          ...sampleOf(treeUris(catalogue, 'collections'), 10),
          ...sampleOf(treeUris(catalogue, 'objects'), 20),
        ]) {
          const [, plural, id] = uri.split('/') as [string, string, string]
          const type = plural.slice(0, -1) as 'collection' | 'object'
          for (const query of variants) {
            const label = `${uri}?${query}`
            const ancestors = catalogue.parse('ancestors', new URLSearchParams(query))
            expect(await backend.ancestors(type, id, ancestors), label).toEqual(
              catalogue.ancestors(type, id, ancestors),
            )
            if (type !== 'collection') continue
            const children = catalogue.parse('children', new URLSearchParams(query))
            expect(await backend.children(id, children), label).toEqual(
              catalogue.children(id, children),
            )
            const minimap = catalogue.parse('minimap', new URLSearchParams(query))
            expect(await backend.minimap(id, minimap), label).toEqual(
              catalogue.minimap(id, minimap),
            )
          }
        }
      }, 120_000)

      it('answers generated requests as the in-memory backend does', async () => {
        const words = queryWords(catalogue).slice(0, 40)
        const word = fc.constantFrom(...words)
        const leaf = fc.oneof(
          word,
          fc.tuple(word, word).map(([a, b]) => `"${a} ${b}"~2`),
          word.map((w) => `${w.slice(0, 4)}*`),
          word.map((w) => `${w.slice(0, -1)}~1`),
        )
        const item = fc.oneof(
          { weight: 4, arbitrary: leaf },
          { weight: 1, arbitrary: leaf.map((l) => `-${l}`) },
        )
        const query = fc
          .array(fc.tuple(fc.constantFrom(' ', ' | '), item), { minLength: 1, maxLength: 3 })
          .map((parts) => parts.map(([op, part], i) => (i === 0 ? part : `${op}${part}`)).join(''))
        const filters = filterVariants(catalogue)
        const endpoint = fc.constantFrom<ListEndpoint>('search', 'facets', 'collections', 'objects')
        const request = fc
          .record({
            endpoint,
            query: fc.option(query, { nil: undefined }),
            filters: fc.subarray(filters, { maxLength: 3 }),
            sort: fc.option(
              fc.constantFrom(
                'title',
                '-title',
                'start_date',
                '-start_date',
                'end_date',
                '-end_date',
                'creator',
                '-creator',
              ),
              { nil: undefined },
            ),
            limit: fc.integer({ min: 1, max: 30 }),
            offset: fc.integer({ min: 0, max: 60 }),
          })
          .map(({ endpoint, query, filters, sort, limit, offset }) => {
            const sorts = endpointParameters[endpoint].sorts as readonly string[]
            const parts = [
              query === undefined ? '' : `query=${enc(query)}`,
              ...filters,
              sort && sorts.includes(sort.replace('-', '')) ? `sort=${sort}` : '',
              `limit=${limit}`,
              `offset=${offset}`,
            ]
            return [endpoint, parts.filter(Boolean).join('&')] as const
          })
        await fc.assert(
          fc.asyncProperty(request, async ([endpoint, query]) => {
            await same(endpoint, query)
          }),
          { numRuns: 150 },
        )
        const collection = fc.constantFrom(
          ...treeIds(catalogue).filter((id) => catalogue.get(`/collections/${id}`)),
        )
        const treeRequest = fc.tuple(
          collection,
          fc.option(query, { nil: undefined }),
          fc.subarray(filters, { maxLength: 2 }),
          fc.integer({ min: 1, max: 10 }),
          fc.integer({ min: 0, max: 5 }),
        )
        await fc.assert(
          fc.asyncProperty(treeRequest, async ([id, text, chosen, limit, offset]) => {
            const params = [
              text === undefined ? '' : `query=${enc(text)}`,
              ...chosen,
              `limit=${limit}`,
              `offset=${offset}`,
            ]
            const search = new URLSearchParams(params.filter(Boolean).join('&'))
            const label = `${id}?${search}`
            const children = catalogue.parse('children', search)
            expect(await backend.children(id, children), label).toEqual(
              catalogue.children(id, children),
            )
            const minimap = catalogue.parse('minimap', search)
            expect(await backend.minimap(id, minimap), label).toEqual(
              catalogue.minimap(id, minimap),
            )
            const ancestors = catalogue.parse('ancestors', search)
            expect(await backend.ancestors('collection', id, ancestors), label).toEqual(
              catalogue.ancestors('collection', id, ancestors),
            )
          }),
          { numRuns: 60 },
        )
      }, 240_000)

      it('answers /mylist as the in-memory backend does', async () => {
        const uris = [...sampleOf(treeUris(catalogue), 30), '/agents/x', '/objects/nope', '']
        uris.push(`${uris[0]}/`, ` ${uris[1]}`)
        expect(await backend.myList(uris)).toEqual(catalogue.myList(uris))
      })

      it('answers /search/suggest as the in-memory backend does', async () => {
        for (const text of suggestTexts(catalogue)) {
          expect(await backend.suggest(text), text).toEqual(catalogue.suggest(text))
        }
      })

      it('reports the cluster and the index behind the alias on /health', async () => {
        const health = await backend.health()
        expect(health).toMatchObject({
          status: 'ok',
          documents: catalogue.size,
          backend: 'opensearch',
          index: backend.version,
        })
        expect(['green', 'yellow']).toContain(health.cluster_status)
        expect(backend.version.startsWith(`${alias}-`)).toBe(true)
      })

      if (name === 'the corpus') {
        it('stops a call when its signal aborts', async () => {
          // A backend of its own over the corpus's push: the call aborted is left to finish.
          const aborted = await OpenSearchBackend.open({ url: node.url, index: alias })
          try {
            const request = aborted.parse('search', { query: 'rockefeller' })
            const controller = new AbortController()
            const answer = aborted.search(request, { signal: controller.signal })
            controller.abort(new Error('the client went away'))
            await expect(answer).rejects.toThrow('the client went away')
            await expect(
              aborted.facets(request, { signal: AbortSignal.abort(new Error('already')) }),
            ).rejects.toThrow('already')
          } finally {
            await aborted.close()
          }
        })
      }
    })
  }

  it('says which cluster is down: a BackendUnavailableError naming the URL', async () => {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    await new Promise((resolve) => server.close(resolve))
    const url = `http://127.0.0.1:${port}`
    const opening = OpenSearchBackend.open({ url, index: 'x' })
    await expect(opening).rejects.toThrow(BackendUnavailableError)
    await expect(opening).rejects.toThrow(`OpenSearch at ${url} (alias x) did not answer`)
  })

  it('refuses an alias that does not exist, naming the URL and the alias', async () => {
    await expect(OpenSearchBackend.open({ url: node.url, index: 'no-such-alias' })).rejects.toThrow(
      `no alias no-such-alias at ${node.url}`,
    )
  })
})

/** Up to `n` items spread over a list (first and last included). */
function sampleOf<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items]
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * (items.length - 1)) / (n - 1))]!)
}

/** The uris of the collections and objects (or of `kinds` only), in catalogue order. */
function treeUris(catalogue: Catalogue, ...kinds: ('collections' | 'objects')[]): string[] {
  const wanted: readonly string[] = kinds.length > 0 ? kinds : ['collections', 'objects']
  return [...catalogue.data.uris].filter((uri) => wanted.includes(uri.split('/')[1]!))
}

function treeIds(catalogue: Catalogue): string[] {
  return treeUris(catalogue).map((uri) => uri.slice(uri.lastIndexOf('/') + 1))
}

/** Words of the catalogue's titles, frequent first: queries that find something. */
function queryWords(catalogue: Catalogue): string[] {
  const counts = new Map<string, number>()
  for (const title of catalogue.data.titles) {
    for (const word of title.toLowerCase().match(/\p{L}{5,}/gu) ?? []) {
      counts.set(word, (counts.get(word) ?? 0) + 1)
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([word]) => word)
}

/** Values of the catalogue's facets, to filter on. */
function facetValues(catalogue: Catalogue) {
  const all = catalogue.facets({})
  return {
    subject: all.subject.map((bucket) => bucket.key),
    creator: all.creator.map((bucket) => bucket.key),
    format: all.format.map((bucket) => bucket.key),
  }
}

const enc = encodeURIComponent

function filterVariants(catalogue: Catalogue): string[] {
  const { subject, creator, format } = facetValues(catalogue)
  return [
    '',
    `genre=${format[0]}`,
    `genre=${format[0]}&genre=${format[1] ?? format[0]}`,
    `genre__in=${format[0]}__${format[1] ?? format[0]}`,
    `genre__exclude=${format[0]}`,
    `subject=${enc(subject[0] ?? 'x')}`,
    `subject__exclude=${enc(subject[0] ?? 'x')}`,
    `subject__prefix=${enc((subject[1] ?? 'x').slice(0, 3))}`,
    `creator=${enc(creator[0] ?? 'x')}`,
    `creator__wildcard=${enc(`*${(creator[1] ?? 'x').slice(2, 5)}*`)}`,
    `creator__wildcard=${enc(`${(creator[0] ?? 'x').slice(0, 1)}?${(creator[0] ?? 'x').slice(2)}`)}`,
    'category=collection',
    'category__in=person__collection',
    'category__prefix=coll',
    'online=true',
    'online=false',
    'start_date__gte=1950',
    'start_date__lt=1930',
    'end_date__lte=1960',
    'end_date__gt=2000',
    'start_date__range=1920__1960',
    'start_date=1950',
    'end_date__in=1960__1970__1980',
  ]
}

function searchRequests(catalogue: Catalogue): string[] {
  const words = queryWords(catalogue)
  const [a = 'a', b = 'b', c = 'c'] = words
  const queries = [
    '',
    `query=${a}`,
    `query=${a} ${b}`,
    `query=${a} | ${c}`,
    `query=-${a}`,
    `query=${b} -${a}`,
    `query="${a} ${b}"`,
    `query="${a} ${b}"~3`,
    `query=${a.slice(0, 4)}*`,
    `query=${a.slice(0, -1)}~1`,
    `query=(${a} | ${b}) -${c}`,
    'query=*',
  ]
  const requests: string[] = []
  for (const query of queries) {
    for (const filter of [
      '',
      'type=collection',
      'type__exclude=agent',
      `genre=${facetValues(catalogue).format[0]}`,
    ]) {
      requests.push([query, filter].filter(Boolean).join('&'))
    }
  }
  for (const filter of filterVariants(catalogue)) requests.push(filter)
  for (const sort of [
    'title',
    '-title',
    'start_date',
    '-start_date',
    'end_date',
    '-end_date',
    'creator',
    '-creator',
    'creator,title',
    '-start_date,title',
  ]) {
    requests.push(
      `sort=${sort}`,
      `sort=${sort}&limit=7&offset=5`,
      `sort=${sort}&query=${a}`,
      `sort=${sort}&type=collection&query=-${b}`,
    )
  }
  requests.push(
    'limit=3',
    'limit=10&offset=20',
    'offset=9990&limit=10',
    `query=${a}&limit=1&offset=1`,
  )
  return requests
}

function facetRequests(catalogue: Catalogue): string[] {
  const [a = 'a', b = 'b'] = queryWords(catalogue)
  return [
    ...filterVariants(catalogue),
    `query=${a}`,
    `query=${a} | ${b}`,
    `query=-${a}`,
    `query=${a}&type=object`,
    'type=term',
    'query=zzzzqqq',
  ]
}

function listRequests(catalogue: Catalogue): [ListEndpoint, string][] {
  const [a = 'a', b = 'b'] = queryWords(catalogue)
  const requests: [ListEndpoint, string][] = []
  for (const endpoint of ['collections', 'objects'] as const) {
    for (const filter of filterVariants(catalogue)) requests.push([endpoint, filter])
    for (const sort of [
      'title',
      '-title',
      'start_date',
      '-start_date',
      'end_date',
      '-end_date',
      'end_date,-title',
    ]) {
      requests.push(
        [endpoint, `sort=${sort}`],
        [endpoint, `sort=${sort}&limit=4&offset=3`],
        [endpoint, `sort=${sort}&query=${a} | ${b}`],
      )
    }
    requests.push(
      [endpoint, `query=${a}`],
      [endpoint, `query=-${a}&limit=5&offset=2`],
      [endpoint, 'limit=2&offset=1'],
    )
  }
  const agent = catalogue.agents({ limit: 1 }).results[0]?.title ?? 'x'
  for (const filter of [
    '',
    `title=${enc(agent)}`,
    `title__prefix=${enc(agent.slice(0, 3))}`,
    'title__wildcard=*Foundation*',
    'title__wildcard=?a*',
    'title__exclude=x',
    'agent_type=person',
    'agent_type__in=family__organization',
    'start_date__gte=1900',
    'end_date__lt=1990',
  ]) {
    for (const sort of [
      '',
      'sort=title',
      'sort=-title',
      'sort=type',
      'sort=-start_date',
      'sort=end_date',
    ]) {
      requests.push(['agents', [filter, sort].filter(Boolean).join('&')])
    }
  }
  requests.push(['agents', `query=${a}`], ['agents', 'limit=5&offset=10'])
  const term = catalogue.terms({ limit: 1 }).results[0]?.title ?? 'x'
  for (const filter of [
    '',
    `title=${enc(term)}`,
    `title__prefix=${enc(term.slice(0, 2))}`,
    'title__wildcard=*a*',
    'term_type=topical',
    'term_type__exclude=topical',
    'term_type__in=geographic__genre_form',
  ]) {
    for (const sort of ['', 'sort=title', 'sort=-title']) {
      requests.push(['terms', [filter, sort].filter(Boolean).join('&')])
    }
  }
  requests.push(['terms', `query=${b}`], ['terms', 'limit=5&offset=10'])
  return requests
}

function suggestTexts(catalogue: Catalogue): string[] {
  const words = queryWords(catalogue).slice(0, 12)
  const misspelt = words.map((word) => `${word.slice(0, 2)}${word.slice(3)}`)
  return [
    'the',
    'Rockefelr fondation',
    'audoi tapse',
    words.join(' '),
    misspelt.join(' '),
    misspelt.map((word) => `${word}x`).join(', '),
    'Médecine publique',
    // Stop words are title words too; candidates the same distance away rank by frequency.
    'with from their these about wiht frmo thier other into were which',
  ]
}
