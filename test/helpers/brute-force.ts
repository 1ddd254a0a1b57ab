/**
 * A deliberately simple reference evaluator of the catalogue API (API.md §3 and §5) for requests
 * without `query`: it reads the plain documents (an array of JSON objects, in catalogue order) and
 * the request's parameters, and answers `/collections`, `/search` and `/facets` by looping over
 * every document. No columns, no bitsets, no ranks: slow and obviously right, so that the engine
 * can be checked against it.
 */

/** The parts of a catalogue document the reference reads. */
export interface PlainDocument {
  uri: string
  type: string
  title: string
  category: string
  dates?: PlainDate[] | null
  formats?: string[] | null
  online?: boolean
  terms?: PlainReference[] | null
  creators?: PlainReference[] | null
  people?: PlainReference[] | null
  organizations?: PlainReference[] | null
  families?: PlainReference[] | null
  agent_type?: string
  term_type?: string
  level?: string | null
  group: PlainGroup
}

export interface PlainDate {
  begin: string | null
  end?: string | null
}

export interface PlainReference {
  title?: string | null
}

export interface PlainGroup {
  identifier: string
  title: string
  category?: string
  creators?: PlainReference[]
  dates?: PlainDate[]
}

/** Request parameters as name/value pairs, in the order given (repeats allowed). */
export type Params = ReadonlyArray<readonly [string, string]>

type Endpoint = 'collections' | 'objects' | 'agents' | 'terms' | 'search' | 'facets'

const TEXT_FIELDS = ['category', 'genre', 'type', 'subject', 'creator'] as const
const DATE_FIELDS = ['start_date', 'end_date'] as const

/**
 * The filters of each endpoint, as the reference service's views declare them, and `level`
 * (ours: it follows the level facet) and `agent` (ours: the agents a record names).
 */
const DESCRIPTION = ['category', 'genre', 'subject', 'creator', 'level', 'agent', 'online']
const ENDPOINT_FILTERS: Record<Endpoint, readonly string[]> = {
  search: [...TEXT_FIELDS, 'level', 'agent', 'online', ...DATE_FIELDS],
  facets: [...TEXT_FIELDS, 'level', 'agent', 'online', ...DATE_FIELDS],
  collections: [...DESCRIPTION, ...DATE_FIELDS],
  objects: [...DESCRIPTION, ...DATE_FIELDS],
  agents: ['title', 'agent_type', ...DATE_FIELDS],
  terms: ['title', 'term_type'],
}

/** One document's values of a filter field (each value once). */
export function fieldValues(document: PlainDocument, field: string): (string | number | boolean)[] {
  const values: (string | number | boolean)[] = []
  switch (field) {
    case 'category':
      values.push(document.category)
      break
    case 'type':
      values.push(document.type)
      break
    case 'title':
      // Only the lists of agents and terms filter on the title.
      if (document.type === 'agent' || document.type === 'term') values.push(document.title)
      break
    case 'agent_type':
      if (document.agent_type !== undefined) values.push(document.agent_type)
      break
    case 'term_type':
      if (document.term_type !== undefined) values.push(document.term_type)
      break
    case 'level':
      // A collection's or an object's, as written (an empty one too); no other type has one.
      if (
        (document.type === 'collection' || document.type === 'object') &&
        typeof document.level === 'string'
      ) {
        values.push(document.level)
      }
      break
    case 'genre':
      values.push(...(document.formats ?? []))
      break
    case 'subject':
      values.push(...titles(document.terms))
      break
    case 'creator':
      // Only collections have creators (objects inherit theirs through the group).
      if (document.type === 'collection') values.push(...titles(document.creators))
      break
    case 'agent':
      // The people, organizations and families a collection or an object names, and a
      // collection's creators; an agent's related agents are not what the filter finds.
      if (document.type === 'collection' || document.type === 'object') {
        for (const list of [document.people, document.organizations, document.families]) {
          values.push(...titles(list))
        }
        if (document.type === 'collection') values.push(...titles(document.creators))
      }
      break
    case 'online':
      if (typeof document.online === 'boolean') values.push(document.online)
      break
    case 'start_date':
      values.push(...years(document.dates, 'begin'))
      break
    case 'end_date':
      values.push(...years(document.dates, 'end'))
      break
  }
  return [...new Set(values)]
}

