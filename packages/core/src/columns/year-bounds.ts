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
  const bounds = yearBounds(keys, filter)
  return bounds && documentsWithin(bounds, size)
}

/** The sort key a one-bound year filter reads, and the years it accepts there (inclusive). */
export interface YearBounds {
  years: Int16Array
  low: number
  high: number
}

/** The bounds of a one-bound year filter, or null for any other filter. */
export function yearBounds(keys: SortKeys, filter: Filter): YearBounds | null {
  if (filter.field !== 'start_date' && filter.field !== 'end_date') return null
  const year = filter.values[0]
  if (year === undefined) return null
  const start = filter.field === 'start_date'
  // NO_YEAR (the 16-bit minimum) is below every year a bound accepts, never within.
  const within = (years: Int16Array, low: number, high: number) => ({
    years,
    low: Math.max(low, NO_YEAR + 1),
    high,
  })
  switch (filter.lookup) {
    case 'gt':
      return within(start ? keys.startMax : keys.endMax, year + 1, MAX_YEAR)
    case 'gte':
      return within(start ? keys.startMax : keys.endMax, year, MAX_YEAR)
    case 'lt':
      return within(start ? keys.startMin : keys.endMin, NO_YEAR + 1, year - 1)
    case 'lte':
      return within(start ? keys.startMin : keys.endMin, NO_YEAR + 1, year)
    default:
      return null
  }
}

/** The largest year a 16-bit column holds. */
const MAX_YEAR = 32767

/**
 * The documents whose year is within `[low, high]`, each word of the set made in a register and
 * with no branch: a year is inside when neither `year - low` nor `high - year` is negative, the
 * sign bit of their OR. At a million random years, 3.2 ms, against 6–8 ms with an `if` and
 * 10–17 ms with a callback per bound (the code before).
 */
function documentsWithin({ years, low, high }: YearBounds, size: number): Bitset {
  const documents = new Bitset(size)
  const words = documents.words
  for (let w = 0; w < words.length; w++) {
    const base = w << 5
    const count = Math.min(32, size - base)
    let word = 0
    for (let bit = 0; bit < count; bit++) {
      const year = years[base + bit]!
      word |= (~((year - low) | (high - year)) >>> 31) << bit
    }
    words[w] = word
  }
  return documents
}
