/**
 * A query's filters tested on its matches one by one (`filterCandidates`, for a query matching
 * few documents) accept exactly the matches that the filters' sets over the whole catalogue
 * (`applyFilters`) accept: every field and lookup, alone and together, from the cache or not, on
 * the corpus and the sample. A column of few values is read by both from the sets of documents
 * it keeps, so its filters are also checked against each document's values.
 */
import { describe, expect, it } from 'vitest'
import type { Filter } from '../../packages/core/src/api/parsed-request.js'
import {
  applyFilters,
  filterCache,
  filterCandidates,
} from '../../packages/core/src/columns/filters.js'
import { FEW_VALUES, type ValueColumn } from '../../packages/core/src/columns/value-column.js'
import { loadCatalogue } from '../../packages/core/src/index.js'
import { Bitset } from '../../packages/core/src/util/bitset.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'

/** Filters of every field and lookup, with values the catalogue holds (its first keys). */
function filtersOf(keyOf: (field: 'subject' | 'creator' | 'level', at: number) => string) {
  const subject = keyOf('subject', 0)
  return [
    { field: 'genre', lookup: 'in', values: ['photographs', 'documents'] },
    { field: 'category', lookup: 'exact', values: ['collection'] },
    { field: 'type', lookup: 'exclude', values: ['agent'] },
    { field: 'subject', lookup: 'exact', values: [subject] },
    { field: 'subject', lookup: 'prefix', values: [subject.slice(0, 3)] },
    { field: 'creator', lookup: 'wildcard', values: [`*${keyOf('creator', 0).slice(1, 4)}*`] },
    { field: 'level', lookup: 'in', values: [keyOf('level', 0), keyOf('level', 1)] },
    { field: 'online', lookup: 'exact', values: [true] },
    { field: 'start_date', lookup: 'gte', values: [1934] },
    { field: 'start_date', lookup: 'lt', values: [1920] },
    { field: 'end_date', lookup: 'gt', values: [1950] },
    { field: 'end_date', lookup: 'lte', values: [1900] },
    { field: 'start_date', lookup: 'range', values: [1910, 1940] },
    { field: 'end_date', lookup: 'in', values: [1945, 1950] },
  ] as Filter[]
}

describe.each([
  ['the corpus', RAC],
  ['the sample', SAMPLE],
])('filterCandidates on %s', (_, path) => {
  it('accepts the candidates applyFilters accepts, for each filter and pairs of them', async () => {
    const { data } = (await loadCatalogue(path)).catalogue
    const keyOf = (field: 'subject' | 'creator' | 'level', at: number) =>
      String(data.columns[field].keys[at] ?? '')
    const filters = filtersOf(keyOf)
    const sets = [...filters.map((filter) => [filter]), [filters[0]!, filters[8]!]]
    sets.push([filters[2]!, filters[4]!, filters[10]!])
    // Every third document, and the agents and collections, as a query's matches.
    const candidates = Uint32Array.from(
      Array.from({ length: data.size }, (_, id) => id).filter((id) => id % 3 === 0),
    )
    let accepted = 0
    for (const universe of [data.typeSets.collection, data.online]) {
      for (const set of sets) {
        const whole = applyFilters(data.columns, data.keys, set, universe)
        const expected = Array.from(candidates).filter((id) => whole.has(id))
        const found = filterCandidates(data.columns, data.keys, set, universe, candidates)
        expect([...found.toArray()], JSON.stringify(set)).toEqual(expected)
        // Read from the cache, as a filter a request made before is.
        const cache = filterCache()
        applyFilters(data.columns, data.keys, set, universe, cache)
        const cached = filterCandidates(data.columns, data.keys, set, universe, candidates, cache)
        expect([...cached.toArray()], JSON.stringify(set)).toEqual(expected)
        if (expected.length > 0 && expected.length < candidates.length) accepted++
      }
    }
    expect(accepted).toBeGreaterThan(8)
  })
})