function titles(references: PlainReference[] | null | undefined): string[] {
  const found: string[] = []
  for (const reference of references ?? []) {
    if (typeof reference.title === 'string' && reference.title !== '') found.push(reference.title)
  }
  return found
}

/** The year of a date string: its first four digits. */
export function yearOf(date: string | null | undefined): number | null {
  if (typeof date !== 'string' || !/^\d{4}/.test(date)) return null
  return Number(date.slice(0, 4))
}

function years(dates: PlainDate[] | null | undefined, end: 'begin' | 'end'): number[] {
  const found: number[] = []
  for (const date of dates ?? []) {
    const year = yearOf(end === 'begin' ? date.begin : date.end)
    if (year !== null) found.push(year)
  }
  return found
}

/** `*` any run of characters, `?` exactly one, everything else literal; the whole value must match. */
export function globMatches(pattern: string, value: string): boolean {
  // matches[j]: whether pattern[0, i) matches value[0, j), row by row over the pattern.
  let matches = new Array<boolean>(value.length + 1).fill(false)
  matches[0] = true
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]
    const next = new Array<boolean>(value.length + 1).fill(false)
    if (char === '*') {
      let any = false
      for (let j = 0; j <= value.length; j++) {
        any = any || matches[j] === true
        next[j] = any
      }
    } else {
      for (let j = 1; j <= value.length; j++) {
        next[j] = matches[j - 1] === true && (char === '?' || value[j - 1] === char)
      }
    }
    matches = next
  }
  return matches[value.length] === true
}

/** A test of one document, from one filter parameter (or the plain values of one field). */
type DocumentTest = (document: PlainDocument) => boolean

const splitValues = (value: string) => value.split('__').filter((part) => part !== '')

/** The tests a request's parameters make for an endpoint; a document must pass them all. */
export function filterTests(endpoint: Endpoint, params: Params): DocumentTest[] {
  const allowed = ENDPOINT_FILTERS[endpoint]
  const tests: DocumentTest[] = []
  const plain = new Map<string, string[]>()
  for (const [name, raw] of params) {
    // Values are read trimmed (as DIMES may pad them); an empty one is ignored.
    const value = raw.trim()
    if (value === '') continue
    const parts = name.split('__')
    const field = parts[0] ?? ''
    if (!allowed.includes(field) || parts.length > 2) continue
    const lookup = parts[1]
    if (lookup === undefined) {
      plain.set(field, [...(plain.get(field) ?? []), value])
      continue
    }
    if ((DATE_FIELDS as readonly string[]).includes(field)) {
      const wanted = splitValues(value).map(Number)
      const test = yearTest(lookup, wanted)
      tests.push((document) => fieldValues(document, field).some((year) => test(year as number)))
    } else {
      const test = textTest(lookup, value)
      if (lookup === 'exclude') {
        tests.push((document) => !fieldValues(document, field).some((v) => test(v as string)))
      } else {
        tests.push((document) => fieldValues(document, field).some((v) => test(v as string)))
      }
    }
  }
  // A repeated plain parameter is a choice among its values.
  for (const [field, values] of plain) {
    const wanted: (string | number | boolean)[] =
      field === 'online'
        ? values.map((value) => value === 'true')
        : (DATE_FIELDS as readonly string[]).includes(field)
          ? values.map(Number)
          : values
    tests.push((document) => fieldValues(document, field).some((v) => wanted.includes(v)))
  }
  return tests
}

function yearTest(lookup: string, wanted: number[]): (year: number) => boolean {
  const first = wanted[0] ?? 0
  switch (lookup) {
    case 'gt':
      return (year) => year > first
    case 'gte':
      return (year) => year >= first
    case 'lt':
      return (year) => year < first
    case 'lte':
      return (year) => year <= first
    case 'range': {
      const last = wanted[1] ?? Number.POSITIVE_INFINITY
      return (year) => first <= year && year <= last
    }
    case 'in':
      return (year) => wanted.includes(year)
    default:
      throw new Error(`the reference does not know the date lookup ${lookup}`)
  }
}

function textTest(lookup: string, value: string): (candidate: string) => boolean {
  switch (lookup) {
    case 'in':
    case 'exclude': {
      const wanted = splitValues(value)
      return (candidate) => wanted.includes(candidate)
    }
    case 'prefix':
      return (candidate) => candidate.startsWith(value)
    case 'wildcard':
      return (candidate) => globMatches(value, candidate)
    default:
      throw new Error(`the reference does not know the text lookup ${lookup}`)
  }
}

