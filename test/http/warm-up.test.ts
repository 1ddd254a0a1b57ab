/**
 * The warm-up `catalogue serve` runs before it listens (`packages/http/src/warm-up.ts`): its
 * requests, drawn from the catalogue's own titles, are ones the API and the site answer, of
 * every kind a reader asks.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { FEW_VALUES } from '../../packages/core/src/columns/value-column.js'
import { type Catalogue, loadCatalogue } from '../../packages/core/src/index.js'
import type { Bitset } from '../../packages/core/src/util/bitset.js'
import { type App, createApp, warmUp, warmUpTargets } from '../../packages/http/src/index.js'
import { createSite } from '../../packages/site/src/index.js'
import { SAMPLE } from '../helpers/corpus.js'

let catalogue: Catalogue

beforeAll(async () => {
  catalogue = (await loadCatalogue(SAMPLE)).catalogue
})

/** The app, its answers' statuses recorded by path. */
function recorded(app: App): { app: App; statuses: Map<string, number> } {
  const statuses = new Map<string, number>()
  return {
    statuses,
    app: {
      maxBodyBytes: app.maxBodyBytes,
      handle: (request) => app.handle(request),
      request: async (path, init) => {
        const response = await app.request(path, init)
        statuses.set(path, response.status)
        return response
      },
    },
  }
}

describe('warmUpTargets', () => {
  it('asks the API only what it answers, of every kind a reader asks', async () => {
    const targets = warmUpTargets(catalogue)
    const app = createApp(catalogue, { responseCacheBytes: 0 })
    for (const target of targets) expect((await app.request(target)).status, target).toBe(200)
    const queries = targets.flatMap((target) => {
      const query = new URL(target, 'http://x').searchParams.get('query')
      return query === null ? [] : [query]
    })
    expect(queries.some((query) => /^"[^"]+ [^"]+"$/.test(query))).toBe(true) // phrase
    expect(queries.some((query) => /"~2$/.test(query))).toBe(true) // sloppy phrase
    expect(queries.some((query) => /^\p{L}+\*$/u.test(query))).toBe(true) // prefix
    expect(queries.some((query) => /~1$/.test(query))).toBe(true) // fuzzy
    expect(queries.some((query) => query.startsWith('-'))).toBe(true) // exclusion
    expect(targets.some((target) => /sort=/.test(target))).toBe(true)
    expect(targets.some((target) => /start_date__gte=/.test(target))).toBe(true)
    expect(targets.some((target) => target.startsWith('/facets'))).toBe(true)
    for (const part of ['children', 'minimap', 'ancestors']) {
      expect(targets.some((target) => target.includes(`/${part}`))).toBe(true)
    }
  })

  it('asks phrases that recur across the catalogue, for the phrase code to run over many documents', async () => {
    const phrases = warmUpTargets(catalogue)
      .slice(0, 12)
      .filter((target) => target.includes('%22'))
    expect(phrases.length).toBeGreaterThan(0)
    const app = createApp(catalogue, { responseCacheBytes: 0 })
    const counts = await Promise.all(
      phrases.map(
        async (target) => ((await (await app.request(target)).json()) as { count: number }).count,
      ),
    )
    expect(Math.max(...counts)).toBeGreaterThan(1)
  })

  it('is the same list for the same catalogue, each target once', () => {
    const targets = warmUpTargets(catalogue)
    expect(warmUpTargets(catalogue)).toEqual(targets)
    expect(new Set(targets).size).toBe(targets.length)
  })
})

describe('warmUp', () => {
  it('asks the API, then the site’s pages, every one answered', async () => {
    const { app, statuses } = recorded(createSite(catalogue, { name: 'Sample', api: {} }))
    const { requests, failed } = await warmUp(app, catalogue, {
      apiPath: '/api',
      pages: true,
      budgetMs: 60_000,
    })
    expect(failed).toBe(0)
    const targets = warmUpTargets(catalogue)
    expect(requests).toBe(statuses.size)
    expect([...statuses.keys()].filter((path) => path.startsWith('/api/'))).toHaveLength(
      targets.length,
    )
    const pages = [...statuses.keys()].filter((path) => !path.startsWith('/api/'))
    expect(pages.some((path) => path.startsWith('/search?'))).toBe(true)
    expect(pages.some((path) => /^\/collections\/[^/?]+$/.test(path))).toBe(true)
    for (const [path, status] of statuses) expect(status, path).toBe(200)
  })

  it('makes the sets of documents the largest values a reader filters by look into', async () => {
    // A fresh catalogue: a value's set is made on its first use.
    const fresh = (await loadCatalogue(SAMPLE)).catalogue
    const made = (name: 'category' | 'online', key: string) => {
      const column = fresh.data.columns[name]
      expect(column.keys.length, name).toBeLessThanOrEqual(FEW_VALUES)
      const sets = (column as unknown as { sets: (Bitset | undefined)[] }).sets
      return sets[column.idOfKey(key)!] !== undefined
    }
    const warmed = () => [made('category', 'collection'), made('online', 'true')]
    expect(warmed()).toEqual([false, false])
    await warmUp(createApp(fresh, { responseCacheBytes: 0 }), fresh, { budgetMs: 60_000 })
    expect(warmed()).toEqual([true, true])
  })

  it('stops when its time is spent', async () => {
    const { app, statuses } = recorded(createApp(catalogue, { responseCacheBytes: 0 }))
    const { requests } = await warmUp(app, catalogue, { budgetMs: 0 })
    expect(requests).toBeLessThanOrEqual(1)
    expect(statuses.size).toBe(requests)
  })
})
