/**
 * A document's score for a query, explained: the same reading of the document as
 * {@link DocumentScorer.score} (each place counted, each leaf scored by the scorer's own
 * `leafScore`), recorded as a tree of {@link Explanation}s instead of added up. The values are
 * the scorer's, added in the order it adds them, so the root is the score `score` returns; each
 * leaf's details (boost, idf, tf and their inputs) are the factors of its value, as Lucene's
 * `BM25Similarity.explain` gives them.
 */

import type { QueryNode } from '../analysis/query-analysis.js'
import { type Explanation, explained } from '../api/explanation.js'
import type { DocumentScorer } from './document-scorer.js'
import { explainIdf } from './lucene-bm25.js'
import { scoresAnything, type WeightedLeaf } from './query-weight.js'
import {
  FIELD,
  FIELD_BOOSTS,
  NONE,
  type StoredTextIndex,
  TEXT_FIELDS,
} from './stored-text-index.js'

const FIELD_COUNT = TEXT_FIELDS.length
/** How the explanation names each field (`FIELD` order): one of it, where a word stands, many. */
const FIELD_NAMES = [
  { one: 'title', here: 'the title', many: 'titles' },
  { one: 'description', here: 'the description', many: 'descriptions' },
  { one: 'note', here: 'this note', many: 'notes' },
  { one: 'list item', here: "the notes' list items", many: 'list items' },
  { one: "term's title", here: "this term's title", many: "terms' titles" },
] as const

/** Document `id`'s score explained: what {@link DocumentScorer.score} adds up, as a tree. */
export function explainDocument(
  scorer: DocumentScorer,
  parts: StoredTextIndex,
  id: number,
): Explanation {
  const { tokens, weight } = scorer
  if (!scoresAnything(weight.node)) {
    return explained(0, 'only `*` and exclusions, which match and score nothing')
  }
  const leaves = new LeafExplainer(scorer, parts)
  tokens.read(id, weight.readsWords)
  const leafCount = weight.leaves.length
  const values = new Float64Array(leafCount)
  // The title and description are one place: each leaf's value and explanation in either.
  const top = new Float64Array(leafCount).fill(Number.NaN)
  const topParts: Explanation[][] = weight.leaves.map(() => [])
  const notes = new Places('note')
  const terms = new Places('term')
  let items: Explanation | undefined
  let total = 0
  for (let instance = 0; instance < tokens.instanceCount; instance++) {
    const field = tokens.fields[instance]!
    const length = tokens.lengths[instance]!
    const places = field === FIELD.note ? notes : field === FIELD.term ? terms : undefined
    places?.seen()
    let score: number
    let place: Explanation | null = null
    if (scorer.countIn(instance)) {
      const found: (Explanation | null)[] = []
      for (let leaf = 0; leaf < leafCount; leaf++) {
        values[leaf] = scorer.leafScore(leaf, field, length)
        found.push(
          Number.isNaN(values[leaf]!) ? null : leaves.explain(leaf, field, length, values[leaf]!),
        )
      }
      scorer.clear()
      if (field === FIELD.title || field === FIELD.description) {
        for (let leaf = 0; leaf < leafCount; leaf++) {
          if (Number.isNaN(values[leaf]!)) continue
          top[leaf] = Number.isNaN(top[leaf]!) ? values[leaf]! : top[leaf]! + values[leaf]!
          topParts[leaf]!.push(found[leaf]!)
        }
        continue
      }
      score = weight.evaluate(values)
      place = explainTree(weight.node, values, found, (node) => weight.indexOf(node))
    } else {
      if (field === FIELD.title || field === FIELD.description) continue
      score = weight.emptyScore
    }
    if (Number.isNaN(score)) continue
    if (places) places.add(score, place)
    else {
      total += score
      if (place)
        items = explained(score, "the notes' list items: found there, but they weigh nothing")
    }
  }
  const details: Explanation[] = []
  const topScore = weight.evaluate(top)
  if (!Number.isNaN(topScore)) {
    total += topScore
    const both = topParts.map((found, leaf) =>
      found.length === 0
        ? null
        : found.length === 1
          ? found[0]!
          : explained(top[leaf]!, 'sum of the title and the description:', found),
    )
    // Not null: the tree matches where it scores.
    const tree = explainTree(weight.node, top, both, (node) => weight.indexOf(node))!
    details.push(
      explained(topScore, 'the title and description, one place (the title weighs 5):', [tree]),
    )
  }
  if (items) details.push(items)
  const noteScore = notes.average()
  if (noteScore) {
    total += noteScore.value
    details.push(noteScore)
  }
  const termScore = terms.average()
  if (termScore) {
    total += termScore.value
    details.push(termScore)
  }
  if (details.length > 0) return explained(total, 'sum of the places it matches in:', details)
  return explained(
    0,
    'no place holds the whole query (its words are in different places): it matches, scoring 0',
  )
}

