/**
 * Comparing the API's JSON answers from two backends (OpenSearch against the in-memory
 * catalogue): equal, except that a relevance order may differ where scores tie (equal scores may
 * differ in their last bits, and each shard scores on its own statistics), so ranked pages
 * compare as sets; test/opensearch/ranking.test.ts compares the scores themselves.
 */

/** An answer as far as these checks read it. */
export type Answer = { count?: number; results?: { uri?: string }[] } & Record<string, unknown>

/** Whether a request (`/search?query=x`) is ranked by relevance: a query and no sort on a list. */
export function relevanceRanked(target: string): boolean {
  const [path = '', search = ''] = target.split('?')
  if (path === '/facets' || path.endsWith('/children') || !isList(path)) return false
  const params = new URLSearchParams(search)
  return (params.get('query') ?? '').trim() !== '' && !params.has('sort')
}

/** A ranked request asking for the page that holds every result (the API's largest). */
export function wholePage(target: string): string {
  const [path = '', search = ''] = target.split('?')
  const params = new URLSearchParams(search)
  params.set('limit', '500')
  params.delete('offset')
  return `${path}?${params}`
}

/** An answer with its results in uri order, to compare a relevance-ranked page as a set. */
export function asSet(answer: Answer): Answer {
  if (!Array.isArray(answer.results)) return answer
  const results = [...answer.results].sort((a, b) => ((a.uri ?? '') < (b.uri ?? '') ? -1 : 1))
  return { ...answer, results }
}

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

function isList(path: string): boolean {
  return /^\/(search|collections|objects|agents|terms)$/.test(path)
}
