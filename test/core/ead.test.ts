/**
 * EAD import: every finding aid of `test/fixtures/ead` (real EAD 2002 files, namespaced or
 * not) imports, validates, loads and serves; counts, titles, the deepest path, dates and
 * extents are the XML's; shared agents are stored once; a re-import is byte-identical; a
 * malformed file is reported with its line and column; an EAD3 file imports too. Dates are read
 * from `unitdate` text as archivists write them (decades, centuries, undated forms), and a
 * heading listed twice under one component is linked once.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  type Catalogue,
  type CatalogueDate,
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

/** The date of a component whose `unitdate` is `text`, and the import's warnings. */
async function importDate(text: string): Promise<{ date: CatalogueDate; warnings: string[] }> {
  const importer = new EadImporter()
  const file = findingAid([`<did><unittitle>File</unittitle><unitdate>${text}</unitdate></did>`])
  const [, component] = await importer.importFile(file)
  return {
    date: (component!.document as Extract<CatalogueDocument, { dates: unknown }>).dates[0]!,
    warnings: importer.warnings.map(({ message }) => message),
  }
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

describe('EadImporter unitdate text', () => {
  it.each([
    ['1990s', '1990', '1999'],
    ["1990's", '1990', '1999'],
    ['1990\u2019s', '1990', '1999'],
    ['circa 1970s', '1970', '1979'],
    ['ca. 1970s', '1970', '1979'],
    ['c. 1970s', '1970', '1979'],
    ['approximately 1970s', '1970', '1979'],
    ['1980s-1990s', '1980', '1999'],
    ['[2000s]', '2000', '2009'],
    ['1970s.', '1970', '1979'],
    ['[1990s?]', '1990', '1999'],
    ['1920s-30s', '1920', '1939'],
    ['1990s-00s', '1990', '2009'],
  ])('reads the decades %s as %s to %s', async (text, begin, end) => {
    const { date, warnings } = await importDate(text)
    expect(date).toMatchObject({ begin, end, expression: text, type: 'inclusive' })
    expect(warnings).toEqual([])
  })

  it.each([
    ['early 1990s', '1990', '1995'],
    ['mid-1990s', '1993', '1998'],
    ['mid 1990s', '1993', '1998'],
    ['Middle 1990s', '1993', '1998'],
    ['late 1990s', '1995', '1999'],
  ])('reads %s as the part of the decade it names, %s to %s', async (text, begin, end) => {
    const { date, warnings } = await importDate(text)
    expect(date).toMatchObject({ begin, end, expression: text })
    expect(warnings).toEqual([])
  })

  it.each([
    ['19th century', '1800', '1899'],
    ['circa 19th century', '1800', '1899'],
    ['ca. 19th cent.', '1800', '1899'],
    ['19th-century', '1800', '1899'],
    ['20th century', '1900', '1999'],
    ['21st century', '2000', '2099'],
    ['12th century', '1100', '1199'],
    ['19th-20th century', '1800', '1999'],
    ['19th and 20th centuries', '1800', '1999'],
    ['early 20th century', '1900', '1950'],
    ['mid-19th century', '1830', '1880'],
    ['late 19th century', '1850', '1899'],
    ['mid to late 19th century', '1830', '1899'],
    ['late 19th-early 20th century', '1850', '1950'],
    ['late 19th-20th century', '1850', '1999'],
  ])('reads the centuries %s as %s to %s', async (text, begin, end) => {
    const { date, warnings } = await importDate(text)
    expect(date).toMatchObject({ begin, end, expression: text, type: 'inclusive' })
    expect(warnings).toEqual([])
  })

  it.each([
    ['1880s-1920', '1880', '1920'],
    ['1920-1950s', '1920', '1959'],
    ['1990s, 2001', '1990', '2001'],
    ['circa 1880s-1920', '1880', '1920'],
    ['19--', '1900', '1999'],
    ['[197-]', '1970', '1979'],
    ['197-?', '1970', '1979'],
    ['1950, 1920', '1920', '1950'],
  ])('reads %s from its first year to its last (%s to %s)', async (text, begin, end) => {
    const { date, warnings } = await importDate(text)
    expect(date).toMatchObject({ begin, end, expression: text, type: 'inclusive' })
    expect(warnings).toEqual([])
  })

  it.each([
    '[n.d.]',
    '[undated]',
    'Undated.',
    '(undated)',
    'N/A',
    'various',
    'Various dates',
    'Various.',
    '-',
    '--',
    '?',
    '[s.d.]',
    's.d.',
    'sans date',
    'undated; various',
    'Undated, n.d.',
    'Unknown dates',
  ])('reads %s as undated, without a warning', async (text) => {
    const { date, warnings } = await importDate(text)
    expect(date).toMatchObject({ begin: null, end: null, expression: text, type: 'single' })
    expect(warnings).toEqual([])
  })

  it.each([
    ['n.d.', null, null],
    ['undated', null, null],
    ['unknown', null, null],
    ['no date', null, null],
    ['1961, n.d.', '1961', '1961'],
    ['ca. 1967', '1967', '1967'],
    ['c.1910', '1910', '1910'],
    ['circa 1900-1906', '1900', '1906'],
    ['March 3, 1921', '1921', '1921'],
  ])('reads %s as before (%s to %s)', async (text, begin, end) => {
    const { date, warnings } = await importDate(text)
    expect(date).toMatchObject({ begin, end, expression: text })
    expect(warnings).toEqual([])
  })

  it.each(['Summer', 'undated photographs', 'see series note', '99th century', '199s'])(
    'warns about %s, which names no year',
    async (text) => {
      const { date, warnings } = await importDate(text)
      expect(date).toMatchObject({ begin: null, end: null, expression: text })
      expect(warnings).toEqual([`unparseable date '${text}'`])
    },
  )

  it('takes no more than linear time on a long text that is almost an undated form', async () => {
    const started = performance.now()
    // 280 kB: trying every way to cut it into undated words would take seconds.
    const { warnings } = await importDate(`${'unknown dates '.repeat(20000)}x`)
    expect(warnings).toHaveLength(1)
    expect(performance.now() - started).toBeLessThan(1000)
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
      <controlaccess><persname>Doe, John</persname></controlaccess>`,
    ])
    const [, diary] = await new EadImporter().importFile(file)
    const people = (diary!.document as { people: { title: string; role: string }[] }).people
    expect(people.map(({ title, role }) => `${role}:${title}`)).toEqual([
      'subject:Doe, John',
      'creator:Doe, John',
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
