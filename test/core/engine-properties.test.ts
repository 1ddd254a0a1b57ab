/**
 * Properties of the engine against a brute-force reference (test/helpers/brute-force.ts), for
 * requests without `query`: filters, sorting, grouping, counts, facets, pagination and links of
 * `/collections`, `/search` and `/facets`, on the real corpus, on a generated catalogue, and on
 * random catalogues made from the corpus.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  Catalogue,
  type CatalogueDocument,
  FORMATS,
  loadCatalogue,
  validateDocument,
} from '../../packages/core/src/index.js'
import {
  bruteCollections,
  bruteFacets,
  bruteSearch,
  fieldValues,
  type Params,
  type PlainDocument,
  type PlainGroup,
} from '../helpers/brute-force.js'

const RAC = fileURLToPath(new URL('../fixtures/rac', import.meta.url))
const SAMPLE = fileURLToPath(new URL('../../data/sample.ndjson', import.meta.url))
const BASE_URL = 'http://localhost:8000'
const RUNS = 150

// --- Catalogues -----------------------------------------------------------------------------

interface Fixture {
  name: string
  catalogue: Catalogue
  documents: PlainDocument[]
  pools: Pools
}

/** The plain documents of a directory, in the loader's order: relative paths by code units. */
function readDirectory(directory: string): PlainDocument[] {
  const names = (readdirSync(directory, { recursive: true }) as string[])
    .filter((name) => /\.json$/i.test(name))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return names.flatMap((name) => {
    const value = JSON.parse(readFileSync(join(directory, name), 'utf8')) as unknown
    return (Array.isArray(value) ? value : [value]) as PlainDocument[]
  })
}

function readNdjson(file: string): PlainDocument[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as PlainDocument)
}

async function fixture(name: string, path: string, documents: PlainDocument[]): Promise<Fixture> {
  const { catalogue } = await loadCatalogue(path)
  return { name, catalogue, documents, pools: poolsOf(documents) }
}

const racDocuments = readDirectory(RAC)

// --- Synthetic catalogues: the corpus with ties, accents, odd dates and scattered groups ------

const TITLES = [
  'Alpha',
  'alpha',
  'Álpha',
  'ALPHA',
  'apple',
  'Beta',
  'béta',
  'Émile papers',
  'emile papers',
  'Zeta',
  'zeta',
  'Øresund',
  'Æsop',
  '0 numbers',
  '',
]
const DATES = ['0999', '1890', '1905', '1950', '1950-03-01', '1959', '1959-12', '1970', '2001']
const SUBJECTS = [
  'Philanthropy',
  'philanthropy',
  'Public health',
  'Politics -- New York',
  'Économie',
  'a(b)[c]',
  'x.y*z?',
  'Rockefeller, Nelson A. (Nelson Aldrich)',
]
const CREATORS = [
  'Reich, Cary',
  'Linden, Patricia',
  'Rockefeller Foundation',
  'rockefeller foundation',
  'Émile Zola',
  'Zed',
  'Ärzte',
]
const GROUPS = [
  ...racDocuments.filter((document) => document.type === 'collection').map((d) => d.uri),
  '/collections/ghost1',
  '/collections/ghost2',
]

const reference = (title: string | null) => ({
  external_identifiers: [{ identifier: '/x/1', source: 'archivesspace' }],
  title,
})
const dateArb = fc
  .record({
    begin: fc.option(fc.constantFrom(...DATES), { freq: 6 }),
    end: fc.option(fc.constantFrom(...DATES), { freq: 4 }),
  })
  .map(({ begin, end }) => ({
    begin,
    end,
    expression: `${begin ?? '?'}-${end ?? '?'}`,
    label: 'creation',
    type: 'inclusive',
    source: 'archivesspace',
  }))
