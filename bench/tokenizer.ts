/**
 * What reading words as UAX #29 costs (issue 25, item 2): the core's tokenizer (`tokenize`: one
 * regular expression built from the annex's classes, over the text in its compatibility
 * composition) beside `Intl.Segmenter` (ICU's word break, the well-kept implementation the issue
 * names) and the letters-and-digits pattern the core split words with before, on the titles and
 * notes of a generated catalogue. Rounds alternate; the median of each is kept. Appends a section
 * to bench/tokenizer-results.md.
 *
 *   node --import tsx bench/tokenizer.ts [--size 100k] [--rounds 5] [--out FILE]
 */
import { appendFileSync, readFileSync } from 'node:fs'
import { cpus } from 'node:os'
import { parseArgs } from 'node:util'
import { tokenize } from '../packages/core/src/for-backends.js'
import { documentCount, generatedCatalogue } from './generated-catalogue.js'

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100k' },
    rounds: { type: 'string', default: '5' },
    out: { type: 'string', default: new URL('./tokenizer-results.md', import.meta.url).pathname },
  },
})
const count = documentCount(values.size!)
const rounds = Number(values.rounds)

const texts: string[] = []
for (const line of readFileSync(generatedCatalogue(count), 'utf8').split('\n')) {
  if (line === '') continue
  const document = JSON.parse(line) as {
    title: string
    notes?: { subnotes: { content?: (string | null)[] }[] }[]
  }
  texts.push(document.title)
  for (const note of document.notes ?? []) {
    for (const subnote of note.subnotes)
      for (const text of subnote.content ?? []) if (text) texts.push(text)
  }
}
const characters = texts.reduce((sum, text) => sum + text.length, 0)

/** The core's pattern before UAX #29: letters and digits, apostrophes inside. */
const FORMER = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:['\u2018\u2019\uff07][\p{L}\p{N}\p{M}]+)*/gu
const segmenter = new Intl.Segmenter('en', { granularity: 'word' })

const ways: Record<string, (text: string) => number> = {
  'the former pattern': (text) => text.match(FORMER)?.length ?? 0,
  tokenize: (text) => tokenize(text).length,
  'Intl.Segmenter': (text) => {
    let words = 0
    for (const segment of segmenter.segment(text)) if (segment.isWordLike) words++
    return words
  },
}

const times = new Map<string, number[]>(Object.keys(ways).map((name) => [name, []]))
const words = new Map<string, number>()
for (let round = 0; round < rounds; round++) {
  for (const [name, way] of Object.entries(ways)) {
    const started = performance.now()
    let found = 0
    for (const text of texts) found += way(text)
    times.get(name)!.push(performance.now() - started)
    words.set(name, found)
  }
}
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!
const former = median(times.get('the former pattern')!)
const rows = [...times].map(([name, list]) => {
  const ms = median(list)
  return `| ${name} | ${words.get(name)!.toLocaleString('en')} | ${ms.toFixed(0)} | ${(ms / former).toFixed(2)}× |`
})
const section = `
## ${new Date().toISOString().slice(0, 10)} · ${count.toLocaleString('en')} documents

${cpus().length} × ${cpus()[0]?.model.trim()}, Node ${process.version}: ${texts.length.toLocaleString('en')} titles and notes, ${(characters / 2 ** 20).toFixed(1)} MiB of text, ${rounds} alternating rounds, the median of each.
Command: \`node --import tsx bench/tokenizer.ts --size ${values.size} --rounds ${rounds}\`.

| way | words | ms | ÷ the former pattern |
|---|---:|---:|---:|
${rows.join('\n')}
`
appendFileSync(values.out!, section)
process.stdout.write(section)
