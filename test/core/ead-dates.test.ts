/**
 * EAD dates: `unitdate` text read as archivists write it (years, decades, centuries, the forms of
 * real ArchivesSpace exports, the wordings of undated material), and `normal` attributes checked
 * against the text and this year, never trusted into the date facets. "This year" is given to
 * the importer, so that these tests hold in 2054 too (the fixture's wrong normals name 2054).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  Catalogue,
  type CatalogueDate,
  type CatalogueDocument,
  EadImporter,
  readDocuments,
} from '../../packages/core/src/index.js'

/** The year the importer is told it is. */
const THIS_YEAR = 2026
const ONE_LINE = fileURLToPath(
  new URL('../fixtures/ead/aspace-one-line-dates.xml', import.meta.url),
)

/** A finding aid with one component per `unitdate` element, in a temp folder. */
function findingAid(unitdates: string[]): string {
  const file = join(mkdtempSync(join(tmpdir(), 'catalogue-ead-dates-')), 'aid.xml')
  const components = unitdates.map(
    (unitdate, i) =>
      `<c id="c${i}" level="file"><did><unittitle>File</unittitle>${unitdate}</did></c>`,
  )
  writeFileSync(
    file,
    `<ead><eadheader><eadid>aid</eadid></eadheader><archdesc level="collection">
<did><unittitle>Papers</unittitle><origination><persname>Doe, Jane</persname></origination></did>
<dsc>${components.join('\n')}</dsc></archdesc></ead>\n`,
  )
  return file
}

/** The date of a component whose `unitdate` is `text` (with `normal`), and the warnings. */
async function importDate(
  text: string,
  normal?: string,
  currentYear = THIS_YEAR,
): Promise<{ date: CatalogueDate; warnings: string[] }> {
  const importer = new EadImporter({ currentYear })
  const attribute = normal === undefined ? '' : ` normal="${normal}"`
  const file = findingAid([`<unitdate${attribute}>${text}</unitdate>`])
  const [, component] = await importer.importFile(file)
  return {
    date: (component!.document as Extract<CatalogueDocument, { dates: unknown }>).dates[0]!,
    warnings: importer.warnings.map(({ message }) => message),
  }
}

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

