/**
 * Where a search's words matched, on the search page, in a real headless Chromium over the
 * corpus: each result's snippets as the API gives them (`/api/search?…&snippets=true`), the
 * matched words in `<mark>`, a note named by its title, a component's snippet linking to it, the
 * title's own marks on the result's heading; the Type facet with the API's counts
 * (`/api/facets?…&type_facet=true`). With JavaScript off, and axe-core finds no violation.
 */

import type { FacetsResponse, Page as ResultPage, SearchResult } from '@archive-catalogue/core'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { browsing, violations } from '../helpers/axe.js'
import { corpusCatalogue } from '../helpers/http-server.js'
import { servedSite } from '../helpers/site-server.js'

const site = servedSite(corpusCatalogue)

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${site.url}/api${path}`)
  expect(response.status, path).toBe(200)
  return (await response.json()) as T
}

async function open(path: string): Promise<Page> {
  const context = await browsing(site.browser, false)
  const page = await context.newPage()
  expect((await page.goto(`${site.url}${path}`))?.status()).toBe(200)
  return page
}

/** Each result as the page shows it: its heading's marked words, and its snippets. */
function shownResults(page: Page) {
  return page.locator('ol.results > li').evaluateAll((items) =>
    items.map((item) => ({
      title: item.querySelector('.result-title')?.textContent ?? '',
      titleMarks: [...item.querySelectorAll('.result-title mark')].map((mark) => mark.textContent),
      snippets: [...item.querySelectorAll('ul.snippets li')].map((li) => ({
        text: li.textContent ?? '',
        marks: [...li.querySelectorAll('mark')].map((mark) => mark.textContent),
        href: li.querySelector('a')?.getAttribute('href') ?? null,
      })),
    })),
  )
}

describe('snippets on the search page', () => {
  it.each(['reich', 'rockefeller foundation', '"audio tapes"', 'malaria | photographs', 'rockef*'])(
    'shows where %s matched, as the API says',
    async (query) => {
      const params = new URLSearchParams({ query })
      const answer = await api<ResultPage<SearchResult>>(`/search?${params}&snippets=true`)
      const page = await open(`/search?${params}`)
      const shown = await shownResults(page)
      expect(shown).toHaveLength(answer.results.length)
      let snippets = 0
      for (const [i, result] of answer.results.entries()) {
        const marksOf = (snippet: NonNullable<SearchResult['snippets']>[number]) =>
          snippet.marks.map(([start, end]) => snippet.text.slice(start, end))
        const own = result.snippets!.find(
          (snippet) =>
            snippet.field === 'title' && snippet.uri === undefined && snippet.text === result.title,
        )
        expect(shown[i]!.title).toBe(result.title)
        expect(shown[i]!.titleMarks).toEqual(own ? marksOf(own) : [])
        const below = result.snippets!.filter((snippet) => snippet !== own)
        expect(shown[i]!.snippets).toEqual(
          below.map((snippet) => ({
            text: `${snippet.label ?? snippetPlace(snippet.field)}: ${snippet.text}`,
            marks: marksOf(snippet),
            href: snippet.uri ?? null,
          })),
        )
        snippets += result.snippets!.length
      }
      // Every query here matches words the page can show.
      expect(snippets).toBeGreaterThan(0)
      await page.context().close()
    },
  )

  it('shows no snippets without a query', async () => {
    const page = await open('/search?type=collection')
    expect(await page.locator('ul.snippets, mark').count()).toBe(0)
    await page.context().close()
  })

  it('offers each type the search finds with its count, and none once a type is chosen', async () => {
    const facets = await api<FacetsResponse>('/facets?query=rockefeller&type_facet=true')
    const page = await open('/search?query=rockefeller')
    const types = await page
      .locator('h2:text-is("Type") + ul li')
      .evaluateAll((items) =>
        items.map((item) => [
          item.querySelector('a')?.textContent,
          item.querySelector('.count')?.textContent,
          item.querySelector('a')?.getAttribute('href'),
        ]),
      )
    const names: Record<string, string> = {
      collection: 'Collection',
      object: 'Item',
      agent: 'Person or organization',
    }
    const expected = ['collection', 'object', 'agent'].flatMap((type) => {
      const count = facets.type!.find((bucket) => bucket.key === type)?.doc_count ?? 0
      return count === 0
        ? []
        : [[names[type], count.toLocaleString('en'), `/search?query=rockefeller&type=${type}`]]
    })
    expect(expected.length).toBeGreaterThan(1)
    expect(types).toEqual(expected)
    await page.goto(`${site.url}/search?query=rockefeller&type=collection`)
    expect(await page.locator('h2:text-is("Type")').count()).toBe(0)
    await page.context().close()
  })

  it('finds no WCAG 2.1 AA violation on a page of snippets', async () => {
    const context = await browsing(site.browser, true)
    const page = await context.newPage()
    await page.goto(`${site.url}/search?query=reich`)
    expect(await violations(page)).toEqual([])
    await context.close()
  })
})

/** The words before a snippet, as the English messages name its place. */
function snippetPlace(field: string): string {
  return (
    {
      title: 'Title',
      description: 'Description',
      note: 'Note',
      subject: 'Subject',
      component: 'In',
    } as Record<string, string>
  )[field]!
}
