/**
 * Words as snippets read them, analyzed once per analyzer and kept: a page of snippets reads up
 * to 20,000 code units of each of its records, and the same words (`papers`, `foundation`,
 * `correspondence`) come back in every record, every page. Analysis is a pure function of the
 * word as written, so what is kept never goes stale; the cache is emptied when it is full.
 */
import { normalizeToken } from '../analysis/analyze.js'
import type { Analyzer } from '../analysis/languages.js'

/** A word as written, read as the index reads it: its term (null: a stop word) and its form. */
export interface AnalyzedWord {
  term: string | null
  word: string
}

/** Distinct words kept per analyzer (about 100 bytes each). */
const KEPT_WORDS = 200_000

const cacheOf = new WeakMap<Analyzer, Map<string, AnalyzedWord>>()

/** A word as written, analyzed by `analyzer` (from the cache when it was read before). */
export function analyzedWord(token: string, analyzer: Analyzer): AnalyzedWord {
  let cache = cacheOf.get(analyzer)
  if (!cache) {
    cache = new Map()
    cacheOf.set(analyzer, cache)
  }
  let analyzed = cache.get(token)
  if (!analyzed) {
    if (cache.size >= KEPT_WORDS) cache.clear()
    analyzed = { term: analyzer.processTerm(token), word: normalizeToken(token) }
    cache.set(token, analyzed)
  }
  return analyzed
}
