/**
 * The words of the titles, for spelling suggestions (`/search/suggest`). Words are kept as
 * written (lowercased and accent-folded, not stemmed) with the number of titles holding each,
 * sorted, so that one walk over them finds the words within two edits (`fuzzy-walk.ts`).
 */

import { indexedText, normalizeToken, tokenize, tokenSpans } from '../analysis/analyze.js'
import { compareCodeUnits } from '../util/code-unit-order.js'
import { lowerBound } from '../util/sorted-search.js'
import { forEachWithinEdits, SortedWords } from './fuzzy-walk.js'

/** Elasticsearch's term suggester defaults, as the reference service uses them. */
const SUGGESTER = {
  /** Words shorter than this get no suggestions. */
  minWordLength: 4,
  /** Letters at the start that must match. */
  prefixLength: 1,
  maxEdits: 2,
  /** Lowest score kept: 1 - edits / the shorter word's length. */
  accuracy: 0.5,
  size: 5,
}

/**
 * The stored part: each distinct title word and the number of titles holding it. The builder
 * writes the words sorted; snapshots written before it did hold them in the order first seen.
 */
export interface StoredTitleWords {
  words: string[]
  frequencies: Uint32Array
}

/** One word of a query and the title words offered for it (`/search/suggest`'s entries). */
export interface WordSuggestions {
  text: string
  offset: number
  length: number
  options: { text: string; score: number; freq: number }[]
}

/** The title words of a catalogue and the suggestions made from them. */
export class TitleWords {
  /** Sorted (code units, as `sort()` leaves them). */
  readonly words: readonly string[]
  readonly frequencies: Uint32Array
  /** The words with their shared prefixes, as the walk reads them. */
  private readonly list: SortedWords

  constructor(stored: StoredTitleWords) {
    // The builder's words are sorted (one pass checks them and counts their shared prefixes);
    // an older snapshot's, in the order first seen, are sorted here, once per start.
    const { words, frequencies } = stored
    const list = SortedWords.ifSorted(words)
    if (list !== undefined) {
      this.list = list
      this.frequencies = frequencies
    } else {
      const order = Array.from(words, (_, id) => id).sort((a, b) =>
        compareCodeUnits(words[a]!, words[b]!),
      )
      this.list = SortedWords.ifSorted(order.map((id) => words[id]!))!
      this.frequencies = Uint32Array.from(order, (id) => frequencies[id]!)
    }
    this.words = this.list.words
  }

  /**
   * Per word of `text`, the title words within two edits that begin with the same letter, as
   * Elasticsearch's term suggester answers in its default `missing` mode: a word that is itself
   * in the titles, or shorter than four letters, gets none. At most five, nearest first, then
   * the most frequent.
   */
  suggest(text: string): { title_suggest: WordSuggestions[] } {
    const entries: WordSuggestions[] = []
    for (const { token, offset, length } of tokenSpans(text)) {
      const word = normalizeToken(token)
      if (word === '') continue
      entries.push({
        text: word,
        offset,
        length,
        options: this.options(word),
      })
    }
    return { title_suggest: entries }
  }

  private options(word: string) {
    const length = [...word].length
    if (length < SUGGESTER.minWordLength || this.has(word)) return []
    const candidates: { text: string; distance: number; score: number; freq: number }[] = []
    const { words, frequencies } = this
    forEachWithinEdits(
      this.list,
      word,
      SUGGESTER.maxEdits,
      SUGGESTER.prefixLength,
      (id, distance) => {
        const text = words[id]!
        const score = 1 - distance / Math.min(length, [...text].length)
        if (score < SUGGESTER.accuracy) return
        candidates.push({ text, distance, score, freq: frequencies[id]! })
      },
    )
    candidates.sort(
      (a, b) => a.distance - b.distance || b.freq - a.freq || compareCodeUnits(a.text, b.text),
    )
    return candidates
      .slice(0, SUGGESTER.size)
      .map(({ text, score, freq }) => ({ text, score: round(score), freq }))
  }

  /** Whether `word` is a title word: a binary search, where a Map would hold every word again. */
  private has(word: string): boolean {
    return this.words[lowerBound(this.words, word, 0, this.words.length)] === word
  }
}

/** The distinct words of a title, in the order first written. */
export function titleWordsOf(title: string): string[] {
  const words = new Set<string>()
  // The title's markup as the index reads it (the OpenSearch backend's `html_strip`).
  for (const token of tokenize(indexedText(title))) {
    const word = normalizeToken(token)
    if (word !== '') words.add(word)
  }
  return [...words]
}

/** Collects the words of titles, one document at a time. */
export class TitleWordsBuilder {
  private readonly counts = new Map<string, number>()

  add(title: string): void {
    this.addWords(titleWordsOf(title))
  }

  /** Counts a title's distinct words ({@link titleWordsOf}, found elsewhere). */
  addWords(words: readonly string[]): void {
    for (const word of words) this.counts.set(word, (this.counts.get(word) ?? 0) + 1)
  }

  /** The stored part, its words sorted (a {@link TitleWords} is derived from it). */
  build(): StoredTitleWords {
    const words = [...this.counts.keys()].sort()
    return { words, frequencies: Uint32Array.from(words, (word) => this.counts.get(word)!) }
  }
}

/** Scores as Elasticsearch prints them: a float, here rounded to 7 significant digits. */
function round(score: number): number {
  return Math.round(score * 1e7) / 1e7
}
