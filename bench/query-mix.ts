/**
 * The fixed mix of queries every engine runs: drawn (seed 1) from the words of the generated
 * catalogue's titles and written beside it in the temporary folder as `<catalogue>.queries.json`,
 * so every engine and every run asks the same 50 things.
 */
import { createReadStream, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { createInterface } from 'node:readline'
import { Random } from '../scripts/sample/random.js'

export type MixKind =
  | 'common word'
  | 'rare word'
  | 'two words'
  | 'prefix'
  | 'three-word phrase'
  | 'word + filters'
  | 'sorted'
  | 'deep page'

/** One query of the mix: its kind and the API parameters of `/search`. */
export interface MixQuery {
  kind: MixKind
  params: Record<string, string>
}

/** How many of each kind the mix holds (50 in all). */
const KINDS: [MixKind, number][] = [
  ['common word', 8],
  ['rare word', 8],
  ['two words', 8],
  ['prefix', 6],
  ['three-word phrase', 6],
  ['word + filters', 6],
  ['sorted', 4],
  ['deep page', 4],
]

/**
 * The mix of a catalogue file, made once and kept in the temporary folder, where the generated
 * catalogues are (not beside the committed sample).
 */
export async function queryMix(catalogue: string): Promise<MixQuery[]> {
  const file = join(tmpdir(), `${basename(catalogue)}.queries.json`)
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as MixQuery[]
  const mix = await drawMix(catalogue)
  writeFileSync(file, `${JSON.stringify(mix, null, 1)}\n`)
  return mix
}

async function drawMix(catalogue: string): Promise<MixQuery[]> {
  const frequencies = new Map<string, number>()
  const titles: string[][] = []
  const lines = createInterface({
    input: createReadStream(catalogue),
    crlfDelay: Number.POSITIVE_INFINITY,
  })
  for await (const line of lines) {
    if (line.trim() === '') continue
    const { title } = JSON.parse(line) as { title: string }
    const words = title.toLowerCase().match(/\p{L}+/gu) ?? []
    for (const word of new Set(words)) frequencies.set(word, (frequencies.get(word) ?? 0) + 1)
    if (words.length >= 3 && titles.length < 50_000) titles.push(words)
  }
  const byFrequency = [...frequencies]
    .filter(([word]) => word.length >= 4)
    .sort((a, b) => b[1] - a[1])
  const common = byFrequency.slice(0, 40).map(([word]) => word)
  const rare = byFrequency.filter(([, count]) => count >= 3 && count <= 30).map(([word]) => word)
  const middling = byFrequency.slice(40, 400).map(([word]) => word)
  const random = new Random(1)
  const draw: Record<MixKind, () => Record<string, string>> = {
    'common word': () => ({ query: random.pick(common) }),
    'rare word': () => ({ query: random.pick(rare.length > 0 ? rare : middling) }),
    'two words': () => ({ query: `${random.pick(common)} ${random.pick(middling)}` }),
    prefix: () => ({ query: `${random.pick(middling).slice(0, 4)}*` }),
    'three-word phrase': () => {
      const words = random.pick(titles)
      const start = random.int(0, words.length - 3)
      return { query: `"${words.slice(start, start + 3).join(' ')}"` }
    },
    'word + filters': () => ({
      query: random.pick(common),
      category: 'collection',
      start_date__gte: String(random.int(1900, 1950)),
    }),
    sorted: () => ({ query: random.pick(common), sort: random.pick(['title', '-start_date']) }),
    'deep page': () => ({ query: random.pick(common), offset: String(random.int(10, 40) * 50) }),
  }
  return KINDS.flatMap(([kind, count]) =>
    Array.from({ length: count }, () => ({ kind, params: { limit: '50', ...draw[kind]() } })),
  )
}
