/**
 * Sort keys (API.md §3) as OpenSearch sorts, as the core's `columns/sorting.ts` orders rows:
 * dates ascending by the earliest year and descending by the latest, documents without a value
 * last either way, ties in catalogue order (`derived.order`).
 */
import type { ParsedRequest, SortKey } from '@archive-catalogue/core'
import type { Dsl } from './cluster.js'

/** Catalogue order: the order documents were pushed in. */
export const CATALOGUE_ORDER: Dsl = { 'derived.order': { order: 'asc' } }

/** Relevance: best score first, then catalogue order. */
export const RELEVANCE: Dsl[] = [{ _score: { order: 'desc' } }, CATALOGUE_ORDER]

/** The fields a sort key reads on a document of a list, or on the group of a `/search` result. */
const FIELDS = {
  list: {
    title: 'title.sort',
    start_date: 'derived.begin_years',
    end_date: 'derived.end_years',
    creator: 'creators.title',
    type: 'type',
  },
  group: {
    title: 'group.title.sort',
    start_date: 'derived.group_begin_years',
    end_date: 'derived.group_end_years',
    creator: 'group.creators.title',
    type: 'type',
  },
} as const

/** Whether a request's results are in order of score: a query, and no sort asked for. */
export function relevanceRanked(request: ParsedRequest): boolean {
  return request.syntax !== null && request.sort.length === 0
}

/**
 * The sort of a request: its keys then catalogue order, or relevance with a query, or catalogue
 * order alone.
 */
export function sortOf(sort: readonly SortKey[], on: 'list' | 'group', relevance: boolean): Dsl[] {
  if (sort.length === 0) return relevance ? RELEVANCE : [CATALOGUE_ORDER]
  return [...sort.map((key) => sortKey(key, on)), CATALOGUE_ORDER]
}

function sortKey({ field, descending }: SortKey, on: 'list' | 'group'): Dsl {
  const name = FIELDS[on][field]
  const order = descending ? 'desc' : 'asc'
  const spec: Dsl = { order, missing: '_last', mode: descending ? 'max' : 'min' }
  // A collection's creators are nested documents of it.
  if (on === 'list' && field === 'creator') spec['nested'] = { path: 'creators' }
  return { [name]: spec }
}
