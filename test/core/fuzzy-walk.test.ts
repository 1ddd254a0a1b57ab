/**
 * The walk over a sorted word list against a brute force of the reference distance: the same
 * words, with the same edits, in the same order, and the title-word suggestions made from it
 * against the scan of every word they replaced.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  editDistance,
  forEachWithinEdits,
  SortedWords,
  wordsWithinEdits,
} from '../../packages/core/src/text/fuzzy-walk.js'
import { TitleWords, TitleWordsBuilder } from '../../packages/core/src/text/title-words.js'
import { alignmentDistance } from '../helpers/brute-query.js'

/**
 * Few letters, so words share prefixes, repeat letters and swap them; an accented letter, a
 * letter outside the BMP ('𝒜', two code units) and lone halves of a surrogate pair.
 */
const LETTERS = ['a', 'b', 'c', 'é', '𝒜', '\uD835', '\uDC9C', 'z']
const word = (maxLength: number) =>
  fc.array(fc.constantFrom(...LETTERS), { maxLength }).map((letters) => letters.join(''))
const vocabulary = fc.uniqueArray(word(7), { maxLength: 60 }).map((words) => words.sort())

function walk(
  sorted: string[] | SortedWords,
  query: string,
  maxEdits: number,
  prefixLength: number,
) {
  const found: [number, number][] = []
  forEachWithinEdits(sorted, query, maxEdits, prefixLength, (index, edits) => {
    found.push([index, edits])
  })
  return found
}

function bruteForce(sorted: string[], query: string, maxEdits: number, prefixLength: number) {
  const start = (text: string) => [...text].slice(0, prefixLength).join('')
  const found: [number, number][] = []
  sorted.forEach((candidate, index) => {
    if (start(candidate) !== start(query)) return
    const edits = editDistance(query, candidate, maxEdits)
    if (edits <= maxEdits) found.push([index, edits])
  })
  return found
}

describe('forEachWithinEdits', () => {
  it('visits what a brute force of editDistance finds, in order, with the same edits', () => {
    fc.assert(
      fc.property(
        vocabulary,
        word(8),
        fc.constantFrom(0, 1, 2),
        fc.constantFrom(0, 1, 2),
        (sorted, query, maxEdits, prefixLength) => {
          expect(walk(sorted, query, maxEdits, prefixLength)).toEqual(
            bruteForce(sorted, query, maxEdits, prefixLength),
          )
        },
      ),
      { numRuns: 3000 },
    )
  })

  it('finds words near a word of the list, which walks the prefixes it shares', () => {
    fc.assert(
      fc.property(
        vocabulary.filter((words) => words.length > 0),
        fc.nat(),
        fc.constantFrom(1, 2),
        fc.constantFrom(0, 1),
        (sorted, pick, maxEdits, prefixLength) => {
          const query = sorted[pick % sorted.length]!
          expect(walk(sorted, query, maxEdits, prefixLength)).toEqual(
            bruteForce(sorted, query, maxEdits, prefixLength),
          )
        },
      ),
      { numRuns: 2000 },
    )
  })

  it("prunes a word that shares a pruned word's lone high surrogate, and walks on past it", () => {
    // Found by the property above (seed -1918020606): the second word, pruned after its lone
    // high surrogate, was walked on from its pruned row, past the deepest row there is.
    const sorted = ['', 'c\uD835c', 'c\uD835cb\uDC9C\uD835', '\uDC9C']
    expect(walk(sorted, '', 1, 0)).toEqual([
      [0, 0],
      [3, 1],
    ])
  })

  it('counts a transposition as one edit, over code points', () => {
    const sorted = ['abc', 'acb', 'bac', 'cab', 'é𝒜', '𝒜é', '𝒜𝒜x']
    expect(walk(sorted, 'abc', 1, 0)).toEqual([
      [0, 0],
      [1, 1],
      [2, 1],
    ])
    expect(walk(sorted, '𝒜é', 1, 0)).toEqual([
      [4, 1],
      [5, 0],
    ])
    expect(walk(sorted, '𝒜𝒜', 1, 1)).toEqual([
      [5, 1],
      [6, 1],
    ])
  })

  it('skips past a lone high surrogate only the word it ends, not the pairs it begins', () => {
    const sorted = ['\uD835a', '\uD835b', '𝒜', '𝒜b']
    expect(walk(sorted, '𝒜', 0, 0)).toEqual([[2, 0]])
    expect(walk(sorted, '𝒜', 1, 0)).toEqual([
      [2, 0],
      [3, 1],
    ])
    expect(walk(sorted, '\uD835', 1, 1)).toEqual([
      [0, 1],
      [1, 1],
    ])
  })

  it('skips long ranges, and words sharing more than 255 code units, as the brute force finds', () => {
    const long = 'x'.repeat(300)
    const sorted = [
      ...Array.from({ length: 400 }, (_, n) => `b${n.toString(36).padStart(3, 'a')}`),
      ...['', 'a', 'ab', 'c', 'ca'].map((end) => long + end),
      ...['y', 'yb', 'z'].map((end) => long.slice(0, 256) + end),
    ].sort()
    for (const query of ['b0a9', 'bzz', 'ba', long, `${long}b`, `${long.slice(0, 256)}yy`, 'q']) {
      for (const [maxEdits, prefixLength] of [
        [1, 0],
        [2, 0],
        [2, 1],
      ] as const) {
        expect(walk(sorted, query, maxEdits, prefixLength)).toEqual(
          bruteForce(sorted, query, maxEdits, prefixLength),
        )
      }
    }
  })

  it('walks a SortedWords as the array it was made from, made once per array', () => {
    const sorted = ['abc', 'abd', 'b', 'bcd']
    expect(SortedWords.of(sorted)).toBe(SortedWords.of(sorted))
    expect(walk(SortedWords.ifSorted(sorted)!, 'abx', 1, 0)).toEqual(walk(sorted, 'abx', 1, 0))
  })

  it('refuses words out of order', () => {
    expect(SortedWords.ifSorted(['b', 'a'])).toBeUndefined()
    expect(SortedWords.ifSorted(['ab', 'a'])).toBeUndefined()
    expect(SortedWords.ifSorted(['a', 'a', 'ab'])).toBeDefined()
    expect(() => forEachWithinEdits(['b', 'a'], 'a', 1, 0, () => {})).toThrow(RangeError)
  })

  it('visits only the word itself when it is shorter than the prefix', () => {
    expect(walk(['', 'a', 'b'], '', 2, 1)).toEqual([[0, 0]])
    expect(walk(['a', 'ab', 'b'], 'a', 2, 2)).toEqual([[0, 0]])
    expect(walk([], 'abc', 2, 0)).toEqual([])
  })
})

