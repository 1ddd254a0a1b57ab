/**
 * A LiveCatalogue swaps in a reloaded catalogue only when it loaded whole; a failed reload keeps
 * the old one answering and says why; a request holding the old catalogue finishes on it;
 * reloads asked for at once are coalesced; `watch()` reloads after a file changes.
 */
import { appendFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LiveCatalogue, type ReloadOutcome } from '../../packages/core/src/index.js'
import { sampleText, scratchSample } from '../helpers/documents.js'

describe('LiveCatalogue', () => {
  it('swaps in a reloaded catalogue, while a reference to the old one still answers', async () => {
    const file = scratchSample(1000)
    const live = await LiveCatalogue.open(file)
    const old = live.current
    expect(old.size).toBe(1000)
    const oldCount = old.search({ query: 'malaria' }).count

    writeFileSync(file, sampleText())
    const outcome = await live.reload()
    expect(outcome.ok).toBe(true)
    expect(live.current.size).toBe(2000)
    expect(live.current).not.toBe(old)
    expect(live.status).toMatchObject({ documents: 2000, lastReloadError: null })
    expect(live.status.version).not.toBe(old.version)
    // The old catalogue is whole and unchanged for a request that still holds it.
    expect(old.size).toBe(1000)
    expect(old.search({ query: 'malaria' }).count).toBe(oldCount)
  })

  it('keeps the catalogue in use when a reload fails, and says where the file is wrong', async () => {
    const file = scratchSample(500)
    const live = await LiveCatalogue.open(file)
    const before = live.current
    appendFileSync(file, '{"uri": "/terms/broken", "type": "term"\n')
    const outcome = await live.reload()
    expect(outcome.ok).toBe(false)
    expect(live.current).toBe(before)
    expect(live.current.size).toBe(500)
    expect(live.status.documents).toBe(500)
    expect(live.status.lastReloadError).toContain('catalogue.ndjson')
    expect(live.status.lastReloadError).toMatch(/line 501/)

    // Mended, the next reload clears the error.
    writeFileSync(file, sampleText(600))
    expect((await live.reload()).ok).toBe(true)
    expect(live.status).toMatchObject({ documents: 600, lastReloadError: null })
  })

  it('refuses a reloaded catalogue with an invalid document, keeping the old one', async () => {
    const file = scratchSample(300)
    const live = await LiveCatalogue.open(file)
    appendFileSync(file, `${JSON.stringify({ uri: '/terms/x', type: 'term' })}\n`)
    const outcome = await live.reload()
    expect(outcome.ok).toBe(false)
    expect(live.current.size).toBe(300)
    expect(live.status.lastReloadError).toMatch(/title/)
  })

  it('coalesces reloads asked for while one runs into one more after it', async () => {
    const file = scratchSample(200)
    const outcomes: ReloadOutcome[] = []
    const live = await LiveCatalogue.open(file, { onReload: (outcome) => outcomes.push(outcome) })
    const first = live.reload()
    const second = live.reload()
    const third = live.reload()
    expect(second).toBe(first)
    expect(third).toBe(first)
    await first
    // The follow-up reload starts when the first settles; wait for it.
    await expect.poll(() => outcomes.length).toBe(2)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(outcomes).toHaveLength(2)
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true)
  })

  it('reloads by itself when the watched file changes', async () => {
    const file = scratchSample(100)
    const outcomes: ReloadOutcome[] = []
    const live = await LiveCatalogue.open(file, {
      debounce: 50,
      onReload: (outcome) => outcomes.push(outcome),
    })
    const stop = await live.watch()
    try {
      writeFileSync(file, sampleText(150))
      await expect.poll(() => live.current.size, { timeout: 10_000 }).toBe(150)
      expect(outcomes.at(-1)?.ok).toBe(true)
    } finally {
      stop()
    }
    // Stopped: a later change is not picked up.
    const reloads = outcomes.length
    writeFileSync(file, sampleText(120))
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(outcomes).toHaveLength(reloads)
    expect(live.current.size).toBe(150)
  })
})
