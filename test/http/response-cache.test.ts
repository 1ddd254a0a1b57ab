/**
 * The response cache: a repeated request is answered with the same bytes without running its
 * endpoint again, a reloaded catalogue is never answered from the old one's cache, and the cache
 * keeps within its byte budget.
 */
import { writeFileSync } from 'node:fs'
import { Catalogue, LiveCatalogue, loadCatalogue } from '@archive-catalogue/core'
import { createApp } from '@archive-catalogue/http'
import { describe, expect, it } from 'vitest'
import { ResponseCache } from '../../packages/http/src/response-cache.js'
import { SAMPLE } from '../helpers/corpus.js'
import { sampleText, scratchSample } from '../helpers/documents.js'

/** A real catalogue that counts the searches it runs. */
class CountingCatalogue extends Catalogue {
  searches = 0
  override search(...args: Parameters<Catalogue['search']>) {
    this.searches++
    return super.search(...args)
  }
}

async function countingCatalogue(): Promise<CountingCatalogue> {
  const { catalogue } = await loadCatalogue(SAMPLE)
  return new CountingCatalogue(catalogue.data, catalogue.options)
}

describe('the response cache', () => {
  it('answers a repeated request with the same bytes without searching again', async () => {
    const catalogue = await countingCatalogue()
    const app = createApp(catalogue)
    const first = await app.request('/search?query=health&limit=5')
    const again = await app.request('/search?limit=5&query=health')
    expect(again.status).toBe(200)
    expect(await again.text()).toBe(await first.text())
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(catalogue.searches).toBe(1)
    const head = await app.request('/search?query=health&limit=5', { method: 'HEAD' })
    expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'))
    expect(await head.text()).toBe('')
    const conditional = await app.request('/search?query=health&limit=5', {
      headers: { 'If-None-Match': first.headers.get('etag')! },
    })
    expect(conditional.status).toBe(304)
    expect(catalogue.searches).toBe(1)
    await app.request('/search?query=health&limit=6')
    expect(catalogue.searches).toBe(2)
  })

  it('runs every request when it is turned off', async () => {
    const catalogue = await countingCatalogue()
    const app = createApp(catalogue, { responseCacheBytes: 0 })
    const first = await (await app.request('/search?query=health')).text()
    expect(await (await app.request('/search?query=health')).text()).toBe(first)
    expect(catalogue.searches).toBe(2)
  })

  it('never answers a reloaded catalogue from the old one', async () => {
    const file = scratchSample(800)
    const live = await LiveCatalogue.open(file)
    const app = createApp(live)
    const count = async () =>
      ((await (await app.request('/search?query=*')).json()) as { count: number }).count
    const before = await count()
    expect(await count()).toBe(before)
    writeFileSync(file, sampleText())
    expect((await live.reload()).ok).toBe(true)
    expect(await count()).toBeGreaterThan(before)
  })

  it('keeps within its byte budget, dropping the least recently used', () => {
    const cache = new ResponseCache(10_000)
    const entry = (bytes: number) => ({
      etag: '"x"',
      response: { status: 200, headers: {}, body: Buffer.alloc(bytes) },
    })
    for (let i = 0; i < 20; i++) {
      cache.set('v1', `k${i}`, entry(1000))
      cache.get('v1', 'k0')
      expect(cache.size).toBeLessThanOrEqual(10_000)
    }
    expect(cache.get('v1', 'k0')).toBeDefined()
    expect(cache.get('v1', 'k1')).toBeUndefined()
    expect(cache.get('v1', 'k19')).toBeDefined()
    expect(cache.get('v2', 'k19')).toBeUndefined()
    cache.set('v1', 'huge', entry(5000))
    expect(cache.get('v1', 'huge')).toBeUndefined()
    cache.set('v2', 'k0', entry(10))
    expect(cache.get('v1', 'k19')).toBeUndefined()
  })
})
