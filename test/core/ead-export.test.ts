/**
 * EAD out (`findingAid`): every finding aid of `test/fixtures/ead` imported, exported (EAD3 and
 * EAD 2002) and imported again gives the same documents (ids, titles, dates, levels, notes,
 * terms, agents, hierarchy, and the rest the importer makes), and the generated sample's
 * catalogue too (its ids through the finding aid's), and generated finding aids (fast-check) of
 * either edition exported in either, ids included; every export validates against the
 * official schema; unknown and inner collections are refused before the first chunk; text and
 * attributes are escaped, characters XML cannot hold dropped; the walk is paged.
 */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  BadParameterError,
  Catalogue,
  type CatalogueDocument,
  EAD_EDITIONS,
  type EadEdition,
  editionOf,
  findingAid,
  loadCatalogue,
  NotFoundError,
  NotTopLevelError,
} from '../../packages/core/src/index.js'
import { SAMPLE } from '../helpers/corpus.js'
import {
  exportFindingAids,
  genericForm,
  importedForm,
  importFindingAids,
  reimport,
} from '../helpers/ead-round-trip.js'
import { componentCount, findingAidXml, generatedFindingAid } from '../helpers/generated-ead.js'
import { schemaErrors, schemaErrorsOfEach } from '../helpers/xml-schemas.js'

const EAD = fileURLToPath(new URL('../fixtures/ead/', import.meta.url))
const fixtures = readdirSync(EAD)
  .filter((name) => name.endsWith('.xml'))
  .sort()
  .map((name) => EAD + name)

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = ''
  for await (const chunk of chunks) all += chunk
  return all
}

function byUri(documents: CatalogueDocument[]): Map<string, CatalogueDocument> {
  return new Map(documents.map((document) => [document.uri, document]))
}

