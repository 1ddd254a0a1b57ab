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
 * - `-x`: documents that `x` does not match.
 * - Operators apply left to right, a space being AND: `a b | c` is `(a b) | c`.
 * - A part that analyzes to nothing (a stop word) is left out, with its operator; a query of
 *   stop words only matches nothing.
 */
import { normalizeToken, processTerm, stripHtml, tokenize } from '../../packages/core/src/index.js'

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
  const texts: string[] = [document.title]
  if (document.type === 'agent' && document.description) texts.push(document.description)
  for (const note of document.notes ?? []) {
    for (const subnote of note.subnotes) {
      for (const content of subnote.content ?? []) if (content) texts.push(stripHtml(content))
      for (const item of subnote.items ?? []) {
        if (!item || typeof item !== 'object') continue
        for (const value of Object.values(item)) {
          if (typeof value === 'string') texts.push(stripHtml(value))
        }
      }
    }
  }
  for (const term of document.terms ?? []) if (term.title) texts.push(term.title)
  return texts.map((text) => {
    const tokens = tokenize(text)
    return { stems: tokens.map((token) => processTerm(token)), words: tokens.map(normalizeToken) }
  })
}

/** What a part of a query says of a document: matched, not matched, or left out. */
type Verdict = boolean | 'vanished'

/** Whether a document matches a query; `undefined` when the query is nothing at all. */
export function bruteMatches(query: string, values: Value[]): boolean | undefined {
  const tokens = lexQuery(query)
  const parser = { tokens, pos: 0 }
  const verdict = sequence(parser, values)
  if (verdict === 'vanished')
    return tokens.some((t) => t.kind === 'word' || t.kind === 'phrase') ? false : undefined
  return verdict
}

type QueryToken =
  | { kind: 'word'; text: string }
  | { kind: 'phrase'; text: string }
  | { kind: 'or' }
  | { kind: 'not' }
  | { kind: 'open' }
  | { kind: 'close' }

/** Tokens of a well-formed query (the property tests only make well-formed ones). */
function lexQuery(query: string): QueryToken[] {
  const tokens: QueryToken[] = []
  const pattern = /\s*(?:"([^"]*)"|(\|)|(-)(?=\S)|(\()|(\))|([^\s"|()]+))/gy
  for (let match = pattern.exec(query); match; match = pattern.exec(query)) {
    if (match[1] !== undefined) tokens.push({ kind: 'phrase', text: match[1] })
    else if (match[2]) tokens.push({ kind: 'or' })
    else if (match[3]) tokens.push({ kind: 'not' })
    else if (match[4]) tokens.push({ kind: 'open' })
    else if (match[5]) tokens.push({ kind: 'close' })
    else if (match[6]) tokens.push({ kind: 'word', text: match[6] })
  }
  return tokens
}

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
  const token = state.tokens[state.pos++]!
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
      return phrase(token.text, values)
    case 'word':
      if (/^\*+$/.test(token.text)) return true
      if (token.text.endsWith('*')) return prefix(token.text.replace(/\*+$/, ''), values)
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
