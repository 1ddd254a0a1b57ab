/**
 * A query's filters tested on its matches one by one (`filterCandidates`, for a query matching
 * few documents) accept exactly the matches that the filters' sets over the whole catalogue
 * (`applyFilters`) accept: every field and lookup, alone and together, from the cache or not, on
 * the corpus and the sample.
 */
import { describe, expect, it } from 'vitest'
import type { Filter } from '../../packages/core/src/api/parsed-request.js'
import {
  applyFilters,
  filterCache,
  filterCandidates,
} from '../../packages/core/src/columns/filters.js'
import { loadCatalogue } from '../../packages/core/src/index.js'
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
