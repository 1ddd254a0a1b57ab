/**
 * A year filter with one bound (`start_date__gte=1934`, `end_date__lt=1900`) read from the sort
 * keys' earliest and latest years instead of the year column: a document has a begin year at or
 * after 1934 exactly when its latest begin year is, so the filter is one scan of a 16-bit
 * column (2 MB at a million documents), where the union of every accepted year's documents
 * costs as many as they hold, most of the catalogue for a bound in the middle of its years.
 */
import type { Filter } from '../api/parsed-request.js'
import { Bitset } from '../util/bitset.js'
import { NO_YEAR, type SortKeys } from './columns.js'

/** The documents a one-bound year filter accepts, or null for any other filter. */
export function yearBoundDocuments(keys: SortKeys, filter: Filter, size: number): Bitset | null {
  if (filter.field !== 'start_date' && filter.field !== 'end_date') return null
  const year = filter.values[0]
  if (year === undefined) return null
  const start = filter.field === 'start_date'
  switch (filter.lookup) {
    case 'gt':
      return documentsWhere(start ? keys.startMax : keys.endMax, size, (y) => y > year)
    case 'gte':
      return documentsWhere(start ? keys.startMax : keys.endMax, size, (y) => y >= year)
    case 'lt':
      return documentsWhere(start ? keys.startMin : keys.endMin, size, (y) => y < year)
    case 'lte':
      return documentsWhere(start ? keys.startMin : keys.endMin, size, (y) => y <= year)
    default:
      return null
  }
}

function documentsWhere(years: Int16Array, size: number, accepts: (year: number) => boolean) {
  const documents = new Bitset(size)
  const words = documents.words
  for (let id = 0; id < size; id++) {
    const year = years[id]!
    if (year !== NO_YEAR && accepts(year)) words[id >>> 5]! |= 1 << (id & 31)
  }
  return documents
}
