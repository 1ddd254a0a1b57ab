/**
 * A reading of API.md §4 (full text) written from the contract's text, not from the engine:
 * it evaluates a well-formed query against one plain document at a time, with nothing but the
 * analysis functions (tokenize, the stem of a word, a word as written), which are checked on
 * their own. No index, no pairs, no posting lists.
 *
 * The contract, as read here:
 * - A document's searchable values are its title, an agent's description, each paragraph of its
 *   notes (each content entry and list-item text, HTML stripped) and each term title. Values
 *   are separate: a phrase never runs from one into the next.
 * - Every token of a value takes a position; a stop word keeps its position but matches nothing.
 * - A word matches when its stem is at any position of any value. A word of several tokens
 *   (`e-mail`) is a phrase of them.
 * - `"a phrase"`: its non-stop-word terms at the same distances from each other as in the
 *   quoted text, in one value.
 * - `word*`: a word as written (lowercase, accents folded) that begins with `word`, in any value.
 *   A stop word is never found.
 * - `*` alone: every document.
 * - `word~N`: a stem of the document within N edits (N ≤ 2, none is 2; a transposition of two
 *   adjacent letters is one edit) of the word as written (lowercase, accents folded): fuzzy
 *   words match the indexed terms, as the reference's do.
 * - `"a phrase"~N`: its terms each at a position of one value where that term stands (two places
 *   of the same term at two positions), such that the positions less the phrase's own offsets
 *   spread over at most N (N ≤ 10).
 * - `-x`: documents that `x` does not match.
 * - Operators apply left to right, a space (or `+`) being AND: `a b | c` is `(a b) | c`.
 * - `\x` is the character x as plain text.
 * - A part that analyzes to nothing (a stop word) is left out, with its operator; a query with
 *   nothing left (stop words, operators or punctuation only) matches nothing.
 */
import {
  indexedText,
  normalizeToken,
  processTerm,
  tokenize,
} from '../../packages/core/src/for-backends.js'

/** The parts of a document full text reads. */
export interface TextDocument {
  type: string
  title: string
  description?: string | null
  notes?: { subnotes: { content?: (string | null)[]; items?: unknown[] }[] }[] | null
  terms?: { title?: string | null }[] | null
}

/** One value: the stem (or null) and the word as written at each position. */
interface Value {
  stems: (string | null)[]
  words: string[]
}

/** A document prepared once: its values. */
export function valuesOf(document: TextDocument): Value[] {
  const texts: string[] = [indexedText(document.title)]
  if (document.type === 'agent' && document.description) {
    texts.push(indexedText(document.description))
  }
  for (const note of document.notes ?? []) {
    for (const subnote of note.subnotes) {
      for (const content of subnote.content ?? []) if (content) texts.push(indexedText(content))
      for (const item of subnote.items ?? []) {
        if (!item || typeof item !== 'object') continue
        for (const value of Object.values(item)) {
          if (typeof value === 'string') texts.push(indexedText(value))
        }
      }
    }
  }
  for (const term of document.terms ?? []) if (term.title) texts.push(indexedText(term.title))
  return texts.map((text) => {
    const tokens = tokenize(text)
    return { stems: tokens.map((token) => processTerm(token)), words: tokens.map(normalizeToken) }
  })
}

/** What a part of a query says of a document: matched, not matched, or left out. */
type Verdict = boolean | 'vanished'

/** Whether a document matches a query; `undefined` when the query is blank (no query). */
export function bruteMatches(query: string, values: Value[]): boolean | undefined {
  if (query.trim() === '') return undefined
  const parser = { tokens: lexQuery(query), pos: 0 }
  const verdict = sequence(parser, values)
  return verdict === 'vanished' ? false : verdict
}

type QueryToken =
  // `prefix`: it ends in an unescaped `*` (left out of text); fuzzy: the N of `~N`, else null
  | { kind: 'word'; text: string; prefix: boolean; stars: boolean; fuzzy: number | null }
  | { kind: 'phrase'; text: string; slop: number }
  | { kind: 'or' }
  | { kind: 'not' }
  | { kind: 'open' }
  | { kind: 'close' }

/** `~N` as written: none is 2. */
const fuzziness = (written: string | undefined): number | null =>
  written === undefined ? null : written === '' ? 2 : Number(written)

/**
 * Tokens of a well-formed query (the property tests only make well-formed ones: a `~` only after
 * a word or a phrase and followed by digits or nothing; `-` only before a word, a phrase or `(`).
 */
function lexQuery(query: string): QueryToken[] {
  const tokens: QueryToken[] = []
  const pattern =
    /[\s+]*(?:"((?:\\.|[^"\\])*)"(?:~(\d*))?|(\|)|(-)(?=[^\s+|)])|(\()|(\))|((?:\\.|[^\s"|()+~\\])+)(?:~(\d*))?)/gy
  for (let match = pattern.exec(query); match; match = pattern.exec(query)) {
    if (match[1] !== undefined) {
      const slop = Math.min(fuzziness(match[2]) ?? 0, 10)
      tokens.push({ kind: 'phrase', text: plainText(match[1]), slop })
    } else if (match[3]) tokens.push({ kind: 'or' })
    else if (match[4]) tokens.push({ kind: 'not' })
    else if (match[5]) tokens.push({ kind: 'open' })
    else if (match[6]) tokens.push({ kind: 'close' })
    else if (match[7]) {
      const written = match[7]
      const fuzzy = fuzziness(match[8])
      const prefix = fuzzy === null && /(^|[^\\])\*$/.test(written)
      tokens.push({
        kind: 'word',
        text: plainText(prefix ? written.slice(0, -1) : written),
        prefix,
        stars: fuzzy === null && /^\*+$/.test(written),
        fuzzy: fuzzy === null ? null : Math.min(fuzzy, 2),
      })
    }
  }
  return tokens
}

