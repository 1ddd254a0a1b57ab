/**
 * Parser for the full-text query syntax of API.md §4 (Elasticsearch's `simple_query_string` with
 * all its flags): words are ANDed (a space or `+`), `"an exact phrase"`, `"a phrase"~N` (slop),
 * `-word` (must not match), `a | b` (either), `word*` (prefix), `word~N` (fuzzy), `*`
 * (everything), `(groups)` and `\` (the next character is plain text). Operators apply left to
 * right, a space being AND: `a b | c` is `(a b) | c`. Malformed syntax degrades to the plain
 * words; the parser never throws.
 */
import { normalizeToken, tokenize } from './analyze.js'
import { type Analyzer, analyzerFor } from './languages.js'

/**
 * A parsed full-text query. Leaves hold analyzed terms (after processTerm), ready for the index.
 */
export type QueryNode =
  | { kind: 'term'; term: string } // an analyzed (stemmed) term, must match exactly
  // `word*`: normalizeToken(word); matches the words as written that begin with it
  | { kind: 'prefix'; prefix: string }
  // `word~N`: normalizeToken(word); matches the index terms within `edits` edits of it (optimal
  // string alignment over code points), as Lucene's FuzzyQuery matches the indexed terms
  | { kind: 'fuzzy'; word: string; edits: number }
  // `"a b c"`: analyzed terms and their positions relative to the first (a removed stop word
  // keeps its place: `"history of medicine"` is history@0 medicin@2); two terms or more.
  // `slop` (`"a b"~N`, only when above 0): the terms may stand up to that many moves from those
  // positions, as Lucene's sloppy phrases count them
  | { kind: 'phrase'; terms: string[]; positions: number[]; slop?: number }
  | { kind: 'and'; children: QueryNode[] } // length >= 2
  | { kind: 'or'; children: QueryNode[] } // length >= 2
  // everything but the child; inside an 'and', what the other children match but the child
  | { kind: 'not'; child: QueryNode }
  // `*`: every document
  | { kind: 'all' }
  // a query with nothing searchable left: stop words only (`the`), operators only (`((`, `-`),
  // punctuation, or `-*`. It matches nothing, as Elasticsearch's does when its analysis leaves
  // no terms; only ever the whole query
  | { kind: 'nothing' }

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
// A leaf that analyzes to nothing (a stop word, punctuation) vanishes, and so does an operator
// with nothing on one side: `the | apple` is `apple`.

const MIN_PREFIX_LENGTH = 2

/** A node, or null for a part that vanished. */
type Part = QueryNode | null

class Parser {
  private pos = 0
  /** Leaves that did not vanish: a short prefix is kept only when it is alone. */
  leafCount = 0
  /** Short prefixes (`a*`), dropped afterwards unless the query is nothing else. */
  readonly shortPrefixes = new Set<QueryNode>()

  constructor(
    private readonly tokens: Token[],
    private readonly analyzer: Analyzer,
  ) {}

  parse(): Part {
    let result = this.sequence()
    // Parentheses are balanced by now, but never leave tokens unread.
    while (this.pos < this.tokens.length) {
      this.pos++
      result = combine('and', result, this.sequence())
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
      result = started ? combine(operator, result, part) : part
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
      if (child === null) return null
      if (child.kind === 'all') return { kind: 'nothing' }
      if (child.kind === 'nothing') return { kind: 'all' }
      return child.kind === 'not' ? child.child : { kind: 'not', child }
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
        return this.word(token)
      case 'phrase':
        return this.counted(phraseNode(this.analyzer.positions(token.text), token.slop))
      default:
        return null
    }
  }

  /** Counts a leaf that did not vanish. */
  private counted(part: Part): Part {
    if (part !== null) this.leafCount++
    return part
  }

  private word(token: Extract<Token, { t: 'word' }>): Part {
    if (token.stars) return this.counted({ kind: 'all' })
    if (token.fuzzy > 0) return this.fuzzy(token.text, token.fuzzy)
    if (!token.prefix) return this.counted(phraseNode(this.analyzer.positions(token.text)))
    const tokens = tokenize(token.text)
    const last = tokens.pop()
    if (last === undefined) return null // only punctuation before the `*`
    const leading = this.counted(
      phraseNode(tokens.map((token) => this.analyzer.processTerm(token))),
    )
    const prefix = normalizeToken(last)
    if (prefix === '') return leading
    const node: QueryNode = { kind: 'prefix', prefix }
    if ([...prefix].length < MIN_PREFIX_LENGTH) this.shortPrefixes.add(node)
    return combine('and', leading, this.counted(node))
  }

  /**
   * `word~N`: the word as written (lowercased, accents folded, not stemmed, as Elasticsearch
   * normalizes a fuzzy word) against the index terms. A word of several tokens (`e-mail~1`) is
   * each of them fuzzy, ANDed.
   */
  private fuzzy(text: string, edits: number): Part {
    return tokenize(text)
      .map((token) => normalizeToken(token))
      .filter((word) => word !== '')
      .reduce<Part>(
        (result, word) => combine('and', result, this.counted({ kind: 'fuzzy', word, edits })),
        null,
      )
  }
}

