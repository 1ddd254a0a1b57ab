/**
 * The in-memory ranking without a node: Lucene's norms and phrase frequencies as Lucene computes
 * them, the reference's first results on the real corpus, the postings' precomputed scores
 * against the scorer, and the places a query scores in. test/opensearch/ranking.test.ts holds
 * every score to the node's.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { Catalogue, type CatalogueDocument, loadCatalogue } from '../../packages/core/src/index.js'
import { lengthNorm, normLength } from '../../packages/core/src/text/lucene-bm25.js'
import { phraseFrequency as frequency } from '../../packages/core/src/text/phrase-frequency.js'

/** A phrase's frequency from whole position lists. */
function phraseFrequency(positions: number[][], offsets: number[], slop: number, terms: number[]) {
  return frequency(
    positions,
    positions.map((list) => list.length),
    offsets,
    slop,
    terms,
  )
}

import { QueryScorer } from '../../packages/core/src/text/query-scorer.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { agentDocument, sampleText, termWithNotes } from '../helpers/documents.js'

describe("Lucene's one-byte norms", () => {
  it('keep lengths below 24 exactly and round longer ones down to 4 significant bits', () => {
    for (let length = 0; length < 24; length++) expect(normLength(lengthNorm(length))).toBe(length)
    // SmallFloat.byte4ToInt(SmallFloat.intToByte4(100)) is 96 in Lucene.
    expect(normLength(lengthNorm(100))).toBe(96)
    let previous = 0
    for (let length = 0; length < 100_000; length += 7) {
      const kept = normLength(lengthNorm(length))
      expect(kept).toBeLessThanOrEqual(length)
      expect(kept).toBeGreaterThanOrEqual(previous)
      previous = kept
    }
  })
})

describe('phrase frequencies as Lucene counts them', () => {
  it('counts each place an exact phrase stands', () => {
    // "a b a b": a at 0 and 2, b at 1 and 3.
    expect(
      phraseFrequency(
        [
          [0, 2],
          [1, 3],
        ],
        [0, 1],
        0,
        [1, 2],
      ),
    ).toBe(2)
    expect(phraseFrequency([[0, 2], [4]], [0, 1], 0, [1, 2])).toBe(0)
  })

  it('weighs each sloppy match 1 / (1 + distance)', () => {
    // Lucene's own example: "a b"~2 in "x a b a y" scores "a b" (0) and "b a" (2).
    expect(phraseFrequency([[1, 3], [2]], [0, 1], 2, [1, 2])).toBeCloseTo(1 + 1 / 3, 6)
    // "a b"~1 in "a x b": one match, one move away.
    expect(phraseFrequency([[0], [2]], [0, 1], 1, [1, 2])).toBeCloseTo(1 / 2, 6)
    expect(phraseFrequency([[0], [3]], [0, 1], 1, [1, 2])).toBe(0)
  })

  it('places a repeated word of the phrase at different positions', () => {
    // "a a"~1 in "a x a": one move; in "a x x a": two; in "a": the two places need two positions.
    const twice = (positions: number[]) => [positions, positions]
    expect(phraseFrequency(twice([0, 2]), [0, 1], 1, [1, 1])).toBeCloseTo(1 / 2, 6)
    expect(phraseFrequency(twice([0, 3]), [0, 1], 1, [1, 1])).toBe(0)
    expect(phraseFrequency(twice([0]), [0, 1], 3, [1, 1])).toBe(0)
  })
})

