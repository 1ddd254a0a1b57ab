/**
 * EAD import: every finding aid of `test/fixtures/ead` (real EAD 2002 files, namespaced or
 * not) imports, validates, loads and serves; counts, titles, the deepest path, dates and
 * extents are the XML's; shared agents are stored once; a re-import is byte-identical; a
 * malformed file is reported with its line and column and adds nothing; an EAD3 file imports
 * too. A heading listed twice under one component is linked once; leaves keep their level;
 * `controlaccess` names are the agents a detail shows. Dates: ead-dates.test.ts; where warnings
 * point: ead-warnings.test.ts.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it, vi } from 'vitest'
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

/** A finding aid whose components hold these `did` parts and component parts, in a temp folder. */
function findingAid(components: string[], archdesc = ''): string {
  const file = join(mkdtempSync(join(tmpdir(), 'catalogue-ead-')), 'aid.xml')
  writeFileSync(
    file,
    `<ead xmlns="urn:isbn:1-931666-22-9">
  <eadheader><eadid>aid</eadid></eadheader>
  <archdesc level="collection">
    <did><unittitle>Papers</unittitle><origination><persname>Doe, Jane</persname></origination></did>
    ${archdesc}
    <dsc>
${components.map((parts, i) => `      <c id="c${i}" level="file">${parts}</c>`).join('\n')}
    </dsc>
  </archdesc>
</ead>
`,
  )
  return file
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
      column: 21,
      component: 'component id aspace_533f0fb03170d86408e0b1dde0d92fa7',
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

  it('keeps nothing of a file that is not well-formed, not even the agents it named or the warnings it raised first', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'catalogue-ead-'))
    // Its collection is made (with the repository as creator, lacking an origination) and its
    // subject named before the mistake.
    const broken = join(folder, 'broken.xml')
    writeFileSync(
      broken,
      `<ead><eadheader><eadid>broken</eadid></eadheader><archdesc level="collection">
<did><unittitle>Broken papers</unittitle></did>
<controlaccess><persname>Ghost, Anna</persname><subject>Hauntings</subject></controlaccess>
<dsc><c id="one"><did><unittitle>Letter</unittitle></dd></c></dsc></archdesc></ead>\n`,
    )
    const importer = new EadImporter()
    await importer.importFile(join(EAD, 'sul-spec-a0011.xml'))
    const before = importer.sharedDocuments().map(({ text }) => text)
    const warned = [...importer.warnings]
    await expect(importer.importFile(broken)).rejects.toThrow(EadSyntaxError)
    expect(importer.sharedDocuments().map(({ text }) => text)).toEqual(before)
    expect(importer.warnings).toEqual(warned)
    expect(importer.counts.findingAids).toBe(1)
    // What it would have added, once well-formed: the stand-in creator and its headings, and
    // the warning about it.
    writeFileSync(broken, readFileSync(broken, 'utf8').replace('</dd>', '</did>'))
    await importer.importFile(broken)
    const added = importer.sharedDocuments().filter(({ text }) => !before.includes(text))
    expect(added.map(({ document }) => document.title)).toEqual([
      'Ghost, Anna',
      'Unknown creator',
      'Hauntings',
    ])
    expect(importer.warnings.slice(warned.length).map(({ message }) => message)).toEqual([
      'no <origination> here or above: the repository stands as creator',
    ])
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

describe('EadImporter controlaccess', () => {
  it('links a term or agent listed twice under one component once, in the order first met', async () => {
    const access = `<controlaccess>
        <subject source="lcsh">Music</subject>
        <geogname source="lcsh">Interlochen (Mich.)</geogname>
        <persname>Doe, John</persname>
        <corpname>National Music Camp</corpname>
        <famname>Maddy family</famname>
        <genreform source="aat">Music</genreform>
        <subject source="lcsh">Music.</subject>
        <controlaccess>
          <subject source="lcsh">music</subject>
          <persname>Doe, John.</persname>
          <corpname>National Music Camp</corpname>
          <famname>Maddy family</famname>
          <geogname source="lcsh">Interlochen (Mich.)</geogname>
        </controlaccess>
      </controlaccess>`
    const file = findingAid(
      [
        `<did><unittitle>Letters</unittitle></did>${access}`,
        `<did><unittitle>Series</unittitle><origination><persname>Roe, Ann</persname><persname>Roe, Ann</persname></origination></did>
        <c><did><unittitle>Inside</unittitle></did></c>`,
      ],
      access,
    )
    const importer = new EadImporter()
    const [top, letters, series] = (await importer.importFile(file)).map(({ document }) => document)
    for (const document of [top!, letters!]) {
      const titles = (key: 'terms' | 'people' | 'organizations' | 'families') =>
        ((document as unknown as Record<string, { title: string; type: string }[]>)[key] ?? []).map(
          ({ title, type }) => `${type}:${title}`,
        )
      expect(titles('terms'), document.uri).toEqual([
        'topical:Music',
        'geographic:Interlochen (Mich.)',
        'genre_form:Music',
      ])
      expect(titles('people'), document.uri).toEqual(['person:Doe, John'])
      expect(titles('organizations'), document.uri).toEqual(['organization:National Music Camp'])
      expect(titles('families'), document.uri).toEqual(['family:Maddy family'])
    }
    expect((series as { creators: { title: string }[] }).creators.map((c) => c.title)).toEqual([
      'Roe, Ann',
    ])
  })

  it('keeps an agent who is both the creator and the subject of an object in both roles', async () => {
    const file = findingAid([
      `<did><unittitle>Diary</unittitle><origination><persname>Doe, John</persname></origination></did>
      <controlaccess><persname>Doe, John</persname><corpname>Acme Mills</corpname></controlaccess>`,
    ])
    const [, diary] = await new EadImporter().importFile(file)
    const { people, agents } = diary!.document as Record<
      'people' | 'agents',
      { title: string; role: string }[]
    >
    expect(people.map(({ title, role }) => `${role}:${title}`)).toEqual([
      'subject:Doe, John',
      'creator:Doe, John',
    ])
    // Its agents name him once, as the creator, where he is first named.
    expect(agents.map(({ title, role }) => `${role}:${title}`)).toEqual([
      'creator:Doe, John',
      'subject:Acme Mills',
    ])
  })

  it('stores each heading of a real finding aid that repeats them once', async () => {
    // The Interlochen records list their subjects twice; the Hemingway sample its people.
    const { documents } = await importAll([
      join(EAD, 'sample-no-ids-recordgrp-level.xml'),
      join(EAD, 'sample-deeply-nested-components.xml'),
    ])
    for (const document of documents) {
      const record = document as unknown as Record<string, { identifier: string }[] | undefined>
      for (const key of ['terms', 'people', 'organizations', 'families']) {
        const identifiers = (record[key] ?? []).map(({ identifier }) => identifier)
        expect(new Set(identifiers).size, `${document.uri} ${key}`).toBe(identifiers.length)
      }
    }
  })
})

