/**
 * A request's filters (API.md §3) in the query DSL, as the core's `columns/filters.ts` reads
 * them: a document passes a filter when any of its values does; `__exclude` drops a document
 * holding any excluded value; years are each date's first four digits (`derived.*_years`).
 */
import type { Filter, ParsedRequest } from '@archive-catalogue/core'
import type { Dsl } from './cluster.js'
import { fullTextQuery } from './query-dsl.js'

/**
 * The indexed field of each filter, the nested path it lives under, and the types whose value
 * counts when only some hold the field (the core's column keeps theirs alone).
 */
const FIELDS: Record<Filter['field'], { field: string; path?: string; types?: string[] }> = {
  category: { field: 'category' },
  genre: { field: 'formats' },
  type: { field: 'type' },
  subject: { field: 'terms.title.keyword', path: 'terms' },
  creator: { field: 'creators.title', path: 'creators' },
  title: { field: 'title.keyword' },
  agent_type: { field: 'agent_type' },
  term_type: { field: 'term_type' },
  // A level is a collection's or an object's: another document carrying the field has none.
  level: { field: 'level', types: ['collection', 'object'] },
  // The names a collection or an object names, listed at push time (`derivedFields`).
  agent: { field: 'derived.agents' },
  online: { field: 'online' },
  start_date: { field: 'derived.begin_years' },
  end_date: { field: 'derived.end_years' },
}

/** The clauses of a bool query that keep the documents passing every filter. */
export function filterClauses(filters: readonly Filter[]): { filter: Dsl[]; must_not: Dsl[] } {
  const filter: Dsl[] = []
  const mustNot: Dsl[] = []
  for (const one of filters) {
    const { field, path, types } = FIELDS[one.field]
    const leaf = leafOf(one, field)
    const clause = path
      ? { nested: { path, query: leaf } }
      : types
        ? { bool: { filter: [leaf, { terms: { type: types } }] } }
        : leaf
    if (one.lookup === 'exclude') mustNot.push(clause)
    else filter.push(clause)
  }
  return { filter, must_not: mustNot }
}

function leafOf(filter: Filter, field: string): Dsl {
  if (filter.field === 'start_date' || filter.field === 'end_date') {
    const [first = 0, second] = filter.values
    switch (filter.lookup) {
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte':
        return { range: { [field]: { [filter.lookup]: first } } }
      case 'range':
        return {
          range: { [field]: second === undefined ? { gte: first } : { gte: first, lte: second } },
        }
      default:
        return { terms: { [field]: filter.values } }
    }
  }
  switch (filter.lookup) {
    case 'prefix':
      return { prefix: { [field]: { value: String(filter.values[0] ?? '') } } }
    case 'wildcard':
      return { wildcard: { [field]: { value: wildcardPattern(String(filter.values[0] ?? '')) } } }
    default:
      return { terms: { [field]: filter.values } }
  }
}

/** The API's glob (`*`, `?`, the rest literal) as Lucene's wildcard, where `\` escapes. */
function wildcardPattern(glob: string): string {
  return glob.replace(/\\/g, '\\\\')
}

/**
 * The query of a request over some documents: `types` (any when empty), the full text when
 * there is a query, every filter, and any further clauses (a group, a parent).
 */
export function requestQuery(
  request: Pick<ParsedRequest, 'syntax' | 'filters'>,
  language: Parameters<typeof fullTextQuery>[1],
  types: readonly string[],
  more: Dsl[] = [],
): Dsl {
  const { filter, must_not } = filterClauses(request.filters)
  if (types.length > 0) filter.push({ terms: { type: [...types] } })
  filter.push(...more)
  return {
    bool: {
      ...(request.syntax ? { must: [fullTextQuery(request.syntax, language)] } : {}),
      filter,
      ...(must_not.length > 0 ? { must_not } : {}),
    },
  }
}
