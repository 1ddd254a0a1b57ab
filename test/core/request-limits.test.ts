/**
 * The bounds of one request's work: each a 400 naming the parameter, or (for a prefix of very
 * many words) a documented truncation to its most frequent words.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { pageOf } from '../../packages/core/src/for-backends.js'
import {
  BadParameterError,
  type Catalogue,
  loadCatalogue,
  REQUEST_LIMITS,
} from '../../packages/core/src/index.js'
import { bruteMatches, type TextDocument, valuesOf } from '../helpers/brute-query.js'
import { SAMPLE } from '../helpers/corpus.js'

let sample: Catalogue
beforeAll(async () => {
  sample = (await loadCatalogue(SAMPLE)).catalogue
})

describe('REQUEST_LIMITS', () => {
  it('refuses a query longer than the limit, naming its length', () => {
    const long = 'archive '.repeat(200)
    expect(() => sample.search({ query: long })).toThrow(BadParameterError)
    expect(() => sample.search({ query: long })).toThrow(
      `${long.trim().length} characters; the limit is ${REQUEST_LIMITS.queryLength}`,
    )
    expect(sample.search({ query: 'archive '.repeat(60) }).count).toBeGreaterThan(0)
  })

  it('counts the characters of a query as people do: one outside the BMP is one', () => {
    // A musical symbol: two UTF-16 units, one character, and no word (an emoji would be one).
    const emoji = '\u{1D11E}'
    expect(sample.search({ query: emoji.repeat(REQUEST_LIMITS.queryLength) }).count).toBe(0)
    expect(() => sample.search({ query: emoji.repeat(REQUEST_LIMITS.queryLength + 1) })).toThrow(
      `${REQUEST_LIMITS.queryLength + 1} characters; the limit is ${REQUEST_LIMITS.queryLength}`,
    )
  })

  it('refuses a query of more words than the limit', () => {
    const words = Array.from({ length: 65 }, (_, i) => `word${i}`).join(' | ')
    expect(() => sample.search({ query: words })).toThrow(
      '65 words, phrase words and prefixes; the limit is 64',
    )
    expect(() =>
      sample.search({ query: words.split(' | ').slice(0, 64).join(' | ') }),
    ).not.toThrow()
  })

  it('refuses a page deeper than the window on the lists that rank, not on children', () => {
    expect(() => sample.search({ offset: 10_000, limit: 1 })).toThrow(
      "'offset': must be at most 9999: pages end by result 10000",
    )
    expect(() => sample.objects({ offset: 10_000 })).toThrow(BadParameterError)
    expect(sample.search({ offset: 9_950, limit: 50 }).results).toEqual([])
    // A page that would pass the window ends at it, as a limit over the largest page is clamped.
    expect(sample.parse('search', { offset: '9990', limit: '20' })).toMatchObject({
      limit: 10,
      pageSize: 20,
    })
    expect(sample.parse('objects', { offset: '9999' }).limit).toBe(1)
    expect(sample.children('xVJyUuJNfsVyjdZikFSn6G', { offset: 20_000 }).results).toEqual([])
  })

  it('links no next page past the window, where that page would be a 400', () => {
    const last = { params: [], pageSize: 10, offset: 9_990 }
    expect(pageOf('http://x', '/search', { ...last, endpoint: 'search' }, 50_000, []).next).toBe(
      null,
    )
    const before = { ...last, offset: 9_980, endpoint: 'search' as const }
    expect(pageOf('http://x', '/search', before, 50_000, []).next).toBe(
      'http://x/search?limit=10&offset=9990',
    )
    // The page cut at the window steps back by the page size asked for, not by what was left.
    const cut = { params: [], pageSize: 50, offset: 9_990, endpoint: 'search' as const }
    expect(pageOf('http://x', '/search', cut, 50_000, []).previous).toBe(
      'http://x/search?limit=50&offset=9940',
    )
    // Children are not ranked: their pages go on.
    const children = { ...last, endpoint: 'children' as const }
    expect(pageOf('http://x', '/collections/a/children', children, 50_000, []).next).toBe(
      'http://x/collections/a/children?limit=10&offset=10000',
    )
  })

  it('refuses a wildcard pattern that is too long or has too many stars', () => {
    expect(() => sample.search({ subject__wildcard: '*a'.repeat(11) })).toThrow(
      'a pattern of at most 100 characters and 10 *',
    )
    expect(() => sample.search({ subject__wildcard: 'x'.repeat(101) })).toThrow(BadParameterError)
    expect(sample.search({ subject__wildcard: '*a*' }).count).toBeGreaterThan(0)
  })

  it('expands a one-letter prefix alone, within its bounds, to every word it begins here', () => {
    // The sample is far below the bounds: `a*` finds every document with a word in `a`.
    const node = sample.parse('facets', { query: 'a*' }).query!
    const found = Array.from(sample.data.text.evaluate(node).ids)
    const expected = Array.from({ length: sample.size }, (_, i) => i).filter(
      (i) => bruteMatches('a*', valuesOf(sample.document(i) as TextDocument)) === true,
    )
    expect(found).toEqual(expected)
    expect(found.length).toBeGreaterThan(500)
  })
})