const titleArb = fc.constantFrom(...TITLES)
const groupArb = (identifier: string, category: string): fc.Arbitrary<PlainGroup> =>
  fc
    .record({
      title: titleArb,
      dates: fc.array(dateArb, { maxLength: 2 }),
      creators: fc.array(fc.constantFrom(...CREATORS), { maxLength: 3 }),
    })
    .map(({ title, dates, creators }) => ({
      identifier,
      title,
      category,
      dates,
      creators: creators.map(reference),
    }))

/** One corpus document with its searchable fields redrawn (still a valid document). */
function variantArb(
  original: PlainDocument,
  groups: Record<string, PlainGroup>,
): fc.Arbitrary<PlainDocument> {
  if (original.type === 'term') return fc.constant(original)
  const archival = original.type !== 'agent'
  return fc
    .record({
      title: fc.oneof(fc.constant(original.title), titleArb),
      dates: fc.array(dateArb, { minLength: archival ? 1 : 0, maxLength: 3 }),
      formats: fc.uniqueArray(fc.constantFrom(...FORMATS), { minLength: 1 }),
      online: fc.boolean(),
      terms: fc.array(fc.constantFrom(...SUBJECTS), { maxLength: 3 }),
      creators: fc.array(fc.option(fc.constantFrom(...CREATORS), { freq: 8 }), {
        minLength: 1,
        maxLength: 3,
      }),
      // The agents a record names (its creators' names among them, or not); an agent's own
      // related agents, drawn too, are not what the `agent` filter finds.
      people: fc.array(fc.constantFrom(...CREATORS), { maxLength: 2 }),
      organizations: fc.array(fc.constantFrom(...CREATORS), { maxLength: 2 }),
      group: fc.constantFrom(...GROUPS),
      agentGroup: groupArb(original.uri, original.category),
    })
    .map((drawn) => {
      const document: PlainDocument & Record<string, unknown> = {
        ...structuredClone(original),
        title: drawn.title,
        dates: drawn.dates,
        people: drawn.people.map(reference),
        organizations: drawn.organizations.map(reference),
      }
      if (!archival) return { ...document, group: drawn.agentGroup }
      document.formats = drawn.formats
      document.online = drawn.online
      document.terms = drawn.terms.map(reference)
      document.group = groups[drawn.group]!
      if (original.type === 'collection') document.creators = drawn.creators.map(reference)
      return document
    })
}

/** The fields that only make synthetic documents (and counterexamples) long. */
function slim(document: PlainDocument): PlainDocument {
  const copy = structuredClone(document) as unknown as Record<string, unknown>
  for (const field of ['notes', 'ancestors', 'children', 'rights', 'description', 'files']) {
    delete copy[field]
  }
  return copy as unknown as PlainDocument
}

/** One line a document, to read counterexamples. */
function summary(documents: PlainDocument[]): string {
  const lines = documents.map((d) =>
    [
      d.uri,
      JSON.stringify(d.title),
      `group=${d.group.identifier}:${JSON.stringify(d.group.title)}`,
      `dates=${(d.dates ?? []).map((date) => `${date.begin}..${date.end}`).join(',')}`,
      d.formats ? `formats=${d.formats.join(',')}` : '',
      d.online === undefined ? '' : `online=${d.online}`,
      d.terms?.length ? `terms=${d.terms.map((t) => t.title).join('|')}` : '',
      d.creators?.length ? `creators=${d.creators.map((c) => c.title).join('|')}` : '',
    ]
      .filter(Boolean)
      .join(' '),
  )
  return `[\n  ${lines.join('\n  ')}\n]`
}

/**
 * The corpus, each document redrawn, at least `minLength` of them, in a random order (so groups
 * are scattered and a group's own document may come after its members).
 */
const syntheticArb = (minLength: number): fc.Arbitrary<PlainDocument[]> =>
  fc
    .tuple(...GROUPS.map((identifier) => groupArb(identifier, 'collection')))
    .chain((drawn) => {
      const groups = Object.fromEntries(GROUPS.map((identifier, i) => [identifier, drawn[i]!]))
      return fc.tuple(...racDocuments.map((document) => variantArb(slim(document), groups)))
    })
    .chain((documents) =>
      fc.shuffledSubarray(documents, { minLength, maxLength: documents.length }),
    )
    .map((documents) => Object.assign(documents, { [fc.toStringMethod]: () => summary(documents) }))

