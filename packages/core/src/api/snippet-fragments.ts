/**
 * A long text cut to the part a snippet shows: the stretch that holds the most of the query's
 * words, whole words only, with an ellipsis where it was cut.
 */
import type { Mark } from './snippet-marks.js'

/** The longest text a snippet shows, in UTF-16 code units, besides its two ellipses. */
export const SNIPPET_LENGTH = 160

const ELLIPSIS = '…'

/** A text as a snippet shows it, its marks `[start, end)` in its own code units. */
export interface Fragment {
  text: string
  marks: [number, number][]
}

/**
 * The text, whole when it is short enough, else the part of at most `length` code units around
 * the run of marks that shows the most distinct leaves (then the most marks, then the first),
 * cut between words; `…` stands for what was cut at either end. With no marks, its beginning.
 * The text is one line of words (its spaces collapsed), so a space is where a word ends.
 */
export function fragmentOf(text: string, marks: Mark[], length = SNIPPET_LENGTH): Fragment {
  if (text.length <= length) {
    return { text, marks: marks.map((mark) => [mark.start, mark.end]) }
  }
  const [first, last] = bestRun(marks, length)
  const spanStart = first === undefined ? 0 : marks[first]!.start
  // A mark longer than the whole fragment (a long phrase) is cut to it.
  const spanEnd = last === undefined ? 0 : Math.min(marks[last]!.end, spanStart + length)
  const room = length - (spanEnd - spanStart)
  let start = Math.max(0, Math.min(spanStart - Math.floor(room / 2), text.length - length))
  let end = Math.min(text.length, start + length)
  // Whole words: begin after a space and end before one, outside the marks (a text without
  // spaces there, Chinese say, is cut where the window ends, never inside a character).
  if (start > 0 && text[start - 1] !== ' ') {
    const space = text.indexOf(' ', start)
    if (space !== -1 && space < spanStart) start = space + 1
    else if (isLowSurrogate(text.charCodeAt(start))) start++
  }
  if (end < text.length && text[end] !== ' ') {
    const space = text.lastIndexOf(' ', end - 1)
    if (space >= spanEnd && space > start) end = space
    else if (isLowSurrogate(text.charCodeAt(end)) && end - 1 > start) end--
  }
  while (text[start] === ' ' && start < end) start++
  while (text[end - 1] === ' ' && end > start) end--
  const before = start > 0 ? ELLIPSIS : ''
  const after = end < text.length ? ELLIPSIS : ''
  const shift = before.length - start
  const shown: [number, number][] = []
  for (const mark of marks) {
    if (mark.end <= start || mark.start >= end) continue
    shown.push([Math.max(mark.start, start) + shift, Math.min(mark.end, end) + shift])
  }
  return { text: `${before}${text.slice(start, end)}${after}`, marks: shown }
}

/**
 * The first and last mark of the run that fits in `length` code units with the most distinct
 * leaves, then the most marks, the first such run on a tie (two pointers over the marks); none
 * without marks.
 */
function bestRun(marks: Mark[], length: number): [number?, number?] {
  const counts = new Map<number, number>()
  let distinct = 0
  const add = (mark: Mark, step: 1 | -1) => {
    for (const leaf of mark.leaves) {
      const count = (counts.get(leaf) ?? 0) + step
      counts.set(leaf, count)
      if (step === 1 && count === 1) distinct++
      if (step === -1 && count === 0) distinct--
    }
  }
  let best: [number?, number?] = []
  let bestDistinct = -1
  let bestCount = -1
  let last = -1
  for (let first = 0; first < marks.length; first++) {
    if (last < first) {
      last = first
      add(marks[first]!, 1)
    }
    while (last + 1 < marks.length && marks[last + 1]!.end - marks[first]!.start <= length) {
      add(marks[++last]!, 1)
    }
    const count = last - first + 1
    if (distinct > bestDistinct || (distinct === bestDistinct && count > bestCount)) {
      best = [first, last]
      bestDistinct = distinct
      bestCount = count
    }
    add(marks[first]!, -1)
  }
  return best
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff
}