describe('ranking on the real corpus', () => {
  let catalogue: Catalogue
  beforeAll(async () => {
    catalogue = (await loadCatalogue(RAC)).catalogue
  })

  const first = (query: string) =>
    catalogue.search(catalogue.parse('search', new URLSearchParams({ query }))).results[0]?.title

  it('puts first what the reference service puts first', () => {
    expect(first('medical')).toBe('Peking. Union Medical College')
    expect(first('rockefeller')).toBe('Rockefeller family')
  })

  it('ranks titles with `N.Y.` as the reference does: one word, not two', () => {
    // The reference ranks the two museums above the three governors' agents: its words are
    // UAX #29's, and `N.Y.` makes the museums' titles one word longer, not two.
    const titles = catalogue
      .search(catalogue.parse('search', new URLSearchParams({ query: 'social america | new' })))
      .results.map((result) => result.title)
    const lastMuseum = Math.max(
      titles.indexOf('Museum of Primitive Art (New York, N.Y.)'),
      titles.indexOf('Museum of Modern Art (New York, N.Y.)'),
    )
    const firstGovernor = titles.findIndex((title) =>
      title.startsWith('New York (State). Governor'),
    )
    expect(titles.indexOf('Museum of Primitive Art (New York, N.Y.)')).toBeGreaterThan(-1)
    expect(lastMuseum).toBeLessThan(firstGovernor)
  })

  it('scores as it reads each document back, shortcuts and all', () => {
    const { text } = catalogue.data
    const scorer = new QueryScorer(text.parts, (prefix) => text.prefixTerms(prefix))
    for (const query of [
      'rockefeller',
      'medical',
      'health',
      'china medical',
      'public health | medicine',
      'rockefeller (foundation | family)',
      '-foundation rockefeller | foundation',
      '-governors new | governors',
      'found*',
      'rock*',
    ]) {
      const node = catalogue.parse('facets', { query }).query!
      const matches = text.evaluate(node)
      expect(matches.ids.length, query).toBeGreaterThan(0)
      const shortcut = text.search(node)
      const readBack = scorer.score(node, matches, true)
      for (let i = 0; i < matches.ids.length; i++) {
        expect(shortcut.scores[i], query).toBeCloseTo(readBack.scores[i]!, 4)
      }
    }
  })

  it('reads a document with a phrase only as far as its terms stand, scoring it to the bit', () => {
    // A tree of words and phrases reads the title alone, or the title and the description, of
    // a document whose terms stand nowhere else: the places it skips would add nothing. The
    // sample's agents are given descriptions (the corpus has none).
    const documents = sampleText(2000)
      .trimEnd()
      .split('\n')
      .map((line, index) => {
        const document = JSON.parse(line) as CatalogueDocument
        if (document.type !== 'agent') return document
        const words = index % 2 === 0 ? 'public health' : 'health in public'
        return { ...document, description: `Works in ${words} and rural nursing.` }
      })
    const { text } = Catalogue.fromDocuments(documents).data
    const { terms, termOffsets, postingIds, postingFields } = text.parts
    const scorer = new QueryScorer(text.parts, (prefix) => text.prefixTerms(prefix))
    /** The fields where any of the terms stand in document `id`, as bits. */
    const fieldsOf = (words: string[], id: number) =>
      words.reduce((fields, word) => {
        const term = terms.indexOf(word)
        for (let p = termOffsets[term]!; p < termOffsets[term + 1]!; p++) {
          if (postingIds[p] === id) return fields | postingFields[p]!
        }
        return fields
      }, 0)
    const reads = new Set<string>()
    for (const [query, words] of [
      ['"public health"', ['public', 'health']],
      ['"rural nursing"~2', ['rural', 'nurs']],
      ['"public health" records', ['public', 'health', 'record']],
      ['"public health" | "rural nursing"', ['public', 'health', 'rural', 'nurs']],
      ['"health public"~3 | foundation', ['public', 'health', 'foundat']],
    ] as const) {
      const node = catalogue.parse('facets', { query }).query!
      const matches = text.evaluate(node)
      expect(matches.ids.length, query).toBeGreaterThan(0)
      expect(text.search(node).scores, query).toEqual(scorer.score(node, matches, true).scores)
      for (const id of matches.ids) {
        const fields = fieldsOf([...words], id)
        reads.add(fields === 1 ? 'title' : fields < 4 ? 'title and description' : 'all')
      }
    }
    // The queries read documents each way.
    expect([...reads].sort()).toEqual(['all', 'title', 'title and description'])
  })
})

describe('the places a query scores in', () => {
  /** A term document with notes of its own (the schema allows them on every type here). */
  function scores(documents: CatalogueDocument[], query: string): Map<string, number> {
    const catalogue = Catalogue.fromDocuments(documents)
    const node = catalogue.parse('facets', { query }).query!
    const found = catalogue.data.text.search(node)
    return new Map(
      Array.from(found.ids, (id, i) => [catalogue.data.uris.get(id), found.scores[i]!]),
    )
  }

  it('scores 0 a document whose words are only in different places', () => {
    const found = scores(
      [
        termWithNotes('split', 'Nelson papers', ['Letters to Rockefeller']),
        termWithNotes('together', 'Nelson Rockefeller papers', []),
      ],
      'nelson rockefeller',
    )
    expect(found.get('/terms/split')).toBe(0)
    expect(found.get('/terms/together')).toBeGreaterThan(0)
  })

  it('averages the notes that match, not all of them', () => {
    const found = scores(
      [
        termWithNotes('one', 'Papers', ['malaria in Italy']),
        termWithNotes('three', 'Papers', ['malaria in Italy', 'yellow fever', 'hookworm']),
      ],
      'malaria',
    )
    expect(found.get('/terms/one')).toBeGreaterThan(0)
    expect(found.get('/terms/three')).toBeCloseTo(found.get('/terms/one')!, 6)
  })
})

