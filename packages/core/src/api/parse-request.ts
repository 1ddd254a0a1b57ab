/** The one parser of list requests, shared by every front end and backend (API.md §3). */
import { type Analyzer, analyzerFor } from '../analysis/languages.js'
import { analyzeQuery, type QueryNode } from '../analysis/query-analysis.js'
import { parseQuerySyntax, type QuerySyntax } from '../analysis/query-syntax.js'
import { BadParameterError } from '../util/catalogue-errors.js'
import { API_DEFAULTS } from './defaults.js'
import {
  DATE_FIELDS,
  DATE_LOOKUPS,
  type EndpointParameters,
  endpointParameters,
  REQUEST_LIMITS,
  TEXT_FIELDS,
  TEXT_LOOKUPS,
  YEAR,
} from './endpoint-parameters.js'
import type {
  DateField,
  DateLookup,
  Endpoint,
  Filter,
  FilterField,
  OptIn,
  ParameterValue,
  ParsedRequest,
  RequestParams,
  SortField,
  SortKey,
  TextField,
} from './parsed-request.js'

/** Options of {@link parseRequest}. */
export interface ParseOptions {
  /** Largest page size; larger `limit`s are clamped to it. @default 500 */
  maxLimit?: number
  /** Page size when `limit` is not given. @default 50 */
  defaultLimit?: number
  /** How the query's words become index terms: the catalogue's language. @default English */
  analyzer?: Analyzer
}

/**
 * Parses and validates the parameters of a list endpoint (API.md §3). Unknown parameters and empty
 * values are ignored; a malformed value of a known parameter throws a {@link BadParameterError}
 * naming the parameter and the value.
 * @example parseRequest('search', new URLSearchParams('query=banana&genre=audio&limit=10'))
 */
export function parseRequest<E extends Endpoint>(
  endpoint: E,
  params: RequestParams<E>,
  options: ParseOptions = {},
): ParsedRequest {
  const maxLimit = options.maxLimit ?? API_DEFAULTS.maxLimit
  const defaultLimit = Math.min(options.defaultLimit ?? API_DEFAULTS.limit, maxLimit)
  const pairs = toPairs(params)
  const allowed = endpointParameters[endpoint]
  const read = readParameters(pairs, allowed, { maxLimit, defaultLimit })
  const { queryText, offset } = read
  // The values of the plain filters are read before the page and the query are judged, as
  // the order of the messages a request with several mistakes gets has always been.
  const filters = [...read.filters, ...choiceFilters(read.choices)]
  const { window } = REQUEST_LIMITS
  if (allowed.ranked && offset >= window) {
    throw new BadParameterError(
      'offset',
      String(offset),
      `must be at most ${window - 1}: pages end by result ${window}; narrow the query or the filters instead`,
    )
  }
  // A page that would pass the window ends at it, as a limit over maxLimit is clamped to it: so
  // whether an offset is taken never depends on the limit (one bound each, as OpenAPI states).
  const limit = allowed.ranked ? Math.min(read.limit, window - offset) : read.limit
  const syntax = parseQuerySyntax(queryText)
  return {
    endpoint,
    queryText,
    syntax,
    query: syntax ? analyzedQuery(syntax, queryText, options.analyzer ?? analyzerFor()) : null,
    filters,
    sort: dedupeSort(read.sort),
    limit,
    offset,
    pageSize: read.limit,
    params: pairs,
    dateHistogram: read.optIns.get('date_histogram') === true,
    levelFacet: read.optIns.get('level_facet') === true,
    typeFacet: read.optIns.get('type_facet') === true,
    snippets: read.optIns.get('snippets') === true,
  }
}

/** The parameters of a request as read one by one, before the query is analyzed. */
interface ReadParameters {
  queryText: string
  limit: number
  offset: number
  sort: SortKey[]
  /** The filters with a lookup (`start_date__gte`), in the order given. */
  filters: Filter[]
  /** The values of each plain filter parameter (`genre=a&genre=b`), in the order given. */
  choices: Map<FilterField, string[]>
  /** The opt-ins the endpoint reads, as given (the last value of one given twice). */
  optIns: Map<OptIn, boolean>
}

/**
 * Reads each parameter the endpoint takes; others, and empty values, are passed over. `query`
 * given twice is one query of both.
 */
