/**
 * Parser for the full-text query syntax of API.md §4: words are ANDed, `"an exact phrase"`,
 * `-word` (must not match), `a | b` (either), `word*` (prefix) and `(groups)`. Malformed syntax
 * degrades to the plain words; the parser never throws.
 */
import { normalizeToken, tokenize } from './analyze.js'
import { type Analyzer, analyzerFor } from './languages.js'

/**
 * A parsed full-text query. Leaves hold analyzed terms (after processTerm), ready for the index.
 */
export type QueryNode =
  | { kind: 'term'; term: string } // an analyzed (stemmed) term, must match exactly
  // `word*`: normalizeToken(word), matches index terms starting with it
  | { kind: 'prefix'; prefix: string }
  // `"a b c"`: analyzed terms in order (stop words dropped), length >= 2 (a phrase that
  // analyzes to one term becomes a 'term' node)
  | { kind: 'phrase'; terms: string[] }
  | { kind: 'and'; children: QueryNode[] } // length >= 2
  | { kind: 'or'; children: QueryNode[] } // length >= 2
  // only ever as a child of an 'and' that has at least one positive child
  | { kind: 'not'; child: QueryNode }
  // a query of stop words only (`the`): it matches nothing, as Elasticsearch's does when its
  // analysis leaves no terms; only ever the whole query
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
// Parsing into a raw tree
//
//   sequence := item*                        (implicit AND)
//   item     := unary ('|' unary)*            (OR binds tighter than the implicit AND)
//   unary    := '-' unary | primary
//   primary  := word | phrase | '(' sequence ')'

type Raw =
  | { kind: 'leaf'; node: QueryNode; shortPrefix: boolean }
  | { kind: 'and'; children: Raw[] }
  | { kind: 'or'; children: Raw[] }
  | { kind: 'not'; child: Raw }

const MIN_PREFIX_LENGTH = 2

class Parser {
  private pos = 0
  leafCount = 0

  constructor(
    private readonly tokens: Token[],
    private readonly analyzer: Analyzer,
  ) {}

  parse(): Raw {
    const children: Raw[] = [this.sequence()]
    // Parentheses are balanced by now, but never leave tokens unread.
    while (this.pos < this.tokens.length) {
      this.pos++
      children.push(this.sequence())
    }
    return { kind: 'and', children }
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos]
  }

  private sequence(): Raw {
    const children: Raw[] = []
    for (let token = this.peek(); token !== undefined; token = this.peek()) {
      if (token.t === 'rp') break
      if (token.t === 'or') {
        this.pos++ // a stray `|` with nothing on its left
        continue
      }
      children.push(this.item())
    }
    return { kind: 'and', children }
  }

  private item(): Raw {
    const children: Raw[] = [this.unary()]
    while (this.peek()?.t === 'or') {
      while (this.peek()?.t === 'or') this.pos++
      const next = this.peek()
      if (next === undefined || next.t === 'rp') break // a trailing `|` is stray
      children.push(this.unary())
    }
    return children.length === 1 ? (children[0] as Raw) : { kind: 'or', children }
  }

  private unary(): Raw {
    const token = this.peek()
    if (token?.t === 'neg') {
      this.pos++
      const next = this.peek()
      // The lexer only emits `-` before a word, phrase or `(`, but be defensive.
      if (next === undefined || next.t === 'rp' || next.t === 'or') return EMPTY
      return { kind: 'not', child: this.unary() }
    }
    return this.primary()
  }

  private primary(): Raw {
    const token = this.peek()
    this.pos++
    if (token === undefined) return EMPTY
    switch (token.t) {
      case 'lp': {
        const inner = this.sequence()
        if (this.peek()?.t === 'rp') this.pos++
        return inner
      }
      case 'word':
        return this.word(token.text, token.plain)
      case 'phrase':
        return this.leaf(termsNode(this.analyzer.analyze(token.text)))
      default:
        return EMPTY
    }
  }

  private word(text: string, plain: boolean): Raw {
    if (plain || !text.endsWith('*')) return this.leaf(termsNode(this.analyzer.analyze(text)))
    const tokens = tokenize(text)
    const last = tokens.pop()
    if (last === undefined) return EMPTY // `*` alone, or only punctuation
    const leading: string[] = []
    for (const token of tokens) {
      const term = this.analyzer.processTerm(token)
      if (term !== null) leading.push(term)
    }
    const prefix = normalizeToken(last)
    const children: Raw[] = [this.leaf(termsNode(leading))]
    if (prefix !== '') {
      this.leafCount++
      children.push({
        kind: 'leaf',
        node: { kind: 'prefix', prefix },
        shortPrefix: [...prefix].length < MIN_PREFIX_LENGTH,
      })
    }
    return { kind: 'and', children }
  }

  private leaf(node: QueryNode | null): Raw {
    if (node === null) return EMPTY
    this.leafCount++
    return { kind: 'leaf', node, shortPrefix: false }
  }
}

const EMPTY: Raw = { kind: 'and', children: [] }

/** Analyzed terms as a leaf: nothing, one term, or a phrase of several. */
function termsNode(terms: string[]): QueryNode | null {
  if (terms.length === 0) return null
  if (terms.length === 1) return { kind: 'term', term: terms[0] as string }
  return { kind: 'phrase', terms }
}

// ---------------------------------------------------------------------------------------------
// Simplifying
//
// Each raw node simplifies to nothing, to a positive node (one that can stand on its own), or
// to a negative one (`NOT q`, q positive). NOTs cancel out; an AND of negatives only is the
// negation of the OR of their children and an OR of negatives only the negation of the AND
// (De Morgan); an OR mixing both drops its negative sides, which cannot be searched for.

