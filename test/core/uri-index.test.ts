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
import { UriIndex, uriSlots } from '../../packages/core/src/catalogue-data/uri-index.js'
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
