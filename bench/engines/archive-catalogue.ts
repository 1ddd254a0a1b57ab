/**
 * archive-catalogue in the benchmark: `--phase build` loads the generated NDJSON (validation
 * included), saves a snapshot and reports times and memory; `--phase start` starts from the
 * snapshot and times the query mix on `/search`, `/facets` and `/collections`, children with
 * hit counts, minimaps, facets over everything, a page of details, and the named requests.
 */
import {
  type Catalogue,
  loadCatalogue,
  loadSnapshot,
  saveSnapshot,
} from '../../packages/core/src/index.js'
import { type Latency, runPhase, time, timeFirst } from './measure.js'

await runPhase<Catalogue, Catalogue>({
  build: async (file) => (await loadCatalogue(file)).catalogue,
  save: (catalogue, snapshot) => saveSnapshot(catalogue, snapshot),
  start: (snapshot) => loadSnapshot(snapshot),
  measure(catalogue, mix, runs) {
    const params = mix.map((query) => new URLSearchParams(query.params))
    const tree = treeLandmarks(catalogue)
    const latencies: Record<string, Latency> = {
      // Before anything else, so no filter, phrase or prefix of the mix is cached yet.
      '/search, the mix, each query the first time': timeFirst(
        params.map((p) => () => catalogue.search(p)),
      ),
      '/search, the mix': time(
        params.map((p) => () => catalogue.search(p)),
        runs,
      ),
      '/facets, the mix': time(
        params.map((p) => () => catalogue.facets(p)),
        runs,
      ),
      '/collections, the mix': time(
        mix.map(
          ({ params: { query } }) =>
            () =>
              catalogue.collections({ query: query! }),
        ),
        runs,
      ),
      'children with hit counts': time(
        [tree.widest, tree.biggest].map((id) => () => catalogue.children(id, { query: 'health' })),
        runs * 10,
      ),
      minimap: time(
        [undefined, 'health'].map(
          (query) => () => catalogue.minimap(tree.biggest, { ...(query ? { query } : {}) }),
        ),
        runs * 10,
      ),
      'facets over everything': time([() => catalogue.facets({})], runs * 10),
      'a page of 50 object details': time(
        [() => tree.objects.map((id) => catalogue.object(id))],
        runs * 10,
      ),
    }
    const named = namedRequests(catalogue).map(([name, run]) => ({
      name,
      ...time([run], runs * 10),
    }))
    return { latencies, named }
  },
})

/** Ids of the tree's heaviest places and of 50 objects spread over the catalogue. */
function treeLandmarks(catalogue: Catalogue) {
  const { hierarchy, types, uris } = catalogue.data
  const idAt = (index: number) => uris.get(index).slice(uris.get(index).lastIndexOf('/') + 1)
  let biggest = 0
  let widest = 0
  const children = (i: number) => hierarchy.childOffsets[i + 1]! - hierarchy.childOffsets[i]!
  const objects: string[] = []
  const step = Math.max(1, Math.floor(catalogue.size / 200))
  for (let index = 0; index < catalogue.size; index++) {
    if (types.get(index) === 'collection') {
      if (hierarchy.subtreeSize[index]! > hierarchy.subtreeSize[biggest]!) biggest = index
      if (children(index) > children(widest)) widest = index
    } else if (types.get(index) === 'object' && index % step === 0 && objects.length < 50) {
      objects.push(idAt(index))
    }
  }
  return { biggest: idAt(biggest), widest: idAt(widest), objects }
}