/**
 * Analyzed terms at their positions as a leaf: nothing, one term, or a phrase (with its slop
 * when above 0).
 */
function phraseNode(found: (string | null)[], slop = 0): Part {
  const terms: string[] = []
  const positions: number[] = []
  found.forEach((term, position) => {
    if (term === null) return
    terms.push(term)
    positions.push(position)
  })
  if (terms.length === 0) return null
  if (terms.length === 1) return { kind: 'term', term: terms[0]! }
  const relative = positions.map((p) => p - positions[0]!)
  return slop > 0
    ? { kind: 'phrase', terms, positions: relative, slop }
    : { kind: 'phrase', terms, positions: relative }
}

/**
 * `left op right`, simplified: a vanished side leaves the other; `*` is the identity of AND and
 * absorbs OR; nested nodes of the same kind are flattened and identical children deduped.
 */
function combine(kind: 'and' | 'or', left: Part, right: Part): Part {
  if (left === null) return right
  if (right === null) return left
  // `*` is the identity of AND and absorbs OR; nothing (`-*`) absorbs AND and is OR's identity.
  const identity = kind === 'and' ? 'all' : 'nothing'
  const absorber = kind === 'and' ? 'nothing' : 'all'
  if (left.kind === absorber || right.kind === absorber) return { kind: absorber }
  if (left.kind === identity) return right
  if (right.kind === identity) return left
  const children: QueryNode[] = []
  const seen = new Set<string>()
  for (const node of [left, right]) {
    for (const child of node.kind === kind ? node.children : [node]) {
      const key = JSON.stringify(child)
      if (seen.has(key)) continue
      seen.add(key)
      children.push(child)
    }
  }
  return children.length === 1 ? children[0]! : { kind, children }
}

/** The tree without its short prefixes (`a*`), which would match too much next to anything. */
function dropShortPrefixes(node: Part, short: Set<QueryNode>): Part {
  if (node === null || short.has(node)) return null
  switch (node.kind) {
    case 'and':
    case 'or':
      return node.children
        .map((child) => dropShortPrefixes(child, short))
        .reduce<Part>((result, child) => combine(node.kind, result, child), null)
    case 'not': {
      const child = dropShortPrefixes(node.child, short)
      return child === null ? null : { kind: 'not', child }
    }
    default:
      return node
  }
}

// ---------------------------------------------------------------------------------------------

/**
 * Parses a full-text query (API.md §4) into a tree of analyzed terms.
 *
 * - Operators apply left to right, a space (or `+`) being AND: `a b | c` is `(a b) | c`,
 *   `a | b c` is `(a | b) c`. `OR`, `AND` and `NOT` are ordinary words.
 * - `"an exact phrase"` is its analyzed terms at their positions: a removed stop word keeps its
 *   place. One surviving term makes a term node, none makes nothing. Inside quotes everything
 *   but `\` is literal. `"a phrase"~N` lets its terms stand up to N moves apart (at most
 *   {@link MAX_PHRASE_SLOP}; `~` alone is 2).
 * - A word is analyzed like indexed text: one term, a phrase when it splits into several
 *   (`U.S.A.`, `e-mail`), or nothing when it is only stop words or punctuation. An operator
 *   side that vanishes leaves the other side.
 * - `word*` is a prefix of `normalizeToken(word)`: the words as written that begin with it. If
 *   the word splits into several tokens (`e-mai*`), the leading ones are ANDed as terms or a
 *   phrase. A prefix of fewer than 2 characters is dropped unless it is the only thing in the
 *   query. `*` alone is every document.
 * - `word~N` is a fuzzy word: the index terms within N edits of it (at most
 *   {@link MAX_FUZZY_EDITS}; `~` alone is 2, a `~` followed by anything but a number is 0, the
 *   plain word).
 * - `-word`, `-"phrase"` and `-(group)` negate; double negations cancel. A negation is kept
 *   wherever it stands: `-a` is everything without `a`, `a | -b` is `a` or anything without `b`.
 * - `\x` makes `x` plain text (`\-a`, `a\*`, `\"`).
 * - Unbalanced parentheses are dropped; parentheses nested deeper than 32 are ignored. An
 *   unclosed quote makes the rest of the query plain words; stray operators (`| a`, `a |`,
 *   `a - b`, `--a`) are ignored, leaving the plain words.
 *
 * Returns `null` for an empty or whitespace-only query, and `{ kind: 'nothing' }` for one with
 * nothing searchable left: stop words, punctuation or operators only (`the`, `((`, `+++`).
 * Never throws.
 */
export function parseQuery(
  query: string,
  analyzer: Analyzer = analyzerFor('english'),
): QueryNode | null {
  if (typeof query !== 'string' || query.trim() === '') return null
  const parser = new Parser(lex(query), analyzer)
  let result = parser.parse()
  if (parser.leafCount > 1) result = dropShortPrefixes(result, parser.shortPrefixes)
  return result ?? { kind: 'nothing' }
}