const plainText = (text: string) => text.replace(/\\(.)/g, '$1')

interface ParserState {
  tokens: QueryToken[]
  pos: number
}

/** Items joined by a space (AND) or `|` (OR), applied left to right. */
function sequence(state: ParserState, values: Value[]): Verdict {
  let result: Verdict = 'vanished'
  let started = false
  while (state.pos < state.tokens.length && state.tokens[state.pos]!.kind !== 'close') {
    let or = false
    if (state.tokens[state.pos]!.kind === 'or') {
      or = true
      state.pos++
    }
    const next = item(state, values)
    // A part that vanished leaves the result as it was, with its operator.
    if (!started || result === 'vanished') result = next
    else if (next !== 'vanished') result = or ? result || next : result && next
    started = true
  }
  return result
}

function item(state: ParserState, values: Value[]): Verdict {
  const token = state.tokens[state.pos++]
  // `((`, `-` and the like: operators with nothing to apply to.
  if (token === undefined) return 'vanished'
  switch (token.kind) {
    case 'not': {
      const inner = item(state, values)
      return inner === 'vanished' ? 'vanished' : !inner
    }
    case 'open': {
      const inner = sequence(state, values)
      state.pos++ // the closing parenthesis
      return inner
    }
    case 'phrase':
      return token.slop > 0
        ? sloppyPhrase(token.text, token.slop, values)
        : phrase(token.text, values)
    case 'word':
      if (token.stars) return true
      if (token.fuzzy !== null && token.fuzzy > 0) return fuzzy(token.text, token.fuzzy, values)
      if (token.prefix) return prefix(token.text, values)
      return phrase(token.text, values)
    default:
      return 'vanished'
  }
}

/** A phrase (or a word: a phrase of one or more tokens) at its distances, in one value. */
function phrase(text: string, values: Value[]): Verdict {
  const wanted = tokenize(text)
    .map((token, position) => ({ stem: processTerm(token), position }))
    .filter((part): part is { stem: string; position: number } => part.stem !== null)
  if (wanted.length === 0) return 'vanished'
  const first = wanted[0]!.position
  return values.some((value) =>
    value.stems.some((_, start) =>
      wanted.every(({ stem, position }) => value.stems[start + position - first] === stem),
    ),
  )
}

/** A word as written that begins with the prefix (a stop word is never found). */
function prefix(text: string, values: Value[]): Verdict {
  const tokens = tokenize(text)
  const last = tokens.pop()
  if (last === undefined) return 'vanished'
  const start = normalizeToken(last)
  const found = values.some((value) =>
    value.words.some((word, i) => word.startsWith(start) && value.stems[i] !== null),
  )
  if (tokens.length === 0) return found
  const leading = phrase(tokens.join(' '), values)
  return leading === 'vanished' ? found : leading && found
}

/** Each token of the word, as written, within `edits` of a stem in the document (ANDed). */
function fuzzy(text: string, edits: number, values: Value[]): Verdict {
  const words = tokenize(text).map(normalizeToken)
  if (words.length === 0) return 'vanished'
  return words.every((word) =>
    values.some((value) =>
      value.stems.some((stem) => stem !== null && alignmentDistance(word, stem) <= edits),
    ),
  )
}

/** Edits between two strings, over code points; two adjacent letters swapped count one. */
export function alignmentDistance(a: string, b: string): number {
  const x = [...a]
  const y = [...b]
  const d = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  )
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost)
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1)
      }
    }
  }
  return d[x.length]![y.length]!
}

/** A phrase whose terms may stand `slop` moves from their places, in one value. */
function sloppyPhrase(text: string, slop: number, values: Value[]): Verdict {
  const wanted = tokenize(text)
    .map((token, position) => ({ stem: processTerm(token), position }))
    .filter((part): part is { stem: string; position: number } => part.stem !== null)
  if (wanted.length === 0) return 'vanished'
  if (wanted.length === 1) return phrase(text, values)
  /** Every placement of the phrase's terms at distinct positions, tried one term at a time. */
  const fits = (value: Value, place: number, used: number[], shifted: number[]): boolean => {
    if (shifted.length > 0 && Math.max(...shifted) - Math.min(...shifted) > slop) return false
    if (place === wanted.length) return true
    const { stem, position } = wanted[place]!
    return value.stems.some(
      (found, at) =>
        found === stem &&
        !used.includes(at) &&
        fits(value, place + 1, [...used, at], [...shifted, at - position]),
    )
  }
  return values.some((value) => fits(value, 0, [], []))
}
