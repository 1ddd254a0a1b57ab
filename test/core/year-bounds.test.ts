/**
 * A year filter with one bound (`start_date__gte=1934`) is read from the sort keys' earliest and
 * latest years: for every year the catalogue holds (and the years beside and beyond them), each
 * lookup of each date field accepts exactly the documents the union of the accepted years'
 * documents holds, on the corpus, the sample and the EAD finding aids (undated documents, dates
 * without an end, several dates a document).
 */
import { describe, expect, it } from 'vitest'
import type { Filter } from '../../packages/core/src/api/parsed-request.js'
import { yearBoundDocuments } from '../../packages/core/src/columns/year-bounds.js'
import { loadCatalogue } from '../../packages/core/src/index.js'
import { Bitset } from '../../packages/core/src/util/bitset.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { EAD } from '../helpers/levels.js'

const LOOKUPS = {
  gt: (year: number, bound: number) => year > bound,
  gte: (year: number, bound: number) => year >= bound,
  lt: (year: number, bound: number) => year < bound,
  lte: (year: number, bound: number) => year <= bound,
} as const

describe.each([
  ['the corpus', RAC],
  ['the sample', SAMPLE],
  ['the EAD finding aids', EAD],
])('year filters with one bound on %s', (_, path) => {
  it('accept what the union of the accepted years does, for every year and lookup', async () => {
    const { data } = (await loadCatalogue(path)).catalogue
    let compared = 0
    for (const field of ['start_date', 'end_date'] as const) {
      const column = data.columns[field]
      const years = column.keys as number[]
      expect(years.length).toBeGreaterThan(0)
      const bounds = new Set(years.flatMap((year) => [year - 1, year, year + 1]))
      bounds.add(Math.min(...years) - 100).add(Math.max(...years) + 100)
      for (const bound of bounds) {
        for (const [lookup, accepts] of Object.entries(LOOKUPS)) {
          const filter = { field, lookup, values: [bound] } as Filter
          const expected = new Bitset(data.size)
          column.addDocuments(
            column.idsWhere((year) => accepts(year as number, bound)),
            expected,
          )
          const found = yearBoundDocuments(data.keys, filter, data.size)
          expect(found?.toArray(), `${field}__${lookup}=${bound}`).toEqual(expected.toArray())
          if (expected.count() > 0 && expected.count() < data.size) compared++
        }
      }
    }
    expect(compared).toBeGreaterThan(10)
  })

  it('leaves every other filter to the year column', async () => {
    const { data } = (await loadCatalogue(path)).catalogue
    for (const filter of [
      { field: 'start_date', lookup: 'range', values: [1900, 1950] },
      { field: 'end_date', lookup: 'in', values: [1950] },
      { field: 'start_date', lookup: 'exact', values: [1950] },
      { field: 'genre', lookup: 'in', values: ['photographs'] },
    ] as Filter[]) {
      expect(yearBoundDocuments(data.keys, filter, data.size)).toBeNull()
    }
  })
})