describe('findingAid', () => {
  let imported: CatalogueDocument[]
  let catalogue: Catalogue

  beforeAll(async () => {
    imported = await importFindingAids(fixtures)
    catalogue = Catalogue.fromDocuments(imported)
  })

  describe.each(EAD_EDITIONS)('%s', (edition) => {
    let exported: Map<string, string>

    beforeAll(async () => {
      exported = await exportFindingAids(catalogue, edition)
    })

    it('writes one finding aid per top-level collection', () => {
      expect(exported.size).toBe(fixtures.length)
    })

    it('writes finding aids the official schema accepts', async () => {
      const errors = await schemaErrorsOfEach(exported, edition)
      for (const id of exported.keys()) {
        expect({ id, errors: errors.get(id) }).toEqual({ id, errors: [] })
      }
    })

    it('gives back the documents it was imported from when imported again', async () => {
      const again = byUri(await reimport(exported))
      expect([...again.keys()].sort()).toEqual(imported.map((document) => document.uri).sort())
      for (const document of imported) {
        expect(importedForm(again.get(document.uri)!)).toEqual(importedForm(document))
      }
    })
  })

  describe('of the generated sample', () => {
    let sample: Catalogue

    beforeAll(async () => {
      sample = (await loadCatalogue(SAMPLE)).catalogue
    })

    it.each(EAD_EDITIONS)(
      'gives back its documents in %s, ids through the finding aid',
      async (edition) => {
        const exported = await exportFindingAids(sample, edition)
        expect(exported.size).toBe(5)
        const errors = await schemaErrorsOfEach(exported, edition)
        for (const id of exported.keys()) {
          expect({ id, errors: errors.get(id) }).toEqual({ id, errors: [] })
        }
        const again = byUri(await reimport(exported))
        const originals = sample
          .documents([...sample.data.uris])
          .filter(
            (document) => document?.type === 'collection' || document?.type === 'object',
          ) as Extract<CatalogueDocument, { type: 'collection' | 'object' }>[]
        const parents = new Set(
          originals.map((document) => document.parent?.replace(/^\/collections\//, '')),
        )
        const expectedUri = (document: (typeof originals)[number]) => {
          const id = document.uri.split('/').pop()!
          const top = document.group.identifier.split('/').pop()!
          if (id === top) return document.uri
          const own = /^[A-Za-z_]/.test(id) ? id : `_${id}`
          // Every leaf component is an object to the importer.
          const type = parents.has(id) ? 'collections' : 'objects'
          return `/${type}/${top}_${own}`
        }
        const mapped = new Map(originals.map((document) => [document.uri, expectedUri(document)]))
        const toNew = (uri: string) => mapped.get(uri)
        expect(again.size).toBe(originals.length + (again.size - originals.length))
        for (const original of originals) {
          const back = again.get(toNew(original.uri)!)
          expect(back, original.uri).toBeDefined()
          expect(genericForm(back as never, (uri) => uri, edition)).toEqual(
            genericForm(original, toNew, edition),
          )
        }
      },
    )
  })

  describe('of generated finding aids', () => {
    /**
     * What must come back: {@link importedForm}, the ancestors too without the `id` attribute
     * as written (`a.b-1` comes back as the `a-b-1` of its uri, which is compared).
     */
    const form = (document: CatalogueDocument | undefined) => {
      const shown = importedForm(document!) as { ancestors?: { external_identifiers?: unknown }[] }
      if (!shown.ancestors) return shown
      const ancestors = shown.ancestors.map(({ external_identifiers, ...rest }) => rest)
      return { ...shown, ancestors }
    }

    /** Writes a finding aid to a file named by its id, and imports it. */
    async function importXml(xml: string, id: string): Promise<CatalogueDocument[]> {
      const path = join(mkdtempSync(join(tmpdir(), 'generated-ead-')), `${id}.xml`)
      writeFileSync(path, xml)
      return importFindingAids([path])
    }

    it.each([
      ['ead3', 'ead3'],
      ['ead2002', 'ead2002'],
      ['ead3', 'ead2002'],
      ['ead2002', 'ead3'],
    ] as [EadEdition, EadEdition][])(
      'gives back the documents of one written in %s when exported as %s, ids included',
      async (written, exportedAs) => {
        let validated = false
        await fc.assert(
          fc.asyncProperty(generatedFindingAid(), async (aid) => {
            const xml = findingAidXml(aid, written)
            const first = await importXml(xml, aid.id)
            const described = first.filter((d) => d.type === 'collection' || d.type === 'object')
            expect(described).toHaveLength(componentCount(aid))
            const exported = await exportFindingAids(Catalogue.fromDocuments(first), exportedAs)
            if (!validated) {
              // Once a run (each is a second): the generated EAD is EAD, and so is its export.
              validated = true
              const withSchema = xml.replace(
                '<ead ',
                '<ead xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ',
              )
              expect(await schemaErrors(withSchema, written)).toEqual([])
              expect(await schemaErrors(exported.get(aid.id)!, exportedAs)).toEqual([])
            }
            const again = await reimport(exported)
            expect(again.map((d) => d.uri).sort()).toEqual(first.map((d) => d.uri).sort())
            const back = byUri(again)
            for (const document of first) {
              expect(form(back.get(document.uri)), document.uri).toEqual(form(document))
            }
          }),
          { seed: 20260101, numRuns: 5 },
        )
      },
      60_000,
    )

    it('keeps the paragraphs of an EAD 2002 did note in EAD3, as an odd of type note', async () => {
      const xml = `<ead xmlns="urn:isbn:1-931666-22-9"><eadheader><eadid>notes</eadid><filedesc><titlestmt><titleproper>Notes</titleproper></titlestmt></filedesc></eadheader>
<archdesc level="collection"><did><unittitle>Notes</unittitle><origination><persname>Doe, Jane</persname></origination>
<note><p>First paragraph.</p><p>Second paragraph.</p></note></did></archdesc></ead>`
      const first = await importXml(xml, 'notes')
      const [note] = (first[0] as Extract<CatalogueDocument, { type: 'collection' }>).notes!
      expect(note!.subnotes[0]!.content).toEqual(['First paragraph.', 'Second paragraph.'])
      const exported = await exportFindingAids(Catalogue.fromDocuments(first), 'ead3')
      const ead3 = exported.get('notes')!
      // EAD3's didnote holds no paragraphs: a note of several is an odd beside the did.
      expect(ead3).toContain(
        '<odd localtype="note"><head>General Note</head><p>First paragraph.</p><p>Second paragraph.</p></odd>',
      )
      expect(ead3).not.toContain('<didnote>')
      expect(await schemaErrors(ead3, 'ead3')).toEqual([])
      const [back] = await reimport(exported)
      expect(form(back)).toEqual(form(first[0]))
      // A note of one paragraph stays in the did.
      const single = await importXml(xml.replace('<p>Second paragraph.</p>', ''), 'notes')
      const one = (await exportFindingAids(Catalogue.fromDocuments(single), 'ead3')).get('notes')!
      expect(one).toContain('<didnote>First paragraph.</didnote>')
      expect(one).not.toContain('<odd')
    })
  })

  describe('refusals', () => {
    it('is a NotFoundError for an unknown id, before any chunk', async () => {
      await expect(text(findingAid(catalogue, 'nope'))).rejects.toBeInstanceOf(NotFoundError)
    })

    it('is a NotTopLevelError naming the top for a collection inside another', async () => {
      const inner = imported.find(
        (document) => document.type === 'collection' && 'parent' in document && document.parent,
      )!
      const error = await text(findingAid(catalogue, inner.uri.split('/').pop()!)).catch(
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(NotTopLevelError)
      expect((error as NotTopLevelError).topLevel).toBe(inner.group.identifier)
    })

    it('reads the edition, and refuses another naming the parameter', () => {
      expect(editionOf(undefined)).toBe('ead3')
      expect(editionOf(' EAD2002 ')).toBe('ead2002')
      expect(() => editionOf('ead4')).toThrow(BadParameterError)
      expect(() => editionOf('ead4', '--edition')).toThrow(/'--edition'.*'ead3', 'ead2002'/)
    })
  })

  describe('escaping and paging', () => {
    const hostile = 'Tom & Jerry <b>"quoted"</b> \u0001bell\u0007 ]]> tab\there \uD800lone'
    let small: Catalogue

    beforeAll(() => {
      const top = imported.find((d) => d.uri === '/collections/a0011')
      const base = imported.filter(
        (d) =>
          d.group.identifier === '/collections/a0011' || d.type === 'agent' || d.type === 'term',
      )
      const changed = base.map((d) =>
        d === top
          ? {
              ...d,
              title: hostile,
              notes: [
                {
                  type: 'scopecontent' as const,
                  title: 'Scope & <contents>',
                  source: 'ead' as const,
                  subnotes: [{ type: 'text' as const, content: [hostile] }],
                },
              ],
            }
          : d,
      )
      small = Catalogue.fromDocuments(changed as CatalogueDocument[])
    })

    it('escapes text and drops what XML cannot hold, and the text comes back', async () => {
      for (const edition of EAD_EDITIONS) {
        const xml = await text(findingAid(small, 'a0011', { edition }))
        expect(await schemaErrors(xml, edition)).toEqual([])
        expect(xml).toContain(
          'Tom &amp; Jerry &lt;b&gt;"quoted"&lt;/b&gt; bell ]]&gt; tab\there lone',
        )
        const [back] = await reimport(new Map([['a0011', xml]]))
        expect(back!.title).toBe('Tom & Jerry <b>"quoted"</b> bell ]]> tab here lone')
      }
    })

    it('writes attribute values escaped', async () => {
      const withFile = Catalogue.fromDocuments(
        imported
          .filter(
            (d) =>
              d.group.identifier === '/collections/a0011' ||
              (d.type !== 'collection' && d.type !== 'object'),
          )
          .map((d) =>
            d.type === 'object'
              ? {
                  ...d,
                  online: true,
                  files: [
                    {
                      title: 'a "b" & <c>\n',
                      download: 'https://x.org/?a=1&b="2"',
                      manifest: null,
                    },
                  ],
                }
              : d,
          ) as CatalogueDocument[],
      )
      for (const edition of EAD_EDITIONS) {
        const xml = await text(findingAid(withFile, 'a0011', { edition }))
        expect(await schemaErrors(xml, edition)).toEqual([])
        expect(xml).toContain('https://x.org/?a=1&amp;b=&quot;2&quot;')
        expect(xml).toContain('a &quot;b&quot; &amp; &lt;c&gt;&#10;')
      }
    })

    it('asks for children a page at a time and hands out text before each wait', async () => {
      const asked: number[] = []
      const counting = new Proxy(catalogue, {
        get(target, name, receiver) {
          if (name === 'documents') {
            return (uris: string[]) => {
              asked.push(uris.length)
              return target.documents(uris)
            }
          }
          const value = Reflect.get(target, name, receiver)
          return typeof value === 'function' ? value.bind(target) : value
        },
      })
      let chunks = 0
      for await (const _ of findingAid(counting, 'lc0100', { pageSize: 7, chunkSize: 1 })) {
        chunks++
      }
      expect(Math.max(...asked)).toBeLessThanOrEqual(7)
      expect(asked.length).toBeGreaterThan(3)
      expect(chunks).toBeGreaterThan(asked.length)
    })
  })
})
