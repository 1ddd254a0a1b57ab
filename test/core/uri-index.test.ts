/**
 * The catalogue's uri lookup (`UriIndex` over the hash table `uriSlots` that a snapshot keeps)
 * and its groups' summaries read when first shown (`GroupSummaries`): the same answers as a `Map`
 * of the uris and a list of the summaries, for any uris, colliding or not.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { GroupSummary } from '../../packages/core/src/api/responses.js'
import {
  GroupSummaries,
  storedGroups,
} from '../../packages/core/src/catalogue-data/group-summaries.js'
import {
  UriIndex,
  UriTableBuilder,
  uriSlots,
} from '../../packages/core/src/catalogue-data/uri-index.js'
import { ByteStrings, storedStrings } from '../../packages/core/src/util/byte-strings.js'

/** The uris as the catalogue keeps them. */
function byteStrings(uris: string[]): ByteStrings {
  return new ByteStrings(storedStrings(uris))
}

describe('UriIndex', () => {
  it('finds every uri at its position and nothing else, as a Map does', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: 'binary' }), { maxLength: 300 }),
        fc.array(fc.string({ unit: 'binary' }), { maxLength: 30 }),
        (uris, others) => {
          const index = new UriIndex(byteStrings(uris), uriSlots(uris))
          const map = new Map(uris.map((uri, position) => [uri, position]))
          for (const uri of [...uris, ...others]) {
            expect(index.get(uri)).toBe(map.get(uri))
            expect(index.has(uri)).toBe(map.has(uri))
          }
        },
      ),
    )
  })

  it('keeps at least twice as many slots as uris, a power of two, one per uri filled', () => {
    for (const count of [0, 1, 2, 3, 1000, 1025]) {
      const uris = Array.from({ length: count }, (_, i) => `/objects/${i}`)
      const slots = uriSlots(uris)
      expect(slots.length).toBeGreaterThanOrEqual(Math.max(2, 2 * count))
      expect(slots.length & (slots.length - 1)).toBe(0)
      expect([...slots].filter((slot) => slot !== 0).sort((a, b) => a - b)).toEqual(
        uris.map((_, i) => i + 1),
      )
    }
  })

  it('answers undefined, not a loop, from a table with no empty slot', () => {
    const uris = ['/a', '/b']
    expect(new UriIndex(byteStrings(uris), new Uint32Array([1, 2])).get('/c')).toBeUndefined()
    expect(new UriIndex(byteStrings(uris), new Uint32Array([1, 2])).get('/b')).toBe(1)
  })
})

describe('UriTableBuilder', () => {
  /** The table as snapshots of format 11 hold it: every uri placed in order, at the final size. */
  function placedInOrder(uris: string[]): Uint32Array {
    let size = 2
    while (size < 2 * uris.length) size *= 2
    const slots = new Uint32Array(size)
    for (const [index, uri] of uris.entries()) {
      let hash = 0x811c9dc5
      for (let i = 0; i < uri.length; i++) hash = Math.imul(hash ^ uri.charCodeAt(i), 0x01000193)
      let slot = (hash >>> 0) & (size - 1)
      while (slots[slot] !== 0) slot = (slot + 1) & (size - 1)
      slots[slot] = index + 1
    }
    return slots
  }

  it('finds each uri added so far, and builds the table and bytes a snapshot keeps', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: 'binary' }), { maxLength: 300 }),
        fc.array(fc.string({ unit: 'binary' }), { maxLength: 30 }),
        (uris, others) => {
          const table = new UriTableBuilder()
          for (const [index, uri] of uris.entries()) {
            expect(table.get(uri)).toBeUndefined()
            expect(table.add(uri)).toBe(index)
            expect(table.get(uri)).toBe(index)
            expect(table.uriAt(index)).toBe(uri)
          }
          for (const uri of others)
            expect(table.get(uri)).toBe(uris.indexOf(uri) < 0 ? undefined : uris.indexOf(uri))
          expect(table.size).toBe(uris.length)
          const built = table.build()
          expect(built.slots).toEqual(placedInOrder(uris))
          expect(built.uris).toEqual(storedStrings(uris))
        },
      ),
    )
  })
})

describe('GroupSummaries', () => {
  it('gives back each summary as it was stored, parsed once', () => {
    const groups: GroupSummary[] = [
      { identifier: '/collections/a', title: 'A — “quoted”', category: 'collection', dates: [] },
      { identifier: '/collections/b', title: 'B 🙂', category: 'collection', dates: [] },
    ] as unknown as GroupSummary[]
    const summaries = new GroupSummaries(storedGroups(groups))
    expect(summaries.length).toBe(2)
    expect(summaries.at(1)).toEqual(groups[1])
    expect(summaries.at(0)).toEqual(groups[0])
    expect(summaries.at(1)).toBe(summaries.at(1))
  })
})
