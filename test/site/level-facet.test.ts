/**
 * The search page's "Level" facet in a real headless Chromium, over the EAD finding aids (series,
 * subseries, files, items and `otherlevel`s such as "Box"): the API's counts
 * (`/api/facets?…&level_facet=true`) as links that add `level=…`, EAD's levels named for a reader
 * and other levels as written; the filter followed shown among the filters in use and removable;
 * axe-core finds no WCAG 2.1 AA violation, with JavaScript off and on.
 */

import {
  type FacetsResponse,
  loadCatalogue,
  type Page as ResultPage,
} from '@archive-catalogue/core'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browsing, violations } from '../helpers/axe.js'
import { EAD } from '../helpers/levels.js'
import { servedSite } from '../helpers/site-server.js'

const site = servedSite(async () => (await loadCatalogue(EAD)).catalogue, { name: 'Finding Aids' })

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${site.url}/api${path}`)
  expect(response.status, path).toBe(200)
  return (await response.json()) as T
}

/** The Level list as the page shows it: each entry's text, count and link. */
async function shownLevels(page: Page) {
  return page.locator('h2:text-is("Level") + ul li').evaluateAll((items) =>
    items.map((item) => ({
      label: item.querySelector('a')?.textContent ?? '',
      count: item.querySelector('.count')?.textContent ?? '',
      href: item.querySelector('a')?.getAttribute('href') ?? '',
    })),
  )
}

/** EAD's level names as the site's messages give them. */
const NAMES: Record<string, string> = {
  file: 'File',
  item: 'Item',
  series: 'Series',
  subseries: 'Subseries',
  collection: 'Collection',
  recordgrp: 'Record group',
  otherlevel: 'Other level',
}

describe('the level facet of the search page', () => {
  for (const javaScript of [false, true]) {
    it(`lists the API's levels as links that filter, shown and removable (JavaScript ${javaScript ? 'on' : 'off'})`, async () => {
      const context = await browsing(site.browser, javaScript)
      const page = await context.newPage()
      const axe = async () => (javaScript ? violations(page) : [])
      await page.goto(`${site.url}/search?query=*`)
      const { level } = await api<FacetsResponse>('/facets?query=*&level_facet=true')
      expect(level!.length).toBeGreaterThan(3)
      const shown = await shownLevels(page)
      expect(shown.map(({ label, count }) => [label, count])).toEqual(
        level!
          .slice(0, 10)
          .map((bucket) => [
            NAMES[bucket.key] ?? bucket.key,
            bucket.doc_count.toLocaleString('en'),
          ]),
      )
      // A level of another name is shown as the finding aid writes it.
      expect(shown.map(({ label }) => label)).toContain('Box')
      for (const [i, bucket] of level!.slice(0, 10).entries()) {
        const followed = new URL(shown[i]!.href, site.url).searchParams
        expect(followed.get('query')).toBe('*')
        expect(followed.getAll('level')).toEqual([bucket.key])
      }
      expect(await axe()).toEqual([])

      // Followed: the results are the filter's, it is among the filters in use, and the list
      // holds its one level.
      const file = level!.find((bucket) => bucket.key === 'file')!
      await page.locator('h2:text-is("Level") + ul a', { hasText: /^File$/ }).click()
      await expect.poll(() => page.url()).toContain('level=file')
      const results = await api<ResultPage<unknown>>('/search?query=*&level=file')
      expect(await page.locator('h1').textContent()).toContain(
        `${results.count.toLocaleString('en')} results`,
      )
      // The address changes when the new page's navigation commits, before its lists are read:
      // polled, not read once.
      await expect
        .poll(() => shownLevels(page))
        .toEqual([
          expect.objectContaining({ label: 'File', count: file.doc_count.toLocaleString('en') }),
        ])
      const chip = page.getByRole('link', { name: 'Remove the filter Level: File' })
      expect(await chip.textContent()).toContain('Level: File')
      expect(await axe()).toEqual([])

      // Removed: back to every level.
      await chip.click()
      await expect.poll(() => new URL(page.url()).searchParams.has('level')).toBe(false)
      await expect.poll(() => shownLevels(page)).toEqual(shown)
      expect(await page.getByRole('link', { name: /Remove the filter Level/ }).count()).toBe(0)
      await context.close()
    })
  }

  it('leaves the API’s /facets as the reference answers it unless asked', async () => {
    const plain = await api<FacetsResponse>('/facets?query=*')
    expect(Object.keys(plain)).not.toContain('level')
  })
})
