/**
 * EAD import: every finding aid of `test/fixtures/ead` (real EAD 2002 files, namespaced or
 * not) imports, validates, loads and serves; counts, titles, the deepest path, dates and
 * extents are the XML's; shared agents are stored once; a re-import is byte-identical; a
 * malformed file is reported with its line and column; an EAD3 file imports too.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  type Catalogue,
  type CatalogueDocument,
  EadImporter,
  EadSyntaxError,
  loadCatalogue,
  validateDocument,
} from '../../packages/core/src/index.js'

const EAD = fileURLToPath(new URL('../fixtures/ead/', import.meta.url))
const files = readdirSync(EAD)
  .filter((name) => name.endsWith('.xml'))
  .sort()

/** Components in the XML: `c`, `c01`…`c12` start tags, namespaced or not. */
function componentCount(xml: string): number {
  return xml.match(/<(?:[\w-]+:)?c(?:0[1-9]|1[0-2])?[\s>]/g)?.length ?? 0
}

async function importAll(paths: string[]) {
  const importer = new EadImporter()
  const documents: CatalogueDocument[] = []
  for (const path of paths) {
    documents.push(...(await importer.importFile(path)).map(({ document }) => document))
  }
  documents.push(...importer.sharedDocuments().map(({ document }) => document))
  return { importer, documents }
}

describe('EadImporter', () => {
  describe.each(files)('%s', (file) => {
    it('imports one document per component and the finding aid, each valid', async () => {
      const xml = readFileSync(join(EAD, file), 'utf8')
      const importer = new EadImporter()
      const imported = await importer.importFile(join(EAD, file))
      expect(imported).toHaveLength(componentCount(xml) + 1)
      for (const { document } of [...imported, ...importer.sharedDocuments()]) {
        expect(validateDocument(document), document.uri).toEqual([])
      }
      const [top] = imported
      expect(top!.document.type).toBe('collection')
      expect('parent' in top!.document ? top!.document.parent : undefined).toBeUndefined()
      // Every component's group is the finding aid.
      for (const { document } of imported) expect(document.group.identifier).toBe(top!.document.uri)
    })
  })

  it('reads dates, extents, languages, creators, notes and digital objects as the XML has them', async () => {
    const { documents } = await importAll([join(EAD, 'sul-spec-a0011.xml')])
    const top = documents[0] as CatalogueDocument & Record<string, unknown>
    expect(top).toMatchObject({
      uri: '/collections/a0011',
      title: 'Stanford University student life photograph album',
      level: 'collection',
      dates: [
        {
          begin: '1900',
          end: '1906',
          expression: 'circa 1900-1906',
          label: 'creation',
          type: 'inclusive',
          source: 'ead',
        },
      ],
      extents: [
        { value: '1.25', type: 'Linear Feet' },
        { value: '1', type: 'volume' },
        { value: '1', type: 'document case' },
        { value: '16', type: 'DVDRs' },
      ],
      languages: [{ expression: 'English', identifier: 'eng' }],
      formats: ['photographs'],
      creators: [expect.objectContaining({ title: 'Stanford University', role: 'creator' })],
    })
    const notes = top.notes as { type: string; title: string; subnotes: { content: string[] }[] }[]
    // physdesc parts in XML order, then the notes of the archdesc in theirs.
    expect(notes.map((note) => note.type)).toEqual([
      'physfacet',
      'dimensions',
      'dimensions',
      'physfacet',
      'accessrestrict',
      'userestrict',
      'prefercite',
      'scopecontent',
      'altformavail',
      'note',
    ])
    expect(notes.find((note) => note.type === 'userestrict')!.subnotes[0]!.content).toHaveLength(2)
    const album = documents[1] as CatalogueDocument & Record<string, unknown>
    expect(album).toMatchObject({
      uri: '/objects/a0011_aspace_ref6_lx4',
      type: 'object',
      title: 'Photograph Album',
      parent: '/collections/a0011',
      online: true,
      files: [
        {
          title: 'Photograph Album',
          download: 'http://purl.stanford.edu/kc844kt2526',
          manifest: null,
        },
      ],
    })
  })

  it('stores an agent that two finding aids share once', async () => {
    const { documents } = await importAll([
      join(EAD, 'sul-spec-a0011.xml'),
      join(EAD, 'sul-spec-pc0170.xml'),
    ])
    const athletics = documents.filter(
      (document) => document.title === 'Stanford University. Department of Athletics',
    )
    expect(athletics).toHaveLength(1)
    const users = documents.filter((document) =>
      JSON.stringify(document).includes(`"identifier":"${athletics[0]!.uri.split('/')[2]}"`),
    )
    expect(new Set(users.map((document) => document.group.identifier)).size).toBe(2)
  })

  it('gives the same bytes when the same files are imported again', async () => {
    const paths = files.map((file) => join(EAD, file))
    const first = (await importAll(paths)).documents.map((d) => JSON.stringify(d)).join('\n')
    const second = (await importAll(paths)).documents.map((d) => JSON.stringify(d)).join('\n')
    expect(second).toBe(first)
  })

  it('numbers components without ids by their path, and warns about an untitled one', async () => {
    const { importer, documents } = await importAll([
      join(EAD, 'sample-no-ids-recordgrp-level.xml'),
      join(EAD, 'sample-deeply-nested-components.xml'),
    ])
    const noIds = documents.filter((d) => d.group.identifier === documents[0]!.uri)
    expect(noIds.slice(1).map((d) => d.uri.split('_').pop())).toEqual(['1', '1-1', '1-2', '1-3'])
    expect(importer.warnings).toContainEqual({
      file: join(EAD, 'sample-deeply-nested-components.xml'),
      line: 490,
      message: 'component without a title',
    })
  })

  it('reports a file that is not well-formed XML with its line and column', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'catalogue-ead-'))
    const broken = join(folder, 'broken.xml')
    writeFileSync(broken, '<ead>\n  <archdesc level="collection">\n    <did></dd>\n')
    const error = await new EadImporter().importFile(broken).catch((caught) => caught)
    expect(error).toBeInstanceOf(EadSyntaxError)
    expect(error.message).toBe(
      `Malformed XML in ${broken} at line 3, column 15: unexpected close tag`,
    )
    const notEad = join(folder, 'other.xml')
    writeFileSync(notEad, '<?xml version="1.0"?>\n<mods><titleInfo/></mods>\n')
    await expect(new EadImporter().importFile(notEad)).rejects.toThrow(
      'the root element is <mods>, not <ead>: not an EAD finding aid',
    )
  })

  it('imports EAD3: record id, structured dates and extents, name parts, dao href', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'catalogue-ead3-'))
    const file = join(folder, 'ead3.xml')
    writeFileSync(
      file,
      `<ead xmlns="http://ead3.archivists.org/schema/">
  <control><recordid>ms-42</recordid></control>
  <archdesc level="collection">
    <did>
      <unittitle>Papers of Ada Lovelace</unittitle>
      <origination><persname><part>Lovelace, Ada</part><part>1815-1852</part></persname></origination>
      <unitdatestructured unitdatetype="inclusive"><daterange><fromdate standarddate="1830">1830</fromdate><todate standarddate="1852">1852</todate></daterange></unitdatestructured>
      <physdescstructured physdescstructuredtype="spaceoccupied" coverage="whole"><quantity>2</quantity><unittype>boxes</unittype></physdescstructured>
      <langmaterial><language langcode="eng">English</language></langmaterial>
    </did>
    <scopecontent><head>Scope</head><p>Notes on the Analytical Engine.</p></scopecontent>
    <dsc>
      <c id="notes" level="file">
        <did><unittitle>Note G</unittitle><dao href="https://example.org/g.pdf" daotype="derived"/></did>
      </c>
    </dsc>
  </archdesc>
</ead>
`,
    )
    const { documents } = await importAll([file])
    expect(documents.map((d) => d.uri)).toEqual([
      '/collections/ms-42',
      '/objects/ms-42_notes',
      expect.stringMatching(/^\/agents\/Lovelace-Ada-1815-1852-[0-9a-f]{8}$/),
    ])
    expect(documents[0]).toMatchObject({
      dates: [{ begin: '1830', end: '1852', type: 'inclusive' }],
      extents: [{ value: '2', type: 'boxes' }],
      creators: [expect.objectContaining({ title: 'Lovelace, Ada 1815-1852' })],
    })
    expect(documents[1]).toMatchObject({
      online: true,
      files: [{ download: 'https://example.org/g.pdf' }],
    })
    for (const document of documents) expect(validateDocument(document)).toEqual([])
  })
})

