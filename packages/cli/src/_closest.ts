/** "Did you mean …?" for a mistyped command or flag. */

/** The candidate nearest to `name` within two edits, or undefined. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined
  let bestDistance = 3
  for (const candidate of candidates) {
    const d = distance(candidate, name)
    if (d < bestDistance) {
      best = candidate
      bestDistance = d
    }
  }
  return best
}

/** `; did you mean 'x'?` when there is a near candidate, else ''. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const found = closest(name, candidates)
  return found === undefined ? '' : `; did you mean '${found}'?`
}

/** Levenshtein distance. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost))
    }
    previous = current
  }
  return previous[b.length]!
}
