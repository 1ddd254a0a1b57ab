/**
 * The query parameters each list endpoint accepts (API.md §3), for OPTIONS and the HTML form.
 * The table itself is the core's (`endpointParameters`), the one the parser checks against.
 */
import {
  type Endpoint,
  endpointParameters,
  type FilterField,
  type OptIn,
} from '@archive-catalogue/core'
import type { QueryParameter } from './serialize.js'

export { endpointParameters }

const TEXT_LOOKUPS = ['exact', 'in', 'exclude', 'prefix', 'wildcard']
const DATE_LOOKUPS = ['exact', 'gt', 'gte', 'lt', 'lte', 'range', 'in']

const FILTER_DESCRIPTIONS: Record<FilterField, string> = {
  category: 'Category (person, organization, family, collection, subject ...), exact value.',
  genre: 'Format of the material (documents, photographs, audio ...), exact value.',
  type: 'Document type: agent, collection or object.',
  subject: 'Subject term title, exact value.',
  creator: 'Creator name, exact value.',
  title: 'Title, exact value (agents and terms).',
  agent_type: 'Agent type: person, organization or family.',
  term_type: 'Term type: topical, geographic, genre_form ...',
  level:
    'Level of a collection or object (collection, series, subseries, file, item ... as the ' +
    'catalogue writes it), exact value; not in the reference. `/facets?level_facet=true` lists them.',
  agent:
    'Name of an agent (person, organization, family) a collection or object names, exact ' +
    'value: among its people, organizations and families, or a collection’s creators; not in ' +
    'the reference. Agents and terms name none.',
  online: 'true: only material available online; false: only material that is not.',
  start_date: 'Year a date of the document begins (any of its dates).',
  end_date: 'Year a date of the document ends (any of its dates).',
}

/** The opt-in parameters: each adds a key to the answer, which is otherwise the reference's. */
const OPT_IN_DESCRIPTIONS: Record<OptIn, string> = {
  date_histogram:
    'true: add `date_histogram`, the matching documents with a date in each year, decade or ' +
    'century: `{interval, buckets: [{key, from, to, doc_count}]}`. The years run from ' +
    '`min_date` to `max_date`, within what the year filters ask (`__gte`, `__gt`, `__lte`, ' +
    '`__lt`, `__range`); over 300 years are centuries, over 30 decades, else years. A bucket ' +
    'counts the documents with a begin year ≤ its `to` and an end year ≥ its `from` (what ' +
    '`start_date__lte=to&end_date__gte=from` finds), so a document spanning several counts in ' +
    'each. Without it (or false), no such key.',
  level_facet:
    'true: add `level`, the matching collections and objects by level (collection, series, ' +
    'file, item ...): buckets `{key, doc_count}` by count, then key, at most 100; a document ' +
    'without a level (agents, terms) is in none, and `level={key}` finds a bucket. Without it ' +
    '(or false), no such key.',
  type_facet:
    'true: add `type`, the matching documents by type (agent, collection, object, term): ' +
    'buckets `{key, doc_count}` by count, then key, counted under the same query and filters ' +
    'as the other facets; `type={key}` finds a bucket. Without it (or false), no such key.',
  snippets:
    'true: add `snippets` to each result, where the query’s words stand in it: the fields of ' +
    'the group’s own record that show them (title, description, a note, a subject), then the ' +
    'title of its best-matching component, each `{field, text, marks, label?, uri?}`: display ' +
    'text of at most 160 code units (cut around the words with …) and `marks`, the `[start, ' +
    'end)` stretches of `text` to mark, in UTF-16 code units. Empty without a query (or `*`, ' +
    'or exclusions only). Without it (or false), no such key.',
}

/** The `format` parameter, accepted everywhere. */
export const formatParameter: QueryParameter = {
  name: 'format',
  description: 'json (the default) or api (the browsable HTML rendering).',
  choices: ['json', 'api'],
}

/**
 * Every query parameter an endpoint reads, described; only `format` when it takes none. Those it
 * ignores are left out: `limit` and `offset` where it does not page, `sort` where it does not sort.
 */
export function describeParameters(endpoint: Endpoint | undefined): QueryParameter[] {
  if (endpoint === undefined) return [formatParameter]
  const { filters, sorts, paginated, optIns = [] } = endpointParameters[endpoint]
  const paging: QueryParameter[] = [
    { name: 'limit', description: 'Page size (default 50, larger values are clamped).' },
    { name: 'offset', description: 'Zero-based index of the first result (default 0).' },
  ]
  const sort: QueryParameter = {
    name: 'sort',
    description: 'Comma-separated sort fields, - prefix for descending (default relevance).',
    choices: sorts.flatMap((field) => [field, `-${field}`]),
  }
  return [
    { name: 'query', description: 'Full-text search terms: "phrase", -word, a | b, word*.' },
    ...(paginated ? paging : []),
    ...(sorts.length > 0 ? [sort] : []),
    ...filters.map((field) => filterParameter(field)),
    ...optIns.map((name) => ({
      name,
      description: OPT_IN_DESCRIPTIONS[name],
      choices: ['true', 'false'],
    })),
    formatParameter,
  ]
}

function filterParameter(field: FilterField): QueryParameter {
  const description = FILTER_DESCRIPTIONS[field]
  if (field === 'online') return { name: field, description, choices: ['true', 'false'] }
  const lookups = field === 'start_date' || field === 'end_date' ? DATE_LOOKUPS : TEXT_LOOKUPS
  return { name: field, description, lookups }
}
