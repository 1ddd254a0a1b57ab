/**
 * The words of a sorted list within a few edits of a word, found in one walk over the list as
 * a Levenshtein automaton walks a term dictionary (tantivy's `AutomatonWeight`, Lucene's
 * `FuzzyQuery`): the spelling suggestions of the titles and fuzzy query terms alike.
 *
 * The distance is the optimal string alignment distance over code points: Levenshtein with a
 * transposition of two adjacent letters counted as one edit, as Lucene's spell checker and
 * tantivy's `FuzzyTermQuery::new(term, distance, transposition_cost_one = true)` count it.
 *
 * The matrix of the walk has a row per code point of the candidate and a column per code point
 * of the word. Row i depends only on the candidate's first i code points, so a candidate that
 * shares k code points with the one before keeps rows 0..k and computes the rest:
 *
 *              w  o  r  d            (the word: columns)
 *           0  1  2  3  4
 *       w   1  0  1  2  3     ┐
 *       o   2  1  0  1  2     │ kept after "work" for "world", "works"…
 *       r   3  2  1  0  1     ┘
 *       k   4  3  2  1  1       the last row of "work": 1 edit
 *   (the candidate "work": rows)
 *
 * The smallest value of a row never decreases further down (a transposition reaches back two
 * rows, but what it gives is never less than a cell of the row between). So once a row's
 * smallest value exceeds the edits allowed, every word beginning with that prefix is too far:
 * they are contiguous in the sorted list, and are skipped at once.
 */
import { lowerBound } from '../util/sorted-search.js'

// The distance the walk keeps, as a function of two words: its reference in tests and benchmarks.
export { editDistance } from '../util/edit-distance.js'

/** The lists made by {@link SortedWords.of}, by their words. */
const prepared = new WeakMap<readonly string[], SortedWords>()

/**
 * A sorted word list as the walk reads it: with each word, how many code units it shares with
 * the one before and the code unit after those, the front coding of a term dictionary (Lucene's
 * block tree keeps the same). The walk reuses rows and skips ranges from these bytes alone, and
 * most words it looks at it never reads: one lookup in a string scattered over the heap costs
 * more than the row it feeds.
 */
export class SortedWords {
  /** The words, in JavaScript's default order (code units, as `sort()` leaves them). */
  readonly words: readonly string[]
  /** The code units each word shares with the one before, at most 255. */
  readonly shared: Uint8Array
  /**
   * Each word's code unit at `shared`, or 0 where the walk reads the word itself: it ends
   * there, or the unit is half of a surrogate pair (or NUL).
   */
  readonly next: Uint16Array

  private constructor(words: readonly string[], shared: Uint8Array, next: Uint16Array) {
    this.words = words
    this.shared = shared
    this.next = next
  }

  /**
   * The list of `words`, made once per array and kept while the array lives: the array must
   * not change afterwards.
   * @throws {RangeError} when `words` is not sorted.
   */
  static of(words: readonly string[]): SortedWords {
    let list = prepared.get(words)
    if (list === undefined) {
      list = SortedWords.ifSorted(words)
      if (list === undefined) throw new RangeError('SortedWords: the words are not sorted')
      prepared.set(words, list)
    }
    return list
  }

  /** The list of `words` (one pass over them), or undefined when they are not sorted. */
  static ifSorted(words: readonly string[]): SortedWords | undefined {
    const shared = new Uint8Array(words.length)
    const next = new Uint16Array(words.length)
    let before = ''
    for (let i = 0; i < words.length; i++) {
      const word = words[i]!
      const most = Math.min(before.length, word.length)
      let k = 0
      while (k < most && before.charCodeAt(k) === word.charCodeAt(k)) k++
      if (k < before.length && (k === word.length || word.charCodeAt(k) < before.charCodeAt(k))) {
        return undefined
      }
      if (k > 255) k = 255
      const unit = k < word.length ? word.charCodeAt(k) : 0
      shared[i] = k
      next[i] = unit >= 0xd800 && unit <= 0xdfff ? 0 : unit
      before = word
    }
    return new SortedWords(words, shared, next)
  }
}