const build = (documents: PlainDocument[]) =>
  Catalogue.fromDocuments(documents as unknown as CatalogueDocument[])

/** A fixed synthetic catalogue: ties, accents, scattered groups. */
function syntheticFixture(): Fixture {
  const [documents] = fc.sample(syntheticArb(racDocuments.length), { seed: 20240601, numRuns: 1 })
  return {
    name: 'a synthetic catalogue',
    catalogue: build(documents!),
    documents: documents!,
    pools: poolsOf(documents!),
  }
}

// --- Requests -------------------------------------------------------------------------------

type Endpoint = 'collections' | 'search' | 'facets'

interface Pools {
  text: Record<string, string[]>
  years: number[]
}

const TEXT_FIELDS = ['category', 'genre', 'type', 'subject', 'creator', 'agent'] as const
const MISSING = ['nonexistent', 'Collection', 'DOCUMENTS', 'Rockefeller', 'x.y', 'a(b)']

function poolsOf(documents: PlainDocument[]): Pools {
  const text: Record<string, string[]> = {}
  for (const field of TEXT_FIELDS) {
    const values = new Set<string>()
    for (const document of documents) {
      for (const value of fieldValues(document, field)) values.add(String(value))
    }
    text[field] = [...values].slice(0, 300)
  }
  const years = new Set<number>([1000, 1899, 2100])
  for (const document of documents) {
    for (const field of ['start_date', 'end_date']) {
      for (const year of fieldValues(document, field)) {
        for (const near of [-1, 0, 1]) years.add((year as number) + near)
      }
    }
  }
  return { text, years: [...years] }
}

/** A text value for a field: one that exists (mostly) or one that does not. */
const textValueArb = (pools: Pools, field: string) => {
  const existing = pools.text[field] ?? []
  return existing.length > 0
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...existing) },
        { weight: 1, arbitrary: fc.constantFrom(...MISSING) },
      )
    : fc.constantFrom(...MISSING)
}

/** A glob from an existing value: `*` for a run, `?` for a character, or a random one. */
const wildcardArb = (pools: Pools, field: string) =>
  fc.oneof(
    fc
      .tuple(textValueArb(pools, field), fc.nat(), fc.nat(), fc.nat(4))
      .map(([value, x, y, kind]) => {
        const i = x % (value.length + 1)
        const j = i + (y % (value.length - i + 1))
        switch (kind) {
          case 0:
            return `*${value.slice(i, j)}*`
          case 1:
            return `${value.slice(0, i)}*`
          case 2:
            return `*${value.slice(i)}`
          case 3:
            return `${value.slice(0, i)}?${value.slice(i + 1)}`
          default:
            return `${value.slice(0, i)}*${value.slice(j)}`
        }
      }),
    fc.string({ unit: fc.constantFrom('*', '?', 'a', 'o', '.', '(', ' '), maxLength: 5 }),
  )