describe('EadImporter levels and agents', () => {
  const ONE_LINE = join(EAD, 'aspace-one-line-dates.xml')

  it('keeps the level of a leaf: a file, an item, a series without components', async () => {
    const { documents } = await importAll([ONE_LINE])
    const levels = (title: string) =>
      documents
        .filter((document) => document.title === title)
        .map((document) => `${document.type}:${(document as { level?: string | null }).level}`)
    expect(levels('Series I: Films')).toEqual(['collection:series'])
    expect(levels('Series II: Correspondence')).toEqual(['object:series'])
    expect(levels('Reel 1')).toEqual(['object:file'])
    expect(levels('Letter')).toEqual(['object:item'])
    expect(levels('Box 3')).toEqual(['collection:Box'])
    for (const document of documents) expect(validateDocument(document), document.uri).toEqual([])
  })

  it('counts collections and objects by level in stats', async () => {
    const { catalogue } = await loadCatalogue(ONE_LINE)
    expect(catalogue.stats().byLevel).toEqual([
      { key: 'file', doc_count: 11 },
      { key: 'item', doc_count: 4 },
      { key: 'series', doc_count: 2 },
      { key: 'Box', doc_count: 1 },
      { key: 'collection', doc_count: 1 },
    ])
  })

  it("shows a collection's controlaccess names as its agents, subjects and not creators", async () => {
    const { catalogue } = await loadCatalogue(ONE_LINE)
    const detail = catalogue.collection('mss_999')
    expect(detail.agents?.map(({ title, type, uri }) => ({ title, type, uri }))).toEqual([
      { title: 'Doe, Jane', type: 'person', uri: expect.stringMatching(/^\/agents\/Doe-Jane-/) },
      {
        title: 'Example Film Society',
        type: 'organization',
        uri: expect.stringMatching(/^\/agents\/Example-Film-Society-/),
      },
      { title: 'Roe family', type: 'family', uri: expect.stringMatching(/^\/agents\/Roe-family-/) },
    ])
    expect(detail.creators?.map(({ title }) => title)).toEqual(['Example Film Society'])
    // A subject is not a creator: the creator facet counts the society alone.
    const creators = catalogue.facets({}).creator.map(({ key }) => key)
    expect(creators).toEqual(['Example Film Society'])
    // A component without names of its own shows none.
    expect(catalogue.object('mss_999_aspace_ref11_reel').agents).toBeNull()
  })

  it("shows an object's subjects and own creators as its agents", async () => {
    const file = findingAid([
      `<did><unittitle>Diary</unittitle><origination><persname>Doe, John</persname></origination></did>
      <controlaccess><corpname>Acme Mills</corpname></controlaccess>`,
    ])
    const { catalogue } = await loadCatalogue(file)
    const agents = catalogue.object('aid_c0').agents ?? []
    expect(agents.map(({ title, type }) => `${type}:${title}`)).toEqual([
      'organization:Acme Mills',
      'person:Doe, John',
    ])
  })
})

describe('a catalogue of EAD finding aids', () => {
  let catalogue: Catalogue
  let warnings: unknown[]
  beforeAll(async () => {
    // loadCatalogue's importer takes this year from the clock: fixed, as the fixtures' wrong
    // normals (2054 among them) are after it only until then.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-01T00:00:00Z') })
    try {
      ;({ catalogue, warnings } = await loadCatalogue(EAD))
    } finally {
      vi.useRealTimers()
    }
  })

  it('loads the folder directly, its warnings with their file, line and column', () => {
    expect(catalogue.size).toBe(633)
    expect(warnings).toHaveLength(9)
    expect(warnings).toContainEqual({
      source: { file: join(EAD, 'sample-large-components-list.xml'), line: 27, column: 5 },
      message: 'archdesc: no <origination> here or above: the repository stands as creator',
    })
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
    const [type, id] = uris.get(deepest).slice(1).split('/') as ['objects' | 'collections', string]
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
      const next = chain[i + 1] ?? uris.get(deepest)
      const children = catalogue.children(chain[i]!.split('/')[2]!, { limit: 500 })
      expect(children.results.map((item) => item.uri)).toContain(next)
    }
  })
})
