/**
 * Checking the API's JSON answers from one backend against another's (OpenSearch against the
 * in-memory catalogue) while a cluster is under load: shaped alike, and whole.
 */

/** An answer as far as these checks read it. */
export type Answer = { count?: number; results?: { uri?: string }[] } & Record<string, unknown>

/**
 * Why `actual` is not shaped as `expected` (the in-memory answer to the same request), or
 * undefined when it is: the same keys, numbers and arrays where the other has them, and every
 * result an object with the keys of the expected first result.
 */
export function shapeProblem(actual: unknown, expected: Answer): string | undefined {
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) {
    return `not a JSON object: ${JSON.stringify(actual)?.slice(0, 80)}`
  }
  const answer = actual as Answer
  const keys = Object.keys(answer).sort().join(',')
  const wanted = Object.keys(expected).sort().join(',')
  if (keys !== wanted) return `keys ${keys}, not ${wanted}`
  for (const [key, value] of Object.entries(expected)) {
    if (Array.isArray(value) !== Array.isArray(answer[key])) return `${key} is not an array`
    if (typeof value === 'number' && typeof answer[key] !== 'number') return `${key} not a number`
  }
  const first = expected.results?.[0]
  if (first && Array.isArray(answer.results)) {
    const resultKeys = Object.keys(first).sort().join(',')
    const odd = answer.results.find(
      (result) =>
        typeof result !== 'object' ||
        result === null ||
        Object.keys(result).sort().join(',') !== resultKeys,
    )
    if (odd) return `a result shaped ${JSON.stringify(odd).slice(0, 80)}`
  }
  return undefined
}
