/**
 * Parser for the full-text query syntax of API.md §4: words are ANDed, `"an exact phrase"`,
 * `-word` (must not match), `a | b` (either), `word*` (prefix), `*` (everything) and `(groups)`.
 * Operators apply left to right, a space being AND: `a b | c` is `(a b) | c`. Malformed syntax
 * degrades to the plain words; the parser never throws.
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
  // `"a b c"`: analyzed terms and their positions relative to the first (a removed stop word
  // keeps its place: `"history of medicine"` is history@0 medicin@2); two terms or more
  | { kind: 'phrase'; terms: string[]; positions: number[] }
  | { kind: 'and'; children: QueryNode[] } // length >= 2
  | { kind: 'or'; children: QueryNode[] } // length >= 2
  // everything but the child; inside an 'and', what the other children match but the child
  | { kind: 'not'; child: QueryNode }
  // `*`: every document
  | { kind: 'all' }
  // a query of stop words only (`the`), or `-*`: it matches nothing, as Elasticsearch's does
  // when its analysis leaves no terms; only ever the whole query
  | { kind: 'nothing' }

// ---------------------------------------------------------------------------------------------
// Lexing

type Token =
  | { t: 'word'; text: string; plain: boolean }
  | { t: 'phrase'; text: string }
  | { t: 'or' }
  | { t: 'neg' }
  | { t: 'lp' }
  | { t: 'rp' }

const QUOTES = '"\u201c\u201d\u201e'

function isSpace(ch: string): boolean {
  return /\s/u.test(ch)
}

/** Characters that end a word: whitespace, quotes, parentheses and `|`. */
function isDelimiter(ch: string): boolean {
  return ch === '(' || ch === ')' || ch === '|' || QUOTES.includes(ch) || isSpace(ch)
}

function lex(query: string): Token[] {
  const tokens: Token[] = []
  const n = query.length
  let i = 0
  while (i < n) {
    const ch = query[i] as string
    if (isSpace(ch)) {
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
      let close = -1
      for (let j = i + 1; j < n; j++) {
        if (QUOTES.includes(query[j] as string)) {
          close = j
          break
        }
      }
      if (close === -1) {
        // Unclosed quote: the rest is plain words, and a `-` just before the quote is stray.
        if (tokens[tokens.length - 1]?.t === 'neg') tokens.pop()
        for (const word of query.slice(i + 1).split(/[\s()|"\u201c\u201d\u201e]+/u)) {
          if (word !== '') tokens.push({ t: 'word', text: word, plain: true })
        }
        break
      }
      tokens.push({ t: 'phrase', text: query.slice(i + 1, close) })
      i = close + 1
    } else if (ch === '-') {
      let j = i
      while (j < n && query[j] === '-') j++
      const next = query[j]
      if (j - i === 1 && next !== undefined && next !== '|' && next !== ')' && !isSpace(next)) {
        tokens.push({ t: 'neg' })
      }
      // Otherwise (`- a`, `a -`, `--a`, `-|`, `-)`) the dashes are stray and ignored.
      i = j
    } else {
      let j = i + 1
      while (j < n && !isDelimiter(query[j] as string)) j++
      tokens.push({ t: 'word', text: query.slice(i, j), plain: false })
      i = j
    }
  }
  return balanceParentheses(tokens)
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
        return this.word(token.text, token.plain)
      case 'phrase':
        return this.counted(phraseNode(this.analyzer.positions(token.text)))
      default:
        return null
    }
  }

  /** Counts a leaf that did not vanish. */
  private counted(part: Part): Part {
    if (part !== null) this.leafCount++
    return part
  }

  private word(text: string, plain: boolean): Part {
    if (!plain && /^\*+$/.test(text)) return this.counted({ kind: 'all' })
    if (plain || !text.endsWith('*')) return this.counted(phraseNode(this.analyzer.positions(text)))
    const tokens = tokenize(text)
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
}

/** Analyzed terms at their positions as a leaf: nothing, one term, or a phrase. */
function phraseNode(found: (string | null)[]): Part {
  const terms: string[] = []
  const positions: number[] = []
  found.forEach((term, position) => {
    if (term === null) return
    terms.push(term)
    positions.push(position)
  })
  if (terms.length === 0) return null
  if (terms.length === 1) return { kind: 'term', term: terms[0]! }
  return { kind: 'phrase', terms, positions: positions.map((p) => p - positions[0]!) }
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
 * - Operators apply left to right, a space being AND: `a b | c` is `(a b) | c`, `a | b c` is
 *   `(a | b) c`. `OR`, `AND` and `NOT` are ordinary words.
 * - `"an exact phrase"` is its analyzed terms at their positions: a removed stop word keeps its
 *   place. One surviving term makes a term node, none makes nothing. Inside quotes everything
 *   is literal.
 * - A word is analyzed like indexed text: one term, a phrase when it splits into several
 *   (`U.S.A.`, `e-mail`), or nothing when it is only stop words or punctuation. An operator
 *   side that vanishes leaves the other side.
 * - `word*` is a prefix of `normalizeToken(word)`: the words as written that begin with it. If
 *   the word splits into several tokens (`e-mai*`), the leading ones are ANDed as terms or a
 *   phrase. A prefix of fewer than 2 characters is dropped unless it is the only thing in the
 *   query. `*` alone is every document.
 * - `-word`, `-"phrase"` and `-(group)` negate; double negations cancel. A negation is kept
 *   wherever it stands: `-a` is everything without `a`, `a | -b` is `a` or anything without `b`.
 * - Unbalanced parentheses are dropped; parentheses nested deeper than 32 are ignored. An
 *   unclosed quote makes the rest of the query plain words; stray operators (`| a`, `a |`,
 *   `a - b`, `--a`) are ignored, leaving the plain words.
 *
 * Returns `null` for an empty or whitespace-only query, or one with nothing searchable left
 * (only punctuation), and `{ kind: 'nothing' }` for one of stop words only. Never throws.
 */
export function parseQuery(
  query: string,
  analyzer: Analyzer = analyzerFor('english'),
): QueryNode | null {
  if (typeof query !== 'string' || query.trim() === '') return null
  const tokens = lex(query)
  const parser = new Parser(tokens, analyzer)
  let result = parser.parse()
  if (parser.leafCount > 1) result = dropShortPrefixes(result, parser.shortPrefixes)
  if (result !== null) return result
  return onlyStopWords(tokens, analyzer) ? { kind: 'nothing' } : null
}

/** Whether a query is plain words and phrases whose words are all stop words (`the`, `"of a"`). */
function onlyStopWords(tokens: Token[], analyzer: Analyzer): boolean {
  let words = 0
  for (const token of tokens) {
    if (token.t === 'neg') return false
    if (token.t !== 'word' && token.t !== 'phrase') continue
    if (token.t === 'word' && !token.plain && token.text.endsWith('*')) return false
    if (analyzer.analyze(token.text).length > 0) return false
    words += tokenize(token.text).length
  }
  return words > 0
}