/** The notes (or terms) that count: each one's explanation, averaged as the scorer averages. */
class Places {
  private count = 0
  private sum = 0
  private readonly explained: Explanation[] = []
  /** Places counted that only `*` or an exclusion matches (0 each). */
  private empty = 0
  private total = 0

  constructor(private readonly name: 'note' | 'term') {}

  /** One more place of this kind in the document (matching or not). */
  seen(): void {
    this.total++
  }

  add(score: number, place: Explanation | null): void {
    this.sum += score
    this.count++
    if (place) {
      const label = `${this.name} ${this.total}: ${place.description}`
      this.explained.push(explained(place.value, label, place.details))
    } else this.empty++
  }

  average(): Explanation | null {
    if (this.count === 0) return null
    const details = [...this.explained]
    if (this.empty > 0) {
      details.push(
        explained(
          0,
          `${this.empty} more ${this.name}${this.empty === 1 ? '' : 's'} that only \`*\` or an exclusion matches, 0 each`,
        ),
      )
    }
    const average = `average over the ${this.count} of ${this.total} that match`
    return explained(this.sum / this.count, `${this.name}s: ${average}:`, details)
  }
}

/**
 * The query tree in one place, as `QueryWeight.evaluate` reads it: an AND adds its children and
 * matches when all do, an OR adds those that match, `*` and exclusions match and add nothing.
 * Null where the tree does not match.
 */
function explainTree(
  node: QueryNode,
  values: Float64Array,
  leaves: readonly (Explanation | null)[],
  indexOf: (leaf: QueryNode) => number,
): Explanation | null {
  switch (node.kind) {
    case 'all':
      return explained(0, '`*` matches anywhere and scores nothing')
    case 'not':
      return explained(
        0,
        `-${written(node.child)}: an exclusion, applied to the whole document, scores nothing`,
      )
    case 'nothing':
      return null
    case 'and': {
      let sum = 0
      const details: Explanation[] = []
      for (const child of node.children) {
        const found = explainTree(child, values, leaves, indexOf)
        if (!found) return null
        sum += found.value
        details.push(found)
      }
      return details.length === 1
        ? details[0]!
        : explained(sum, 'sum of (all must match here):', details)
    }
    case 'or': {
      let sum = Number.NaN
      const details: Explanation[] = []
      for (const child of node.children) {
        const found = explainTree(child, values, leaves, indexOf)
        if (!found) continue
        sum = Number.isNaN(sum) ? found.value : sum + found.value
        details.push(found)
      }
      if (details.length === 0) return null
      return details.length === 1
        ? details[0]!
        : explained(sum, 'sum of the alternatives that match here:', details)
    }
    default:
      return leaves[indexOf(node)] ?? null
  }
}

/** A query tree as its analyzed terms read: `-foundat`, `"histori medicin"~2`, `(a | b)`. */
function written(node: QueryNode): string {
  switch (node.kind) {
    case 'all':
      return '*'
    case 'nothing':
      return '()'
    case 'not':
      return `-${written(node.child)}`
    case 'and':
    case 'or':
      return `(${node.children.map(written).join(node.kind === 'and' ? ' ' : ' | ')})`
    case 'term':
      return node.term
    case 'phrase':
      return `"${node.terms.join(' ')}"${node.slop ? `~${node.slop}` : ''}`
    case 'prefix':
      return `${node.prefix}*`
    case 'fuzzy':
      return `${node.word}~${node.edits}`
  }
}

