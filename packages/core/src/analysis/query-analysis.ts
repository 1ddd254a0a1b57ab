/**
 * The in-memory engine's reading of a query: the tree of what was written (query-syntax.ts),
 * shaped as every backend shapes it (query-tree.ts), its words analyzed as the catalogue's text
 * is into terms the index holds.
 */
import { type Analyzer, analyzerFor } from './languages.js'
import { parseQuerySyntax, type QuerySyntax } from './query-syntax.js'
import { type QueryLeaves, type QueryTree, readQuery } from './query-tree.js'

/** A leaf of the in-memory engine's query: analyzed terms, ready for the index. */
export type IndexLeaf =
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

/** A parsed full-text query, its leaves analyzed terms. */
export type QueryNode = QueryTree<IndexLeaf>

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
 * Analyzes a query as written into index terms (the tree's shape is `readQuery`'s). A word is
 * analyzed like indexed text: one term, a phrase when it splits into several (`U.S.A.`,
 * `e-mail`), or nothing when it is only stop words or punctuation. A phrase is its analyzed
 * terms at their positions, a removed stop word keeping its place; one surviving term is a term,
 * whatever the slop. `word*` and `word~N` keep the word as written, lowercased and accent-folded
 * (as Elasticsearch normalizes a fuzzy word).
 */
export function analyzeQuery(syntax: QuerySyntax, analyzer: Analyzer): QueryNode {
  return readQuery(syntax, indexLeaves(analyzer))
}

function indexLeaves(analyzer: Analyzer): QueryLeaves<IndexLeaf> {
  return {
    text: (text, slop) => phraseNode(analyzer.positions(text), slop),
    prefix: (prefix) => ({ kind: 'prefix', prefix }),
    fuzzy: (word, edits) => ({ kind: 'fuzzy', word, edits }),
  }
}

/**
 * Analyzed terms at their positions as a leaf: nothing, one term, or a phrase (with its slop
 * when above 0).
 */
function phraseNode(found: (string | null)[], slop: number): IndexLeaf | null {
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
