/**
 * The shape every backend gives a query as written (query-syntax.ts): which parts vanish, how
 * operators combine, what a negation of everything is. Only the leaves differ: the in-memory
 * engine's are analyzed terms (query-analysis.ts), a search cluster's are texts it analyzes
 * itself. So both backends read `the | apple`, `a* *` or `-(-x)` alike.
 */
import { normalizeToken, tokenize } from './analyze.js'
import type { QuerySyntax } from './query-syntax.js'

/**
 * The most terms a fuzzy word expands to in one field, by similarity (Lucene's `max_expansions`;
 * the OpenSearch backend asks the same).
 */
export const FUZZY_EXPANSIONS = 1000

/** A query read into a backend's leaves, joined by the operators. */
export type QueryTree<Leaf> =
  | Leaf
  | { kind: 'and'; children: QueryTree<Leaf>[] } // length >= 2
  | { kind: 'or'; children: QueryTree<Leaf>[] } // length >= 2
  // everything but the child; inside an 'and', what the other children match but the child
  | { kind: 'not'; child: QueryTree<Leaf> }
  // `*`: every document
  | { kind: 'all' }
  // a query with nothing searchable left: stop words only (`the`), operators only (`((`, `-`),
  // punctuation, or `-*`. It matches nothing, as Elasticsearch's does when its analysis leaves
  // no terms; only ever the whole query
  | { kind: 'nothing' }

/** How a backend makes its leaves. */
export interface QueryLeaves<Leaf> {
  /**
   * A word or a phrase as written, with its slop (0: exact); null when its analysis leaves
   * nothing to search (stop words, punctuation).
   */
  text(text: string, slop: number): QueryTree<Leaf> | null
  /** `word*`: the last word lowercased and accent-folded (`normalizeToken`), never empty. */
  prefix(prefix: string): Leaf
  /** `word~N`: the word lowercased and accent-folded, never empty; N is 1 or 2. */
  fuzzy(word: string, edits: number): Leaf
  /**
   * What makes two leaves the same (`a | a` is `a`), so that every backend keeps the same
   * leaves, and scores each once: by default the leaf itself, as JSON.
   */
  identity?(leaf: Leaf): string
}

/** Prefixes shorter than this (`a*`) are dropped unless they are the whole query. */
const MIN_PREFIX_LENGTH = 2

/**
 * Reads a query as written into a backend's leaves.
 *
 * - A word or phrase the backend finds nothing to search in vanishes with its operator:
 *   `the | apple` is `apple`.
 * - `word*`: if the word splits into several tokens (`e-mai*`), the leading ones are a word or
 *   phrase ANDed with the prefix of the last. A prefix of fewer than 2 characters is dropped
 *   unless only such prefixes are left (`a*`, `a* b*`).
 * - `word~N`: a word of several tokens is each of them fuzzy, ANDed.
 * - Double negations cancel; `-*` is nothing and `-` of nothing is everything; `*` is the
 *   identity of AND and absorbs OR. Nothing left at all is `{ kind: 'nothing' }`.
 */
export function readQuery<Leaf extends { kind: string }>(
  syntax: QuerySyntax,
  leaves: QueryLeaves<Leaf>,
): QueryTree<Leaf> {
  const reading = new Reading(leaves, false)
  let result = reading.node(syntax)
  // A short prefix next to anything but short prefixes would match too much: read again without
  // it (not taken out of the result, where `*` may already have been absorbed: `a* *` is `*`).
  // Short prefixes alone (`a* b*`) are kept, as one alone is: dropping them would leave nothing.
  if (reading.shortPrefixes > 0 && reading.leafCount > reading.shortPrefixes) {
    result = new Reading(leaves, true).node(syntax)
  }
  return result ?? { kind: 'nothing' }
}

/** A tree, or null for a part that vanished. */
type Part<Leaf> = QueryTree<Leaf> | null

class Reading<Leaf extends { kind: string }> {
  /** Leaves that did not vanish: short prefixes are kept only when nothing else is. */
  leafCount = 0
  /** Short prefixes (`a*`) read. */
  shortPrefixes = 0