type Simple = { sign: 1 | -1; node: QueryNode } | null

function simplify(raw: Raw, keepShortPrefix: boolean): Simple {
  switch (raw.kind) {
    case 'leaf':
      if (raw.shortPrefix && !keepShortPrefix) return null
      return { sign: 1, node: raw.node }
    case 'not': {
      const child = simplify(raw.child, keepShortPrefix)
      return child === null ? null : { sign: child.sign === 1 ? -1 : 1, node: child.node }
    }
    case 'and':
    case 'or': {
      const parts: Simple[] = raw.children.map((child) => simplify(child, keepShortPrefix))
      const positive: QueryNode[] = []
      const negative: QueryNode[] = []
      for (const part of parts) {
        if (part === null) continue
        if (part.sign === 1) positive.push(part.node)
        else negative.push(part.node)
      }
      if (raw.kind === 'and') {
        if (positive.length > 0) {
          // Keep the written order of positive and negative parts.
          const children = parts.flatMap((part): QueryNode[] => {
            if (part === null) return []
            return [part.sign === 1 ? part.node : { kind: 'not', child: part.node }]
          })
          return { sign: 1, node: combine('and', children) }
        }
        return negative.length > 0 ? { sign: -1, node: combine('or', negative) } : null
      }
      if (positive.length > 0) return { sign: 1, node: combine('or', positive) }
      return negative.length > 0 ? { sign: -1, node: combine('and', negative) } : null
    }
  }
}

/** Builds an and/or node: flattens nested nodes of the same kind, dedupes, unwraps one child. */
function combine(kind: 'and' | 'or', nodes: QueryNode[]): QueryNode {
  const children: QueryNode[] = []
  const seen = new Set<string>()
  const add = (node: QueryNode): void => {
    if (node.kind === kind) {
      for (const child of node.children) add(child)
      return
    }
    const key = JSON.stringify(node)
    if (seen.has(key)) return
    seen.add(key)
    children.push(node)
  }
  for (const node of nodes) add(node)
  if (children.length === 1) return children[0] as QueryNode
  // An AND whose NOTs were deduped down to nothing positive cannot happen: NOTs are only
  // added next to a positive part, and a positive part is never a NOT.
  return { kind, children }
}

// ---------------------------------------------------------------------------------------------

/**
 * Parses a full-text query (API.md §4) into a tree of analyzed terms.
 *
 * - Words separated by whitespace are ANDed; `a | b` (spaces optional) means either, and binds
 *   tighter than the implicit AND: `a | b c` is `(a OR b) AND c`. `OR`, `AND` and `NOT` are
 *   ordinary words.
 * - `"an exact phrase"` is a phrase of its analyzed terms (stop words dropped); one surviving
 *   term makes a term node, none makes nothing. Inside quotes everything is literal.
 * - A word is analyzed like indexed text: one term, a phrase when it splits into several
 *   (`U.S.A.`, `e-mail`), or nothing when it is only stop words or punctuation. An OR side that
 *   vanishes leaves the other side.
 * - `word*` is a prefix of `normalizeToken(word)` (not stemmed, stop words kept). If the word
 *   splits into several tokens (`e-mai*`), the leading ones are ANDed as terms/a phrase with a
 *   prefix on the last. A prefix of fewer than 2 characters is dropped unless it is the only
 *   thing in the query. `*` alone is ignored; a `*` inside a word separates tokens.
 * - `-word`, `-"phrase"` and `-(group)` must not match. Double negations cancel. A NOT ends up
 *   only inside an AND that has a positive part; a query with no positive part (`-a`, `-a -b`)
 *   returns `null`, which the engine treats as no query. Negated sides of an OR that also has a
 *   positive side are dropped (`a | -b` is `a`).
 * - `(` `)` group. Unbalanced parentheses are ignored as if they were whitespace; an unclosed
 *   quote makes the rest of the query plain words; stray operators (`| a`, `a |`, `a - b`,
 *   `--a`) are ignored, leaving the plain words.
 * - The tree is simplified: nested and/or of the same kind are flattened, single-child
 *   and/or unwrapped, identical siblings deduped.
 *
 * Returns `null` for an empty or whitespace-only query, or one with nothing searchable left
 * (only exclusions, only punctuation), and `{ kind: 'nothing' }` for one of stop words only.
 * Never throws.
 */
export function parseQuery(
  query: string,
  analyzer: Analyzer = analyzerFor('english'),
): QueryNode | null {
  if (typeof query !== 'string' || query.trim() === '') return null
  const tokens = lex(query)
  const parser = new Parser(tokens, analyzer)
  const raw = parser.parse()
  const result = simplify(raw, parser.leafCount === 1)
  if (result !== null && result.sign === 1) return result.node
  return onlyStopWords(tokens, analyzer) ? { kind: 'nothing' } : null
}

/** Whether a query is plain words and phrases whose words are all stop words (`the`, `"of a"`). */
function onlyStopWords(tokens: Token[], analyzer: Analyzer): boolean {
  let words = 0
  for (const token of tokens) {
    if (token.t === 'neg') return false
    if (token.t !== 'word' && token.t !== 'phrase') continue
    if (token.t === 'word' && !token.plain && token.text.endsWith('*')) return false
    const found = tokenize(token.text)
    if (analyzer.analyze(token.text).length > 0) return false
    words += found.length
  }
  return words > 0
}
