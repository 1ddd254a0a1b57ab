/**
 * The catalogue's text is text on every page: a title, a note and a subject holding markup
 * (`<img …>`, `&`, quotes) are shown as written, never read as HTML, on each page kind and in
 * the CSV. Over the sample with one collection, one of its objects and a term rewritten so.
 */
import { Catalogue, type CatalogueDocument } from '@archive-catalogue/core'
import { describe, expect, it } from 'vitest'
import { sampleText } from '../helpers/documents.js'
import { servedSite } from '../helpers/site-server.js'

/** Markup a title might carry, by mistake or not. */
const HOSTILE = `Papers <img src=https://evil.example/x.png> & "quotes" <meta http-equiv="refresh" content="0">`

const documents = sampleText()
  .trimEnd()
  .split('\n')
  .map((line) => JSON.parse(line) as CatalogueDocument & Record<string, unknown>)
const object = documents.find((document) => document.type === 'object' && document.parent)!
const top = documents.find(
  (document) => document.uri === (object['group'] as { identifier: string }).identifier,
)!
for (const document of documents) {
  const group = document['group'] as { identifier: string; title: string } | undefined
  if (group?.identifier === top.uri) group.title = HOSTILE
}
top.title = HOSTILE
object.title = `${HOSTILE} (item)`
const site = servedSite(() => Catalogue.fromDocuments(documents))

describe('the catalogue’s text on the pages', () => {
  it.each([
    ['a search', '/search?query=papers'],
    ['a collection', top.uri],
    ['an object', object.uri],
    ['My list', `/mylist?uri=${object.uri}`],
    ['a list', '/collections?query=quotes'],
  ])('shows markup in titles as text on %s', async (_name, path) => {
    const page = await fetch(`${site.url}${path}`)
    expect(page.status).toBe(200)
    const text = await page.text()
    expect(text).not.toMatch(/<img src=https:\/\/evil|<meta http-equiv="refresh"/)
    expect(text).toContain(
      'Papers &#60;img src&#61;https://evil.example/x.png&#62; &#38; &#34;quotes&#34;',
    )
  })

  it('writes the title as written in the CSV', async () => {
    const csv = await (await fetch(`${site.url}/mylist.csv?uri=${object.uri}`)).text()
    expect(csv).toContain(`"${HOSTILE.replaceAll('"', '""')} (item)"`)
  })
})
