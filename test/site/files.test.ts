/**
 * An object's digital files on its page: an image shown (in the link its title names), a
 * download linked, a IIIF manifest linked for a viewer, and an address that
 * is not a web address never made a link. In a real Chromium, with axe-core.
 */

import { describe, expect, it } from 'vitest'
import { Catalogue, type CatalogueDocument } from '../../packages/core/src/index.js'
import { browsing, violations } from '../helpers/axe.js'
import { sampleText } from '../helpers/documents.js'
import { servedSite } from '../helpers/site-server.js'

const FILES = [
  { title: 'Letter, page 1', download: 'https://images.example.org/letter-1.jpg', manifest: null },
  {
    title: 'The whole letter',
    download: 'https://iiif.example.org/pdfs/letter',
    manifest: 'https://iiif.example.org/manifests/letter',
  },
  { title: 'A script, not a file', download: 'javascript:alert(1)', manifest: null },
  { title: 'Letter, page 2', download: 'http://images.example.org/letter-2.jpg', manifest: null },
]

const documents = sampleText()
  .trimEnd()
  .split('\n')
  .map((line) => JSON.parse(line) as CatalogueDocument & { files?: unknown })
const object = documents.find((document) => document.type === 'object')!
object.files = FILES
const uri = object.uri
const site = servedSite(() => Catalogue.fromDocuments(documents))

describe("an object's files", () => {
  it('shows an image, links the download and the manifest, and links no script', async () => {
    const context = await browsing(site.browser, true)
    const page = await context.newPage()
    await page.goto(`${site.url}${uri}`)
    const image = page.locator('ul.files img')
    expect(await image.count()).toBe(1)
    expect(await image.getAttribute('src')).toBe(FILES[0]!.download)
    // The image sits in the link its title names, so it needs no text of its own.
    expect(await image.getAttribute('alt')).toBe('')
    const links = await page
      .locator('ul.files a')
      .evaluateAll((anchors) => anchors.map((a) => [a.textContent?.trim(), a.getAttribute('href')]))
    expect(links).toEqual([
      ['Letter, page 1', FILES[0]!.download],
      ['The whole letter', FILES[1]!.download],
      ['IIIF manifest', FILES[1]!.manifest],
      // Not over https: linked, not shown (the pages load images over https only).
      ['Letter, page 2', FILES[3]!.download],
    ])
    expect(await page.locator('ul.files li').nth(2).textContent()).toBe('A script, not a file')
    expect(await violations(page)).toEqual([])
    await context.close()
  })
})