/**
 * Calls `visit(index, edits)` for each word of `sorted` within `maxEdits` edits of `word` whose
 * first `prefixLength` code points are `word`'s, in ascending order of index. `maxEdits` is 0,
 * 1 or 2 in practice: the work grows fast with it. A plain array is made a {@link SortedWords}
 * on the first walk over it (one pass over its words, 3 bytes a word, kept while it lives).
 *
 * @example
 * forEachWithinEdits(['cat', 'coat', 'dog'], 'cta', 1, 0, (index, edits) => …) // (0, 1)
 */
export function forEachWithinEdits(
  sorted: readonly string[] | SortedWords,
  word: string,
  maxEdits: number,
  prefixLength: number,
  visit: (index: number, edits: number) => void,
): void {
  const list = sorted instanceof SortedWords ? sorted : SortedWords.of(sorted)
  const { words, shared, next } = list
  const query = codePointsOf(word)
  const columns = query.length
  // A required prefix: the walk runs over the range of words that begin with it.
  let prefixEnd = 0
  for (let n = 0; n < prefixLength && prefixEnd < word.length; n++) {
    prefixEnd += word.codePointAt(prefixEnd)! > 0xffff ? 2 : 1
  }
  if (prefixLength > columns) {
    // The word is shorter than the prefix: only the word itself has the same first letters.
    const at = lowerBound(words, word, 0, words.length)
    if (words[at] === word) visit(at, 0)
    return
  }
  const prefix = word.slice(0, prefixEnd)
  // A prefix ending in a lone high surrogate also begins words where that unit is half of a
  // pair, another code point: those are walked but not visited.
  const halfPair = prefixEnd > 0 && isHighSurrogate(word.charCodeAt(prefixEnd - 1))
  let index = lowerBound(words, prefix, 0, words.length)
  const end = prefix === '' ? words.length : endOfPrefix(words, prefix, index, words.length)

  // Values are capped at maxEdits + 1 (any more is as far), so bytes hold them. Row i is at
  // least i - columns everywhere, so no row deeper than columns + maxEdits + 1 is ever needed.
  const tooFar = maxEdits + 1
  const width = columns + 1
  const deepest = columns + tooFar
  const rows = new Uint8Array((deepest + 1) * width)
  for (let j = 0; j < width; j++) rows[j] = Math.min(j, tooFar)
  /** The code points whose rows are in `rows` (`depth` of them), and where each ends. */
  const path = new Int32Array(deepest)
  const ends = new Int32Array(deepest + 1)
  let depth = 0
  /** The code units the word at `index` shares with the one the rows were computed for. */
  let common = 0
  /** Whether the deepest row is too far everywhere: the word it was computed for was pruned. */
  let prunedDepth = false

  while (index < end) {
    // The rows of the code points within the units shared stay; a lone high surrogate at the
    // end of them may be half of a pair in this word, so its row does not.
    let row = depth
    while (ends[row]! > common) row--
    if (row > 0 && ends[row] === common && isHighSurrogate(path[row - 1]!)) row--
    let at = ends[row]!
    let unit = at === shared[index] ? next[index]! : 0
    // A word that shares all of a pruned word's rows is pruned where it was. (Only past a lone
    // high surrogate does one follow: pruning elsewhere skips every word sharing those rows.)
    let pruned: boolean = prunedDepth && row === depth
    while (!pruned) {
      let letter = unit
      if (unit === 0) {
        const candidate = words[index]!
        if (at >= candidate.length) break
        letter = candidate.codePointAt(at)!
      }
      unit = 0
      path[row] = letter
      at += letter > 0xffff ? 2 : 1
      row++
      ends[row] = at
      if (nextRow(rows, row, width, query, path, maxEdits) > maxEdits) pruned = true
    }
    depth = row
    prunedDepth = pruned
    if (!pruned) {
      // The last column is computed only within maxEdits of the diagonal.
      const edits = columns - row > maxEdits ? tooFar : rows[row * width + columns]!
      if (edits <= maxEdits && !(halfPair && isLowSurrogate(words[index]!.charCodeAt(prefixEnd)))) {
        visit(index, edits)
      }
      index++
    } else if (isHighSurrogate(path[row - 1]!)) {
      // The prefix ends in half a pair (a lone high surrogate): words that go on with the
      // other half have another code point there, so only this word is skipped.
      index++
    } else {
      index = pastPrefix(list, index, at, end)
    }
    // Past words that shared more, what the next shares with this one is its own count.
    common = index < end ? shared[index]! : 0
  }
}

