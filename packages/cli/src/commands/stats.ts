import type { CatalogueStats } from '@archive-catalogue/core'
import { catalogueOptions, givenPath, openCatalogue } from '../support/catalogue.js'
import { defineCommand } from '../support/command.js'
import {
  formatBytes,
  formatCount,
  formatShare,
  type Style,
  styleFor,
  widthFor,
} from '../support/format.js'
import { write } from '../support/io.js'
import { openOpenSearch, openSearchOptions } from '../support/opensearch.js'
import { jsonOption, outputMode, printJson } from '../support/output.js'
import { bucketLines, type Screen } from '../support/tables.js'
import { EXIT } from '../support/usage-errors.js'

/** `catalogue stats`: what is in a catalogue, and what it costs to load. */
export const stats = defineCommand({
  name: 'stats',
  summary: 'Summarise a catalogue: types, levels, dates, top values, online share, load cost',
  description:
    'Counts documents by type and level, shows date coverage by decade, the top creators,\n' +
    'subjects and formats, the online and undated shares, the load time and memory.',
  args: '[path]',
  options: { ...catalogueOptions, ...openSearchOptions, ...jsonOption },
  examples: [
    'catalogue stats',
    'catalogue stats test/fixtures/rac',
    'CATALOGUE=catalogue.snapshot catalogue stats --json | jq .dates',
    'catalogue stats --opensearch http://node1:9200 --opensearch http://node2:9200',
  ],
  async run({ values, positionals }, io) {
    const mode = outputMode(values, 'stats')
    const started = performance.now()
    // With --opensearch the cluster counts, and the load is the time it took.
    const remote = await openOpenSearch(values, 'stats')
    let summary: CatalogueStats
    let milliseconds: number
    if (remote) {
      summary = await remote.stats().finally(() => remote.close())
      milliseconds = performance.now() - started
    } else {
      const opened = await openCatalogue(io, {
        path: givenPath(positionals, values.catalogue, 'stats'),
        skipInvalid: values['skip-invalid'],
        language: values.language,
        format: values.format,
      })
      summary = opened.catalogue.stats()
      milliseconds = opened.milliseconds
    }
    const { rss, heapUsed } = process.memoryUsage()
    const load = { milliseconds: Math.round(milliseconds), rss, heapUsed }
    if (mode === 'json') {
      await printJson(io, { ...summary, load })
      return EXIT.ok
    }
    const screen = { width: widthFor(io), style: styleFor(io) }
    await write(io.stdout, renderStats(summary, load, screen))
    return EXIT.ok
  },
})

function renderStats(
  s: CatalogueStats,
  load: { milliseconds: number; rss: number; heapUsed: number },
  screen: Screen,
): string {
  const { style } = screen
  const heading = (text: string) => style.bold(text)
  const bucket = (key: string, doc_count: number) => ({ key, doc_count })
  const datable = s.dates.dated + s.dates.undated
  const range = s.dates.min === null ? 'none' : `${s.dates.min}–${s.dates.max}`
  const decades = s.dates.decades.map((d) => bucket(`${d.decade}s`, d.documents))
  const lines = [
    `${heading('Documents')}  ${formatCount(s.documents)}`,
    ...bucketLines(
      Object.entries(s.byType).map(([type, count]) => bucket(type, count)),
      4,
      screen,
    ),
    '',
    heading('Levels (collections and objects)'),
    ...bucketLines(s.byLevel, s.byLevel.length, screen),
    '',
    `${heading('Dates')}  ${range}; ${formatCount(s.dates.undated)} of ${formatCount(datable)} ` +
      `agents, collections and objects undated (${formatShare(s.dates.undated, datable)})`,
    ...bucketLines(decades, decades.length, screen),
    '',
    `${heading('Online')}  ${formatCount(s.online.documents)} of ${formatCount(s.online.of)} ` +
      `collections and objects (${formatShare(s.online.documents, s.online.of)})`,
    ...topSection('Top creators', s.top.creators, screen),
    ...topSection('Top subjects', s.top.subjects, screen),
    ...topSection('Top formats', s.top.formats, screen),
    '',
    loadLine(load, style),
  ]
  return `${lines.join('\n')}\n`
}

function topSection(title: string, buckets: CatalogueStats['top']['creators'], screen: Screen) {
  return ['', screen.style.bold(title), ...bucketLines(buckets, buckets.length, screen)]
}

function loadLine(load: { milliseconds: number; rss: number; heapUsed: number }, style: Style) {
  return style.dim(
    `Loaded in ${formatCount(load.milliseconds)} ms; memory: rss ${formatBytes(load.rss)}, ` +
      `heap ${formatBytes(load.heapUsed)}`,
  )
}