/** The parameters of one filter (several for a repeated plain parameter). */
const filterArb = (pools: Pools): fc.Arbitrary<[string, string][]> => {
  const text = fc.constantFrom(...TEXT_FIELDS).chain((field) => {
    const value = textValueArb(pools, field)
    return fc.oneof(
      fc
        .array(value, { minLength: 1, maxLength: 3 })
        .map((values) => values.map((v): [string, string] => [field, v])),
      fc
        .array(value, { minLength: 1, maxLength: 3 })
        .map((values): [string, string][] => [[`${field}__in`, values.join('__')]]),
      fc
        .array(value, { minLength: 1, maxLength: 2 })
        .map((values): [string, string][] => [[`${field}__exclude`, values.join('__')]]),
      fc
        .tuple(value, fc.nat())
        .map(([v, n]): [string, string][] => [
          [`${field}__prefix`, v.slice(0, n % (v.length + 1))],
        ]),
      wildcardArb(pools, field).map((glob): [string, string][] => [[`${field}__wildcard`, glob]]),
    )
  })
  const year = fc.constantFrom(...pools.years).map(String)
  const date = fc.constantFrom('start_date', 'end_date').chain((field) =>
    fc.oneof(
      fc
        .array(year, { minLength: 1, maxLength: 3 })
        .map((years) => years.map((y): [string, string] => [field, y])),
      fc
        .tuple(fc.constantFrom('gt', 'gte', 'lt', 'lte'), year)
        .map(([lookup, y]): [string, string][] => [[`${field}__${lookup}`, y]]),
      fc
        .array(year, { minLength: 1, maxLength: 2 })
        .map((years): [string, string][] => [[`${field}__range`, years.join('__')]]),
      fc
        .array(year, { minLength: 1, maxLength: 3 })
        .map((years): [string, string][] => [[`${field}__in`, years.join('__')]]),
    ),
  )
  const online = fc
    .array(fc.constantFrom('true', 'false'), { minLength: 1, maxLength: 2 })
    .map((values) => values.map((v): [string, string] => ['online', v]))
  return fc.oneof({ weight: 5, arbitrary: text }, { weight: 3, arbitrary: date }, online)
}

const SORTS: Record<Endpoint, string[]> = {
  collections: ['title', 'start_date', 'end_date'],
  search: ['title', 'start_date', 'end_date', 'creator'],
  facets: ['title', 'start_date', 'end_date', 'creator'],
}

/** 0–2 sort keys, comma-separated or as repeated `sort` parameters. */
const sortArb = (endpoint: Endpoint): fc.Arbitrary<[string, string][]> =>
  fc
    .tuple(
      fc.shuffledSubarray(SORTS[endpoint], { maxLength: 2 }),
      fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
      fc.boolean(),
    )
    .map(([fields, descending, repeated]) => {
      const keys = fields.map((field, i) => (descending[i] ? `-${field}` : field))
      if (keys.length === 0) return []
      return repeated
        ? keys.map((key): [string, string] => ['sort', key])
        : [['sort', keys.join(',')]]
    })

/** Parameters the engine ignores: unknown ones, empty values and an empty query. */
const noiseArb: fc.Arbitrary<[string, string][]> = fc.subarray([
  ['foo', 'bar baz'],
  ['category', ''],
  ['query', ''],
  ['query', '  '],
  ['genre__in', ''],
] as [string, string][])

/** 0–3 filters, 0–2 sort keys and some noise, in a random order. */
const requestArb = (pools: Pools, endpoint: Endpoint): fc.Arbitrary<[string, string][]> =>
  fc
    .tuple(fc.array(filterArb(pools), { maxLength: 3 }), sortArb(endpoint), noiseArb)
    .chain(([filters, sort, noise]) => {
      const parts = [...filters, sort, noise]
      return fc.shuffledSubarray(parts, { minLength: parts.length, maxLength: parts.length })
    })
    .map((parts) => parts.flat())

const withPage = (params: Params, limit: number, offset: number): URLSearchParams =>
  new URLSearchParams([
    ...(params as [string, string][]),
    ['limit', String(limit)],
    ['offset', String(offset)],
  ])

// --- Checks shared by the catalogues ---------------------------------------------------------

function checkCollections({ catalogue, documents }: Fixture, params: Params, offset: number) {
  const expected = bruteCollections(documents, params)
  const page = catalogue.collections(withPage(params, 500, offset))
  expect(page.count).toBe(expected.length)
  expect(page.facets).toEqual({})
  expect(page.results.map((item) => item.uri)).toEqual(expected.slice(offset, offset + 500))
}