describe('a filter on a column of few values (its sets of documents kept)', () => {
  it('accepts the documents holding a value it names, or for an exclusion holding none', async () => {
    const { data } = (await loadCatalogue(RAC)).catalogue
    const { columns } = data
    const level = columns.level
    const filters: [ValueColumn, Filter][] = [
      [columns.category, { field: 'category', lookup: 'exact', values: ['collection'] }],
      [columns.type, { field: 'type', lookup: 'exclude', values: ['agent'] }],
      [columns.type, { field: 'type', lookup: 'exclude', values: ['agent', 'collection'] }],
      [level, { field: 'level', lookup: 'exact', values: [String(level.keys[0])] }],
      [
        level,
        { field: 'level', lookup: 'in', values: [String(level.keys[0]), String(level.keys[1])] },
      ],
      [columns.online, { field: 'online', lookup: 'exact', values: [false] }],
      [columns.formats, { field: 'genre', lookup: 'exclude', values: ['photographs'] }],
    ]
    const candidates = Uint32Array.from({ length: data.size }, (_, id) => id)
    const everything = Bitset.full(data.size)
    for (const [column, filter] of filters) {
      expect(column.keys.length, filter.field).toBeLessThanOrEqual(FEW_VALUES)
      const named = new Set(filter.values.map(String))
      const expected = Array.from(candidates).filter((id) => {
        const held: string[] = []
        for (let v = column.valueOffsets[id]!; v < column.valueOffsets[id + 1]!; v++) {
          held.push(String(column.keys[column.valueIds[v]!]))
        }
        const holds = held.some((key) => named.has(key))
        return filter.lookup === 'exclude' ? !holds : holds
      })
      const set = [filter]
      const found = filterCandidates(columns, data.keys, set, everything, candidates)
      const whole = applyFilters(columns, data.keys, set, everything)
      expect(expected.length, filter.field).toBeGreaterThan(0)
      expect(expected.length, filter.field).toBeLessThan(data.size)
      expect([...found.toArray()], filter.field).toEqual(expected)
      expect([...whole.toArray()], filter.field).toEqual(expected)
    }
  })
})

describe("a query's filtered matches, kept for the next request with the same query and filters", () => {
  it('answers /search, /facets and lists as a catalogue that keeps nothing does', async () => {
    const warm = (await loadCatalogue(SAMPLE)).catalogue
    const cold = (await loadCatalogue(SAMPLE)).catalogue
    cold.shareCaches(0)
    // Filters leaving documents of every type: each endpoint reads its own of them.
    const filters = { online: 'false', start_date__gte: '1930' }
    // Two queries, each matching few documents (their filters tested on each match), asked in
    // turn so that one's kept set would show in the other's answers.
    const queries = ['malaria', 'nursing']
    for (const query of queries) {
      const matched = warm.search({ query, limit: 1 }).count
      expect(matched, query).toBeGreaterThan(0)
    }
    for (const round of [1, 2]) {
      for (const query of queries) {
        const asked = { query, ...filters, limit: 20 }
        const label = `${query}, round ${round}`
        expect(warm.search(asked), label).toEqual(cold.search(asked))
        expect(warm.facets(asked), label).toEqual(cold.facets(asked))
        expect(warm.collections(asked), label).toEqual(cold.collections(asked))
        expect(warm.objects(asked), label).toEqual(cold.objects(asked))
        // Each list holds its own type only, whichever universe the kept set was made for.
        for (const [list, type] of [
          [warm.collections(asked), 'collection'],
          [warm.objects(asked), 'object'],
        ] as const) {
          expect(list.count, `${label} ${type}`).toBeGreaterThan(0)
          for (const item of list.results) expect(item.uri, label).toMatch(`/${type}s/`)
        }
      }
    }
    expect(cold.cacheUse().bytes).toBe(0)
    expect(warm.cacheUse().bytes).toBeGreaterThan(0)
  })
})