describe('EadImporter unitdate text as real exports write it', () => {
  it.each([
    ['c1999', '1999', '1999'],
    ['ca1855/00/00', '1855', '1855'],
    ['ca. 1855/00/00', '1855', '1855'],
    ['FY2001', '2001', '2001'],
    ['Nov2002', '2002', '2002'],
    ['19xx', '1900', '1999'],
    ['19XX', '1900', '1999'],
    ['19??', '1900', '1999'],
    ['198x', '1980', '1989'],
    ['197?', '1970', '1979'],
    ['186[1]', '1861', '1861'],
    ['18[61]', '1861', '1861'],
    ['186[1?]', '1861', '1861'],
    ['June 9, 1950', '1950', '1950'],
    ['9 June 1950', '1950', '1950'],
    ['1950 June 9', '1950', '1950'],
    ['Jun. 9-July 12, 1950', '1950', '1950'],
    ['June 9, 1950-May 1, 1951', '1950', '1951'],
    ['Sept. 1950-Jan. 1951', '1950', '1951'],
    ['1950-06-09', '1950', '1950'],
    ['06/09/1950', '1950', '1950'],
    ['19500609', '1950', '1950'],
    ['1950s-60s', '1950', '1969'],
    ["1950s-'60s", '1950', '1969'],
    ['1950-60', '1950', '1960'],
    ['1950 - 60', '1950', '1960'],
    ['[1950-60]', '1950', '1960'],
    ['ca. 1950–60', '1950', '1960'],
    ['1861-5', '1861', '1865'],
    ['1861-65, 1870', '1861', '1870'],
    ['1950-60s', '1950', '1969'],
    ["1950-60's", '1950', '1969'],
    ['1999-2001', '1999', '2001'],
    ['Vancouver (B.C.), 1950', '1950', '1950'],
  ])('reads %s as %s to %s, without a warning', async (text, begin, end) => {
    const { date, warnings } = await importDate(text)
    expect(date).toMatchObject({ begin, end, expression: text })
    expect(warnings).toEqual([])
  })

  it.each([
    ['1950-06', '1950', '1950'],
    ['1901-05 - 1901-07', '1901', '1901'],
    ['1965-1', '1965', '1965'],
    ['1950-6s', '1950', '1950'],
  ])('reads %s, whose tail is a month or no later year, as %s to %s', async (text, begin, end) => {
    const { date, warnings } = await importDate(text)
    expect(date).toMatchObject({ begin, end, expression: text })
    expect(warnings).toEqual([])
  })

  it.each([
    'Various and Undated',
    'Undated and various',
    'Screened: Unknown',
    'Date: n.d.',
    '(date of film)',
    'Date of broadcast unknown',
    '0000/00/00',
    '00/00/0000',
    '0000',
    'date range has not yet been determined',
    'Date has not been determined',
    'Dates not known',
    'Date unknown',
    'unknown date',
    'No date given',
    'To be determined',
    'TBD',
  ])('reads %s as undated, without a warning', async (text) => {
    const { date, warnings } = await importDate(text)
    expect(date).toMatchObject({ begin: null, end: null, expression: text })
    expect(warnings).toEqual([])
  })

  it.each(['Various films', 'Unknown photographer', 'date of film: see reel'])(
    'still warns about %s, which says more than that it has no date',
    async (text) => {
      const { date, warnings } = await importDate(text)
      expect(date).toMatchObject({ begin: null, end: null })
      expect(warnings).toEqual([`unparseable date '${text}'`])
    },
  )

  it('reads a date before the common era as undated, and says why', async () => {
    const { date, warnings } = await importDate('circa 2350 BC')
    expect(date).toMatchObject({ begin: null, end: null, expression: 'circa 2350 BC' })
    expect(warnings).toEqual(["date 'circa 2350 BC' is before the common era: undated"])
  })
})

describe('EadImporter unitdate years and this year', () => {
  it('takes this year from the clock, unless it is told', async () => {
    expect(new EadImporter().currentYear).toBe(new Date().getFullYear())
    const { date, warnings } = await importDate('ca. 2010', undefined, 2000)
    expect(date).toMatchObject({ begin: null, end: null })
    expect(warnings).toEqual(["date 'ca. 2010' names 2010, after this year: undated"])
  })

  it.each([
    ['Fall 2999', 2999],
    ['1800 - 2999', 2999],
    ['1950-1999, 2354', 2354],
    ['2020-99', 2099],
    ['2020s-30s', 2030],
  ])('reads %s, which names %s, as undated, with a warning', async (text, year) => {
    const { date, warnings } = await importDate(text)
    expect(date).toMatchObject({ begin: null, end: null, expression: text })
    expect(warnings).toEqual([`date '${text}' names ${year}, after this year: undated`])
  })

  it.each(['1st century', 'early 1st century', '0000-1950'])(
    'reads %s, which begins in year 0, as undated, with a warning',
    async (text) => {
      const { date, warnings } = await importDate(text)
      expect(date).toMatchObject({ begin: null, end: null, expression: text })
      expect(warnings).toEqual([`date '${text}' names year 0: undated`])
    },
  )

  it('reads a year before 1000 as it is written', async () => {
    expect((await importDate('0950')).date).toMatchObject({ begin: '0950', end: '0950' })
    expect((await importDate('2nd century')).date).toMatchObject({ begin: '0100', end: '0199' })
  })

  it('reads a year after this one as undated, with a warning', async () => {
    const next = String(THIS_YEAR + 1)
    const { date, warnings } = await importDate(`ca. ${next}`)
    expect(date).toMatchObject({ begin: null, end: null, expression: `ca. ${next}` })
    expect(warnings).toEqual([`date 'ca. ${next}' names ${next}, after this year: undated`])
    expect((await importDate(`1990-${next}`)).date).toMatchObject({ begin: null, end: null })
  })

  it('ends a decade or century that reaches past this year at this year', async () => {
    const decade = Math.floor(THIS_YEAR / 10) * 10
    const { date, warnings } = await importDate(`${decade}s`)
    expect(date).toMatchObject({
      begin: String(decade),
      end: String(Math.min(decade + 9, THIS_YEAR)),
    })
    expect(warnings).toEqual([])
    expect((await importDate('21st century')).date).toMatchObject({
      begin: '2000',
      end: String(THIS_YEAR),
    })
    const normal = await importDate(`${decade}s`, `${decade}/${decade + 9}`)
    expect(normal.date).toMatchObject({
      begin: String(decade),
      end: String(Math.min(decade + 9, THIS_YEAR)),
    })
    expect(normal.warnings).toEqual([])
  })
})

