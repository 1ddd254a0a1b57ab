/**
 * The words of the titles, for spelling suggestions (`/search/suggest`). Words are kept as
 * written (lowercased and accent-folded, not stemmed) with the number of titles holding each,
 * and grouped by first letter, because a suggestion must begin with the letter the word does.
 */

import type { Suggestions } from '../responses/response-schemas.js'
import { normalizeToken, tokenize, tokenSpans } from './analyze.js'

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

/** The stored part: each distinct title word and the number of titles holding it. */
export interface StoredTitleWords {
  words: string[]
  frequencies: Uint32Array
}

/** The title words of a catalogue and the suggestions made from them. */
export class TitleWords {
  readonly words: string[]
  readonly frequencies: Uint32Array
  private readonly idOf: Map<string, number>
  /** Word ids by first letter. */
  private readonly byFirstLetter = new Map<string, number[]>()

  constructor({ words, frequencies }: StoredTitleWords) {
    this.words = words
    this.frequencies = frequencies
    this.idOf = new Map(words.map((word, id) => [word, id]))
    words.forEach((word, id) => {
      const first = firstLetters(word)
      const bucket = this.byFirstLetter.get(first)
      if (bucket) bucket.push(id)
      else this.byFirstLetter.set(first, [id])
    })
  }

  /**
   * Per word of `text`, the title words within two edits that begin with the same letter, as
   * Elasticsearch's term suggester answers in its default `missing` mode: a word that is itself
   * in the titles, or shorter than four letters, gets none. At most five, nearest first, then
   * the most frequent.
   */
  suggest(text: string): Suggestions {
    const entries: Suggestions['title_suggest'] = []
    for (const { token, offset } of tokenSpans(text)) {
      const word = normalizeToken(token)
      if (word === '') continue
      entries.push({
        text: word,
        offset,
        length: token.length,
        options: this.options(word),
      })
    }
    return { title_suggest: entries }
  }

  private options(word: string) {
    const letters = [...word]
    if (letters.length < SUGGESTER.minWordLength || this.idOf.has(word)) return []
    const candidates: { text: string; distance: number; score: number; freq: number }[] = []
    for (const id of this.byFirstLetter.get(firstLetters(word)) ?? []) {
      const candidate = [...this.words[id]!]
      if (Math.abs(candidate.length - letters.length) > SUGGESTER.maxEdits) continue
      const distance = editDistance(letters, candidate, SUGGESTER.maxEdits)
      if (distance > SUGGESTER.maxEdits) continue
      const score = 1 - distance / Math.min(letters.length, candidate.length)
      if (score < SUGGESTER.accuracy) continue
      candidates.push({ text: this.words[id]!, distance, score, freq: this.frequencies[id]! })
    }
    candidates.sort(
      (a, b) =>
        a.distance - b.distance ||
        b.freq - a.freq ||
        (a.text < b.text ? -1 : a.text > b.text ? 1 : 0),
    )
    return candidates
      .slice(0, SUGGESTER.size)
      .map(({ text, score, freq }) => ({ text, score: round(score), freq }))
  }
}

/** Collects the words of titles, one document at a time. */
export class TitleWordsBuilder {
  private readonly counts = new Map<string, number>()

  add(title: string): void {
    const seen = new Set<string>()
    for (const token of tokenize(title)) {
      const word = normalizeToken(token)
      if (word === '' || seen.has(word)) continue
      seen.add(word)
      this.counts.set(word, (this.counts.get(word) ?? 0) + 1)
    }
  }

  /** The stored part (a {@link TitleWords} is derived from it). */
  build(): StoredTitleWords {
    const words = [...this.counts.keys()]
    return { words, frequencies: Uint32Array.from(words, (word) => this.counts.get(word)!) }
  }
}

function firstLetters(word: string): string {
  return [...word].slice(0, SUGGESTER.prefixLength).join('')
}

/**
 * The optimal string alignment distance (Levenshtein with adjacent transpositions counted as
 * one edit, as Lucene's spell checker counts them), over code points; any value above `limit`
 * is returned as `limit + 1` as soon as every path exceeds it.
 */
export function editDistance(a: readonly string[], b: readonly string[], limit: number): number {
  const width = b.length + 1
  let before = new Array<number>(width).fill(0)
  let previous = Array.from({ length: width }, (_, j) => j)
  let current = new Array<number>(width).fill(0)
  for (let i = 1; i <= a.length; i++) {
    current[0] = i
    let best = current[0]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1)
      }
      current[j] = value
      if (value < best) best = value
    }
    if (best > limit) return limit + 1
    ;[before, previous, current] = [previous, current, before]
  }
  return Math.min(previous[b.length]!, limit + 1)
}

/** Scores as Elasticsearch prints them: a float, here rounded to 7 significant digits. */
function round(score: number): number {
  return Math.round(score * 1e7) / 1e7
}