/** Each leaf's value in one place explained: BM25's boost, idf and tf, or a prefix's constant. */
class LeafExplainer {
  constructor(
    private readonly scorer: DocumentScorer,
    private readonly parts: StoredTextIndex,
  ) {}

  /** Leaf `index`'s `value` in the place just counted (before the scorer clears it). */
  explain(index: number, field: number, length: number, value: number): Explanation {
    const leaf = this.scorer.weight.leaves[index]!
    const { here } = FIELD_NAMES[field]!
    switch (leaf.kind) {
      case 'term': {
        const frequency = this.scorer.leafFrequency(index)
        return explained(value, `"${this.parts.terms[leaf.term]}" in ${here}: boost × idf × tf`, [
          this.boost(field),
          this.idf(leaf.term, field),
          this.tf(field, frequency, length),
        ])
      }
      case 'phrase': {
        const frequency = this.scorer.leafFrequency(index)
        const words = leaf.terms.map((term) => this.parts.terms[term]).join(' ')
        const slop = leaf.slop > 0 ? `~${leaf.slop}` : ''
        const idfs = leaf.terms.map((term) => this.idf(term, field))
        let sum = 0
        for (const idf of idfs) sum += idf.value
        return explained(value, `"${words}"${slop} in ${here}: boost × idf × tf`, [
          this.boost(field),
          explained(sum, "idf, the phrase's words' idfs added:", idfs),
          this.tf(field, frequency, length),
        ])
      }
      case 'prefix': {
        const prefix = leaf.node.prefix
        return explained(
          value,
          `${prefix}* in ${here}: a word beginning with "${prefix}" stands there; a prefix scores the field's boost`,
        )
      }
      case 'fuzzy':
        return this.fuzzy(leaf, field, length, value)
    }
  }

  /** A fuzzy word: each of its terms here, as Lucene's top-terms blended rewrite scores them. */
  private fuzzy(
    leaf: WeightedLeaf & { kind: 'fuzzy' },
    field: number,
    length: number,
    value: number,
  ): Explanation {
    const { word, edits } = leaf.node
    const { here, many } = FIELD_NAMES[field]!
    const scorer = this.scorer.scorers[field]!
    const blended = leaf.blendedFrequencies[field]!
    const details: Explanation[] = []
    for (let at = 0; at < leaf.slots.length; at++) {
      const frequency = this.scorer.frequencies[leaf.slots[at]!]!
      if (frequency === 0 || !leaf.kept[field]![at]) continue
      const term = this.parts.terms[leaf.terms[at]!]!
      details.push(
        explained(
          scorer.score(leaf.weights[field]![at]!, frequency, length),
          `"${term}" in ${here}: boost × similarity × idf × tf`,
          [
            this.boost(field),
            explained(leaf.similarities[at]!, 'similarity = 1 − edits / the shorter length'),
            explainIdf(
              blended,
              this.parts.fieldDocumentCounts[field]!,
              `${many} holding the most frequent of the words it matches (Lucene's blended idf)`,
              `${many} in the catalogue`,
            ),
            this.tf(field, frequency, length),
          ],
        ),
      )
    }
    return explained(
      value,
      `${word}~${edits} in ${here}: sum of the words it matches there:`,
      details,
    )
  }

  private boost(field: number): Explanation {
    return explained(FIELD_BOOSTS[field]!, `boost, the ${FIELD_NAMES[field]!.one}'s weight`)
  }

  private idf(term: number, field: number): Explanation {
    const { many } = FIELD_NAMES[field]!
    const frequency = term === NONE ? 0 : this.parts.fieldFrequencies[term * FIELD_COUNT + field]!
    const word = term === NONE ? 'a word not in the index' : `"${this.parts.terms[term]}"`
    return explainIdf(
      frequency,
      this.parts.fieldDocumentCounts[field]!,
      `${many} holding ${word}`,
      `${many} in the catalogue`,
    )
  }

  private tf(field: number, frequency: number, length: number): Explanation {
    const { one, here } = FIELD_NAMES[field]!
    return this.scorer.scorers[field]!.explainTf(frequency, length, { here, one })
  }
}