/**
 * A term dictionary as a real catalogue's is (seeded): words with their derived forms, made-up
 * names, numbers, and misspellings of all of them, sorted. Thousands of words sharing prefixes
 * at every depth, so the walk reuses rows, prunes and skips ranges as it does over 220,000.
 */
function realisticDictionary(): string[] {
  let seed = 25
  const random = (n: number) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0
    return (seed >>> 8) % n
  }
  const syllables = ['ab', 'ber', 'co', 'da', 'el', 'for', 'ga', 'hol', 'in', 'ka', 'la', 'mi']
  const stems = ['photograph', 'labor', 'label', 'later', 'health', 'file', 'correspond']
  const words = new Set<string>()
  for (const stem of stems)
    for (const end of ['', 's', 'er', 'ing', 'ed', 'i']) words.add(stem + end)
  for (let i = 0; i < 2500; i++) {
    let name = ''
    for (let n = 2 + random(3); n > 0; n--) name += syllables[random(syllables.length)]
    words.add(name)
  }
  for (let i = 0; i < 500; i++) words.add(String(random(20_000)))
  for (const word of [...words].slice(0, 1500)) {
    const at = random(word.length)
    const letter = 'abcdeéilmnorst'[random(14)]!
    words.add(word.slice(0, at) + letter + word.slice(at + 1))
    words.add(word.slice(0, at) + word.slice(at + 1))
  }
  return [...words].filter((word) => word !== '').sort()
}

describe('the walk over a dictionary of real size and shape', () => {
  const dictionary = realisticDictionary()
  const sorted = SortedWords.of(dictionary)
  const lengths = dictionary.map((word) => [...word].length)
  const misspelt = fc
    .tuple(fc.constantFrom(...dictionary), fc.nat(), fc.constantFrom('a', 'e', 'o', 'r', 'é', '1'))
    .map(([word, at, letter]) => {
      const i = at % (word.length + 1)
      return at % 3 === 0
        ? word.slice(0, i) + letter + word.slice(i)
        : at % 3 === 1
          ? word.slice(0, i) + word.slice(i + 1)
          : word.slice(0, i) + letter + word.slice(i + 1)
    })
  const random = fc.array(fc.constantFrom(...'abcdeilmnorst1é'), { minLength: 1, maxLength: 9 })

  it('finds every word a brute force of Levenshtein (a swap one edit) finds, with its edits', () => {
    expect(dictionary.length).toBeGreaterThan(5000)
    fc.assert(
      fc.property(
        fc.oneof(
          misspelt,
          random.map((letters) => letters.join('')),
        ),
        fc.constantFrom(1, 2),
        (word, edits) => {
          const expected: [number, number][] = []
          const length = [...word].length
          dictionary.forEach((candidate, index) => {
            // No fewer edits than the lengths differ by: the matrix is spared, not the word.
            if (Math.abs(lengths[index]! - length) > edits) return
            const distance = alignmentDistance(word, candidate)
            if (distance <= edits) expected.push([index, distance])
          })
          const { indexes, edits: found } = wordsWithinEdits(sorted, word, edits)
          expect(indexes.map((index, at) => [index, found[at]!])).toEqual(expected)
        },
      ),
      { numRuns: 200 },
    )
  })
})

