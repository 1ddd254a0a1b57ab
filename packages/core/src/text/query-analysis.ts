/**
 * The in-memory engine's reading of a query: the tree of what was written (query-syntax.ts)
 * analyzed as the catalogue's text is, into terms the index holds.
 */
import { normalizeToken, tokenize } from './analyze.js'
import { type Analyzer, analyzerFor } from './languages.js'
import { parseQuerySyntax, type QuerySyntax } from './query-syntax.js'

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

/** Prefixes shorter than this (`a*`) are dropped unless they are the whole query. */
const MIN_PREFIX_LENGTH = 2

/** A node, or null for a part that vanished. */
type Part = QueryNode | null

/**
 * Parses a full-text query (API.md §4) into a tree of analyzed terms: {@link parseQuerySyntax},
 * then {@link analyzeQuery}. Returns `null` for an empty or blank query, and
 * `{ kind: 'nothing' }` for one with nothing searchable left: stop words, punctuation or
 * operators only (`the`, `((`, `+++`). Never throws.
 */
export function parseQuery(
  query: string,
  analyzer: Analyzer = analyzerFor('english'),
): QueryNode | null {
  const syntax = parseQuerySyntax(query)
  return syntax === null ? null : analyzeQuery(syntax, analyzer)
}

/**
 * Analyzes a query as written into index terms.
 *
 * - A word is analyzed like indexed text: one term, a phrase when it splits into several
 *   (`U.S.A.`, `e-mail`), or nothing when it is only stop words or punctuation. A part that
 *   analyzes to nothing vanishes with its operator: `the | apple` is `apple`.
 * - A phrase is its analyzed terms at their positions: a removed stop word keeps its place. One
 *   surviving term makes a term node, whatever the slop.
 * - `word*` is a prefix of `normalizeToken(word)`: the words as written that begin with it. If
 *   the word splits into several tokens (`e-mai*`), the leading ones are ANDed as terms or a
 *   phrase. A prefix of fewer than 2 characters is dropped unless it is the only thing left.
 * - `word~N` is the word as written (lowercased, accents folded, not stemmed, as Elasticsearch
 *   normalizes a fuzzy word) against the index terms; a word of several tokens is each of them
 *   fuzzy, ANDed.
 * - Double negations cancel; `-*` is nothing and `-` of nothing is everything; `*` is the
 *   identity of AND and absorbs OR.
 */
export function analyzeQuery(syntax: QuerySyntax, analyzer: Analyzer): QueryNode {
  const reading = new Analysis(analyzer, false)
  let result = reading.node(syntax)
  // A short prefix next to anything else would match too much: read again without it (not
  // taken out of the result, where `*` may already have been absorbed: `a* *` is `*`).
  if (reading.shortPrefixes > 0 && reading.leafCount > 1) {
    result = new Analysis(analyzer, true).node(syntax)
  }
  return result ?? { kind: 'nothing' }
}

class Analysis {
  /** Leaves that did not vanish: a short prefix is kept only when it is alone. */
  leafCount = 0
  /** Short prefixes (`a*`) read. */
  shortPrefixes = 0

  constructor(
    private readonly analyzer: Analyzer,
    /** Whether short prefixes vanish. */
    private readonly dropShortPrefixes: boolean,
  ) {}

  node(syntax: QuerySyntax): Part {
    switch (syntax.kind) {
      case 'word':
        return this.counted(phraseNode(this.analyzer.positions(syntax.text)))
      case 'phrase':
        return this.counted(phraseNode(this.analyzer.positions(syntax.text), syntax.slop))
      case 'prefix':
        return this.prefix(syntax.text)
      case 'fuzzy':
        return this.fuzzy(syntax.text, syntax.edits)
      case 'all':
        return this.counted({ kind: 'all' })
      case 'empty':
        return null
      case 'not': {
        const child = this.node(syntax.child)
        if (child === null) return null
        if (child.kind === 'all') return { kind: 'nothing' }
        if (child.kind === 'nothing') return { kind: 'all' }
        return child.kind === 'not' ? child.child : { kind: 'not', child }
      }
      case 'and':
      case 'or':
        return syntax.children.reduce<Part>(
          (result, child) => combine(syntax.kind, result, this.node(child)),
          null,
        )
    }
  }

  /** Counts a leaf that did not vanish. */
  private counted(part: Part): Part {
    if (part !== null) this.leafCount++
    return part
  }

  private prefix(text: string): Part {
    const tokens = tokenize(text)
    const last = tokens.pop()
    if (last === undefined) return null // only punctuation before the `*`
    const leading = this.counted(
      phraseNode(tokens.map((token) => this.analyzer.processTerm(token))),
    )
    const prefix = normalizeToken(last)
    if (prefix === '') return leading
    if ([...prefix].length < MIN_PREFIX_LENGTH) {
      if (this.dropShortPrefixes) return leading
      this.shortPrefixes++
    }
    return combine('and', leading, this.counted({ kind: 'prefix', prefix }))
  }

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

