/**
 * EAD out on OpenSearch: the same finding aids as the in-memory engine, byte for byte (EAD3 and
 * EAD 2002), from the documents as pushed and the tree the backend reads; the top-level
 * collections paged the same through their cursors; a finding aid exported from the cluster and
 * imported again gives the documents pushed; and the API's route streams it.
 */
import { createApp } from '@archive-catalogue/http'
import { describe, expect, it } from 'vitest'
import {
  type CatalogueBackend,
  type CatalogueDocument,
  type DocumentLookup,
  EAD_EDITIONS,
  findingAid,
} from '../../packages/core/src/index.js'
import { exportFindingAids, importedForm, reimport } from '../helpers/ead-round-trip.js'
import { openSearchNode } from '../helpers/opensearch.js'
import { sharedBackends } from '../helpers/shared-pushes.js'
import { schemaErrors } from '../helpers/xml-schemas.js'

const node = openSearchNode('EAD export on OpenSearch')
const DAY = new Date('2026-01-02')

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = ''
  for await (const chunk of chunks) all += chunk
  return all
}

async function allTops(backend: DocumentLookup, limit: number): Promise<string[]> {
  const uris: string[] = []
  let cursor: string | null | undefined
  do {
    const page = await backend.topLevelCollections({ cursor, limit })
    uris.push(...page.uris)
    cursor = page.next
  } while (cursor)
  return uris
}

describe.skipIf(node.skip)('EAD export on OpenSearch', () => {
  for (const name of ['the EAD finding aids', 'the sample'] as const) {
    describe(`on ${name}`, () => {
      // On several shards (the top-level collections' cursors, the trees read across them),
      // pushed once for the run's suites that read it.
      const both = sharedBackends(node, name, 3)

      it('pages the top-level collections as the in-memory engine does', async () => {
        const expected = await allTops(both.catalogue, 1000)
        expect(expected.length).toBeGreaterThan(4)
        expect(await allTops(both.backend, 2)).toEqual(expected)
        expect(await allTops(both.backend, 1000)).toEqual(expected)
      })

      it('writes every finding aid as the in-memory engine does, in both editions', async () => {
        for (const uri of await allTops(both.catalogue, 1000)) {
          const id = uri.split('/').pop()!
          for (const edition of EAD_EDITIONS) {
            // The walk is the same for every edition, and the writer the same for every page
            // size: EAD3 in pages of 7 (many collections' children over several pages), EAD
            // 2002 in the default pages, about 3 requests a page less.
            const pageSize = edition === 'ead3' ? 7 : undefined
            const options = { edition, date: DAY, ...(pageSize ? { pageSize } : {}) }
            const expected = await text(findingAid(both.catalogue, id, options))
            const answer = await text(findingAid(both.backend as CatalogueBackend, id, options))
            expect(answer, `${uri} ${edition}`).toBe(expected)
          }
        }
      })

      it('answers GET /collections/{id}/ead, and refuses an inner collection', async () => {
        const [uri] = await allTops(both.catalogue, 1)
        const id = uri!.split('/').pop()!
        const app = createApp(both.backend)
        const response = await app.request(`/collections/${id}/ead?edition=ead2002`)
        expect(response.status).toBe(200)
        const body = await response.text()
        expect(await schemaErrors(body, 'ead2002')).toEqual([])
        const children = both.catalogue.children(id, {})
        const inner = children.results.find((child) => child.uri?.startsWith('/collections/'))
        if (inner) {
          const refused = await app.request(`${inner.uri}/ead`)
          expect(refused.status).toBe(409)
        }
        expect((await app.request('/collections/nope/ead')).status).toBe(404)
      })

      if (name === 'the EAD finding aids') {
        it('gives back the pushed documents when its finding aids are imported again', async () => {
          const pushed = both.catalogue.documents([
            ...both.catalogue.data.uris,
          ]) as CatalogueDocument[]
          const again = new Map(
            (await reimport(await exportFindingAids(both.backend, 'ead3'))).map((d) => [d.uri, d]),
          )
          for (const document of pushed) {
            expect(importedForm(again.get(document.uri)!)).toEqual(importedForm(document))
          }
        })
      }
    })
  }
})
