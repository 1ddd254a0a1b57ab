/**
 * `GET /collections/{id}/ead`: the finding aid as EAD3 or EAD 2002 (`edition`), streamed, with
 * the API's errors before the first byte (400 naming `edition`, 404, 409 naming the top); over
 * a real socket compressed as it goes, and a client that leaves mid-way stops the walk.
 */
import { request as httpRequest } from 'node:http'
import {
  Catalogue,
  type CatalogueBackend,
  type CatalogueDocument,
  findingAid,
  loadCatalogue,
} from '@archive-catalogue/core'
import { createApp, listen } from '@archive-catalogue/http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SAMPLE } from '../helpers/corpus.js'
import { schemaErrors } from '../helpers/xml-schemas.js'

const TOP = 'xVJyUuJNfsVyjdZikFSn6G'
const INNER = 'AaxB6eGC5APz8Hbftr5xNK'

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = ''
  for await (const chunk of chunks) all += chunk
  return all
}

describe('GET /collections/{id}/ead', () => {
  let catalogue: Catalogue
  let app: ReturnType<typeof createApp>

  beforeAll(async () => {
    catalogue = (await loadCatalogue(SAMPLE)).catalogue
    app = createApp(catalogue)
  })

  it('answers the finding aid as EAD3, what findingAid writes', async () => {
    const response = await app.request(`/collections/${TOP}/ead`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8')
    expect(response.headers.get('content-length')).toBeNull()
    const body = await response.text()
    expect(body).toBe(await text(findingAid(catalogue, TOP)))
    expect(body).toContain('<ead xmlns="http://ead3.archivists.org/schema/"')
    expect(await schemaErrors(body, 'ead3')).toEqual([])
  })

  it('answers EAD 2002 with edition=ead2002', async () => {
    const response = await app.request(`/collections/${TOP}/ead?edition=ead2002`)
    const body = await response.text()
    expect(body).toContain('<ead xmlns="urn:isbn:1-931666-22-9"')
    expect(await schemaErrors(body, 'ead2002')).toEqual([])
  })

  it('is a 400 naming the parameter for another edition', async () => {
    const response = await app.request(`/collections/${TOP}/ead?edition=ead1`)
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      detail:
        "Invalid value 'ead1' for parameter 'edition': must be one of 'ead3', 'ead2002' (ead3 when left out)",
    })
  })

  it('is a 404 for an unknown id and a 409 naming the top for an inner collection', async () => {
    expect((await app.request('/collections/nope/ead')).status).toBe(404)
    expect((await app.request(`/objects/${TOP}/ead`)).status).toBe(404)
    const inner = await app.request(`/collections/${INNER}/ead`)
    expect(inner.status).toBe(409)
    expect(((await inner.json()) as { detail: string }).detail).toContain(`/collections/${TOP}`)
  })

  it('answers at once over the in-memory catalogue, as every endpoint does', () => {
    for (const url of [`/collections/${TOP}/ead`, '/oai?verb=ListRecords&metadataPrefix=oai_dc']) {
      const answer = app.handle({ method: 'GET', url, headers: { host: 'localhost' } })
      expect(answer).not.toBeInstanceOf(Promise)
      expect((answer as { status: number }).status).toBe(200)
    }
  })

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.request(`/collections/${TOP}/ead`, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/xml')
    expect(await response.text()).toBe('')
  })

  it('is described in the OpenAPI document as XML', async () => {
    const openApi = (await (await app.request('/openapi.json')).json()) as {
      paths: Record<string, { get: { responses: Record<string, { content?: object }> } }>
    }
    const operation = openApi.paths['/collections/{id}/ead']!.get
    expect(Object.keys(operation.responses['200']!.content!)).toEqual(['application/xml'])
    expect(Object.keys(operation.responses)).toContain('409')
  })

  describe('over a socket', () => {
    let children = 0
    /** The pages of children a whole walk asks for. */
    let whole = 0
    let server: Awaited<ReturnType<typeof listen>>
    let big: Catalogue

    beforeAll(async () => {
      // One collection of 2,000 objects of 14 KB (28 MB of EAD, more than the sockets between
      // hold), asked for 10 at a time: many pages. Each title's bulk is one long word: the bytes
      // of 20,000 objects of 1.4 KB of words without the cost of indexing them (16 s of a core).
      const top = catalogue.get(`/collections/${TOP}`) as Extract<
        CatalogueDocument,
        { type: 'collection' }
      >
      const objects = Array.from({ length: 2_000 }, (_, i) => ({
        uri: `/objects/many${i}`,
        type: 'object' as const,
        title: `Folder ${i} of ${'lettersandreports'.repeat(800)}`,
        category: 'collection' as const,
        dates: top.dates,
        formats: ['documents' as const],
        position: i,
        online: false,
        parent: TOP,
        extents: [],
        group: top.group,
        external_identifiers: [{ identifier: `many${i}`, source: 'ead' as const }],
      }))
      big = Catalogue.fromDocuments(
        [
          ...catalogue.documents([...catalogue.data.uris]).filter((d) => d !== undefined),
          ...objects,
        ] as CatalogueDocument[],
        { maxLimit: 10 },
      )
      const counting = new Proxy(big, {
        get(target, name) {
          if (name === 'children') {
            return (...args: Parameters<CatalogueBackend['children']>) => {
              children++
              return target.children(...args)
            }
          }
          const value = Reflect.get(target, name, target)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
      server = await listen(createApp(counting), { port: 0 })
    })

    afterAll(async () => {
      await server.close()
    })

    it('sends it compressed as it goes when the client accepts gzip', async () => {
      children = 0
      const response = await fetch(`${server.url}/collections/${TOP}/ead`, {
        headers: { 'Accept-Encoding': 'gzip' },
      })
      expect(response.headers.get('content-encoding')).toBe('gzip')
      const body = await response.text() // fetch decodes it
      expect(body).toBe(await text(findingAid(big, TOP)))
      whole = children
    })

    it('stops the walk when the client goes away', async () => {
      children = 0
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest(`${server.url}/collections/${TOP}/ead`, (res) => {
          res.once('data', () => {
            req.destroy()
            resolve()
          })
        })
        req.on('error', () => {})
        req.once('error', reject)
        req.end()
      })
      // The server learns of it a few chunks later; then it asks for nothing more.
      await new Promise((resolve) => setTimeout(resolve, 200))
      const asked = children
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(children).toBe(asked)
      // The whole walk asks for many more pages than were asked before the client left.
      expect(whole).toBeGreaterThan(100)
      expect(asked).toBeLessThan(whole)
    })
  })
})