describe('groups of equal scores on /search', () => {
  it('rank by their best document in catalogue order, as the collapse of OpenSearch does', () => {
    // Group A's first match is early and weak, its best late; group B's best sits between:
    // equal best scores put B first (its best document comes first), not A (matched first).
    const documents = sampleText()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Sampled)
    type Sampled = CatalogueDocument & { parent?: string | null; group: { identifier: string } }
    const groupOf = (document: Sampled) => document.group.identifier
    // A collection with a child, and another group's collection, moved to the end in the order
    // A's collection, B's collection, A's child.
    const child = documents.find((d) => d.type === 'object' && d.parent)!
    const early = documents.find((d) => child.parent?.endsWith(d.uri.split('/').at(-1)!))!
    const between = documents.find((d) => d.type === 'collection' && groupOf(d) !== groupOf(early))!
    const late = child
    const moved = [early, between, late]
    documents.splice(0, documents.length, ...documents.filter((d) => !moved.includes(d)), ...moved)
    early.title = 'Zyxword letters, diaries and other papers'
    between.title = 'Zyxword'
    late.title = 'Zyxword'
    const catalogue = Catalogue.fromDocuments(documents)
    const page = catalogue.search(catalogue.parse('search', { query: 'zyxword' }))
    expect(page.results.map((result) => result.uri)).toEqual([groupOf(between), groupOf(early)])
  })
})