/** The requests of the engine's own table: each endpoint, its heaviest places and its limits. */
function namedRequests(catalogue: Catalogue): [string, () => unknown][] {
  // The tree's heaviest places: the top-level collection with most descendants, the collection
  // with most children, and the deepest object.
  const { hierarchy, types, uris } = catalogue.data
  const idAt = (index: number) => uris.get(index).slice(uris.get(index).lastIndexOf('/') + 1)
  let biggest = 0
  let widest = 0
  let deepest = 0
  const depth = (index: number) => {
    let d = 0
    for (let node = hierarchy.parentOf[index]!; node >= 0; node = hierarchy.parentOf[node]!) d++
    return d
  }
  for (let index = 0; index < catalogue.size; index++) {
    if (types.get(index) === 'collection') {
      if (hierarchy.subtreeSize[index]! > hierarchy.subtreeSize[biggest]!) biggest = index
      const children = (i: number) => hierarchy.childOffsets[i + 1]! - hierarchy.childOffsets[i]!
      if (children(index) > children(widest)) widest = index
    } else if (types.get(index) === 'object' && depth(index) > depth(deepest)) deepest = index
  }
  const tree = {
    descendants: hierarchy.subtreeSize[biggest]! - 1,
    children: hierarchy.childOffsets[widest + 1]! - hierarchy.childOffsets[widest]!,
    depth: depth(deepest),
  }

  /** 64 words ORed, the most a query may have, common ones and a prefix among them. */
  const SIXTY_FOUR_WORDS = Array.from(
    { length: 64 },
    (_, i) =>
      ['health', 'public', 'foundation', 'malaria', 'records', 'report', 'ag*', 'china'][i % 8],
  ).join(' | ')

  const requests: [string, () => unknown][] = [
    ['search: one word', () => catalogue.search({ query: 'health' })],
    ['search: two words', () => catalogue.search({ query: 'public health' })],
    ['search: phrase', () => catalogue.search({ query: '"public health"' })],
    ['search: prefix', () => catalogue.search({ query: 'agricult*' })],
    ['search: phrase over a stop word', () => catalogue.search({ query: '"control of malaria"' })],
    ['search: three-word phrase', () => catalogue.search({ query: '"documents the control"' })],
    ['search: a b | c', () => catalogue.search({ query: 'public health | malaria' })],
    ['search: exclusion only', () => catalogue.search({ query: '-photographs' })],
    ['search: *', () => catalogue.search({ query: '*' })],
    [
      'search: word + filters',
      () => catalogue.search({ query: 'foundation', genre: 'photographs', start_date__gte: 1900 }),
    ],
    ['search: no query, sorted', () => catalogue.search({ sort: '-start_date' })],
    ['facets: everything', () => catalogue.facets({})],
    ['facets: one word', () => catalogue.facets({ query: 'education' })],
    [
      'collections: filtered, by title',
      () => catalogue.collections({ online: true, sort: 'title' }),
    ],
    [
      `children: 50 of ${tree.children} with hit counts`,
      () => catalogue.children(idAt(widest), { query: 'health', limit: 50 }),
    ],
    [
      `children: 50 of ${tree.descendants.toLocaleString('en')}-descendant root, hit counts`,
      () => catalogue.children(idAt(biggest), { query: 'health', online: false, limit: 50 }),
    ],
    [
      `minimap: ${tree.descendants.toLocaleString('en')} descendants, one word`,
      () => catalogue.minimap(idAt(biggest), { query: 'health' }),
    ],
    [
      `minimap: ${tree.descendants.toLocaleString('en')} descendants, no query`,
      () => catalogue.minimap(idAt(biggest)),
    ],
    [
      `ancestors: ${tree.depth} levels with hit counts`,
      () => catalogue.ancestors('object', idAt(deepest), { query: 'health' }),
    ],
    ['suggest: two misspelt words', () => catalogue.suggest('helth fondation')],
    ['agents: by title', () => catalogue.agents({ sort: 'title' })],
    [
      'objects: one word, filtered',
      () => catalogue.objects({ query: 'health', genre: 'documents' }),
    ],
    // The most work a request can ask for within REQUEST_LIMITS (hostile clients).
    ['limits: 64 words, ORed', () => catalogue.search({ query: SIXTY_FOUR_WORDS })],
    ['limits: one-letter prefix', () => catalogue.search({ query: 'a*' })],
    [
      'limits: deepest page, sorted',
      () => catalogue.search({ query: 'health', sort: 'title', offset: 9960, limit: 40 }),
    ],
    [
      // Agents' titles take a wildcard (collections' do not): ten stars, the most allowed.
      'limits: wildcard of 10 stars',
      () => catalogue.agents({ title__wildcard: '*a*e*i*o*u*a*e*i*o*u' }),
    ],
  ]

  return requests
}