/** The words of a sorted list within some edits of a word: their indexes, ascending, and edits. */
export interface WordsWithinEdits {
  indexes: number[]
  edits: number[]
}

/**
 * Every word of `sorted` within `maxEdits` of `word`, no prefix required: what a fuzzy query
 * word expands to (the matches and the scores of `word~N` read the same expansion).
 */
export function wordsWithinEdits(
  sorted: readonly string[] | SortedWords,
  word: string,
  maxEdits: number,
): WordsWithinEdits {
  const found: WordsWithinEdits = { indexes: [], edits: [] }
  forEachWithinEdits(sorted, word, maxEdits, 0, (index, edits) => {
    found.indexes.push(index)
    found.edits.push(edits)
  })
  return found
}

/**
 * Computes row `i` of the matrix (the candidate's i-th code point is `path[i - 1]`) from the
 * rows above it, and returns its smallest value. Only the band within `maxEdits` of the
 * diagonal is computed (Ukkonen's cut-off): a cell further off holds more edits than that.
 * The cell just right of the band is set to too far, as the next row reads it.
 */
function nextRow(
  rows: Uint8Array,
  i: number,
  width: number,
  query: Int32Array,
  path: Int32Array,
  maxEdits: number,
): number {
  const tooFar = maxEdits + 1
  const start = i * width
  const above = start - width
  const twoAbove = above - width
  const letter = path[i - 1]!
  const before = i > 1 ? path[i - 2]! : -1
  const first = i > maxEdits ? i - maxEdits : 1
  const last = Math.min(width - 1, i + maxEdits)
  let left = tooFar
  if (first === 1) {
    left = Math.min(i, tooFar)
    rows[start] = left
  }
  let smallest = left
  for (let j = first; j <= last; j++) {
    const target = query[j - 1]!
    let value = rows[above + j - 1]! + (letter === target ? 0 : 1)
    const up = rows[above + j]! + 1
    if (up < value) value = up
    if (left + 1 < value) value = left + 1
    if (j > 1 && letter === query[j - 2] && before === target) {
      const swapped = rows[twoAbove + j - 2]! + 1
      if (swapped < value) value = swapped
    }
    if (value > tooFar) value = tooFar
    rows[start + j] = value
    left = value
    if (value < smallest) smallest = value
  }
  if (last + 1 < width) rows[start + last + 1] = tooFar
  return smallest
}

/**
 * The first index after `index` whose word does not begin with the first `length` code units
 * of the word at `index`, before `end`. Most such ranges are a few words: their shared counts
 * are read one by one; past 32, it gallops over the words themselves, then halves.
 */
function pastPrefix(list: SortedWords, index: number, length: number, end: number): number {
  const { shared, words } = list
  let low = index + 1
  const near = Math.min(end, low + 32)
  while (low < near && shared[low]! >= length) low++
  if (low < near || low === end || shared[low]! < length) return low
  const prefix = words[index]!.slice(0, length)
  let step = 32
  let high = low + step
  while (high < end && words[high]!.startsWith(prefix)) {
    low = high + 1
    step *= 2
    high = low + step
  }
  return endOfPrefix(words, prefix, low, Math.min(high, end))
}

/**
 * The first index from `low` whose value does not begin with `prefix`, when the values from
 * `low` that do come first (as in a sorted list from a word with the prefix).
 */
function endOfPrefix(sorted: readonly string[], prefix: string, low: number, high: number): number {
  while (low < high) {
    const mid = (low + high) >>> 1
    if (sorted[mid]!.startsWith(prefix)) low = mid + 1
    else high = mid
  }
  return low
}

function codePointsOf(word: string): Int32Array {
  return Int32Array.from(word, (letter) => letter.codePointAt(0)!)
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff
}

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff
}