describe('a ranking of groups reads only what its first groups need', () => {
  /** The first `k` groups by their best document (then its position), with that best. */
  function firstGroups(groupOf: Uint32Array, ids: Uint32Array, scores: Float32Array, k: number) {
    const best = new Map<number, { score: number; at: number }>()
    ids.forEach((id, i) => {
      const group = groupOf[id]!
      const seen = best.get(group)
      if (!seen || scores[i]! > seen.score) best.set(group, { score: scores[i]!, at: id })
    })
    return [...best]
      .sort(([, a], [, b]) => b.score - a.score || a.at - b.at)
      .slice(0, k)
      .map(([group, { score, at }]) => ({ group, score, at }))
  }

  it('ranks the first groups as scoring every document does, the rest scored no higher', async () => {
    const { catalogue } = await loadCatalogue(SAMPLE)
    const { text, groupOf, searchable } = catalogue.data
    const scorer = new QueryScorer(text.parts, (prefix) => text.prefixTerms(prefix))
    let bounded = 0
    for (const query of [
      '"public health"',
      '"rockefeller foundation" | health',
      '"annual report"~2',
      'rockefeller | health',
      'foundation records',
    ]) {
      const node = catalogue.parse('search', { query }).query!
      const all = text.evaluate(node)
      const keep = all.ids.map((id) => (searchable.has(id) ? 1 : 0))
      const ids = all.ids.filter((_, i) => keep[i] === 1)
      const matches = { ids, scores: all.scores.filter((_, i) => keep[i] === 1) }
      expect(ids.length, query).toBeGreaterThan(20)
      const exact = scorer.score(node, matches)
      for (const groups of [1, 5, 20]) {
        const ranked = scorer.score(node, matches, false, { groupOf, groups, fewestReads: 0 })
        expect(firstGroups(groupOf, ids, ranked.scores, groups), `${query} ${groups}`).toEqual(
          firstGroups(groupOf, ids, exact.scores, groups),
        )
        ranked.scores.forEach((score, i) => {
          if (score === exact.scores[i]) return
          // A document not read keeps the bound of its score.
          bounded++
          expect(score, query).toBeGreaterThan(exact.scores[i]!)
        })
      }
    }
    expect(bounded).toBeGreaterThan(0)
  })

  it("bounds a sloppy phrase by its weights, not its terms' scores: it may stand more often", () => {
    // "alpha zyxword"~2 stands 1 + 1/3 times in "alpha zyxword alpha", zyxword once: the phrase
    // scores above its terms' scores alone added. 1,100 documents to read, as many as a default
    // ranking bounds.
    const documents = [
      agentDocument('x', 'alpha zyxword'),
      agentDocument('t0', 'alpha zyxword alpha'),
      ...Array.from({ length: 200 }, (_, i) =>
        agentDocument(`f${i}`, 'alpha lorem ipsum dolor amet consectetur adipiscing elit'),
      ),
      ...Array.from({ length: 1100 }, (_, i) =>
        agentDocument(`w${i}`, 'lorem ipsum dolor amet consectetur adipiscing elit', [
          'alpha zyxword',
        ]),
      ),
    ]
    const catalogue = Catalogue.fromDocuments(documents)
    const query = '"alpha zyxword"~2'
    const uris = (limit: number) =>
      catalogue.search({ query, limit }).results.map((result) => result.uri)
    expect(uris(1)).toEqual(['/agents/t0'])
    expect(uris(2)).toEqual(['/agents/t0', '/agents/x'])
  })

  it("snippets a page group's best component by its exact score, whatever the ranking read", () => {
    // The record is its group's best, so its components need not be read for the ranking; the
    // snippet shows the best of them all the same. 1,100 weak agents make the ranking bound.
    const documents = sampleText()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as CatalogueDocument & { title: string })
    documents[1206]!.title = 'alpha zyxword'
    documents[1207]!.title = 'alpha zyxword alpha alpha'
    documents[1208]!.title = 'alpha zyxword lorem'
    for (let i = 0; i < 30; i++)
      documents.push(agentDocument(`f${i}`, 'alpha lorem ipsum') as never)
    for (let i = 0; i < 1100; i++) {
      documents.push(agentDocument(`w${i}`, 'lorem ipsum dolor', ['alpha zyxword']) as never)
    }
    const catalogue = Catalogue.fromDocuments(documents)
    const snippets = (limit: number) =>
      catalogue.search({ query: '"alpha zyxword"', limit, snippets: 'true' }).results[0]!.snippets
    const first = snippets(1)
    expect(first).toEqual(snippets(2))
    expect(JSON.stringify(first)).toContain(catalogue.data.uris.get(1208))
  })

  it("snippets the best component the filters allow, where the group's record is its best", () => {
    // The record scores above its components, so they are scored for the snippet: the best of
    // them is offline, and `online=true` leaves the next one.
    const documents = sampleText()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as CatalogueDocument & { title: string; online: boolean })
    const [record, offline, online] = [documents[1206]!, documents[1207]!, documents[1208]!]
    record.title = 'zyxword zyxword zyxword zyxword'
    record.online = true
    offline.title = 'zyxword zyxword lorem ipsum'
    offline.online = false
    online.title = 'zyxword lorem ipsum dolor'
    online.online = true
    const catalogue = Catalogue.fromDocuments(documents)
    const score = (uri: string) => catalogue.explain('zyxword', uri)!.value
    expect(score(record.uri)).toBeGreaterThan(score(offline.uri))
    expect(score(offline.uri)).toBeGreaterThan(score(online.uri))
    const { groupOf, uriIndex } = catalogue.data
    const groupOfUri = (uri: string) => groupOf[uriIndex.get(uri)!]
    expect(groupOfUri(offline.uri)).toBe(groupOfUri(record.uri))
    expect(groupOfUri(online.uri)).toBe(groupOfUri(record.uri))
    const component = (filters: Record<string, string>) => {
      const [result] = catalogue.search({ query: 'zyxword', snippets: 'true', ...filters }).results
      expect(result!.uri).toBe(record.uri)
      return result!.snippets!.find((snippet) => snippet.field === 'component')?.uri
    }
    expect(component({})).toBe(offline.uri)
    expect(component({ online: 'true' })).toBe(online.uri)
  })

  it('keeps the scores of a shallow ranking apart from a deeper one', async () => {
    // The next page of a request asks for more groups: it must not read the scores kept for
    // the first page, bounds and all.
    const { catalogue } = await loadCatalogue(SAMPLE)
    const { text, groupOf } = catalogue.data
    const node = catalogue.parse('search', { query: '"public health"' }).query!
    const exact = text.score(node, () => true)
    const key = 'the same request'
    const first = text.score(node, () => true, key, { groupOf, groups: 1, fewestReads: 0 })
    expect(first.scores).not.toEqual(exact.scores)
    const deeper = text.score(node, () => true, key, { groupOf, groups: 40, fewestReads: 0 })
    expect(firstGroups(groupOf, deeper.ids, deeper.scores, 40)).toEqual(
      firstGroups(groupOf, exact.ids, exact.scores, 40),
    )
    expect(text.score(node, () => true, key, { groupOf, groups: 1, fewestReads: 0 })).toBe(first)
  })
})