/** The documents of `universe` that pass every filter of the request, with their positions. */
function filterDocuments(
  documents: readonly PlainDocument[],
  endpoint: Endpoint,
  params: Params,
  universe: (document: PlainDocument) => boolean,
): { document: PlainDocument; position: number }[] {
  const tests = filterTests(endpoint, params)
  const found: { document: PlainDocument; position: number }[] = []
  documents.forEach((document, position) => {
    if (universe(document) && tests.every((test) => test(document))) {
      found.push({ document, position })
    }
  })
  return found
}

// --- Sorting --------------------------------------------------------------------------------

/** What a row (a document or a group) is sorted by. */
interface SortRow {
  title: string
  type?: string
  begins: number[]
  ends: number[]
  creators: string[]
  /** Catalogue order: the document's position, or the group's first appearance. */
  position: number
}

/** The sort keys of a request: comma-separated or repeated `sort`, the first of each field wins. */
export function sortKeys(params: Params): { field: string; descending: boolean }[] {
  const keys: { field: string; descending: boolean }[] = []
  for (const [name, value] of params) {
    if (name !== 'sort') continue
    for (const token of value.split(',')) {
      const trimmed = token.trim()
      if (trimmed === '') continue
      const descending = trimmed.startsWith('-')
      const field = descending ? trimmed.slice(1) : trimmed
      if (!keys.some((key) => key.field === field)) keys.push({ field, descending })
    }
  }
  return keys
}

/** Titles compare case- and accent-insensitively. */
export function sortableTitle(title: string): string {
  return title.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)
const byNumber = (a: number, b: number) => a - b

/** Compares one key of two rows; rows without a value come last in either direction. */
function compareExtremes<T>(
  a: T[],
  b: T[],
  descending: boolean,
  compare: (x: T, y: T) => number,
): number {
  if (a.length === 0 || b.length === 0) return (a.length === 0 ? 1 : 0) - (b.length === 0 ? 1 : 0)
  // Ascending by the smallest value, descending by the largest.
  const pick = (values: T[]) =>
    values.reduce((best, value) => {
      const order = compare(value, best)
      return (descending ? order > 0 : order < 0) ? value : best
    })
  const order = compare(pick(a), pick(b))
  return descending ? -order : order
}

function sortRows<R extends SortRow>(rows: R[], params: Params): R[] {
  const keys = sortKeys(params)
  const compare = (a: R, b: R): number => {
    for (const { field, descending } of keys) {
      let order = 0
      if (field === 'title') {
        order = byCodeUnits(sortableTitle(a.title), sortableTitle(b.title))
        if (descending) order = -order
      } else if (field === 'start_date') {
        order = compareExtremes(a.begins, b.begins, descending, byNumber)
      } else if (field === 'end_date') {
        order = compareExtremes(a.ends, b.ends, descending, byNumber)
      } else if (field === 'creator') {
        order = compareExtremes(a.creators, b.creators, descending, byCodeUnits)
      } else if (field === 'type') {
        order = byCodeUnits(a.type ?? '', b.type ?? '')
        if (descending) order = -order
      }
      if (order !== 0) return order
    }
    return a.position - b.position
  }
  return [...rows].sort(compare)
}

// --- Endpoints ------------------------------------------------------------------------------

/** `/collections` without `query`: every matching collection's uri, in order. */
export function bruteCollections(documents: readonly PlainDocument[], params: Params): string[] {
  return bruteList(documents, 'collections', params)
}

/** A plain list without `query` (`/collections`, `/objects`, `/agents`, `/terms`): uris in order. */
export function bruteList(
  documents: readonly PlainDocument[],
  endpoint: 'collections' | 'objects' | 'agents' | 'terms',
  params: Params,
): string[] {
  const type = endpoint.slice(0, -1)
  const found = filterDocuments(documents, endpoint, params, (document) => document.type === type)
  const rows = found.map(({ document, position }) => ({
    uri: document.uri,
    title: document.title,
    type: document.type,
    begins: years(document.dates, 'begin'),
    ends: years(document.dates, 'end'),
    creators: titles(document.creators),
    position,
  }))
  return sortRows(rows, params).map((row) => row.uri)
}

