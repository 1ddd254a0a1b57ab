/**
 * A catalogue shared between threads: `shareCatalogue` puts every typed array in shared memory
 * (once), `openSharedCatalogue` answers exactly as the catalogue it was shared from, datestamps
 * included; a snapshot read with `sharedMemory` is shared already; and a `LiveCatalogue`'s
 * `prepare` step serves what it gives back, or fails the reload.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { derivedArrays } from '../../packages/core/src/catalogue-data/catalogue-data.js'
import {
  isShared,
  LiveCatalogue,
  loadCatalogue,
  loadSnapshot,
  openSharedCatalogue,
  saveSnapshot,
  shareCatalogue,
} from '../../packages/core/src/index.js'
import { sampleText, scratchSample } from '../helpers/documents.js'

/** Every typed array of a stored catalogue, by its path. */
function arraysOf(part: unknown, path = ''): [string, ArrayBufferView][] {
  if (ArrayBuffer.isView(part)) return [[path, part]]
  if (part === null || typeof part !== 'object' || Array.isArray(part)) return []
  return Object.entries(part).flatMap(([key, value]) => arraysOf(value, `${path}.${key}`))
}

const REQUESTS = [
  ['search', { query: 'malaria', limit: 20 }],
  ['search', { query: '"public health" -rockefeller', sort: 'title' }],
  // Exclusions only: the searchable documents' groups, shared, less what they exclude.
  ['search', { query: '-health' }],
  ['facets', { query: 'health' }],
  ['collections', { sort: '-start_date', limit: 7 }],
  ['objects', { query: 'report*', online: 'true' }],
  ['agents', {}],
] as const

