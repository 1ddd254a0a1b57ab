/**
 * The engine's caches are bounded in bytes, least recently used dropped first, and a thread
 * keeps a share of a budget (`share`): N workers keep together what one thread would.
 */
import { describe, expect, it } from 'vitest'
import { LruCache } from '../../packages/core/src/util/lru-cache.js'

/** A cache of 100 bytes holding ten entries of 10, `0` used last. */
function fullCache(): LruCache<number, string> {
  const cache = new LruCache<number, string>(100, (_, value) => value.length)
  for (let key = 9; key >= 0; key--) cache.set(key, 'x'.repeat(10))
  return cache
}

describe('LruCache', () => {
  it('drops the least recently used entries once its bytes pass the budget', () => {
    const cache = fullCache()
    expect(cache.get(9)).toBeDefined()
    cache.set(10, 'y'.repeat(10))
    expect(cache.bytes).toBe(100)
    // 8 was the least recently used once 9 was read.
    expect(cache.get(8)).toBeUndefined()
    expect(cache.get(9)).toBeDefined()
  })

  it('keeps no entry bigger than an eighth of its budget', () => {
    const cache = fullCache()
    cache.set(11, 'z'.repeat(13))
    expect(cache.get(11)).toBeUndefined()
    expect(cache.bytes).toBe(100)
  })

  it('keeps a share of its budget, dropping the least recently used that no longer fit', () => {
    const cache = fullCache()
    cache.share(0.5)
    expect(cache.budget).toBe(50)
    expect(cache.bytes).toBe(50)
    expect([0, 1, 2, 3, 4].map((key) => cache.get(key) !== undefined)).toEqual(Array(5).fill(true))
    expect(cache.get(5)).toBeUndefined()
    // A share is of the budget it was made with, not of the last share.
    cache.share(1)
    expect(cache.budget).toBe(100)
    for (let key = 20; key < 25; key++) cache.set(key, 'v'.repeat(10))
    expect(cache.bytes).toBe(100)
    cache.share(0)
    expect({ bytes: cache.bytes, budget: cache.budget }).toEqual({ bytes: 0, budget: 0 })
  })

  it('keeps in a share fewer entries before smaller ones: an eighth of the budget, half the share', () => {
    const cache = fullCache()
    cache.share(0.5)
    cache.set(12, 'w'.repeat(12))
    expect(cache.get(12)).toBe('w'.repeat(12))
    expect(cache.bytes).toBeLessThanOrEqual(50)
    cache.set(13, 'u'.repeat(13))
    expect(cache.get(13)).toBeUndefined()
    // Nor more than half the share: one entry never takes a thread's whole share.
    cache.share(0.1)
    cache.set(14, 't'.repeat(6))
    expect(cache.get(14)).toBeUndefined()
    cache.set(15, 's'.repeat(5))
    expect(cache.get(15)).toBe('s'.repeat(5))
    expect(cache.bytes).toBeLessThanOrEqual(10)
  })
})
