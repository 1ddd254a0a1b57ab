/**
 * An app over a LiveCatalogue answers from the catalogue in use: a reload swaps what every later
 * request sees, a failed one changes nothing but `/health`'s `last_reload_error`, and `/health`
 * is never cached.
 */
import { writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LiveCatalogue } from '../../packages/core/src/index.js'
import { createApp } from '../../packages/http/src/index.js'
import { SAMPLE } from '../helpers/corpus.js'
import { sampleText, scratchSample } from '../helpers/documents.js'

describe('an app over a LiveCatalogue', () => {
  it('answers from the reloaded catalogue, and reports each reload on /health', async () => {
    const file = scratchSample(800)
    const live = await LiveCatalogue.open(file)
    const app = createApp(live)
    const json = async (path: string) => (await app.request(path)).json() as Promise<never>

    const first = await app.request('/health')
    expect(first.status).toBe(200)
    expect(first.headers.get('cache-control')).toBe('no-store')
    expect(first.headers.get('etag')).toBeNull()
    const health = (await first.json()) as Record<string, unknown>
    expect(Object.keys(health)).toEqual([
      'status',
      'version',
      'documents',
      'loaded_at',
      'load_milliseconds',
      'last_reload_error',
    ])
    expect(health).toMatchObject({ status: 'ok', documents: 800, last_reload_error: null })
    expect(new Date(health.loaded_at as string).getTime()).toBeLessThanOrEqual(Date.now())
    const before: { count: number } = await json('/objects?limit=1')
    const etag = (await app.request('/objects?limit=1')).headers.get('etag')

    writeFileSync(file, sampleText())
    expect((await live.reload()).ok).toBe(true)
    const after: { count: number } = await json('/objects?limit=1')
    expect(after.count).toBeGreaterThan(before.count)
    // The catalogue changed, so its answers' tags did: no client keeps a stale page by 304.
    const stale = await app.request('/objects?limit=1', { headers: { 'If-None-Match': etag! } })
    expect(stale.status).toBe(200)
    expect(await json('/health')).toMatchObject({ documents: 2000, last_reload_error: null })

    writeFileSync(file, 'not json\n')
    expect((await live.reload()).ok).toBe(false)
    expect(((await json('/objects?limit=1')) as { count: number }).count).toBe(after.count)
    const failed: { status: string; documents: number; last_reload_error: string } =
      await json('/health')
    expect(failed.status).toBe('ok')
    expect(failed.documents).toBe(2000)
    expect(failed.last_reload_error).toMatch(/catalogue\.ndjson.*line 1/s)
  })
})

describe('an app over a function giving the catalogue', () => {
  it('asks the function once per request, so an embedding app swaps catalogues itself', async () => {
    const small = scratchSample(100)
    const catalogues = [
      (await LiveCatalogue.open(small)).current,
      (await LiveCatalogue.open(SAMPLE)).current,
    ]
    let current = catalogues[0]!
    let asked = 0
    const app = createApp(() => {
      asked++
      return current
    })
    asked = 0 // createApp read it once, for its defaults.
    const documents = async () =>
      ((await (await app.request('/health')).json()) as { documents: number }).documents
    expect(await documents()).toBe(100)
    current = catalogues[1]!
    expect(await documents()).toBe(2000)
    expect((await app.request('/search?query=malaria')).status).toBe(200)
    expect(asked).toBe(3)
  })
})
