/**
 * Fuzzy words (`word~1`, `word~2`) on their first run over a catalogue with a real vocabulary's
 * long tail (`bench/vocabulary-catalogue.ts`: about 220,000 index terms at 1M, as the real
 * corpus's 222,926): the issue's `laber~1` and `photgraph~1`, and misspellings (one edit, not
 * the first letter) of common and rare words of the index, each asked once, so nothing the
 * index keeps helps it. The server has answered the query mix before (its code is warm), as a
 * running one has. Appends a section to bench/fuzzy-results.md.
 *
 *   node --expose-gc --import tsx bench/fuzzy.ts [--size 1m] [--words 50]
 *     [--answers FILE]   write each query's answer's fingerprint (to compare two versions)
 *     [--compare FILE]   check every answer against such a file
 *     [--snapshot FILE]  the snapshot to use, made with `catalogue index` if missing (default:
 *                        one per size, kept in the temporary folder)
 *     [--out FILE]       where the section goes (default bench/fuzzy-results.md)
 *
 * `--size 0` is the committed sample (what test/bench.test.ts runs).
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { loadSnapshot } from '../packages/core/src/index.js'
import type { StoredTextIndex } from '../packages/core/src/text/stored-text-index.js'
import { Random } from '../scripts/sample/random.js'
import { type Latency, memory } from './engines/measure.js'
import { documentCount, generatedCatalogue } from './generated-catalogue.js'
import { indexCatalogue } from './index-catalogue.js'
import { queryMix } from './query-mix.js'
import { vocabularyCatalogue } from './vocabulary-catalogue.js'

const root = fileURLToPath(new URL('..', import.meta.url))
const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '1m' },
    words: { type: 'string', default: '50' },
    answers: { type: 'string' },
    compare: { type: 'string' },
    snapshot: { type: 'string' },
    out: { type: 'string', default: join(root, 'bench/fuzzy-results.md') },
  },
})
const size = documentCount(values.size)
const perClass = Number(values.words)

const ndjson = await vocabularyCatalogue(size)
const snapshot = values.snapshot ?? join(tmpdir(), `archive-catalogue-fuzzy-${size}.snapshot`)
const index = () => indexCatalogue(ndjson, snapshot, 'fuzzy')
if (!existsSync(snapshot)) index()

let started = performance.now()
const catalogue = await loadSnapshot(snapshot).catch((error: Error) => {
  // A snapshot kept from a run of another version is made again, not measured.
  if (values.snapshot !== undefined || !/another version/.test(error.message)) throw error
  index()
  started = performance.now()
  return loadSnapshot(snapshot)
})
const startMs = performance.now() - started
const text = (catalogue.data.text as { parts: StoredTextIndex }).parts
const after = memory()

// A server that has answered requests: the mix, twice.
const mix = await queryMix(generatedCatalogue(size))
for (let round = 0; round < 2; round++) {
  for (const { params } of mix) catalogue.search(new URLSearchParams(params))
}

const queries = fuzzyQueries(text, perClass)
const rows: { query: string; kind: string; first: number; second: number; count: number }[] = []
const answers: Record<string, string> = {}
for (const { query, kind } of queries) {
  const params = new URLSearchParams({ query })
  let t = performance.now()
  const answer = catalogue.search(params)
  const first = performance.now() - t
  t = performance.now()
  catalogue.search(params)
  const second = performance.now() - t
  answers[query] = createHash('sha1').update(JSON.stringify(answer)).digest('hex')
  rows.push({ query, kind, first, second, count: answer.count })
}

if (values.answers) writeFileSync(values.answers, `${JSON.stringify(answers, null, 1)}\n`)
let compared = ''
if (values.compare) {
  const expected = JSON.parse(readFileSync(values.compare, 'utf8')) as Record<string, string>
  const differ = Object.keys(expected).filter((query) => answers[query] !== expected[query])
  compared = `${Object.keys(expected).length - differ.length} of ${Object.keys(expected).length} answers as in ${values.compare}${differ.length > 0 ? `; differ: ${differ.join(', ')}` : ''}`
  process.stderr.write(`fuzzy: ${compared}\n`)
}

const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1))
const latency = (times: number[]): Latency => {
  const sorted = [...times].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!
  const mean = sorted.reduce((sum, value) => sum + value, 0) / sorted.length
  return { mean, p50: at(0.5), p99: at(0.99), max: sorted.at(-1)!, runs: sorted.length }
}
const line = (label: string, chosen: typeof rows) => {
  const first = latency(chosen.map((row) => row.first))
  const second = latency(chosen.map((row) => row.second))
  return `| ${label} (${chosen.length}) | ${ms(first.p50)} / ${ms(first.p99)} / ${ms(first.max)} | ${ms(second.p50)} / ${ms(second.p99)} | ${Math.round(chosen.reduce((sum, row) => sum + row.count, 0) / chosen.length)} |`
}
const kinds = [...new Set(rows.map((row) => row.kind))]
const named = rows.filter((row) => row.kind === 'the issue')
const cpu = cpus()[0]?.model ?? 'unknown CPU'
const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).stdout
const section = `
## ${new Date().toISOString().slice(0, 10)} · fuzzy words, first runs · ${catalogue.size.toLocaleString('en')} documents · commit ${String(commit).trim()} (working tree)

${cpus().length} × ${cpu}, Node ${process.version}. \`node --expose-gc --import tsx bench/fuzzy.ts --size ${values.size} --words ${perClass}\` on ${snapshot}: ${text.terms.length.toLocaleString('en')} index terms, ${text.words.length.toLocaleString('en')} words; started in ${ms(startMs)} ms, RSS ${Math.round(after.rss / 2 ** 20)} MiB. Each query asked once after the mix (first run), then again (second run). ${compared}

| queries | first run p50 / p99 / max ms | second run p50 / p99 ms | mean count |
|---|---:|---:|---:|
${kinds
  .map((kind) =>
    line(
      kind,
      rows.filter((row) => row.kind === kind),
    ),
  )
  .join('\n')}
${line('all', rows)}

${named.map((row) => `\`${row.query}\`: ${ms(row.first)} ms first, ${ms(row.second)} ms second, ${row.count} groups.`).join(' ')}
`
process.stdout.write(section)
appendFileSync(values.out, section)

/**
 * The issue's two words, then one-edit misspellings of common words (the most frequent terms'
 * words) and of rare ones (in five documents or fewer), each asked with one and with two edits.
 */
