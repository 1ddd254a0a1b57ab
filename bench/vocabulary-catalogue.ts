/**
 * The generated catalogue with a real catalogue's vocabulary. The seeded generator draws its
 * text from a few thousand words, so a million of its documents hold about 9,600 index terms;
 * the NYU corpus of about the same size holds 222,926: people's and places' names, numbers,
 * misspellings, words of other languages, most of them in a few documents only. The walk over
 * the term dictionary and what a fuzzy word finds depend on that long tail, so this file adds
 * it: each collection's and object's title gains names drawn from a Zipfian list of 400,000
 * made-up names (1.2 a document), one in ten a number, one in seventy one of its own words
 * misspelt. Written once beside the generated catalogue, seeded: same catalogue, same bytes.
 */

import { once } from 'node:events'
import { createReadStream, createWriteStream, existsSync, renameSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { createInterface } from 'node:readline'
import { Random } from '../scripts/sample/random.js'
import { ZipfSampler } from '../scripts/sample/zipf.js'
import { generatedCatalogue } from './generated-catalogue.js'

/** Made-up names the titles draw from, by rank: the first ones in many titles, most in one. */
const NAMES = 400_000
/** Syllables of the made-up names (two to four each). */
const SYLLABLES = [
  'ab',
  'ad',
  'al',
  'an',
  'ar',
  'as',
  'ba',
  'be',
  'ber',
  'bo',
  'bra',
  'ca',
  'ce',
  'chi',
  'co',
  'da',
  'de',
  'di',
  'dor',
  'el',
  'en',
  'er',
  'es',
  'fa',
  'fe',
  'fi',
  'ga',
  'ge',
  'gor',
  'ha',
  'he',
  'hol',
  'ia',
  'il',
  'in',
  'is',
  'ja',
  'jo',
  'ka',
  'ki',
  'ko',
  'la',
  'le',
  'li',
  'lo',
  'ma',
  'me',
  'mi',
  'mo',
  'na',
  'ne',
  'ni',
  'no',
  'ol',
  'or',
  'ov',
  'pa',
  'pe',
  'po',
  'ra',
  're',
  'ri',
  'ro',
  'sa',
  'se',
  'si',
  'sk',
  'so',
  'sta',
  'ta',
  'te',
  'ti',
  'to',
  'tra',
  'ul',
  'va',
  've',
  'vi',
  'wa',
  'we',
  'wi',
  'ya',
  'yo',
  'za',
  'ze',
  'zo',
] as const

/** The made-up name of a rank: distinct for every rank, the shortest for the most frequent. */
export function nameOf(rank: number): string {
  const base = SYLLABLES.length
  let syllables = 2
  let first = 0
  while (rank - first >= base ** syllables) {
    first += base ** syllables
    syllables++
  }
  // Scattered over the class (a multiplier prime to its size), so that frequent names differ.
  let digits = ((rank - first) * 1_000_003) % base ** syllables
  let name = ''
  for (let i = 0; i < syllables; i++) {
    name += SYLLABLES[digits % base]
    digits = Math.floor(digits / base)
  }
  return name
}

/** One edit of a word (a letter dropped, doubled, changed, or two swapped), not the first letter. */
function misspelt(rng: Random, word: string): string {
  const at = rng.int(1, word.length - 1)
  switch (rng.int(0, 3)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1)
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at)
    case 2:
      return word.slice(0, at) + String.fromCharCode(97 + rng.int(0, 25)) + word.slice(at + 1)
    default:
      return at + 1 < word.length
        ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
        : word.slice(0, at)
  }
}

/** What a title gains: names, sometimes a number or one of its words misspelt. */
function additions(rng: Random, names: ZipfSampler, title: string): string[] {
  const added: string[] = []
  const count = rng.weighted([25, 40, 25, 10])
  for (let i = 0; i < count; i++) {
    const name = nameOf(names.draw(rng))
    added.push(name[0]!.toUpperCase() + name.slice(1))
  }
  if (rng.chance(0.1)) added.push(String(rng.int(1, 30_000)))
  if (rng.chance(0.015)) {
    const words = title.toLowerCase().match(/[a-z]{5,}/g)
    if (words) added.push(misspelt(rng, rng.pick(words)))
  }
  return added
}

/**
 * The generated catalogue of `count` documents with the long tail of a real vocabulary in its
 * titles (see the file's comment), made once and kept beside it in the temporary folder.
 */
export async function vocabularyCatalogue(count: number): Promise<string> {
  const source = generatedCatalogue(count)
  // In the temporary folder, as the generated catalogues (not beside the committed sample).
  const file = join(tmpdir(), basename(source).replace(/\.ndjson$/, '-vocabulary.ndjson'))
  if (existsSync(file)) return file
  const rng = new Random(25)
  const names = new ZipfSampler(NAMES, 3)
  const temporary = `${file}.${process.pid}.tmp`
  const out = createWriteStream(temporary)
  const lines = createInterface({ input: createReadStream(source), crlfDelay: Infinity })
  for await (const line of lines) {
    if (line.trim() === '') continue
    const document = JSON.parse(line) as { type: string; title: string }
    if (document.type === 'collection' || document.type === 'object') {
      const added = additions(rng, names, document.title)
      if (added.length > 0) document.title = `${document.title} — ${added.join(' ')}`
    }
    if (!out.write(`${JSON.stringify(document)}\n`)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
  renameSync(temporary, file)
  return file
}
