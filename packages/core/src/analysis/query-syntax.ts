/**
 * The full-text query syntax of API.md §4 (Elasticsearch's `simple_query_string` with all its
 * flags), read into a tree of what was written, before any analysis: words are ANDed (a space or
 * `+`), `"an exact phrase"`, `"a phrase"~N` (slop), `-word` (must not match), `a | b` (either),
 * `word*` (prefix), `word~N` (fuzzy), `*` (everything), `(groups)` and `\\` (the next character
 * is plain text). Operators apply left to right, a space being AND: `a b | c` is `(a b) | c`.
 * Malformed syntax degrades to the plain words; the reader never throws.
 *
 * Each backend analyzes the tree its own way: the in-memory engine with `analyzeQuery`
 * (query-analysis.ts), a search cluster with its own analyzers.
 */

/** A query as written: its words and phrases as text, its operators as nodes. */
export type QuerySyntax =
  // a word as written, escapes resolved: a term, a phrase when it analyzes to several, or nothing
  | { kind: 'word'; text: string }
  // `"a b c"` as written; `slop` 0 for an exact phrase
  | { kind: 'phrase'; text: string; slop: number }
  // `word*`: the text before the `*`
  | { kind: 'prefix'; text: string }
  // `word~N`: N from 1 to MAX_FUZZY_EDITS
  | { kind: 'fuzzy'; text: string; edits: number }
  | { kind: 'and'; children: QuerySyntax[] } // length >= 2, left to right
  | { kind: 'or'; children: QuerySyntax[] } // length >= 2, left to right
  | { kind: 'not'; child: QuerySyntax }
  // `*`: every document
  | { kind: 'all' }
  // written, but nothing to search: operators only (`((`, `-`, `|`, `+++`)
  | { kind: 'empty' }

/** The most edits a fuzzy word allows (`word~5` is `word~2`), as Lucene's automata do. */
export const MAX_FUZZY_EDITS = 2
/** The largest slop of a phrase (`"a b"~50` is `"a b"~10`): it bounds a phrase's check. */
export const MAX_PHRASE_SLOP = 10

// ---------------------------------------------------------------------------------------------
// Lexing

type Token =
  // `prefix`: it ended in an unescaped `*` (not part of text); `stars`: it was only unescaped
  // `*`; `fuzzy`: the N of `word~N` (0 for none); `plain`: after an unclosed quote, no operators
  | { t: 'word'; text: string; plain: boolean; prefix: boolean; stars: boolean; fuzzy: number }
  | { t: 'phrase'; text: string; slop: number }
  | { t: 'or' }
  | { t: 'neg' }
  | { t: 'lp' }
  | { t: 'rp' }

const QUOTES = '"\u201c\u201d\u201e'
const ESCAPE = '\\'

function isSpace(ch: string): boolean {
  return /\s/u.test(ch)
}

/** Characters that end a word: whitespace, quotes, parentheses, `|` and `+`. */
function isDelimiter(ch: string): boolean {
  return ch === '(' || ch === ')' || ch === '|' || ch === '+' || QUOTES.includes(ch) || isSpace(ch)
}

/**
 * The N after a `~` that starts at `from`, read to the end of the token as Lucene reads it: none
 * is 2, anything but an integer is 0, a negative is 0. Returns it and where the token ends.
 */
function readFuzziness(query: string, from: number): [fuzziness: number, end: number] {
  let end = from + 1
  while (end < query.length && !isDelimiter(query[end] as string)) end++
  const text = query.slice(from + 1, end)
  if (text === '') return [2, end]
  return [/^[+-]?\d+$/.test(text) ? Math.max(0, Number.parseInt(text, 10)) : 0, end]
}