/** A `/search` result as the reference sees it. */
export interface BruteSearchResult {
  uri: string
  title: string
  category: string | null
  creators: string[]
}

/**
 * Where a group stands in catalogue order: `'first-appearance'` of any of its documents in the
 * whole catalogue (what the engine does), or its `'first-match'` (the reference service's
 * collapse of hits in index order).
 */
export type GroupOrder = 'first-appearance' | 'first-match'

/**
 * `/search` without `query`: the groups (`group.identifier`) of the matching agents, collections
 * and objects, one result each, described by the `group` of the group's first document in the
 * catalogue. Without `sort` they are in catalogue order (see {@link GroupOrder}); with `sort`, by
 * the group's own title, dates and creators, ties in catalogue order.
 */
export function bruteSearch(
  documents: readonly PlainDocument[],
  params: Params,
  order: GroupOrder = 'first-appearance',
): BruteSearchResult[] {
  const groups = new Map<string, { group: PlainGroup; position: number }>()
  for (const document of documents) {
    const identifier = document.group.identifier
    if (!groups.has(identifier)) {
      groups.set(identifier, { group: document.group, position: groups.size })
    }
  }
  const found = filterDocuments(documents, 'search', params, (document) =>
    ['agent', 'collection', 'object'].includes(document.type),
  )
  // A Set keeps insertion order: the groups in the order of their first matching document.
  const matched = [...new Set(found.map(({ document }) => document.group.identifier))]
  const rows = matched.map((identifier, firstMatch) => {
    const { group, position: firstAppearance } = groups.get(identifier)!
    const position = order === 'first-match' ? firstMatch : firstAppearance
    return {
      uri: identifier,
      title: group.title,
      category: group.category ?? null,
      begins: years(group.dates, 'begin'),
      ends: years(group.dates, 'end'),
      creators: titles(group.creators),
      position,
    }
  })
  return sortRows(rows, params).map(({ uri, title, category, creators }) => ({
    uri,
    title,
    category,
    creators,
  }))
}

export interface BruteBucket {
  key: string
  doc_count: number
}

export interface BruteFacets {
  max_date: { value: number | null }
  creator: BruteBucket[]
  min_date: { value: number | null }
  subject: BruteBucket[]
  format: BruteBucket[]
  online: { doc_count: number }
  /** With `level_facet=true` only. */
  level?: BruteBucket[]
  /** With `type_facet=true` only. */
  type?: BruteBucket[]
}

/** `/facets` without `query`: counts over every matching document of every type. */
export function bruteFacets(documents: readonly PlainDocument[], params: Params): BruteFacets {
  const found = filterDocuments(documents, 'facets', params, () => true).map(
    ({ document }) => document,
  )
  const buckets = (field: string, limit: number): BruteBucket[] => {
    const counts = new Map<string, number>()
    for (const document of found) {
      for (const value of fieldValues(document, field)) {
        counts.set(String(value), (counts.get(String(value)) ?? 0) + 1)
      }
    }
    // An empty level is in no bucket: `level=` would not find it.
    if (field === 'level') counts.delete('')
    return [...counts]
      .map(([key, doc_count]) => ({ key, doc_count }))
      .sort((a, b) => b.doc_count - a.doc_count || byCodeUnits(a.key, b.key))
      .slice(0, limit)
  }
  const begins = found.flatMap((document) => years(document.dates, 'begin'))
  const ends = found.flatMap((document) => years(document.dates, 'end'))
  // An opt-in given twice is its last (non-empty) value.
  const optedIn = (optIn: string) =>
    params
      .filter(([name, value]) => name === optIn && value.trim() !== '')
      .at(-1)?.[1]
      .trim() === 'true'
  return {
    max_date: { value: ends.length > 0 ? ends.reduce((a, b) => Math.max(a, b)) : null },
    creator: buckets('creator', 100),
    min_date: { value: begins.length > 0 ? begins.reduce((a, b) => Math.min(a, b)) : null },
    subject: buckets('subject', 100),
    format: buckets('genre', 10),
    online: { doc_count: found.filter((document) => document.online === true).length },
    ...(optedIn('level_facet') ? { level: buckets('level', 100) } : {}),
    ...(optedIn('type_facet') ? { type: buckets('type', 10) } : {}),
  }
}