describe('editDistance', () => {
  it('is the optimal string alignment distance, capped at limit + 1', () => {
    expect(editDistance('foudnation', 'foundation', 2)).toBe(1)
    expect(editDistance('ca', 'abc', 5)).toBe(3) // not 2: a swapped pair is not edited again
    expect(editDistance('kitten', 'sitting', 5)).toBe(3)
    expect(editDistance('kitten', 'sitting', 1)).toBe(2)
    expect(editDistance('𝒜', 'é', 2)).toBe(1)
    expect(editDistance('', 'abc', 5)).toBe(3)
  })
})

/** The suggestions as they were made before the walk: every word of the first letter scanned. */
function scannedOptions(words: string[], frequencies: Uint32Array, word: string) {
  const letters = [...word]
  if (letters.length < 4 || words.includes(word)) return []
  const options: { text: string; distance: number; score: number; freq: number }[] = []
  words.forEach((text, id) => {
    const candidate = [...text]
    if (candidate[0] !== letters[0]) return
    const distance = editDistance(word, text, 2)
    if (distance > 2) return
    const score = 1 - distance / Math.min(letters.length, candidate.length)
    if (score >= 0.5) options.push({ text, distance, score, freq: frequencies[id]! })
  })
  options.sort(
    (a, b) =>
      a.distance - b.distance ||
      b.freq - a.freq ||
      (a.text < b.text ? -1 : a.text > b.text ? 1 : 0),
  )
  return options
    .slice(0, 5)
    .map(({ text, score, freq }) => ({ text, score: Math.round(score * 1e7) / 1e7, freq }))
}

describe('TitleWords', () => {
  // Letters the tokenizer keeps as they are: Latin, Cyrillic, and a letter outside the BMP.
  const titleWord = fc
    .array(fc.constantFrom('a', 'b', 'r', 'e', 'ж', '𝒜'), { minLength: 1, maxLength: 6 })
    .map((letters) => letters.join(''))
  const titles = fc.array(fc.array(titleWord, { maxLength: 4 }), { maxLength: 60 })

  it('suggests what the scan of every word of the first letter did', () => {
    fc.assert(
      fc.property(titles, fc.array(titleWord, { maxLength: 3 }), (documents, query) => {
        const builder = new TitleWordsBuilder()
        for (const title of documents) builder.add(title.join(' '))
        const stored = builder.build()
        const titleWords = new TitleWords(stored)
        for (const entry of titleWords.suggest(query.join(' ')).title_suggest) {
          const expected = scannedOptions(stored.words, stored.frequencies, entry.text)
          expect(entry.options).toEqual(expected)
        }
      }),
      { numRuns: 1000 },
    )
  })

  it('answers alike from words stored in the order first seen, as older snapshots hold them', () => {
    const builder = new TitleWordsBuilder()
    for (const title of ['Zoology records', 'records of malaria', 'Malaria control', 'recors'])
      builder.add(title)
    const sorted = builder.build()
    expect(sorted.words).toEqual([...sorted.words].sort())
    const order = [3, 0, 4, 1, 2, 5].filter((id) => id < sorted.words.length)
    const older = {
      words: order.map((id) => sorted.words[id]!),
      frequencies: Uint32Array.from(order, (id) => sorted.frequencies[id]!),
    }
    const fromOlder = new TitleWords(older)
    expect(fromOlder.words).toEqual(sorted.words)
    expect([...fromOlder.frequencies]).toEqual([...sorted.frequencies])
    for (const query of ['recrds', 'malria', 'zoolgy', 'records'])
      expect(fromOlder.suggest(query)).toEqual(new TitleWords(sorted).suggest(query))
    expect(fromOlder.suggest('recrds').title_suggest[0]!.options.map((o) => o.text)).toEqual([
      'records',
      'recors',
    ])
  })
})