function lex(query: string): Token[] {
  const tokens: Token[] = []
  const n = query.length
  let i = 0
  while (i < n) {
    const ch = query[i] as string
    if (isSpace(ch) || ch === '+') {
      i++
    } else if (ch === '(') {
      tokens.push({ t: 'lp' })
      i++
    } else if (ch === ')') {
      tokens.push({ t: 'rp' })
      i++
    } else if (ch === '|') {
      tokens.push({ t: 'or' })
      i++
    } else if (QUOTES.includes(ch)) {
      let text = ''
      let close = -1
      for (let j = i + 1; j < n; j++) {
        const inside = query[j] as string
        if (inside === ESCAPE) {
          if (j + 1 < n) text += query[++j]
        } else if (QUOTES.includes(inside)) {
          close = j
          break
        } else text += inside
      }
      if (close === -1) {
        // Unclosed quote: the rest is plain words, and a `-` just before the quote is stray.
        if (tokens[tokens.length - 1]?.t === 'neg') tokens.pop()
        for (const word of text.split(/[\s()|+"\u201c\u201d\u201e]+/u)) {
          if (word !== '') tokens.push(plainWord(word))
        }
        break
      }
      let slop = 0
      i = close + 1
      if (query[i] === '~') [slop, i] = readFuzziness(query, i)
      tokens.push({ t: 'phrase', text, slop: Math.min(slop, MAX_PHRASE_SLOP) })
    } else if (ch === '-') {
      let j = i
      while (j < n && query[j] === '-') j++
      const next = query[j]
      if (
        j - i === 1 &&
        next !== undefined &&
        next !== '|' &&
        next !== ')' &&
        next !== '+' &&
        !isSpace(next)
      ) {
        tokens.push({ t: 'neg' })
      }
      // Otherwise (`- a`, `a -`, `--a`, `-|`, `-)`) the dashes are stray and ignored.
      i = j
    } else {
      i = lexWord(query, i, tokens)
    }
  }
  return balanceParentheses(tokens)
}

/** A word from the plain part after an unclosed quote: no operator applies. */
function plainWord(text: string): Token {
  return { t: 'word', text, plain: true, prefix: false, stars: false, fuzzy: 0 }
}

/**
 * Reads the word that starts at `start` (a `\` makes the next character part of it; an
 * unescaped `~` after its first character ends it with a fuzziness), pushes it and returns where
 * it ends.
 */
function lexWord(query: string, start: number, tokens: Token[]): number {
  const n = query.length
  let text = ''
  let stars = true
  let lastEscaped = false
  let fuzzy = 0
  let i = start
  while (i < n && !isDelimiter(query[i] as string)) {
    const ch = query[i] as string
    if (ch === ESCAPE) {
      if (i + 1 < n) {
        text += query[i + 1]
        stars = false
        lastEscaped = true
      }
      i += 2
      continue
    }
    if (ch === '~' && text !== '') {
      ;[fuzzy, i] = readFuzziness(query, i)
      break
    }
    text += ch
    if (ch !== '*') stars = false
    lastEscaped = false
    i++
  }
  if (text === '') return i
  const prefix = fuzzy === 0 && !lastEscaped && text.endsWith('*')
  tokens.push({
    t: 'word',
    text: prefix ? text.slice(0, -1) : text,
    plain: false,
    prefix,
    stars: stars && fuzzy === 0,
    fuzzy: Math.min(fuzzy, MAX_FUZZY_EDITS),
  })
  return i
}

/** Parentheses nested deeper than this are ignored, which bounds the parser's recursion. */
const MAX_DEPTH = 32

/**
 * Drops unmatched parentheses (as if they were whitespace, so a `-` right before a dropped
 * `(` is stray too), and pairs nested deeper than {@link MAX_DEPTH}.
 */
function balanceParentheses(tokens: Token[]): Token[] {
  const drop = new Set<number>()
  const open: number[] = []
  const matched = new Set<number>()
  tokens.forEach((token, index) => {
    if (token.t === 'lp') open.push(index)
    else if (token.t === 'rp') {
      const start = open.pop()
      if (start === undefined) drop.add(index)
      else matched.add(start)
    }
  })
  for (const index of open) drop.add(index)
  let depth = 0
  tokens.forEach((token, index) => {
    if (token.t === 'lp' && matched.has(index)) {
      depth++
      if (depth > MAX_DEPTH) drop.add(index)
    } else if (token.t === 'rp' && !drop.has(index)) {
      if (depth > MAX_DEPTH) drop.add(index)
      depth--
    }
  })
  if (drop.size === 0) return tokens
  for (const index of [...drop]) {
    if (tokens[index]?.t === 'lp' && tokens[index - 1]?.t === 'neg') drop.add(index - 1)
  }
  return tokens.filter((_token, index) => !drop.has(index))
}

// ---------------------------------------------------------------------------------------------
// Parsing
//
//   sequence := unary ( '|'? unary )*     operators apply left to right: a space is AND
//   unary    := '-' unary | primary
//   primary  := word | phrase | '(' sequence ')'
//
// An operator with nothing on one side is dropped (`| apple`, `apple -`, `()`), leaving the other.

/** A node, or null for a part with nothing written in it (`()`, a stray `-`). */
type Part = QuerySyntax | null

class Parser {
  private pos = 0

  constructor(private readonly tokens: Token[]) {}

  parse(): Part {
    let result = this.sequence()
    // Parentheses are balanced by now, but never leave tokens unread.
    while (this.pos < this.tokens.length) {
      this.pos++
      result = join('and', result, this.sequence())
    }
    return result
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos]
  }

  private sequence(): Part {
    let result: Part = null
    let started = false
    for (let token = this.peek(); token !== undefined; token = this.peek()) {
      if (token.t === 'rp') break
      let operator: 'and' | 'or' = 'and'
      if (token.t === 'or') {
        while (this.peek()?.t === 'or') this.pos++
        const next = this.peek()
        // A `|` with nothing on one side is stray.
        if (next === undefined || next.t === 'rp' || !started) continue
        operator = 'or'
      }
      const part = this.unary()
      result = started ? join(operator, result, part) : part
      started = true
    }
    return result
  }

  private unary(): Part {
    const token = this.peek()
    if (token?.t === 'neg') {
      this.pos++
      const next = this.peek()
      // The lexer only emits `-` before a word, phrase or `(`, but be defensive.
      if (next === undefined || next.t === 'rp' || next.t === 'or') return null
      const child = this.unary()
      return child === null ? null : { kind: 'not', child }
    }
    return this.primary()
  }

  private primary(): Part {
    const token = this.peek()
    this.pos++
    if (token === undefined) return null
    switch (token.t) {
      case 'lp': {
        const inner = this.sequence()
        if (this.peek()?.t === 'rp') this.pos++
        return inner
      }
      case 'word':
        if (token.stars) return { kind: 'all' }
        if (token.fuzzy > 0) return { kind: 'fuzzy', text: token.text, edits: token.fuzzy }
        return { kind: token.prefix ? 'prefix' : 'word', text: token.text }
      case 'phrase':
        return { kind: 'phrase', text: token.text, slop: token.slop }
      default:
        return null
    }
  }
}

/**
 * `left op right` as written, left to right: a side with nothing written leaves the other, and
 * a side of the same operator is flattened into it.
 */
function join(kind: 'and' | 'or', left: Part, right: Part): Part {
  if (left === null) return right
  if (right === null) return left
  const children = left.kind === kind ? [...left.children, right] : [left, right]
  return { kind, children }
}

/**
 * Reads a full-text query (API.md §4) into the tree of what was written. `null` for an empty or
 * blank query (no query at all); `{ kind: 'empty' }` for one of operators only. Never throws.
 *
 * - A space or `+` is AND, `|` is OR, left to right: `a b | c` is `(a b) | c`.
 * - `"a phrase"`, `"a phrase"~N` (N at most {@link MAX_PHRASE_SLOP}, `~` alone 2); inside quotes
 *   everything but `\\` is literal.
 * - `word*` a prefix, `*` alone everything, `word~N` a fuzzy word (N at most
 *   {@link MAX_FUZZY_EDITS}, `~` alone 2, anything but a number 0: the plain word).
 * - `-x` negates a word, phrase or group; `\\x` makes x plain text.
 * - Unbalanced parentheses are dropped; parentheses nested deeper than 32 are ignored. An
 *   unclosed quote makes the rest of the query plain words; stray operators (`| a`, `a |`,
 *   `a - b`, `--a`) are ignored.
 */
export function parseQuerySyntax(query: string): QuerySyntax | null {
  if (typeof query !== 'string' || query.trim() === '') return null
  return new Parser(lex(query)).parse() ?? { kind: 'empty' }
}
