/**
 * Where EAD warnings point: ArchivesSpace writes a whole finding aid on one line, so every
 * warning names the file, the line and the column of its element, and the component (its `id`,
 * else its `unitid`, else its path of titles), through the importer and through `readDocuments`
 * (what `validate`, `serve` and `push` print) alike.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { EadImporter, type ReadWarning, readDocuments } from '../../packages/core/src/index.js'

const ONE_LINE = fileURLToPath(
  new URL('../fixtures/ead/aspace-one-line-dates.xml', import.meta.url),
)
/** The year the importer is told it is: the fixture's `normal="1961/2054"` is after it. */
const THIS_YEAR = 2026

/** The 1-based line and column where `needle` first stands in `text`. */
function positionOf(text: string, needle: string): { line: number; column: number } {
  const index = text.indexOf(needle)
  if (index < 0) throw new Error(`${needle} is not in the text`)
  const before = text.slice(0, index)
  return { line: before.split('\n').length, column: index - before.lastIndexOf('\n') }
}

function write(xml: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'catalogue-ead-warnings-')), 'aid.xml')
  writeFileSync(file, xml)
  return file
}

describe('EadImporter warnings', () => {
  it('name the line, column and component of each problem in a finding aid on one line', async () => {
    const xml = readFileSync(ONE_LINE, 'utf8')
    expect(xml.split('\n')[1]!.length).toBeGreaterThan(10_000)
    const importer = new EadImporter({ currentYear: THIS_YEAR })
    await importer.importFile(ONE_LINE)
    const at = (needle: string) => ({ file: ONE_LINE, ...positionOf(xml, needle) })
    expect(importer.warnings).toEqual([
      {
        ...at('<unitdate normal="2978"'),
        component: 'component id aspace_ref11_reel',
        message: 'date normal="2978" names 2978, after this year: read from its text as 1978',
      },
      {
        ...at('<unitdate normal="2350"'),
        component: 'component id aspace_ref12_tablet',
        message: `date normal="2350" contradicts its text 'circa 2350 BC': undated`,
      },
      {
        ...at('<unitdate normal="0000/0000"'),
        component: 'component id aspace_ref14_catalogue',
        message: 'date normal="0000/0000" names year 0: undated',
      },
      {
        ...at('<unitdate normal="1961/2054"'),
        component: 'component id aspace_ref2_corr',
        message:
          'date normal="1961/2054" names 2054, after this year: read from its text as 1961-2004',
      },
      {
        ...at('<unitdate type="inclusive">Summer'),
        component: "component unitid 'MSS.999.3'",
        message: "unparseable date 'Summer'",
      },
      {
        ...at('<unitdate type="inclusive">see note'),
        component: "component 'Box 3 > Clippings'",
        message: "unparseable date 'see note'",
      },
    ])
  })

  it('give the same place and component to readDocuments, and to each document its column', async () => {
    const xml = readFileSync(ONE_LINE, 'utf8')
    const warnings: ReadWarning[] = []
    const sources = []
    for await (const { value, source } of readDocuments(ONE_LINE, {
      onWarning: (warning) => warnings.push(warning),
      eadImporter: new EadImporter({ currentYear: THIS_YEAR }),
    })) {
      sources.push({ uri: (value as { uri: string }).uri, ...source })
    }
    expect(warnings[0]).toEqual({
      source: { file: ONE_LINE, ...positionOf(xml, '<unitdate normal="2978"') },
      message:
        'component id aspace_ref11_reel: date normal="2978" names 2978, after this year: read from its text as 1978',
    })
    expect(sources).toContainEqual({
      uri: '/objects/mss_999_aspace_ref11_reel',
      file: ONE_LINE,
      ...positionOf(xml, '<c id="aspace_ref11_reel"'),
    })
  })

  it('count columns across the chunks a long line is read in', async () => {
    // 400 components on one line: some 260 kB, read in chunks of 64 kB.
    const components = Array.from(
      { length: 400 },
      (_, i) =>
        // The last one's name ends its line, far into the line's third chunk.
        `<c${i === 399 ? '\n' : ' '}id="c${i}" level="file"><did><unittitle>Folder ${i} ${'of letters '.repeat(50)}</unittitle>` +
        `<unitdate>${i === 399 ? 'Lent term' : '1950'}</unitdate></did></c>`,
    )
    const xml =
      '<?xml version="1.0"?>\n<ead><eadheader><eadid>long</eadid></eadheader><archdesc level="collection">' +
      `<did><unittitle>Letters</unittitle><origination><persname>Doe, Jane</persname></origination></did><dsc>${components.join('')}</dsc></archdesc></ead>\n`
    expect(xml.length).toBeGreaterThan(3 * 65_536)
    const importer = new EadImporter({ currentYear: THIS_YEAR })
    const documents = await importer.importFile(write(xml))
    expect(
      importer.warnings.map(({ line, column, component }) => ({ line, column, component })),
    ).toEqual([{ ...positionOf(xml, '<unitdate>Lent term'), component: 'component id c399' }])
    const last = documents.at(-1)!
    expect({ line: last.line, column: last.column }).toEqual(positionOf(xml, '<c\nid="c399"'))
    expect(positionOf(xml, '<c\nid="c399"').column).toBeGreaterThan(3 * 65_536)
  })

  it('point at the line a tag begins on when a line break ends its name', async () => {
    const xml =
      '<ead><eadheader><eadid>broken-lines</eadid></eadheader><archdesc level="collection">\n' +
      '<did><unittitle>Papers</unittitle><origination><persname>Doe, Jane</persname></origination></did>\n' +
      '<dsc>  <c\n level="file"><did><unittitle>Letter</unittitle>  <unitdate\n normal="2978">1978</unitdate></did></c></dsc>\n' +
      '</archdesc></ead>\n'
    const importer = new EadImporter({ currentYear: THIS_YEAR })
    const [, letter] = await importer.importFile(write(xml))
    expect({ line: letter!.line, column: letter!.column }).toEqual(positionOf(xml, '<c\n'))
    expect(importer.warnings).toMatchObject([
      {
        ...positionOf(xml, '<unitdate'),
        component: "component 'Letter'",
        message: 'date normal="2978" names 2978, after this year: read from its text as 1978',
      },
    ])
    expect(positionOf(xml, '<unitdate')).toEqual({ line: 4, column: 51 })
  })
})