function checkSearch({ catalogue, documents }: Fixture, params: Params, offset: number) {
  const expected = bruteSearch(documents, params, 'first-match')
  const page = catalogue.search(withPage(params, 500, offset))
  expect(page.count).toBe(expected.length)
  expect(page.results.map((result) => result.uri)).toEqual(
    expected.slice(offset, offset + 500).map((result) => result.uri),
  )
  expect(
    page.results.map(({ uri, title, category, creators }) => ({ uri, title, category, creators })),
  ).toEqual(expected.slice(offset, offset + 500))
  for (const result of page.results) {
    expect(result.hit_count).toBeNull()
    expect(result.online_hit_count).toBeNull()
  }
}

function checkFacets({ catalogue, documents }: Fixture, params: Params) {
  expect(catalogue.facets(new URLSearchParams(params as [string, string][]))).toEqual(
    bruteFacets(documents, params),
  )
}

type ListMethod = 'collections' | 'search'
const PATHS: Record<ListMethod, string> = { collections: '/collections', search: '/search' }

const uris = (fixture: Fixture, method: ListMethod, params: URLSearchParams): string[] =>
  fixture.catalogue[method](params).results.map((item) => item.uri)

/** Walks the pages of a request and checks they partition the whole list. */
function checkPages(fixture: Fixture, method: ListMethod, params: Params, limit: number) {
  const whole = uris(fixture, method, withPage(params, 500, 0))
  const walked: string[] = []
  for (let offset = 0; ; offset += limit) {
    const page = fixture.catalogue[method](withPage(params, limit, offset))
    expect(page.results.length).toBeLessThanOrEqual(limit)
    expect(page.previous === null).toBe(offset === 0)
    const last = offset + limit >= page.count
    expect(page.next === null).toBe(last)
    walked.push(...page.results.map((item) => item.uri))
    if (page.next === null || offset > 10_000) break
  }
  expect(walked).toEqual(whole)
  expect(new Set(walked).size).toBe(walked.length)
}

/** The parameters a link should carry: the request's, `limit` and `offset` set, sorted by name. */
function expectedLinkParams(params: Params, limit: number, offset: number): [string, string][] {
  const kept: [string, string][] = params.filter(
    ([name]) => name !== 'limit' && name !== 'offset',
  ) as [string, string][]
  kept.push(['limit', String(limit)])
  if (offset > 0) kept.push(['offset', String(offset)])
  // Array.prototype.sort is stable: repeated parameters keep their order.
  return kept.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
}

function checkLink(
  link: string,
  baseUrl: string,
  path: string,
  params: Params,
  limit: number,
  offset: number,
) {
  const prefix = `${baseUrl.replace(/\/+$/, '')}${path}?`
  expect(link.startsWith(prefix)).toBe(true)
  const query = link.slice(prefix.length)
  const names = query.split('&').map((pair) => decodeURIComponent(pair.split('=')[0]!))
  expect(names).toEqual([...names].sort())
  expect([...new URLSearchParams(query)]).toEqual(expectedLinkParams(params, limit, offset))
  expect(query.includes('offset=0&') || query.endsWith('offset=0')).toBe(false)
  expect(new URL(link).origin).toBe(new URL(baseUrl).origin)
}

function checkLinks(
  fixture: Fixture,
  method: ListMethod,
  params: Params,
  limit: number,
  offset: number,
  baseUrl: string | undefined,
) {
  const request = withPage(params, limit, offset)
  const page = fixture.catalogue[method](request, baseUrl ? { baseUrl } : {})
  const base = baseUrl ?? BASE_URL
  const given = [...request]
  if (offset + limit < page.count) {
    checkLink(page.next!, base, PATHS[method], given, limit, offset + limit)
  } else expect(page.next).toBeNull()
  if (offset > 0) {
    checkLink(page.previous!, base, PATHS[method], given, limit, Math.max(0, offset - limit))
  } else expect(page.previous).toBeNull()
}

// --- The properties --------------------------------------------------------------------------