function fuzzyQueries(parts: StoredTextIndex, count: number): { query: string; kind: string }[] {
  const rng = new Random(15)
  const frequency = (word: number) => {
    const term = parts.wordTerms[word]!
    return parts.termOffsets[term + 1]! - parts.termOffsets[term]!
  }
  const candidates = parts.words.flatMap((word, id) => (/^[a-z]{5,}$/.test(word) ? [id] : []))
  const common = [...candidates].sort((a, b) => frequency(b) - frequency(a)).slice(0, 2000)
  const rare = candidates.filter((id) => frequency(id) <= 5)
  const queries = [
    { query: 'laber~1', kind: 'the issue' },
    { query: 'photgraph~1', kind: 'the issue' },
  ]
  for (const [kind, pool] of [
    ['common words misspelt', common],
    ['rare words misspelt', rare],
  ] as const) {
    for (const id of rng.sample(pool, count)) {
      const word = misspell(rng, parts.words[id]!)
      for (const edits of [1, 2])
        queries.push({ query: `${word}~${edits}`, kind: `${kind}, ~${edits}` })
    }
  }
  return queries
}

function misspell(rng: Random, word: string): string {
  const at = rng.int(1, word.length - 1)
  const letter = String.fromCharCode(97 + rng.int(0, 25))
  switch (rng.int(0, 2)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1)
    case 1:
      return word.slice(0, at) + letter + word.slice(at)
    default:
      return word.slice(0, at) + letter + word.slice(at + 1)
  }
}
