/**
 * `/search?snippets=true` in memory: for each group of the page, its own record and its
 * best-matching component, handed to the contract's snippet maker (`api/snippets.ts`), which the
 * OpenSearch backend calls with the same documents.
 */
import type { QueryNode } from '../analysis/query-analysis.js'
import type { ParsedRequest } from '../api/parsed-request.js'
import type { Snippet } from '../api/response-schemas.js'
import { shownLeaves } from '../api/snippet-marks.js'
import { snippetMaker } from '../api/snippets.js'
import { ShowableValues, type ValueReading } from '../text/showable-values.js'
import { Bitset } from '../util/bitset.js'
import type { CatalogueSearcher } from './catalogue-searcher.js'

/**
 * The snippets of each group of a page, in its order.
 * @param bestAt each group's best document, the first in catalogue order with its best score,
 *   when the page is ranked by exact scores of its groups' best documents (a page in another
 *   order holds none)
 */
export function pageSnippets(
  searcher: CatalogueSearcher,
  request: ParsedRequest,
  allowed: Bitset,
  groups: readonly number[],
  bestAt?: ArrayLike<number>,
): Snippet[][] {
  const data = searcher.data
  const query = request.query
  const maker = query && snippetMaker(query, data.text.analyzer)
  if (!query || !maker) return groups.map(() => [])
  const records = groups.map((group) => data.uriIndex.get(data.groups.at(group).identifier) ?? -1)
  const best = new Int32Array(groups.length).fill(-1)
  // A group whose best document is a component has it as its best component. The others' are
  // found by scoring their components: each group by its place on the page, plus one (0: none).
  const slotOf = new Int32Array(data.groups.length)
  const scored: number[] = []
  groups.forEach((group, slot) => {
    const top = bestAt?.[group]
    if (top !== undefined && top !== records[slot]) best[slot] = top
    else {
      slotOf[group] = slot + 1
      scored.push(group)
    }
  })
  if (scored.length > 0)
    scoreBestComponents(searcher, query, allowed, records, scored, slotOf, best)
  // The index knows which values of a document hold a word of the query: only those are read
  // into words (most values of a long record hold none).
  const showable = new ShowableValues(data.text.parts, shownLeaves(query))
  const recordAt = (id: number) => {
    if (id === -1) return null
    const reading = showable.of(id)
    // Null for a record that can show no word: it has no snippet of its own (its best
    // component's may follow).
    const prepared = searcher.snippetRecord(id, reading.showsAny)
    return prepared && { prepared, ...reading }
  }
  // A component's title is at hand; its document is decoded only when the title shows no word.
  const componentAt = (id: number) => {
    if (id === -1) return null
    let reading: ValueReading | undefined
    const read = () => {
      reading ??= showable.of(id)
      return reading
    }
    return {
      uri: data.uris.get(id),
      title: data.titles.get(id),
      read: () => searcher.snippetSource(id),
      showable: (value: number) => read().showable(value),
      rank: (value: number) => read().rank?.(value),
    }
  }
  return groups.map((_, slot) => maker.snippets(recordAt(records[slot]!), componentAt(best[slot]!)))
}

/**
 * Finds the best component of each of the `scored` groups (`slotOf` numbers each by its place on
 * the page, plus one), in `best` at its place. Those groups' components are scored (the page
 * bounds that work), as `/search` would score them: a page in another order than relevance
 * holds no scores, and one ranked by them holds exact scores only where its ranking needs them
 * (a component that is not its group's best may hold a bound of its score).
 */
function scoreBestComponents(
  searcher: CatalogueSearcher,
  query: QueryNode,
  allowed: Bitset,
  records: readonly number[],
  scored: readonly number[],
  slotOf: Int32Array,
  best: Int32Array,
): void {
  const { groupOf, text, universeGroups } = searcher.data
  const { groupStarts, groupDocs } = universeGroups.arrays
  let documents = 0
  for (const group of scored) documents += groupStarts[group + 1]! - groupStarts[group]!
  // The groups' searchable documents as a set, when they are fewer than the matches: a match of
  // another group is then one look into it, where its group is a read far into the catalogue's
  // array of groups.
  let inScored: Bitset | undefined
  if (documents <= text.evaluate(query).ids.length) {
    inScored = new Bitset(allowed.size)
    for (const group of scored) {
      inScored.addAll(groupDocs, groupStarts[group], groupStarts[group + 1])
    }
  }
  const isComponent = (id: number) =>
    (inScored ? inScored.has(id) : slotOf[groupOf[id]!]! !== 0) &&
    allowed.has(id) &&
    records[slotOf[groupOf[id]!]! - 1] !== id
  const found = text.score(query, isComponent)
  const bestScore = new Float64Array(best.length).fill(Number.NEGATIVE_INFINITY)
  const { ids, scores } = found
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i]!
    if (!isComponent(id)) continue
    const slot = slotOf[groupOf[id]!]! - 1
    // Ids ascend: an equal score keeps the first in catalogue order, as OpenSearch's collapse
    // on relevance then `derived.order` does.
    if (scores[i]! > bestScore[slot]!) {
      bestScore[slot] = scores[i]!
      best[slot] = id
    }
  }
}