describe('EadImporter unitdate normal', () => {
  it.each([
    ['1900-1906', '1900/1906', '1900', '1906'],
    ['circa 1900', '1895/1905', '1895', '1905'],
    ['Summer 1965', '19650902', '1965-09-02', '1965-09-02'],
    ['1855', '1855-00-00', '1855', '1855'],
    ['Summer', '1950', '1950', '1950'],
    ['undated', '1950/1960', '1950', '1960'],
    ['1950-', '1950/..', '1950', null],
  ])('takes %s normal="%s" as %s to %s when the text agrees', async (text, normal, begin, end) => {
    const { date, warnings } = await importDate(text, normal)
    expect(date).toMatchObject({ begin, end, expression: text })
    expect(warnings).toEqual([])
  })

  it.each([
    ['1978', '2978', '1978', '1978', 'names 2978, after this year: read from its text as 1978'],
    [
      '1961-2004',
      '1961/2054',
      '1961',
      '2004',
      'names 2054, after this year: read from its text as 1961-2004',
    ],
    ['1950', '0000/0000', '1950', '1950', 'names year 0: read from its text as 1950'],
    ['0000/00/00', '0000', null, null, 'names year 0: undated'],
    ['circa 2350 BC', '2350', null, null, "contradicts its text 'circa 2350 BC': undated"],
    ['1965', '1956', '1965', '1965', "contradicts its text '1965': read from its text as 1965"],
    [
      '1950-1999',
      '1999/1950',
      '1950',
      '1999',
      'ends before it begins: read from its text as 1950-1999',
    ],
    ['1950', 'c. 1950', '1950', '1950', 'is not a date: read from its text as 1950'],
    ['2350 BCE', '-2350', null, null, 'is before the common era: undated'],
  ])(
    'reads %s normal="%s" from its text (%s to %s) and warns: %s',
    async (text, normal, begin, end, problem) => {
      const { date, warnings } = await importDate(text, normal)
      expect(date).toMatchObject({ begin, end, expression: text })
      expect(warnings).toEqual([`date normal="${normal}" ${problem}`])
    },
  )

  it('never puts a wrong year in the date facets and stats of a real-shaped export', async () => {
    const documents = []
    const eadImporter = new EadImporter({ currentYear: THIS_YEAR })
    for await (const { value } of readDocuments(ONE_LINE, { eadImporter })) documents.push(value)
    const catalogue = Catalogue.fromDocuments(documents as CatalogueDocument[])
    const facets = catalogue.facets({})
    // The finding aid spans 1850-1999 and its latest component ends in 2004: no 2978, 2054, 0.
    expect([facets.min_date.value, facets.max_date.value]).toEqual([1850, 2004])
    const { dates } = catalogue.stats()
    expect([dates.min, dates.max]).toEqual([1850, 2004])
  })
})
