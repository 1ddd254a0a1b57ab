/**
 * A score explained as a tree, in the shape of Lucene's `Explanation` (which OpenSearch's
 * `_explain` returns, and tantivy's `explain` copies): each node a value, what it is, and the
 * values it is made of, so the two backends' explanations of one document read side by side.
 */

/**
 * One node of a score's explanation: at the root, the document's score; below it, each place
 * the query matches in, each leaf's BM25 (boost, idf, tf) and their inputs.
 * @example
 * catalogue.explain('malaria', '/collections/abc')
 * // { value: 7.62, description: 'sum of the places it matches in', details: [ … ] }
 */
export interface Explanation {
  /** The node's value; the root's is the score the document is ranked by. */
  value: number
  /** What the value is, and how its details combine (`sum of`, `boost × idf × tf`). */
  description: string
  /** The values it is made of (none for an input such as a frequency or a length). */
  details: Explanation[]
}

/** A node of an explanation. */
export function explained(
  value: number,
  description: string,
  details: Explanation[] = [],
): Explanation {
  return { value, description, details }
}