const fixtures: Fixture[] = [
  await fixture('the RAC corpus', RAC, racDocuments),
  syntheticFixture(),
  ...(existsSync(SAMPLE) ? [await fixture('data/sample.ndjson', SAMPLE, readNdjson(SAMPLE))] : []),
]
const offsetArb = fc.oneof(fc.constant(0), fc.nat(60))

describe('Catalogue', () => {
  describe('collections', () => {
    for (const current of fixtures) {
      it(`agrees with the brute force on filters and sort (${current.name})`, () => {
        fc.assert(
          fc.property(requestArb(current.pools, 'collections'), offsetArb, (params, offset) => {
            checkCollections(current, params, offset)
          }),
          { numRuns: RUNS },
        )
      })

      it(`pages partition the results (${current.name})`, () => {
        fc.assert(
          fc.property(
            requestArb(current.pools, 'collections'),
            fc.integer({ min: 1, max: 7 }),
            (params, limit) => checkPages(current, 'collections', params, limit),
          ),
          { numRuns: RUNS },
        )
      })

      it(`gives absolute next and previous links with every parameter (${current.name})`, () => {
        fc.assert(
          fc.property(
            requestArb(current.pools, 'collections'),
            fc.integer({ min: 1, max: 7 }),
            fc.nat(40),
            fc.constantFrom(undefined, 'https://archive.example.org/api/', 'http://h:81'),
            (params, limit, offset, baseUrl) =>
              checkLinks(current, 'collections', params, limit, offset, baseUrl),
          ),
          { numRuns: RUNS },
        )
      })
    }
  })

  describe('search', () => {
    for (const current of fixtures) {
      it(`groups, counts and sorts like the brute force (${current.name})`, () => {
        fc.assert(
          fc.property(requestArb(current.pools, 'search'), offsetArb, (params, offset) => {
            checkSearch(current, params, offset)
          }),
          { numRuns: RUNS },
        )
      })

      it(`pages partition the results (${current.name})`, () => {
        fc.assert(
          fc.property(
            requestArb(current.pools, 'search'),
            fc.integer({ min: 1, max: 7 }),
            (params, limit) => checkPages(current, 'search', params, limit),
          ),
          { numRuns: RUNS },
        )
      })

      it(`gives absolute next and previous links with every parameter (${current.name})`, () => {
        fc.assert(
          fc.property(
            requestArb(current.pools, 'search'),
            fc.integer({ min: 1, max: 7 }),
            fc.nat(120),
            fc.constantFrom(undefined, 'https://archive.example.org/api/', 'http://h:81'),
            (params, limit, offset, baseUrl) =>
              checkLinks(current, 'search', params, limit, offset, baseUrl),
          ),
          { numRuns: RUNS },
        )
      })
    }
  })

  describe('facets', () => {
    for (const current of fixtures) {
      it(`counts like the brute force (${current.name})`, () => {
        fc.assert(
          fc.property(requestArb(current.pools, 'facets'), (params) => {
            checkFacets(current, params)
          }),
          { numRuns: RUNS },
        )
      })
    }
  })

  describe('fromDocuments', () => {
    it('builds synthetic catalogues of valid documents', () => {
      for (const documents of fc.sample(syntheticArb(1), { seed: 7, numRuns: 3 })) {
        for (const document of documents) expect(validateDocument(document)).toEqual([])
      }
    })

    it('answers like the brute force on random catalogues', () => {
      const pools = poolsOf(
        fc.sample(syntheticArb(racDocuments.length), { seed: 1, numRuns: 1 })[0]!,
      )
      fc.assert(
        fc.property(
          syntheticArb(3),
          requestArb(pools, 'collections'),
          requestArb(pools, 'search'),
          requestArb(pools, 'facets'),
          (documents, collections, search, facets) => {
            const current: Fixture = { name: '', catalogue: build(documents), documents, pools }
            checkCollections(current, collections, 0)
            checkSearch(current, search, 0)
            checkFacets(current, facets)
          },
        ),
        { numRuns: 60 },
      )
    })
  })
})
