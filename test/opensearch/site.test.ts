/**
 * The discovery site over OpenSearch: the pushed corpus and the pushed sample, the same pages as
 * over the in-memory engine, byte for byte (their `<main>`), for every page kind and the
 * printable finding aid. The site reads the backend interface only, so what differs would be a
 * backend's answer.
 */
import { createSite } from '@archive-catalogue/site'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadCatalogue } from '../../packages/core/src/index.js'
import { OpenSearchBackend } from '../../packages/opensearch/src/backend/opensearch-backend.js'
import { pushCatalogue } from '../../packages/opensearch/src/indexing/push.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'
import { bothBackends, openSearchNode } from '../helpers/opensearch.js'

const node = openSearchNode('the discovery site over OpenSearch')
const ALIAS = `site-${Date.now().toString(36)}`

/** The page's content, without the header and footer. */
const main = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'))

type Site = ReturnType<typeof createSite>

/** Each path's page over OpenSearch is the in-memory one: the same status, the same `<main>`. */
function samePages(sites: () => { inMemory: Site; onNode: Site }, paths: readonly string[]) {
  it.each(paths)('renders %s as over the in-memory engine', async (path) => {
    const { inMemory, onNode } = sites()
    const [mine, theirs] = await Promise.all([inMemory.request(path), onNode.request(path)])
    expect(theirs.status, path).toBe(mine.status)
    expect(main(await theirs.text()), path).toBe(main(await mine.text()))
  })
}

describe.skipIf(node.skip)('the discovery site over OpenSearch, on the corpus', () => {
  let backend: OpenSearchBackend
  let inMemory: Site
  let onNode: Site

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

  samePages(
    () => ({ inMemory, onNode }),
    [
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
      '/agents/bq4qoqbgjRpaLBCwGfb5fK',
      '/terms/2sikrnarrmY8ijRDvkShqg',
      '/collections?sort=title',
      '/collections?subject=Developing+countries',
      '/collections/nope',
      '/collections/Zivy3B6P5nBaZ24Kb8cWEq/print',
      '/collections/gfvm2HihpLwCTnKgpDtdhR/print',
    ],
  )
})

// The sample's agents and terms relate to more records than a page shows: the first page of
// each list, and the lists behind them, must be the same records in the same order.
describe.skipIf(node.skip)('the discovery site over OpenSearch, on the sample', () => {
  const both = bothBackends(node, `site-sample-${Date.now().toString(36)}`, () => SAMPLE)
  let sites: { inMemory: Site; onNode: Site }
  beforeAll(() => {
    sites = {
      inMemory: createSite(both.catalogue, { name: 'Test Archive' }),
      onNode: createSite(both.backend, { name: 'Test Archive' }),
    }
  })

  samePages(
    () => sites,
    [
      '/',
      '/search?query=helth',
      '/terms/KqeXe2Fbw4UUVtbfuprxAW',
      '/terms/iML6Jqe9Cm6QK2xxa4ctXD',
      '/agents/odkp8Yy7uBr442m7pZN8Hu',
      '/agents/KfbqkQdbHNERrrVb9bB8Xe',
      '/objects?subject=Public+health',
      '/objects?agent=Kennedy%2C+Lawrence&offset=50',
      '/search?agent=Kennedy%2C+Lawrence',
      '/collections?creator=Hoffmann+Foundation&offset=50',
    ],
  )
})
