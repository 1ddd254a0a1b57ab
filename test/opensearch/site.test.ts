/**
 * The discovery site over OpenSearch: the pushed corpus, the same pages as over the in-memory
 * engine, byte for byte (their `<main>`), for every page kind and the printable finding aid.
 * The site reads the backend interface only, so what differs would be a backend's answer.
 */
import { createSite } from '@archive-catalogue/site'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../packages/core/src/index.js'
import { OpenSearchBackend } from '../../packages/opensearch/src/backend/opensearch-backend.js'
import { pushCatalogue } from '../../packages/opensearch/src/indexing/push.js'
import { RAC } from '../helpers/corpus.js'
import { openSearchNode } from '../helpers/opensearch.js'

const node = openSearchNode('the discovery site over OpenSearch')
const ALIAS = `site-${Date.now().toString(36)}`

/** The page's content, without the header and footer. */
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'))

describe.skipIf(node.skip)('the discovery site over OpenSearch', () => {
  let backend: OpenSearchBackend
  let inMemory: ReturnType<typeof createSite>
  let onNode: ReturnType<typeof createSite>

  beforeAll(async () => {
    await pushCatalogue(RAC, { url: node.url, index: ALIAS })
    backend = await OpenSearchBackend.open({ url: node.url, index: ALIAS })
    inMemory = createSite((await loadCatalogue(RAC)).catalogue, { name: 'Test Archive' })
    onNode = createSite(backend, { name: 'Test Archive' })
  }, 120_000)

  afterAll(async () => {
    await backend?.close()
    await fetch(`${node.url}/${ALIAS}-*`, { method: 'DELETE' })
  })

  it.each([
    '/',
    '/search?query=rockefeller',
    '/search?query=rockefeller&type=collection&end_date__gte=1950&sort=title',
    '/search?query=rockefellr',
    '/collections/Zivy3B6P5nBaZ24Kb8cWEq',
    '/collections/gfvm2HihpLwCTnKgpDtdhR?query=reich',
    '/collections/Zivy3B6P5nBaZ24Kb8cWEq?open=gfvm2HihpLwCTnKgpDtdhR',
    '/collections/kqx4Z5uJzTUF2RhdKbF8bB?siblings_offset=0',
    '/objects/FM8Xe2Aghf8RKX4dLHfR3c',
    '/agents/4HyzLLjm5KXGNaM2iKttoG',
    '/collections?sort=title',
    '/collections/nope',
    '/collections/Zivy3B6P5nBaZ24Kb8cWEq/print',
    '/collections/gfvm2HihpLwCTnKgpDtdhR/print',
  ])('renders %s as over the in-memory engine', async (path) => {
    const [mine, theirs] = await Promise.all([inMemory.request(path), onNode.request(path)])
    expect(theirs.status, path).toBe(mine.status)
    expect(main(await theirs.text()), path).toBe(main(await mine.text()))
  })
})
