/**
 * OAI-PMH on OpenSearch: the same records, sets and lists as the in-memory engine (datestamps
 * aside: each backend stamps its own loads), every answer valid; the datestamps a push keeps
 * (the same content pushed again) and moves (a changed document); a token from before a push
 * refused; and a real harvester (Sickle) gets every record once.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, listen } from '@archive-catalogue/http'
import { OpenSearchBackend, pushCatalogue } from '@archive-catalogue/opensearch'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAMPLE } from '../helpers/corpus.js'
import { harvestWithSickle } from '../helpers/oai-harvester.js'
import { bothBackends, openSearchNode } from '../helpers/opensearch.js'
import { schemaErrors } from '../helpers/xml-schemas.js'

const node = openSearchNode('OAI-PMH on OpenSearch')
const TOP = 'xVJyUuJNfsVyjdZikFSn6G'
const id = (uri: string) => `oai:archive-catalogue.local:${uri.slice(1)}`

function values(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map(
    (match) => match[1]!,
  )
}

type Requester = { request(url: string): Promise<Response> }

async function harvest(app: Requester, query: string) {
  const identifiers: string[] = []
  const pages: string[] = []
  let next = query
  for (;;) {
    const xml = await (await app.request(`/oai?${next}`)).text()
    pages.push(xml)
    identifiers.push(...values(xml, 'identifier'))
    const token = values(xml, 'resumptionToken')[0]
    if (!token) break
    next = `verb=${query.split('&')[0]!.slice(5)}&resumptionToken=${encodeURIComponent(token)}`
  }
  return { identifiers, pages }
}

describe.skipIf(node.skip)('OAI-PMH on OpenSearch', () => {
  describe('on the sample', () => {
    const both = bothBackends(node, 'oai-sample', () => SAMPLE, { shards: 2 })

    it.each([
      'verb=ListIdentifiers&metadataPrefix=oai_dc',
      'verb=ListRecords&metadataPrefix=oai_dc&set=type:object',
      `verb=ListIdentifiers&metadataPrefix=oai_dc&set=collection:${TOP}`,
      'verb=ListIdentifiers&metadataPrefix=oai_dc&set=online',
      'verb=ListRecords&metadataPrefix=ead',
      'verb=ListSets',
    ])('lists what the in-memory engine lists for %s, every page valid', async (query) => {
      const memory = await harvest(createApp(both.catalogue, { oai: { pageSize: 40 } }), query)
      const cluster = await harvest(createApp(both.backend, { oai: { pageSize: 40 } }), query)
      expect(cluster.identifiers).toEqual(memory.identifiers)
      const specs = (pages: string[]) => pages.flatMap((page) => values(page, 'setSpec'))
      expect(specs(cluster.pages)).toEqual(specs(memory.pages))
      expect(cluster.identifiers.length + specs(cluster.pages).length).toBeGreaterThan(0)
      for (const page of cluster.pages.slice(0, 3)) {
        expect(await schemaErrors(page, 'oai-pmh')).toEqual([])
      }
    })

    it('gives a record and its formats as the in-memory engine does', async () => {
      const query = `verb=GetRecord&metadataPrefix=oai_dc&identifier=${id(`/collections/${TOP}`)}`
      const memory = await (await createApp(both.catalogue).request(`/oai?${query}`)).text()
      const cluster = await (await createApp(both.backend).request(`/oai?${query}`)).text()
      const withoutDates = (xml: string) =>
        xml.replace(/<(responseDate|datestamp)>[^<]*</g, '<$1><')
      expect(withoutDates(cluster)).toBe(withoutDates(memory))
    })
  })

  describe('datestamps over pushes', () => {
    const alias = 'oai-datestamps'
    let file: string
    let backend: OpenSearchBackend

    beforeAll(async () => {
      file = join(mkdtempSync(join(tmpdir(), 'oai-pushes-')), 'catalogue.ndjson')
      copyFileSync(SAMPLE, file)
      await pushCatalogue(file, { url: node.url, index: alias })
      backend = await OpenSearchBackend.open({ url: node.url, index: alias, pollMs: 100 })
    }, 120_000)

    afterAll(async () => {
      await backend?.close()
      await fetch(`${node.url}/${alias}-*`, { method: 'DELETE' })
    })

    async function stamps(): Promise<Map<string, string>> {
      const { pages } = await harvest(
        createApp(backend, { oai: { pageSize: 500 } }),
        'verb=ListIdentifiers&metadataPrefix=oai_dc',
      )
      const found = new Map<string, string>()
      for (const page of pages) {
        const ids = values(page, 'identifier')
        const dates = values(page, 'datestamp')
        for (const [i, identifier] of ids.entries()) found.set(identifier, dates[i]!)
      }
      return found
    }

    async function pushAndWait(): Promise<void> {
      const before = backend.version
      await new Promise((resolve) => setTimeout(resolve, 1100))
      await pushCatalogue(file, { url: node.url, index: alias })
      for (let i = 0; i < 100 && backend.version === before; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
    }

    it('keeps them for the same content, moves a changed document only, refuses older tokens', async () => {
      const first = await stamps()
      const app = createApp(backend, { oai: { pageSize: 50 } })
      const page = await (
        await app.request('/oai?verb=ListIdentifiers&metadataPrefix=oai_dc')
      ).text()
      const token = values(page, 'resumptionToken')[0]!
      const initial = backend.version
      await pushAndWait()
      expect(backend.version).not.toBe(initial)
      expect(await stamps()).toEqual(first)

      const lines = readFileSync(file, 'utf8').split('\n')
      const at = lines.findIndex((line) => line.includes(`"uri":"/collections/${TOP}"`))
      lines[at] = lines[at]!.replace('"title":"', '"title":"Changed: ')
      writeFileSync(file, lines.join('\n'))
      const second = backend.version
      await pushAndWait()
      expect(backend.version).not.toBe(second)
      const third = await stamps()
      const moved = [...third].filter(([identifier, stamp]) => first.get(identifier) !== stamp)
      expect(moved.map(([identifier]) => identifier)).toEqual([id(`/collections/${TOP}`)])
      expect(moved[0]![1] > first.get(id(`/collections/${TOP}`))!).toBe(true)

      const resumed = await (
        await app.request(`/oai?verb=ListIdentifiers&resumptionToken=${encodeURIComponent(token)}`)
      ).text()
      expect(resumed).toContain('<error code="badResumptionToken">')
      const since = await (
        await app.request(`/oai?verb=ListIdentifiers&metadataPrefix=oai_dc&from=${moved[0]![1]}`)
      ).text()
      expect(values(since, 'identifier')).toEqual([id(`/collections/${TOP}`)])
    })
  })

  describe('a harvester (Sickle)', () => {
    const both = bothBackends(node, 'oai-sickle', () => SAMPLE)
    let expected: string[] = []
    harvestWithSickle(
      'harvests every record once from the cluster, by resumption tokens',
      async () => {
        expected = both.catalogue.data.uris
          .filter((uri) => /^\/(collections|objects)\//.test(uri))
          .map(id)
        return listen(createApp(both.backend, { oai: { pageSize: 50 } }), { port: 0 })
      },
      ['oai_dc', 'ead'],
      (harvested) => {
        expect(harvested.records.oai_dc!.map(([identifier]) => identifier)).toEqual(expected)
        expect(harvested.records.identifiers!.map(([identifier]) => identifier)).toEqual(expected)
        expect(harvested.records.ead!.length).toBe(5)
      },
    )
  })
})
