/** "Did you mean …?" for a mistyped command or flag. */
import { editDistance } from '@archive-catalogue/core/backend'

/**
 * The candidate nearest to `name` within two edits (a swap of two letters is one, as in the
 * spelling suggestions), or undefined.
 */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined
  let bestDistance = 3
  for (const candidate of candidates) {
    const d = editDistance(candidate, name, 2)
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
