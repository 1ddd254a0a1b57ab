/**
 * Where a query's words stand in a text, for a snippet to mark them: the text read into words as
 * the index reads it (UAX #29 words of its compatibility composition, `tokenSpans`), each word
 * analyzed as the catalogue's language analyzes it, and the query's leaves found among them as
 * the index finds them — a word by its term (so `photographs` marks "Photograph"), a phrase as
 * its terms at their places (`"history of medicine"` one mark from "history" to "medicine"), a
 * sloppy phrase as its words placed within the slop, `word*` on the words as written, `word~N`
 * on the terms within N edits. What the query excludes (`-word`) is never marked.
 */
import { tokenSpans } from '../analysis/analyze.js'
import type { Analyzer } from '../analysis/languages.js'
import type { IndexLeaf, QueryNode } from '../analysis/query-analysis.js'
import { editDistance } from '../util/edit-distance.js'
import { analyzedWord } from './analyzed-words.js'

/** A stretch of a text to mark: `[start, end)` in UTF-16 code units, and the leaves found there. */
export interface Mark {
  start: number
  end: number
  /** Indexes into {@link QueryMarks.leaves}, ascending. */
  leaves: number[]
}

/** A word of the text: where it stands, its index term (null for a stop word), its word. */
export interface Token {
  start: number
  end: number
  term: string | null
  /** As `word*` reads it: lowercased, accents folded, not stemmed. */
  word: string
}

/** A phrase's term at each of its places, and each place's offset in the phrase. */
type PhraseLeaf = Extract<IndexLeaf, { kind: 'phrase' }>

/**
 * A query's marks in any text: one per request, reused for every text of its page (each term's
 * distance from a fuzzy word computed once; words are analyzed once, `analyzed-words.ts`).
 */
export class QueryMarks {
  /** The leaves a text's words can show: every leaf of the query outside an exclusion. */
  readonly leaves: IndexLeaf[]
  private readonly near = new Map<string, boolean>()

  constructor(
    query: QueryNode,
    private readonly analyzer: Analyzer,
  ) {
    this.leaves = shownLeaves(query)
  }

  /** The marks of a text, in order, overlapping ones merged. */
  marks(text: string): Mark[] {
    return this.marksOf(this.tokens(text))
  }

  /** The marks of a text read into words beforehand ({@link wordsOf}). */
  marksOf(tokens: readonly Token[]): Mark[] {
    const found: Mark[] = []
    const mark = (first: number, last: number, leaf: number) => {
      found.push({ start: tokens[first]!.start, end: tokens[last]!.end, leaves: [leaf] })
    }
    this.leaves.forEach((leaf, index) => {
      if (leaf.kind === 'phrase') {
        const places = leaf.slop ? sloppyPlaces(tokens, leaf) : exactPlaces(tokens, leaf)
        for (const [first, last] of places) mark(first, last, index)
        return
      }
      tokens.forEach((token, at) => {
        if (token.term !== null && this.shows(leaf, token)) mark(at, at, index)
      })
    })
    return merged(found)
  }

  /** Whether a word (not a stop word) shows a leaf other than a phrase. */
  private shows(leaf: Exclude<IndexLeaf, PhraseLeaf>, token: Token): boolean {
    switch (leaf.kind) {
      case 'term':
        return token.term === leaf.term
      case 'prefix':
        return token.word.startsWith(leaf.prefix)
      case 'fuzzy': {
        const key = `${leaf.edits}~${leaf.word}\u0000${token.term}`
        let near = this.near.get(key)
        if (near === undefined) {
          near = editDistance(token.term!, leaf.word, leaf.edits) <= leaf.edits
          this.near.set(key, near)
        }
        return near
      }
    }
  }

  /** The text's words, each analyzed. */
  private tokens(text: string): Token[] {
    return wordsOf(text, this.analyzer)
  }
}

/**
 * A text read into words as {@link QueryMarks} reads it, for any query: what a record's texts are
 * kept as, so that a record shown again is marked without reading it again.
 */
export function wordsOf(text: string, analyzer: Analyzer): Token[] {
  return tokenSpans(text).map(({ token, offset, length }) => {
    const { term, word } = analyzedWord(token, analyzer)
    return { start: offset, end: offset + length, term, word }
  })
}

/** The leaves of a query outside any exclusion, each once: those a text's words can show. */
export function shownLeaves(node: QueryNode, into: IndexLeaf[] = [], seen = new Set<string>()) {
  switch (node.kind) {
    case 'and':
    case 'or':
      for (const child of node.children) shownLeaves(child, into, seen)
      break
    case 'not':
    case 'all':
    case 'nothing':
      break
    default: {
      const key = JSON.stringify(node)
      if (!seen.has(key)) {
        seen.add(key)
        into.push(node)
      }
    }
  }
  return into
}

/** Where an exact phrase stands: its first and last word (a word's place is its position). */
function exactPlaces(
  tokens: readonly Token[],
  { terms, positions }: PhraseLeaf,
): [number, number][] {
  const last = positions[positions.length - 1]!
  const places: [number, number][] = []
  for (let at = 0; at + last < tokens.length; at++) {
    if (terms.every((term, i) => tokens[at + positions[i]!]!.term === term)) {
      places.push([at, at + last])
    }
  }
  return places
}

/**
 * The words of every placement of a sloppy phrase, as `text/sloppy-phrase.ts` decides one fits:
 * each place of the phrase on a word of its term, less its offset in the phrase, all within
 * `[low, low + slop]` for a `low` that is one of them; places of one term on distinct words,
 * given greedily. Here the words placed are kept.
 */
function sloppyPlaces(
  tokens: readonly Token[],
  { terms, positions: offsets, slop = 0 }: PhraseLeaf,
): [number, number][] {
  const distinct = [...new Set(terms)]
  const termOf = terms.map((term) => distinct.indexOf(term))
  const placesOf = distinct.map((_, term) =>
    termOf.flatMap((t, place) => (t === term ? [place] : [])),
  )
  const positionsOf = distinct.map((term) =>
    tokens.flatMap((token, at) => (token.term === term ? [at] : [])),
  )
  const placed = new Set<number>()
  if (positionsOf.some((positions, term) => positions.length < placesOf[term]!.length)) {
    return []
  }
  const tried = new Set<number>()
  termOf.forEach((term, place) => {
    for (const position of positionsOf[term]!) {
      const low = position - offsets[place]!
      if (tried.has(low)) continue
      tried.add(low)
      const words: number[] = []
      const fits = placesOf.every((places, t) => {
        const positions = positionsOf[t]!
        let next = 0
        for (const p of places) {
          const first = low + offsets[p]!
          while (next < positions.length && positions[next]! < first) next++
          if (next === positions.length || positions[next]! > first + slop) return false
          words.push(positions[next++]!)
        }
        return true
      })
      if (fits) for (const word of words) placed.add(word)
    }
  })
  return [...placed].map((word): [number, number] => [word, word])
}

/** Marks in order of where they start, those that overlap made one (their leaves joined). */
function merged(marks: Mark[]): Mark[] {
  marks.sort((a, b) => a.start - b.start || a.end - b.end)
  const out: Mark[] = []
  for (const mark of marks) {
    const previous = out[out.length - 1]
    if (previous && mark.start < previous.end) {
      previous.end = Math.max(previous.end, mark.end)
      for (const leaf of mark.leaves) {
        if (!previous.leaves.includes(leaf)) previous.leaves.push(leaf)
      }
      previous.leaves.sort((a, b) => a - b)
    } else out.push({ ...mark, leaves: [...mark.leaves] })
  }
  return out
}