describe('a catalogue of EAD finding aids', () => {
  let catalogue: Catalogue
  let warnings: unknown[]
  beforeAll(async () => {
    ;({ catalogue, warnings } = await loadCatalogue(EAD))
  })

  it('loads the folder directly, its warnings with their file and line', () => {
    expect(catalogue.size).toBe(610)
    expect(warnings).toHaveLength(3)
  })

  it('finds each finding aid by a word of its title', () => {
    for (const [word, uri] of [
      ['photograph', '/collections/a0011'],
      ['interlochen', '/collections/umich-bhl-851981'],
      ['penitents', '/collections/m0198'],
    ]) {
      expect(catalogue.search({ query: word! }).results.map((r) => r.uri)).toContain(uri)
    }
  })

  it('answers the deepest path through ancestors and children', () => {
    const { hierarchy, uris } = catalogue.data
    let deepest = 0
    let depth = 0
    for (let index = 0; index < catalogue.size; index++) {
      let d = 0
      for (let node = hierarchy.parentOf[index]!; node >= 0; node = hierarchy.parentOf[node]!) d++
      if (d > depth) {
        depth = d
        deepest = index
      }
    }
    expect(depth).toBeGreaterThanOrEqual(10)
    const [type, id] = uris[deepest]!.slice(1).split('/') as ['objects' | 'collections', string]
    const chain: string[] = []
    let node = catalogue.ancestors(type === 'objects' ? 'object' : 'collection', id) as {
      uri?: string
      child?: unknown
    }
    while (node?.uri) {
      chain.push(node.uri)
      node = node.child as typeof node
    }
    expect(chain).toHaveLength(depth)
    for (let i = 0; i < chain.length; i++) {
      const next = chain[i + 1] ?? uris[deepest]!
      const children = catalogue.children(chain[i]!.split('/')[2]!, { limit: 500 })
      expect(children.results.map((item) => item.uri)).toContain(next)
    }
  })
})
