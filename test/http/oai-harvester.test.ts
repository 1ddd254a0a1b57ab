/**
 * A real harvester against the in-memory catalogue: Sickle harvests every record of the sample
 * (oai_dc, and the finding aids as ead and ead3) over a socket, following resumption tokens,
 * and gets each record once.
 */
import { loadCatalogue } from '@archive-catalogue/core'
import { createApp, listen } from '@archive-catalogue/http'
import { describe, expect } from 'vitest'
import { SAMPLE } from '../helpers/corpus.js'
import { harvestWithSickle } from '../helpers/oai-harvester.js'

describe('a harvester (Sickle) on the in-memory catalogue', () => {
  let expected: { records: string[]; tops: string[] } = { records: [], tops: [] }
  const id = (uri: string) => `oai:archive-catalogue.local:${uri.slice(1)}`
  harvestWithSickle(
    'harvests every record once, by resumption tokens',
    async () => {
      const { catalogue } = await loadCatalogue(SAMPLE)
      expected = {
        records: [...catalogue.data.uris]
          .filter((uri) => /^\/(collections|objects)\//.test(uri))
          .map(id),
        tops: catalogue.topLevelCollections({ limit: 1000 }).uris.map(id),
      }
      return listen(createApp(catalogue, { oai: { pageSize: 50 } }), { port: 0 })
    },
    ['oai_dc', 'ead', 'ead3'],
    (harvested) => {
      expect(harvested.repositoryName).toBe('Archive catalogue')
      const dc = harvested.records.oai_dc!.map(([identifier]) => identifier)
      expect(dc).toEqual(expected.records)
      expect(new Set(dc).size).toBe(dc.length)
      expect(harvested.records.identifiers!.map(([identifier]) => identifier)).toEqual(
        expected.records,
      )
      expect(harvested.records.ead!.map(([identifier]) => identifier)).toEqual(expected.tops)
      expect(harvested.records.ead3!.map(([identifier]) => identifier)).toEqual(expected.tops)
      expect(harvested.sets).toEqual(expect.arrayContaining(['type:object', 'online']))
    },
  )
})
