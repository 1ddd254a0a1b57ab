/**
 * `/facets?date_histogram=true` in memory: the parameter read once by the shared parser, the
 * answer without it unchanged key for key, the buckets planned as documented (centuries over 300
 * years, decades over 30, else years; within the years asked), and each bucket's count against a
 * brute force over the plain documents, on the corpus, the sample and random catalogues whose
 * dates include the odd ones (a begin without an end, an end before its begin).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { histogramPlan } from '../../packages/core/src/for-backends.js'
import {
  BadParameterError,
  Catalogue,
  type CatalogueDocument,
  type DateHistogram,
  loadCatalogue,
  parseRequest,
} from '../../packages/core/src/index.js'
import { filterTests, type Params, type PlainDocument, yearOf } from '../helpers/brute-force.js'
import { RAC, SAMPLE } from '../helpers/corpus.js'

/** The keys of the reference's `/facets`, in its order. */
const REFERENCE_KEYS = ['max_date', 'creator', 'min_date', 'subject', 'format', 'online']

const pairs = (query: string): Params => [...new URLSearchParams(query)]
const params = (query: string) => new URLSearchParams(query)

function readPlain(path: string): PlainDocument[] {
  if (path.endsWith('.ndjson')) {
    return readFileSync(path, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as PlainDocument)
  }
  return (readdirSync(path, { recursive: true }) as string[])
    .filter((name) => name.endsWith('.json'))
    .map((name) => JSON.parse(readFileSync(join(path, name), 'utf8')) as PlainDocument)
}

const yearsOf = (document: PlainDocument, end: 'begin' | 'end'): number[] =>
  (document.dates ?? []).flatMap((date) => {
    const year = yearOf(date[end])
    return year === null ? [] : [year]
  })

/**
 * The histogram as the documentation states it, by looping over the documents the request
 * matches: the years from the earliest begin to the latest end, within the year filters' bounds;
 * a bucket counts the documents with a begin year ≤ its last year and an end year ≥ its first.
 */
function bruteHistogram(found: readonly PlainDocument[], request: Params): DateHistogram {
  const begins = found.flatMap((document) => yearsOf(document, 'begin'))
  const ends = found.flatMap((document) => yearsOf(document, 'end'))
  if (begins.length === 0 || ends.length === 0) return { interval: null, buckets: [] }
  let from = Math.min(...begins)
  let to = Math.max(...ends)
  for (const [name, value] of request) {
    const lookup = /^(?:start|end)_date__(gte|gt|lte|lt|range)$/.exec(name)?.[1]
    const [a, b] = value
      .split('__')
      .filter((part) => part !== '')
      .map(Number)
    if (lookup === undefined || a === undefined) continue
    if (lookup === 'gte' || lookup === 'range') from = Math.max(from, a)
    if (lookup === 'gt') from = Math.max(from, a + 1)
    if (lookup === 'lte') to = Math.min(to, a)
    if (lookup === 'lt') to = Math.min(to, a - 1)
    if (lookup === 'range' && b !== undefined) to = Math.min(to, b)
  }
  if (from > to) return { interval: null, buckets: [] }
  const span = to - from + 1
  const [interval, size] =
    span > 300
      ? (['century', 100] as const)
      : span > 30
        ? (['decade', 10] as const)
        : (['year', 1] as const)
  const buckets: DateHistogram['buckets'] = []
  for (let key = Math.floor(from / size) * size; key <= to; key += size) {
    const first = Math.max(key, from)
    const last = Math.min(key + size - 1, to)
    const doc_count = found.filter(
      (document) =>
        yearsOf(document, 'begin').some((year) => year <= last) &&
        yearsOf(document, 'end').some((year) => year >= first),
    ).length
    buckets.push({ key, from: first, to: last, doc_count })
  }
  return { interval, buckets }
}

/** The documents a request without `query` matches: every filter passed. */
function filtered(documents: readonly PlainDocument[], request: Params): PlainDocument[] {
  const tests = filterTests('facets', request)
  return documents.filter((document) => tests.every((test) => test(document)))
}

/** The uris a query matches, from the lists (every dated type: collections, objects, agents). */
function queryMatches(catalogue: Catalogue, query: string): Set<string> {
  const uris = new Set<string>()
  for (const list of ['collections', 'objects', 'agents'] as const) {
    for (let offset = 0; ; offset += 500) {
      const page = catalogue[list]({ query, limit: 500, offset })
      for (const item of page.results) uris.add(item.uri)
      if (offset + 500 >= page.count) break
    }
  }
  return uris
}

const FIXTURES = [
  {
    name: 'the corpus',
    path: RAC,
    words: ['rockefeller', 'foundation', 'reich'],
  },
  {
    name: 'the sample',
    path: SAMPLE,
    words: ['malaria', 'foundation', 'health'],
  },
] as const

