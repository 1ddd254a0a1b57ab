/**
 * EAD import at scale: writes a synthetic finding aid of `--mb` megabytes (series of files with
 * titles, dates, containers and a scope note each), imports it, and writes the time, the
 * documents and the peak memory to bench/ead-results.md. The import streams the XML: memory
 * grows with the documents made, not with a DOM of the file.
 * Run: node --expose-gc --import tsx bench/ead-import.ts --mb 100
 */

import { once } from 'node:events'
import { createWriteStream, statSync, writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { EadImporter } from '../packages/core/src/index.js'

const { values } = parseArgs({
  options: {
    mb: { type: 'string', default: '100' },
    file: { type: 'string', default: '/tmp/bench-ead.xml' },
    out: { type: 'string', default: new URL('./ead-results.md', import.meta.url).pathname },
  },
})
const target = Number(values.mb) * 2 ** 20
const file = values.file

const out = createWriteStream(file)
const write = async (text: string) => {
  if (!out.write(text)) await once(out, 'drain')
}
await write(`<?xml version="1.0" encoding="UTF-8"?>
<ead xmlns="urn:isbn:1-931666-22-9"><eadheader><eadid>bench-large</eadid></eadheader>
<archdesc level="collection"><did><unittitle>A very large collection</unittitle>
<origination><corpname>Example Foundation</corpname></origination>
<unitdate normal="1900/1999" type="inclusive">1900-1999</unitdate>
<physdesc><extent>900 linear feet</extent></physdesc>
<langmaterial><language langcode="eng">English</language></langmaterial></did>
<scopecontent><p>Records of a foundation.</p></scopecontent><dsc>\n`)
let written = 0
let components = 0
for (let series = 1; written < target; series++) {
  await write(
    `<c01 id="s${series}" level="series"><did><unittitle>Series ${series}</unittitle></did>\n`,
  )
  for (let f = 1; f <= 100 && written < target; f++) {
    const year = 1900 + ((series * 7 + f) % 100)
    const text = `<c02 id="s${series}f${f}" level="file"><did><unittitle>Correspondence with the field office, folder ${f} of series ${series}</unittitle><unitdate normal="${year}/${year + 1}">${year}-${year + 1}</unitdate><container type="box">${series}</container><container type="folder">${f}</container></did><scopecontent><p>Letters, reports and memoranda on public health programs, malaria control and the training of nurses, ${year}.</p></scopecontent></c02>\n`
    await write(text)
    written += text.length
    components++
  }
  await write('</c01>\n')
  components++
}
await write('</dsc></archdesc></ead>\n')
out.end()
await once(out, 'finish')
const bytes = statSync(file).size

const started = performance.now()
const importer = new EadImporter()
const documents = await importer.importFile(file)
const seconds = (performance.now() - started) / 1000
const peak = process.resourceUsage().maxRSS * 1024
// With --expose-gc: what the imported documents hold once the garbage is gone.
const gc = (globalThis as { gc?: () => void }).gc
gc?.()
const retained = gc ? process.memoryUsage().heapUsed : undefined
const report = `# EAD import benchmark

A synthetic finding aid of ${(bytes / 2 ** 20).toFixed(0)} MB (${components.toLocaleString('en')} components),
imported in one process, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}.
Command: \`node --expose-gc --import tsx bench/ead-import.ts --mb ${values.mb}\`.

- documents: ${documents.length.toLocaleString('en')}; time: ${seconds.toFixed(1)} s (${(bytes / 2 ** 20 / seconds).toFixed(1)} MB/s)
- peak RSS: ${(peak / 2 ** 20).toFixed(0)} MiB (the file is ${(bytes / 2 ** 20).toFixed(0)} MiB)${retained === undefined ? '' : `; heap after gc: ${(retained / 2 ** 20).toFixed(0)} MiB, the documents' JSON text held until the finding aid ends`}
`
writeFileSync(values.out, report)
console.log(report)