  constructor(
    private readonly leaves: QueryLeaves<Leaf>,
    /** Whether short prefixes vanish. */
    private readonly dropShortPrefixes: boolean,
  ) {}

  node(syntax: QuerySyntax): Part<Leaf> {
    switch (syntax.kind) {
      case 'word':
        return this.counted(this.leaves.text(syntax.text, 0))
      case 'phrase':
        return this.counted(this.leaves.text(syntax.text, syntax.slop))
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
        return child.kind === 'not'
          ? (child as { child: QueryTree<Leaf> }).child
          : { kind: 'not', child }
      }
      case 'and':
      case 'or':
        return syntax.children.reduce<Part<Leaf>>(
          (result, child) => this.combine(syntax.kind, result, this.node(child)),
          null,
        )
    }
  }

  private combine(kind: 'and' | 'or', left: Part<Leaf>, right: Part<Leaf>): Part<Leaf> {
    const identity =
      this.leaves.identity?.bind(this.leaves) ?? ((leaf: Leaf) => JSON.stringify(leaf))
    return combine(kind, left, right, (node) => treeKey(node, identity))
  }

  /** Counts a leaf that did not vanish. */
  private counted(part: Part<Leaf>): Part<Leaf> {
    if (part !== null) this.leafCount++
    return part
  }

  private prefix(text: string): Part<Leaf> {
    const tokens = tokenize(text)
    const last = tokens.pop()
    if (last === undefined) return null // only punctuation before the `*`
    const leading = tokens.length > 0 ? this.counted(this.leaves.text(tokens.join(' '), 0)) : null
    const prefix = normalizeToken(last)
    if (prefix === '') return leading
    if ([...prefix].length < MIN_PREFIX_LENGTH) {
      if (this.dropShortPrefixes) return leading
      this.shortPrefixes++
    }
    return this.combine('and', leading, this.counted(this.leaves.prefix(prefix)))
  }

  private fuzzy(text: string, edits: number): Part<Leaf> {
    return tokenize(text)
      .map((token) => normalizeToken(token))
      .filter((word) => word !== '')
      .reduce<Part<Leaf>>(
        (result, word) => this.combine('and', result, this.counted(this.leaves.fuzzy(word, edits))),
        null,
      )
  }
}

/**
 * `left op right`, simplified: a vanished side leaves the other; `*` is the identity of AND and
 * absorbs OR; nested nodes of the same kind are flattened and identical children deduped.
 */
function combine<Leaf extends { kind: string }>(
  kind: 'and' | 'or',
  left: Part<Leaf>,
  right: Part<Leaf>,
  key: (node: QueryTree<Leaf>) => string,
): Part<Leaf> {
  if (left === null) return right
  if (right === null) return left
  // `*` is the identity of AND and absorbs OR; nothing (`-*`) absorbs AND and is OR's identity.
  const identity = kind === 'and' ? 'all' : 'nothing'
  const absorber = kind === 'and' ? 'nothing' : 'all'
  if (left.kind === absorber || right.kind === absorber) return { kind: absorber }
  if (left.kind === identity) return right
  if (right.kind === identity) return left
  const children: QueryTree<Leaf>[] = []
  const seen = new Set<string>()
  for (const node of [left, right]) {
    const parts = node.kind === kind ? (node as { children: QueryTree<Leaf>[] }).children : [node]
    for (const child of parts) {
      const identity = key(child)
      if (seen.has(identity)) continue
      seen.add(identity)
      children.push(child)
    }
  }
  return children.length === 1 ? children[0]! : { kind, children }
}

/** A tree's identity: its shape, and its leaves' identities. */
function treeKey<Leaf extends { kind: string }>(
  node: QueryTree<Leaf>,
  identity: (leaf: Leaf) => string,
): string {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const { children } = node as { children: QueryTree<Leaf>[] }
      return `${node.kind}(${children.map((child) => treeKey(child, identity)).join(',')})`
    }
    case 'not':
      return `not(${treeKey((node as { child: QueryTree<Leaf> }).child, identity)})`
    case 'all':
    case 'nothing':
      return node.kind
    default:
      return identity(node as Leaf)
  }
}
