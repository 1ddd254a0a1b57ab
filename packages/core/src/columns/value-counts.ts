import { type Bitset, popcount } from '../util/bitset.js'
import { FEW_VALUES, type ValueColumn } from './value-column.js'

/**
 * How many documents of a match set hold each value of a column: a facet's counts. There are
 * three ways to count, and each suits other columns and other match sets, so each count takes
 * the one its sizes say is cheapest:
 *
 * - **by document**: each matching document that holds a value (`holders`) adds one to each of
 *   its values' counters. Its cost follows the matches: the only way for a few hundred of them,
 *   and the dearest per document, since the matches are spread over the whole catalogue and
 *   each costs a cache miss or two in the column's million-entry arrays.
 * - **by value**: each value's list of documents is read, and the matching ones are counted by
 *   a look into the match set's bits (an eighth of a byte per document, in the processor's
 *   cache). Its cost is the column's size, whatever the matches: the way for subjects and
 *   creators when tens of thousands of documents match.
 * - **by set**, for a column of few values: a popcount of the match set AND each value's set of
 *   documents, 32 documents a step, over the match set's words that hold a match (a page's
 *   filters may leave a few thousand matches: their words are then all that is read of the
 *   values' sets, in order, where counting them by document costs cache misses in the
 *   column's arrays). Formats, types and levels count so.
 *
 * When more than half the catalogue matches, counting by document visits those that do not
 * match instead, and takes them from each value's total.
 *
 * The costs, in steps of about 5 ns (measured at a million documents on the 2-core machine:
 * 135 ns a document by document, 5 ns a listed document by value, 4.5–7 ns a set's word):
 */
const COST = { perDocument: 27, perListed: 1, perWord: 1 }

/** The three ways to count: by document, by value, by set. */
export type CountingWay = 'document' | 'value' | 'set'

/**
 * The count of each value id of `column` among `matches` (of which there are `matchCount`),
 * counted the cheapest way unless a `way` is given.
 */
export function valueCounts(
  column: ValueColumn,
  matches: Bitset,
  matchCount: number,
  way: CountingWay = cheapestWay(column, matches, matchCount),
): Int32Array {
  if (way === 'set') return countBySet(column, matches)
  if (way === 'value') return countByValue(column, matches)
  return countByDocument(column, matches, matchCount > matches.size / 2)
}

/** The way of counting whose cost, by the sizes of the column and of the matches, is least. */
export function cheapestWay(column: ValueColumn, matches: Bitset, matchCount: number): CountingWay {
  const size = matches.size
  const dense = matchCount > size / 2
  const counted = dense ? size - matchCount : matchCount
  // At most: the matches are not spread evenly (a word matches the records with text, which are
  // those with subjects and creators), so no share of them is assumed at first. At least: those
  // that cannot all be among the documents holding no value.
  let visited = Math.min(counted, column.holderCount())
  const fewest = Math.max(0, counted - (size - column.holderCount()))
  const byValue = column.valueIds.length * COST.perListed
  // Every word of the match set is looked at; only those holding a match (at most one a
  // match) are read in each value's set.
  const heldWords = Math.min(matchCount, matches.words.length)
  const bySet =
    column.keys.length <= FEW_VALUES
      ? (matches.words.length + column.keys.length * heldWords) * COST.perWord
      : Number.POSITIVE_INFINITY
  const other = Math.min(byValue, bySet)
  const countingCost = matches.words.length * COST.perWord
  if (visited * COST.perDocument > other && fewest * COST.perDocument + countingCost < other) {
    // Counted exactly (a pass over the set's words) when the bound would rule documents out and
    // the count may pay for itself: a filter may leave tens of thousands of matches, and few of
    // them holding a value (never so where every document holds one, a type).
    const matchedHolders = matches.countAnd(column.holders())
    visited = dense ? column.holderCount() - matchedHolders : matchedHolders
  }
  if (visited * COST.perDocument <= other) return 'document'
  return bySet <= byValue ? 'set' : 'value'
}

function countBySet(column: ValueColumn, matches: Bitset): Int32Array {
  const counts = new Int32Array(column.keys.length)
  const sets = Array.from(counts, (_, id) => column.documentSet(id).words)
  const words = matches.words
  for (let w = 0; w < words.length; w++) {
    const word = words[w]!
    if (word === 0) continue
    for (let id = 0; id < sets.length; id++) counts[id]! += popcount(word & sets[id]![w]!)
  }
  return counts
}

function countByValue(column: ValueColumn, matches: Bitset): Int32Array {
  const counts = new Int32Array(column.keys.length)
  const { docOffsets, docIds } = column
  const words = matches.words
  for (let id = 0; id < counts.length; id++) {
    let count = 0
    const end = docOffsets[id + 1]!
    for (let i = docOffsets[id]!; i < end; i++) {
      const d = docIds[i]!
      count += (words[d >>> 5]! >>> (d & 31)) & 1
    }
    counts[id] = count
  }
  return counts
}

/** Dense: each value's total, less the holders that do not match. */
function countByDocument(column: ValueColumn, matches: Bitset, dense: boolean): Int32Array {
  const counts = new Int32Array(column.keys.length)
  const step = dense ? -1 : 1
  if (dense) for (let id = 0; id < counts.length; id++) counts[id] = column.documentCount(id)
  const { valueOffsets, valueIds } = column
  // Holders have no bit past the catalogue's end: the complement's last word needs no mask.
  const holders = column.holders().words
  const words = matches.words
  for (let w = 0; w < words.length; w++) {
    let word = (dense ? ~words[w]! : words[w]!) & holders[w]!
    while (word !== 0) {
      const low = word & -word
      const id = (w << 5) + 31 - Math.clz32(low)
      const end = valueOffsets[id + 1]!
      for (let i = valueOffsets[id]!; i < end; i++) counts[valueIds[i]!]! += step
      word ^= low
    }
  }
  return counts
}
