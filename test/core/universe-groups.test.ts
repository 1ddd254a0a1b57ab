/**
 * `/search` over everything but some exclusions (`*`, `-word`, no query), unfiltered, reads the
 * grouping of every searchable document made once per catalogue: its pages, counts, hit counts,
 * order and snippets equal those of the visit to every document that a filter admitting all of
 * them still takes (`type__exclude=term`: /search never holds a term), on the corpus and the
 * sample, for every sort and deep pages.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { excludedLookup } from '../../packages/core/src/endpoints/group-counters.js'
import { Catalogue, type CatalogueDocument, loadCatalogue } from '../../packages/core/src/index.js'
import { Bitset } from '../../packages/core/src/util/bitset.js'
import { SortedIdSet } from '../../packages/core/src/util/sorted-id-set.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { sampleText } from '../helpers/documents.js'

const QUERIES = [
  null,
  '*',
  '-photographs',
  '-the',
  '-health -records',
  '-"public health"',
  '-rockefeller*',
  '-(a | b)',
  '-zzzznothing',
  '* -foundation',
]
const SORTS = [null, 'title', '-start_date', 'end_date', '-creator']
const PAGES: [number, number][] = [
  [10, 0],
  [25, 30],
  [500, 0],
]

/** The answer's count, results and the order of its groups, without the request's links. */
function answer(catalogue: Catalogue, params: URLSearchParams) {
  const { count, results } = catalogue.search(params)
  return { count, results }
}

/** The answer of the visit to every document: the request with a filter admitting them all. */
function visitedAnswer(catalogue: Catalogue, params: URLSearchParams) {
  const visited = new URLSearchParams(params)
  visited.set('type__exclude', 'term')
  return answer(catalogue, visited)
}

/** The pages of `-zyxword` of each limit, each checked against the visit to every document. */
function checkedExclusionPages(catalogue: Catalogue, limits: string[]) {
  return limits.map((limit) => {
    const asked = new URLSearchParams({ query: '-zyxword', limit })
    const expected = visitedAnswer(catalogue, asked)
    expect(answer(catalogue, asked), limit).toEqual(expected)
    return expected
  })
}

describe.each([
  ['the corpus', RAC],
  ['the sample', SAMPLE],
])('everything but exclusions on %s', (_, path) => {
  let catalogue: Catalogue
  beforeAll(async () => {
    catalogue = (await loadCatalogue(path)).catalogue
  })

  it('answers as a visit to every document does, for every sort and page', () => {
    let compared = 0
    for (const query of QUERIES) {
      for (const sort of SORTS) {
        for (const [limit, offset] of PAGES) {
          const params = new URLSearchParams({ limit: String(limit), offset: String(offset) })
          if (query !== null) params.set('query', query)
          if (sort !== null) params.set('sort', sort)
          if (query !== null) params.set('snippets', 'true')
          const expected = visitedAnswer(catalogue, params)
          expect(answer(catalogue, params), `${params}`).toEqual(expected)
          if (expected.results.length > 0) compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(QUERIES.length * SORTS.length)
  })

  it('counts what an exclusion leaves: fewer hits in the groups it touches, none left out', () => {
    const everything = catalogue.search({ query: '*', limit: 500 })
    const excluded = catalogue.search({ query: '-photographs', limit: 500 })
    const photographs = catalogue.search({ query: 'photographs', limit: 500 })
    const total = (page: typeof everything) =>
      page.results.reduce((sum, result) => sum + (result.hit_count ?? 0), 0)
    expect(photographs.count).toBeGreaterThan(0)
    expect(total(excluded) + total(photographs)).toBe(total(everything))
  })

  it('keeps working while one grouping is in use (a second request meanwhile)', () => {
    const first = answer(catalogue, new URLSearchParams({ query: '-health' }))
    const again = answer(catalogue, new URLSearchParams({ query: '-health' }))
    expect(again).toEqual(first)
    expect(answer(catalogue, new URLSearchParams({ query: '*' })).count).toBeGreaterThanOrEqual(
      first.count,
    )
  })
})

describe('a page of everything but exclusions, in order', () => {
  it('puts a group whose first document is excluded where its first one left stands', () => {
    // A collection first in the catalogue, its components far after it and after another
    // collection: excluded, its record leaves the group's place to its first component.
    const documents = sampleText()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as CatalogueDocument & { title: string })
    const moved = documents[1206]!
    const other = documents.find((d) => d.type === 'collection' && d.uri !== moved.uri)!
    moved.title = 'zyxword'
    const catalogue = Catalogue.fromDocuments([
      moved,
      other,
      ...documents.filter((d) => d !== moved && d !== other),
    ])
    const { groupOf, uriIndex } = catalogue.data
    const group = groupOf[uriIndex.get(moved.uri)!]
    expect(groupOf.filter((g) => g === group).length).toBeGreaterThan(1)
    for (const expected of checkedExclusionPages(catalogue, ['1', '2', '3', '20'])) {
      expect(expected.results[0]!.uri).toBe(other.uri)
      expect(expected.results.map((result) => result.uri)).not.toContain(moved.uri)
    }
  })

  it('looks a few documents up in the excluded ids, many in a bitset, with the same answers', () => {
    const ids = Uint32Array.from({ length: 1000 }, (_, i) => i * 7)
    const few = excludedLookup(ids, 1_000_000, 264)
    // Ten excluded of a million: no bitset of the whole catalogue for them.
    const tiny = excludedLookup(new Uint32Array([7, 14]), 1_000_000, 264)
    const many = excludedLookup(ids, 8_000, 100_000)
    expect(few).toBeInstanceOf(SortedIdSet)
    expect(tiny).toBeInstanceOf(SortedIdSet)
    expect(many).toBeInstanceOf(Bitset)
    for (let id = 0; id < 8_000; id++) {
      expect(few.has(id), String(id)).toBe(id % 7 === 0 && id < 7_000)
      expect(many.has(id), String(id)).toBe(id % 7 === 0 && id < 7_000)
      expect(tiny.has(id), String(id)).toBe(id === 7 || id === 14)
    }
  })

  it('finds the first documents left among the excluded ids of a short page, as in a bitset', () => {
    // Four documents in five excluded: a page of a few groups looks each of its groups' first
    // documents up among the excluded ids themselves, a long page in a bitset of them. Every
    // collection's record comes first, so a group whose record is excluded moves far.
    const documents = sampleText()
      .trimEnd()
      .split('\n')
      .map((line, index) => {
        const document = JSON.parse(line) as CatalogueDocument & { title: string }
        if (index % 5 !== 0) document.title = `${document.title} zyxword`
        return document
      })
    const catalogue = Catalogue.fromDocuments([
      ...documents.filter((d) => d.type === 'collection'),
      ...documents.filter((d) => d.type !== 'collection'),
    ])
    const limits = ['1', '2', '3', '500']
    const moved = checkedExclusionPages(catalogue, limits).filter((expected, at) => {
      const inOrder = answer(catalogue, new URLSearchParams({ query: '*', limit: limits[at]! }))
      return expected.results.some((result, i) => result.uri !== inOrder.results[i]?.uri)
    })
    // The first collection's record is left, so a page of one is the catalogue's; on longer
    // pages, groups whose record is excluded moved.
    expect(moved.length).toBe(3)
  })
})