function readParameters(
  pairs: readonly [string, string][],
  allowed: EndpointParameters,
  { maxLimit, defaultLimit }: { maxLimit: number; defaultLimit: number },
): ReadParameters {
  const read: ReadParameters = {
    queryText: '',
    limit: defaultLimit,
    offset: 0,
    sort: [],
    filters: [],
    choices: new Map(),
    optIns: new Map(),
  }
  for (const [name, raw] of pairs) {
    const value = raw.trim()
    if (value === '') continue
    if (name === 'query') {
      read.queryText = read.queryText ? `${read.queryText} ${value}` : value
      checkQueryLength(read.queryText)
    } else if (name === 'limit') {
      if (allowed.paginated) read.limit = parseCount(name, value, 1, maxLimit)
    } else if (name === 'offset') {
      if (allowed.paginated) read.offset = parseCount(name, value, 0)
    } else if (name === 'sort') {
      if (allowed.sorts.length > 0) read.sort.push(...parseSort(value, allowed.sorts))
    } else if (allowed.optIns?.includes(name as OptIn)) {
      read.optIns.set(name as OptIn, parseBoolean(name, value))
    } else {
      const [field, lookup, ...rest] = name.split('__')
      if (!isFilterField(field) || !allowed.filters.includes(field) || rest.length > 0) continue
      if (lookup === undefined) {
        read.choices.set(field, [...(read.choices.get(field) ?? []), value])
      } else {
        read.filters.push(parseLookup(name, field, lookup, value))
      }
    }
  }
  return read
}

function checkQueryLength(queryText: string): void {
  const characters = characterCount(queryText)
  if (characters > REQUEST_LIMITS.queryLength) {
    throw new BadParameterError(
      'query',
      abbreviated(queryText),
      `${characters} characters; the limit is ${REQUEST_LIMITS.queryLength}`,
    )
  }
}

/** A repeated plain parameter is a choice among its values (DIMES sends facet selections so). */
function choiceFilters(choices: Map<FilterField, string[]>): Filter[] {
  return [...choices].map(([field, values]): Filter => {
    if (field === 'online') {
      return { field, lookup: 'exact', values: values.map((v) => parseBoolean(field, v)) }
    }
    if (isDateField(field)) {
      return { field, lookup: 'in', values: values.map((v) => parseYear(field, v)) }
    }
    return { field: field as TextField, lookup: values.length > 1 ? 'in' : 'exact', values }
  })
}

/** The query's words as index terms, within the limit of terms one query may read. */
function analyzedQuery(syntax: QuerySyntax, queryText: string, analyzer: Analyzer): QueryNode {
  const query = analyzeQuery(syntax, analyzer)
  const terms = countTerms(query)
  if (terms > REQUEST_LIMITS.queryTerms) {
    throw new BadParameterError(
      'query',
      abbreviated(queryText),
      `${terms} words, phrase words and prefixes; the limit is ${REQUEST_LIMITS.queryTerms}`,
    )
  }
  return query
}

/** The words, phrase words, prefixes and fuzzy words of a query: what its evaluation reads. */
function countTerms(node: QueryNode): number {
  switch (node.kind) {
    case 'term':
    case 'prefix':
    case 'fuzzy':
      return 1
    case 'phrase':
      return node.terms.length
    case 'not':
      return countTerms(node.child)
    case 'and':
    case 'or':
      return node.children.reduce((sum, child) => sum + countTerms(child), 0)
    default:
      return 0
  }
}

/** A long value as an error message shows it: its start and its length. */
function abbreviated(value: string): string {
  const characters = [...value]
  return characters.length > 80
    ? `${characters.slice(0, 60).join('')}… (${characters.length} characters)`
    : value
}

/**
 * Characters as a person (and JSON Schema's `maxLength`) counts them: code points, so an emoji
 * is one, not two UTF-16 units.
 */
function characterCount(value: string): number {
  let count = 0
  for (const _ of value) count++
  return count
}

function toPairs(params: RequestParams): [string, string][] {
  if (params instanceof URLSearchParams) return [...params]
  const pairs: [string, string][] = []
  for (const [name, value] of Object.entries(params) as [string, ParameterValue][]) {
    if (value === undefined) continue
    if (Array.isArray(value)) for (const item of value) pairs.push([name, String(item)])
    else pairs.push([name, String(value)])
  }
  return pairs
}

