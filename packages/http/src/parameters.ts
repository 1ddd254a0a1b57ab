/**
 * The query parameters each list endpoint accepts (API.md §3), for OPTIONS and the HTML form.
 * This mirrors the core's parser (`parseRequest`), which does not export its table; a test checks
 * the two agree by asking the parser.
 */
import type { Endpoint, FilterField, SortField } from '@archive-catalogue/core'
import type { QueryParameter } from './serialize.js'

const TEXT_LOOKUPS = ['exact', 'in', 'exclude', 'prefix', 'wildcard']
const DATE_LOOKUPS = ['exact', 'gt', 'gte', 'lt', 'lte', 'range', 'in']

const ALL_FILTERS: readonly FilterField[] = [
  'category',
  'genre',
  'type',
  'subject',
  'creator',
  'online',
  'start_date',
  'end_date',
]

/** The filters and sort fields of each endpoint, as the core's parser allows them. */
export const endpointParameters: Record<
  Endpoint,
  { filters: readonly FilterField[]; sorts: readonly SortField[] }
> = {
  search: { filters: ALL_FILTERS, sorts: ['title', 'start_date', 'end_date', 'creator'] },
  facets: { filters: ALL_FILTERS, sorts: ['title', 'start_date', 'end_date', 'creator'] },
  collections: {
    filters: ALL_FILTERS.filter((field) => field !== 'type'),
    sorts: ['title', 'start_date', 'end_date'],
  },
  children: {
    filters: ALL_FILTERS.filter((field) => field !== 'type'),
    sorts: ['title', 'start_date', 'end_date'],
  },
  minimap: {
    filters: ALL_FILTERS.filter((field) => field !== 'type'),
    sorts: ['title', 'start_date', 'end_date'],
  },
}

const FILTER_DESCRIPTIONS: Record<FilterField, string> = {
  category: 'Category (person, organization, family, collection, subject ...), exact value.',
  genre: 'Format of the material (documents, photographs, audio ...), exact value.',
  type: 'Document type: agent, collection or object.',
  subject: 'Subject term title, exact value.',
  creator: 'Creator name, exact value.',
  online: 'true: only material available online; false: only material that is not.',
  start_date: 'Year a date of the document begins (any of its dates).',
  end_date: 'Year a date of the document ends (any of its dates).',
}

/** The `format` parameter, accepted everywhere. */
export const formatParameter: QueryParameter = {
  name: 'format',
  description: 'json (the default) or api (the browsable HTML rendering).',
  choices: ['json', 'api'],
}

/** Every query parameter an endpoint accepts, described; only `format` when it takes none. */
export function describeParameters(endpoint: Endpoint | undefined): QueryParameter[] {
  if (endpoint === undefined) return [formatParameter]
  const { filters, sorts } = endpointParameters[endpoint]
  return [
    { name: 'query', description: 'Full-text search terms: "phrase", -word, a | b, word*.' },
    { name: 'limit', description: 'Page size (default 50, larger values are clamped).' },
    { name: 'offset', description: 'Zero-based index of the first result (default 0).' },
    {
      name: 'sort',
      description: 'Comma-separated sort fields, - prefix for descending (default relevance).',
      choices: sorts.flatMap((field) => [field, `-${field}`]),
    },
    ...filters.map((field) => filterParameter(field)),
    formatParameter,
  ]
}

function filterParameter(field: FilterField): QueryParameter {
  const description = FILTER_DESCRIPTIONS[field]
  if (field === 'online') return { name: field, description, choices: ['true', 'false'] }
  const lookups = field === 'start_date' || field === 'end_date' ? DATE_LOOKUPS : TEXT_LOOKUPS
  return { name: field, description, lookups }
}
