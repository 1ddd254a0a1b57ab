import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ValueColumn, ValueColumnBuilder } from '../../packages/core/src/columns/value-column.js'
import {
  type CountingWay,
  cheapestWay,
  valueCounts,
} from '../../packages/core/src/columns/value-counts.js'
import { Bitset } from '../../packages/core/src/util/bitset.js'

const WAYS: CountingWay[] = ['document', 'value', 'set']

/** A column of `documents`: each document's keys. */
function columnOf(documents: string[][]): ValueColumn<string> {
  const builder = new ValueColumnBuilder<string>()
  for (const keys of documents) builder.push(keys)
  const { keys, valueOffsets, valueIds } = builder.build()
  return new ValueColumn(keys, valueOffsets, valueIds)
}

function setOf(size: number, ids: Iterable<number>): Bitset {
  const set = new Bitset(size)
  for (const id of ids) set.add(id)
  return set
}

/** Each key's count among the matches, read document by document. */
function bruteCounts(documents: string[][], matches: Bitset): Map<string, number> {
  const counts = new Map<string, number>()
  documents.forEach((keys, id) => {
    if (!matches.has(id)) return
    for (const key of new Set(keys)) counts.set(key, (counts.get(key) ?? 0) + 1)
  })
  return counts
}

function countsByKey(column: ValueColumn<string>, counts: Int32Array): Map<string, number> {
  const byKey = new Map<string, number>()
  counts.forEach((count, id) => {
    if (count > 0) byKey.set(column.keys[id]!, count)
  })
  return byKey
}

describe('counting the values of a match set', () => {
  it('counts as a brute force does, every way, sparse and dense alike', () => {
    const documents = fc.array(
      fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { maxLength: 3 }),
      {
        minLength: 1,
        maxLength: 140,
      },
    )
    fc.assert(
      fc.property(
        documents,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer(),
        (docs, share, seed) => {
          const column = columnOf(docs)
          // A match set of about `share` of the documents (so over half of them, at times).
          let state = seed
          const chosen = docs.flatMap((_, id) => {
            state = (Math.imul(state, 1103515245) + 12345) | 0
            return (state >>> 8) / 2 ** 24 < share ? [id] : []
          })
          const matches = setOf(docs.length, chosen)
          const expected = bruteCounts(docs, matches)
          for (const way of WAYS) {
            const counts = valueCounts(column, matches, chosen.length, way)
            expect(countsByKey(column, counts), way).toEqual(expected)
          }
        },
      ),
    )
  })

  it('takes the way its sizes make cheapest', () => {
    const size = 100_000
    // Four formats, every document one: a set of each is cheapest over many matches.
    const formats = columnOf(Array.from({ length: size }, (_, id) => [`f${id % 4}`]))
    // Two thousand subjects on a fifth of the documents: read by value over many matches.
    const subjects = columnOf(
      Array.from({ length: size }, (_, id) => (id % 5 === 0 ? [`s${id % 2000}`] : [])),
    )
    const few = setOf(size, [3, 500, 70_000])
    const many = setOf(
      size,
      Array.from({ length: 40_000 }, (_, i) => i * 2),
    )
    const allButFew = setOf(
      size,
      Array.from({ length: size }, (_, id) => id).filter((id) => id % 10_000 !== 0),
    )
    expect(cheapestWay(formats, few, 3)).toBe('document')
    expect(cheapestWay(formats, many, 40_000)).toBe('set')
    // Hundreds of matches spread out (a page's filters leave thousands of a million): only
    // their words of each set are read, where each counted by document costs cache misses.
    const spread = setOf(
      size,
      Array.from({ length: 400 }, (_, i) => i * 250),
    )
    expect(cheapestWay(formats, spread, 400)).toBe('set')
    expect(cheapestWay(subjects, few, 3)).toBe('document')
    expect(cheapestWay(subjects, many, 40_000)).toBe('value')
    // When nearly all match, those that do not are few: counted by document, from the totals.
    expect(cheapestWay(subjects, allButFew, size - 10)).toBe('document')
    const counts = valueCounts(subjects, allButFew, size - 10)
    expect(counts[subjects.idOfKey('s0')!]).toBe(50 - 10)
    expect(counts[subjects.idOfKey('s5')!]).toBe(50)
  })
})