function isFilterField(field: string | undefined): field is FilterField {
  return (
    field !== undefined &&
    ((TEXT_FIELDS as readonly string[]).includes(field) ||
      (DATE_FIELDS as readonly string[]).includes(field) ||
      field === 'online')
  )
}

function isDateField(field: FilterField): field is DateField {
  return (DATE_FIELDS as readonly string[]).includes(field)
}

function parseLookup(name: string, field: FilterField, lookup: string, value: string): Filter {
  if (field === 'online') throw unsupported(name, value, field, lookup, ['(none)'])
  if (isDateField(field)) {
    if (!(DATE_LOOKUPS as readonly string[]).includes(lookup)) {
      throw unsupported(name, value, field, lookup, DATE_LOOKUPS)
    }
    const parts = splitValues(value)
    const years = parts.map((part) => parseYear(name, part, value))
    if (lookup === 'range' && years.length > 2) {
      throw new BadParameterError(name, value, 'a range is two years joined by __, e.g. 1900__1950')
    }
    if (lookup !== 'range' && lookup !== 'in' && years.length !== 1) {
      throw new BadParameterError(name, value, 'expected a single year, e.g. 1950')
    }
    return { field, lookup: lookup as DateLookup, values: years }
  }
  if (!(TEXT_LOOKUPS as readonly string[]).includes(lookup)) {
    throw unsupported(name, value, field, lookup, TEXT_LOOKUPS)
  }
  if (lookup === 'wildcard') {
    const stars = value.split('*').length - 1
    if (
      characterCount(value) > REQUEST_LIMITS.wildcardLength ||
      stars > REQUEST_LIMITS.wildcardStars
    ) {
      throw new BadParameterError(
        name,
        abbreviated(value),
        `a pattern of at most ${REQUEST_LIMITS.wildcardLength} characters and ${REQUEST_LIMITS.wildcardStars} *`,
      )
    }
  }
  const values = lookup === 'in' || lookup === 'exclude' ? splitValues(value) : [value]
  return { field: field as TextField, lookup: lookup as (typeof TEXT_LOOKUPS)[number], values }
}

function splitValues(value: string): string[] {
  return value.split('__').filter((part) => part !== '')
}

function unsupported(
  name: string,
  value: string,
  field: string,
  lookup: string,
  supported: readonly string[],
): BadParameterError {
  return new BadParameterError(
    name,
    value,
    `'${field}' does not support the lookup '${lookup}'; supported: ${supported.join(', ')}`,
  )
}

/**
 * A whole number of at least `minimum`. Above a `ceiling`, when one is given, it is the ceiling,
 * however many digits it has: a `limit` beyond the largest page is the largest page, as a
 * smaller large one is.
 */
function parseCount(name: string, value: string, minimum: number, ceiling?: number): number {
  const number = Number(value)
  if (!/^\d+$/.test(value) || number < minimum) {
    throw new BadParameterError(
      name,
      value,
      minimum === 0 ? 'must be a non-negative integer' : 'must be a positive integer',
    )
  }
  if (ceiling !== undefined && number > ceiling) return ceiling
  if (!Number.isSafeInteger(number)) {
    throw new BadParameterError(name, value, `must be at most ${Number.MAX_SAFE_INTEGER}`)
  }
  return number
}

function parseYear(name: string, part: string, value = part): number {
  if (!YEAR.test(part)) {
    throw new BadParameterError(name, value, `'${part}' is not a year (e.g. 1950)`)
  }
  return Number(part)
}

function parseBoolean(name: string, value: string): boolean {
  if (value === 'true') return true
  if (value === 'false') return false
  throw new BadParameterError(name, value, "must be 'true' or 'false'")
}

function parseSort(value: string, allowed: readonly SortField[]): SortKey[] {
  const keys: SortKey[] = []
  for (const part of value.split(',')) {
    const token = part.trim()
    if (token === '') continue
    const descending = token.startsWith('-')
    const field = descending ? token.slice(1) : token
    if (!(allowed as readonly string[]).includes(field)) {
      throw new BadParameterError(
        'sort',
        value,
        `unknown sort field '${field}'; expected one of ${allowed.join(', ')} (prefix - for descending)`,
      )
    }
    keys.push({ field: field as SortField, descending })
  }
  return keys
}

function dedupeSort(keys: SortKey[]): SortKey[] {
  const seen = new Set<SortField>()
  return keys.filter((key) => !seen.has(key.field) && seen.add(key.field))
}