/** Requests without a query: everything (most of the catalogue: counted by what does not match), filters, ranges. */
const FILTER_REQUESTS = [
  '',
  'type=object',
  'type=agent',
  'type=collection&online=true',
  'genre=photographs',
  'end_date__gte=1940&start_date__lte=1960',
  'end_date__gte=1900&start_date__lte=1999',
  'end_date__gte=1945&start_date__lte=1945',
  'start_date__range=1900__1950',
  'start_date__range=1930',
  'end_date__lte=1920',
  'start_date__gt=1950',
  'end_date__lt=1900',
  'start_date__gte=1920&end_date__lte=1925',
  'start_date__gte=2100',
  'start_date=1950',
  'end_date__in=1950__1960__1970',
  'type=term',
]

describe('/facets date_histogram', () => {
  describe('parseRequest', () => {
    it('reads true and false on /facets, and nothing else there', () => {
      expect(parseRequest('facets', params('date_histogram=true')).dateHistogram).toBe(true)
      expect(parseRequest('facets', params('date_histogram=%20true%20')).dateHistogram).toBe(true)
      expect(parseRequest('facets', params('date_histogram=false')).dateHistogram).toBe(false)
      expect(parseRequest('facets', params('date_histogram=')).dateHistogram).toBe(false)
      expect(parseRequest('facets', params('query=a')).dateHistogram).toBe(false)
      expect(parseRequest('facets', { date_histogram: true }).dateHistogram).toBe(true)
    })

    it('refuses another value, naming the parameter and the value', () => {
      expect(() => parseRequest('facets', params('date_histogram=yes'))).toThrow(BadParameterError)
      expect(() => parseRequest('facets', params('date_histogram=yes'))).toThrow(
        /'yes'.*'date_histogram'.*'true' or 'false'/,
      )
    })

    it('is an unknown parameter (ignored) on the other endpoints', () => {
      for (const endpoint of ['search', 'collections', 'children'] as const) {
        const request = parseRequest(endpoint, params('date_histogram=yes'))
        expect(request.dateHistogram).toBe(false)
      }
    })
  })

  describe('histogramPlan', () => {
    const plan = (query: string, min: number | null, max: number | null) =>
      histogramPlan(parseRequest('facets', params(query)), min, max)

    it('draws years up to 30 years, decades up to 300, centuries beyond', () => {
      expect(plan('', 1901, 1930).interval).toBe('year')
      expect(plan('', 1901, 1930).buckets).toHaveLength(30)
      expect(plan('', 1901, 1931).interval).toBe('decade')
      expect(plan('', 1700, 1999).interval).toBe('decade')
      expect(plan('', 1700, 1999).buckets).toHaveLength(30)
      expect(plan('', 1700, 2000).interval).toBe('century')
      expect(plan('', 1700, 2000).buckets.map((bucket) => bucket.key)).toEqual([
        1700, 1800, 1900, 2000,
      ])
    })

    it('aligns buckets and cuts the first and the last to the years shown', () => {
      expect(plan('', 1897, 1934).buckets).toEqual([
        { key: 1890, from: 1897, to: 1899 },
        { key: 1900, from: 1900, to: 1909 },
        { key: 1910, from: 1910, to: 1919 },
        { key: 1920, from: 1920, to: 1929 },
        { key: 1930, from: 1930, to: 1934 },
      ])
    })

    it('keeps within the years the filters ask for, whatever their lookup', () => {
      const years = (query: string) => {
        const { buckets } = plan(query, 1800, 2000)
        return [buckets[0]?.from, buckets.at(-1)?.to]
      }
      expect(years('end_date__gte=1940&start_date__lte=1960')).toEqual([1940, 1960])
      expect(years('start_date__gt=1940&end_date__lt=1960')).toEqual([1941, 1959])
      expect(years('start_date__range=1940__1960')).toEqual([1940, 1960])
      expect(years('start_date__range=1940')).toEqual([1940, 2000])
      expect(years('end_date__gte=1700&start_date__lte=2100')).toEqual([1800, 2000])
      expect(years('start_date__gte=1900&end_date__gte=1950')).toEqual([1950, 2000])
      // Exact years and lists bound nothing: a document so found may span more.
      expect(years('start_date=1950&end_date__in=1960__1970')).toEqual([1800, 2000])
    })

    it('has no buckets without years or when the range asked holds none of them', () => {
      expect(plan('', null, null)).toMatchObject({ interval: null, buckets: [] })
      expect(plan('start_date__gte=2100', 1800, 2000)).toMatchObject({
        interval: null,
        buckets: [],
      })
    })
  })

  for (const fixture of FIXTURES) {
    describe(`on ${fixture.name}`, () => {
      let catalogue: Catalogue
      let documents: PlainDocument[]

      beforeAll(async () => {
        catalogue = (await loadCatalogue(fixture.path)).catalogue
        documents = readPlain(fixture.path)
      })

      const queries = () => [
        ...FILTER_REQUESTS,
        ...fixture.words.map((word) => `query=${word}`),
        `query=${fixture.words[0]}&end_date__gte=1950`,
        `query=${fixture.words[1]}&type=collection&start_date__range=1900__1980`,
        `query=-${fixture.words[0]}`,
        `query=${fixture.words[0]} | ${fixture.words[2]}`,
        'query=zzzzqqq',
      ]

      it('answers as before without it: the reference’s keys, the same values', () => {
        for (const query of queries()) {
          const plain = catalogue.facets(params(query))
          expect(Object.keys(plain), query).toEqual(REFERENCE_KEYS)
          const off = catalogue.facets(params(`${query}&date_histogram=false`))
          expect(Object.keys(off), query).toEqual(REFERENCE_KEYS)
          expect(off, query).toStrictEqual(plain)
          const { date_histogram, ...rest } = catalogue.facets(
            params(`${query}&date_histogram=true`),
          )
          expect(date_histogram, query).toBeDefined()
          expect(rest, query).toStrictEqual(plain)
        }
      })

      it('counts each bucket as a brute force over the documents does', () => {
        for (const query of queries()) {
          const request = pairs(query)
          const text = new URLSearchParams(query).get('query')
          const matched = text === null ? null : queryMatches(catalogue, text)
          const found = filtered(documents, request).filter(
            (document) => matched === null || matched.has(document.uri),
          )
          const answer = catalogue.facets(params(`${query}&date_histogram=true`))
          expect(answer.date_histogram, query).toEqual(bruteHistogram(found, request))
          // The years shown are within min_date and max_date.
          const { buckets } = answer.date_histogram!
          if (buckets.length > 0) {
            expect(buckets[0]!.from).toBeGreaterThanOrEqual(answer.min_date.value!)
            expect(buckets.at(-1)!.to).toBeLessThanOrEqual(answer.max_date.value!)
          }
        }
      })

      it('counts in a bucket what its link finds (end_date__gte=from&start_date__lte=to)', () => {
        for (const word of fixture.words) {
          const { date_histogram } = catalogue.facets({ query: word, date_histogram: true })
          for (const bucket of date_histogram!.buckets) {
            // /search counts the matching documents of each group (terms have no dates).
            const narrowed = catalogue.search({
              query: word,
              end_date__gte: bucket.from,
              start_date__lte: bucket.to,
              limit: 500,
            })
            const found = narrowed.results.reduce((sum, group) => sum + (group.hit_count ?? 0), 0)
            expect(found, `${word} ${bucket.from}–${bucket.to}`).toBe(bucket.doc_count)
          }
        }
      })
    })
  }

  describe('on random catalogues with odd dates', () => {
    /** A date as documents write it: a year, a month or a day, or none. */
    const dateText = fc.option(
      fc
        .tuple(fc.integer({ min: 1850, max: 2010 }), fc.constantFrom('', '-06', '-12-31'))
        .map(([year, rest]) => `${String(year).padStart(4, '0')}${rest}`),
      { nil: null, freq: 4 },
    )
    const datesArb = fc.array(fc.record({ begin: dateText, end: dateText }), { maxLength: 3 })
    const catalogueArb = fc.array(datesArb, { minLength: 1, maxLength: 60 })
    const rangeArb = fc.record({
      from: fc.option(fc.integer({ min: 1840, max: 2020 }), { nil: undefined }),
      to: fc.option(fc.integer({ min: 1840, max: 2020 }), { nil: undefined }),
      type: fc.constantFrom(undefined, 'agent', 'collection'),
    })

    /** A top-level collection and an agent of the sample, to redraw the dates of. */
    const templates = readPlain(SAMPLE).filter(
      (document) =>
        (document.type === 'agent' || document.type === 'collection') &&
        document.group.identifier === document.uri,
    )
    const agent = templates.find((document) => document.type === 'agent')!
    const collection = templates.find((document) => document.type === 'collection')!

    function build(drawn: { begin: string | null; end: string | null }[][]) {
      const documents = drawn.map((dates, i) => {
        const template = i % 3 === 0 ? agent : collection
        const uri = `/${template.type}s/d${i}`
        return {
          ...template,
          uri,
          dates: dates.map((date) => ({
            ...date,
            expression: [date.begin, date.end].filter(Boolean).join('-') || 'undated',
            label: 'creation',
            type: 'inclusive',
          })),
          group: { ...template.group, identifier: uri },
        }
      })
      return {
        documents: documents as unknown as PlainDocument[],
        catalogue: Catalogue.fromDocuments(documents as unknown as CatalogueDocument[]),
      }
    }

    it('counts as the brute force does, sparse and dense alike', () => {
      fc.assert(
        fc.property(catalogueArb, rangeArb, (drawn, range) => {
          const { documents, catalogue } = build(drawn)
          const request: [string, string][] = []
          if (range.from !== undefined) request.push(['end_date__gte', String(range.from)])
          if (range.to !== undefined) request.push(['start_date__lte', String(range.to)])
          if (range.type !== undefined) request.push(['type', range.type])
          const answer = catalogue.facets(
            new URLSearchParams([...request, ['date_histogram', 'true']]),
          )
          expect(answer.date_histogram).toEqual(
            bruteHistogram(filtered(documents, request), request),
          )
        }),
        { numRuns: 300, seed: 20261127 },
      )
    })
  })
})