describe('shareCatalogue and openSharedCatalogue', () => {
  it('put every array in shared memory, and answer as the catalogue shared', async () => {
    const { catalogue } = await loadCatalogue(scratchSample(1500))
    expect(isShared(catalogue)).toBe(false)
    const shared = shareCatalogue(catalogue)
    const arrays = [...arraysOf(shared.stored), ...arraysOf(shared.derived)]
    expect(arrays.length).toBeGreaterThan(60)
    for (const [path, array] of arrays) {
      expect({ path, shared: array.buffer instanceof SharedArrayBuffer }).toEqual({
        path,
        shared: true,
      })
    }
    const copy = openSharedCatalogue(shared)
    expect(isShared(copy)).toBe(true)
    expect(copy.version).toBe(catalogue.version)
    for (const [endpoint, params] of REQUESTS) {
      expect(copy[endpoint](params)).toEqual(catalogue[endpoint](params))
    }
    const uris = [...catalogue.data.uris].filter((_, index) => index % 97 === 0)
    expect(copy.documents(uris)).toEqual(catalogue.documents(uris))
    expect(copy.datestamps(uris)).toEqual(catalogue.datestamps(uris))
    expect(copy.harvest({ limit: 10 })).toEqual(catalogue.harvest({ limit: 10 }))
    // Shared again, nothing is copied: the same memory.
    const again = shareCatalogue(copy)
    expect(again.stored.text.postingIds.buffer).toBe(shared.stored.text.postingIds.buffer)
    expect(again.derived.hierarchy.preorder.buffer).toBe(shared.derived.hierarchy.preorder.buffer)
    expect(again.derived.columns.subject.docIds.buffer).toBe(
      shared.derived.columns.subject.docIds.buffer,
    )
    expect(again.derived.universeGroups.groupDocs.buffer).toBe(
      shared.derived.universeGroups.groupDocs.buffer,
    )
    expect(again.derived.titleLengths.buffer).toBe(shared.derived.titleLengths.buffer)
  })

  it('report the load /health gives on a worker', async () => {
    const { catalogue } = await loadCatalogue(scratchSample(100))
    const copy = openSharedCatalogue(shareCatalogue(catalogue))
    expect(copy.health()).toMatchObject({ loaded_at: null, last_reload_error: null })
    const load = {
      loaded_at: '2026-11-27T10:00:00.000Z',
      load_milliseconds: 42,
      last_reload_error: 'line 3: oops',
    }
    copy.reportLoad(load)
    expect(copy.health()).toEqual({
      status: 'ok',
      version: catalogue.version,
      documents: 100,
      ...load,
    })
  })

  it('keep the share of the caches each of N threads is given', async () => {
    const { catalogue } = await loadCatalogue(scratchSample(400))
    const shared = shareCatalogue(catalogue)
    const whole = openSharedCatalogue(shared).cacheUse()
    expect(whole).toEqual({ bytes: 0, budget: catalogue.cacheUse().budget })
    expect(whole.budget).toBeGreaterThan(100 * 2 ** 20)
    const half = openSharedCatalogue(shared, 1 / 2)
    expect(half.cacheUse().budget).toBe(Math.floor(whole.budget / 2))
    // It answers alike, and keeps what it computed within its share.
    for (const params of [
      { query: 'heal*' },
      { query: '"public health"' },
      { query: 'x', online: 'true' },
    ]) {
      expect(half.search(params)).toEqual(catalogue.search(params))
    }
    const use = half.cacheUse()
    expect(use.bytes).toBeGreaterThan(0)
    expect(use.bytes).toBeLessThanOrEqual(use.budget)
  })

  it('read a snapshot straight into shared memory with sharedMemory', async () => {
    const { catalogue } = await loadCatalogue(scratchSample(400))
    const path = join(mkdtempSync(join(tmpdir(), 'catalogue-shared-')), 'catalogue.snapshot')
    await saveSnapshot(catalogue, path)
    const restored = await loadSnapshot(path, { sharedMemory: true })
    expect(restored.search({ query: 'health' })).toEqual(catalogue.search({ query: 'health' }))
    expect(restored.search({ query: '*' })).toEqual(catalogue.search({ query: '*' }))
    // Its stored arrays are shared as they are read, and what it derives is made there: sharing
    // it copies nothing (a copy would stay behind as garbage in the loading thread).
    expect(isShared(restored)).toBe(true)
    const own = [...arraysOf(restored.data.stored), ...arraysOf(derivedArrays(restored.data))]
    for (const [path, array] of own) {
      expect({ path, shared: array.buffer instanceof SharedArrayBuffer }).toEqual({
        path,
        shared: true,
      })
    }
    const shared = shareCatalogue(restored)
    expect(shared.stored.text.postingIds.buffer).toBe(restored.data.stored.text.postingIds.buffer)
    expect(shared.derived.columns.subject.docIds.buffer).toBe(
      restored.data.columns.subject.inverted.docIds.buffer,
    )
    expect(shared.derived.universeGroups.groupDocs.buffer).toBe(
      restored.data.universeGroups.arrays.groupDocs.buffer,
    )
    expect(shared.derived.titleLengths.buffer).toBe(restored.data.text.titleLengths.buffer)
    // Its datestamps, made in its own memory, are copied once, and it keeps the copy.
    expect(shared.datestamps.buffer).toBe(restored.datestampArray().buffer)
    expect(shareCatalogue(restored).datestamps.buffer).toBe(shared.datestamps.buffer)
    const copy = openSharedCatalogue(shared)
    for (const [endpoint, params] of REQUESTS) {
      expect(copy[endpoint](params)).toEqual(catalogue[endpoint](params))
    }
  })

  it('make the arrays used only by searches when a search first needs them', async () => {
    const { catalogue } = await loadCatalogue(scratchSample(300))
    // A thread that hands its requests to workers never searches: it holds none of them.
    const copy = openSharedCatalogue(shareCatalogue(catalogue))
    // What the catalogue keeps for its searches (private: read as the object it is).
    const { searcher, groupCounters } = copy as unknown as Record<string, object>
    const ownArrays = () =>
      arraysOf({ searcher, groupCounters })
        .filter(([, array]) => !(array.buffer instanceof SharedArrayBuffer))
        .map(([path]) => path)
    expect(ownArrays()).not.toContain('.searcher.scores')
    expect(ownArrays().filter((path) => path.startsWith('.groupCounters'))).toEqual([])
    copy.search({ query: 'health' })
    copy.objects({ query: 'health' })
    expect(ownArrays()).toEqual(
      expect.arrayContaining(['.searcher.scores', '.groupCounters.made.hits']),
    )
  })
})

describe("LiveCatalogue's prepare step", () => {
  it('serves what prepare gives back, on the first load and on each reload', async () => {
    const file = scratchSample(300)
    const prepared: number[] = []
    const live = await LiveCatalogue.open(file, {
      prepare: async (result) => {
        prepared.push(result.catalogue.size)
        return { ...result, catalogue: openSharedCatalogue(shareCatalogue(result.catalogue)) }
      },
    })
    expect(isShared(live.current)).toBe(true)
    writeFileSync(file, sampleText(500))
    expect((await live.reload()).ok).toBe(true)
    expect(prepared).toEqual([300, 500])
    expect(isShared(live.current)).toBe(true)
    expect(live.current.size).toBe(500)
  })

  it('fails the reload when prepare rejects, the catalogue in use kept', async () => {
    const file = scratchSample(200)
    let refuse = false
    const live = await LiveCatalogue.open(file, {
      prepare: async (result) => {
        if (refuse) throw new Error('a worker could not open it')
        return result
      },
    })
    const before = live.current
    writeFileSync(file, sampleText(400))
    refuse = true
    const outcome = await live.reload()
    expect(outcome.ok).toBe(false)
    expect(live.current).toBe(before)
    expect(live.status.lastReloadError).toBe('a worker could not open it')
  })
})
