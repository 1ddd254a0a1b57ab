/** The edit distance fuzzy words, suggestions and snippets are measured by. */

/**
 * The optimal string alignment distance between two strings, over code points: Levenshtein with
 * a transposition of two adjacent letters counted as one edit (`text/fuzzy-walk.ts` walks a word
 * list by the same distance); any distance above `limit` is returned as `limit + 1`, as soon as
 * it is certain. The reference the walk is tested against, the words a snippet marks for a fuzzy
 * word, and the CLI's "did you mean".
 *
 * @example
 * editDistance('foudnation', 'foundation', 2) // 1: a transposition is one edit
 */
export function editDistance(a: string, b: string, limit: number): number {
  const x = [...a]
  const y = [...b]
  const width = y.length + 1
  let before = new Array<number>(width).fill(0)
  let previous = Array.from({ length: width }, (_, j) => j)
  let current = new Array<number>(width).fill(0)
  for (let i = 1; i <= x.length; i++) {
    current[0] = i
    let best = current[0]
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost)
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1)
      }
      current[j] = value
      if (value < best) best = value
    }
    if (best > limit) return limit + 1
    ;[before, previous, current] = [previous, current, before]
  }
  return Math.min(previous[y.length]!, limit + 1)
}
