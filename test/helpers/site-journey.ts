/**
 * A reader's journey through the discovery site, in a real Chromium with JavaScript on, as the
 * issue tells it: search from the home page → narrow by a facet and by a date range → open a
 * collection → search inside it → open a component → add it to My list → export the list as CSV.
 * Each step asserts what a reader would see; the journey's record (the pages walked, what each
 * showed, the CSV) lets two backends be compared step for step.
 */
import type { Browser, Page } from 'playwright-core'
import { expect } from 'vitest'

export interface JourneyStep {
  /** The page's path and query once the step is done. */
  path: string
  /** What the step read on it (a count, a title, a hit count). */
  saw: string
}

export interface Journey {
  steps: JourneyStep[]
  /** The exported list, as downloaded. */
  csv: string
}

/**
 * Walks the journey on the site at `base`, searching for `query` (a word the catalogue's
 * collections and their contents hold). Fails as soon as a step does not show what it should.
 */
export async function readerJourney(
  browser: Browser,
  base: string,
  query: string,
): Promise<Journey> {
  const context = await browser.newContext({ javaScriptEnabled: true, acceptDownloads: true })
  const page = await context.newPage()
  const steps: JourneyStep[] = []
  const step = (saw: string) => {
    const url = new URL(page.url())
    steps.push({ path: `${url.pathname}${url.search}`, saw })
  }
  try {
    // 1. Search from the home page's own search box (the header has one too).
    await page.goto(`${base}/`)
    await page.getByRole('searchbox', { name: 'Search the catalogue' }).last().fill(query)
    await Promise.all([page.waitForURL(/\/search\?/), page.keyboard.press('Enter')])
    const found = await heading(page)
    expect(found).toMatch(/\d+ results? for/)
    step(found)

    // 2. Narrow by the first subject the results have, then by the years of the fullest bar.
    const subject = page.locator('h2:text-is("Subject") + ul a').first()
    const subjectName = (await subject.textContent())!
    await Promise.all([page.waitForURL(/subject=/), subject.click()])
    expect(await page.locator('ul.chips').textContent()).toContain(`Subject: ${subjectName}`)
    step(await heading(page))
    const bars = page.locator('ol.histogram a')
    expect(await bars.count()).toBeGreaterThan(0)
    const years = new URL((await bars.first().getAttribute('href'))!, base).searchParams
    await page.getByLabel('From year').fill(years.get('end_date__gte')!)
    await page.getByLabel('To year').fill(years.get('start_date__lte')!)
    await Promise.all([
      page.waitForURL(/start_date__lte=/),
      page.locator('aside form button[type="submit"]').click(),
    ])
    const narrowed = await heading(page)
    expect(narrowed).toMatch(/\d+ results? for/)
    expect(await page.locator('ul.chips').textContent()).toContain(`Subject: ${subjectName}`)
    step(narrowed)

    // 3. Open the first collection among the results.
    const collection = page.locator('ol.results a.result-title[href^="/collections/"]').first()
    const collectionTitle = (await collection.textContent())!
    await Promise.all([page.waitForURL(/\/collections\//), collection.click()])
    expect(await heading(page)).toBe(collectionTitle)
    step(collectionTitle)

    // 4. Search inside it for a word of its first child's title: that child shows its hits.
    const child = page.locator('ul.contents > li > a').first()
    const childTitle = (await child.textContent())!
    const word = childTitle.split(/[^\p{L}\p{N}]+/u).find((part) => part.length >= 4) ?? childTitle
    await page.locator('#within').fill(word)
    await Promise.all([page.waitForURL(/query=/), page.locator('#within').press('Enter')])
    const hits = (await page.locator('ul.contents > li').first().textContent())!
    expect(hits).toMatch(/\d+ matching/)
    step(`${word}: ${hits.replace(/\s+/g, ' ').trim()}`)

    // 5. Open a component: the first child that matched.
    const component = page.locator('ul.contents > li > a').first()
    const componentTitle = (await component.textContent())!
    await Promise.all([page.waitForURL((url) => url.search === ''), component.click()])
    expect(await heading(page)).toBe(componentTitle)
    expect(await page.locator('nav.trail').textContent()).toContain(collectionTitle)
    step(componentTitle)

    // 6. Add it to My list: the header counts it.
    const keep = page.locator('main button.keep').first()
    await keep.click()
    expect(await keep.getAttribute('aria-pressed')).toBe('true')
    expect(await page.locator('[data-mylist-count]').textContent()).toBe('1')
    step('My list (1)')

    // 7. Open the list and export it.
    await Promise.all([page.waitForURL(/\/mylist\?uri=/), page.locator('a.mylist-link').click()])
    expect(await page.locator('main').textContent()).toContain(componentTitle)
    step(componentTitle)
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download as CSV' }).click(),
    ])
    const csv = await readDownload(download.path())
    expect(csv).toContain(componentTitle.includes(',') ? `"${componentTitle}"` : componentTitle)
    return { steps, csv }
  } finally {
    await context.close()
  }
}

async function heading(page: Page): Promise<string> {
  return ((await page.locator('h1').first().textContent()) ?? '').trim()
}

async function readDownload(path: Promise<string | null>): Promise<string> {
  const { readFile } = await import('node:fs/promises')
  return (await readFile((await path)!)).toString('utf8')
}
