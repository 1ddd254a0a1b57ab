import type { Filter } from '../api/parsed-request.js'
import { Bitset } from '../util/bitset.js'
import { LruCache } from '../util/lru-cache.js'
import type { Columns, SortKeys } from './columns.js'
import { FEW_VALUES, type ValueColumn } from './value-column.js'
import { type YearBounds, yearBoundDocuments, yearBounds } from './year-bounds.js'

/** The documents each recent filter accepts, by filter: a front end repeats its filters. */
export type FilterCache = LruCache<string, Bitset>

/** A cache of filters' document sets, within a budget of bytes. */
export function filterCache(maxBytes = 32 * 2 ** 20): FilterCache {
  return new LruCache(maxBytes, (key, set) => set.words.byteLength + key.length * 2)
}

/**
 * The documents of `universe` that pass every filter, as a new bitset. Each filter is the union
 * of the posting lists of the dictionary values it accepts (its cost is its matches), or for a
 * year with one bound a scan of the sort keys' years (`year-bounds.ts`), kept in the cache for
 * the next request with the same filter.
 */
export function applyFilters(
  columns: Columns,
  keys: SortKeys,
  filters: readonly Filter[],
  universe: Bitset,
  cache?: FilterCache,
): Bitset {
  const result = universe.clone()
  for (const filter of filters) {
    const key = cacheKey(filter)
    // A set the column keeps is at hand already: the cache keeps the others.
    let matching = keptDocuments(columns, filter) ?? cache?.get(key)
    if (!matching) {
      matching =
        yearBoundDocuments(keys, filter, universe.size) ??
        valueDocuments(columns, filter, universe.size)
      cache?.set(key, matching)
    }
    if (filter.lookup === 'exclude') result.andNot(matching)
    else result.and(matching)
  }
  return result
}

/**
 * The documents among `candidates` (a query's matches) of `universe` that pass every filter, as
 * a bitset holding those only: each filter is tested on each candidate, so the cost is the
 * candidates', where {@link applyFilters} makes each filter's set over the whole catalogue (a
 * pass over a million years for a year bound). A filter in the cache is read from it. Right
 * only where the set is read at the candidates alone, as a query's endpoints read it.
 */
export function filterCandidates(
  columns: Columns,
  keys: SortKeys,
  filters: readonly Filter[],
  universe: Bitset,
  candidates: ArrayLike<number>,
  cache?: FilterCache,
): Bitset {
  // One filter at a time over the candidates left, each kind a loop of its own: tight loops the
  // engine optimizes within a first run, where a test per candidate and filter was not.
  let left = new Uint32Array(candidates.length)
  let count = keepIn(universe, false, candidates, candidates.length, left)
  for (const filter of filters) {
    const exclude = filter.lookup === 'exclude'
    // A set the column keeps (one value of a column of few) or the cache holds: a candidate is
    // one look into a set that stays in the processor's cache, where its values are two or
    // three looks far apart.
    const kept = keptDocuments(columns, filter) ?? cache?.get(cacheKey(filter))
    const bounds = kept ? null : yearBounds(keys, filter)
    if (kept) count = keepIn(kept, exclude, left, count, left)
    else if (bounds) count = keepWithin(bounds, left, count, left)
    else count = keepHolding(columnOf(columns, filter), filter, exclude, left, count, left)
  }
  const result = new Bitset(universe.size)
  left = left.subarray(0, count)
  result.addAll(left)
  return result
}

/** Keeps the first `count` of `ids` that `set` holds (or does not, to `exclude`), in `into`. */
function keepIn(
  set: Bitset,
  exclude: boolean,
  ids: ArrayLike<number>,
  count: number,
  into: Uint32Array,
): number {
  const words = set.words
  const wanted = exclude ? 0 : 1
  let kept = 0
  for (let i = 0; i < count; i++) {
    const id = ids[i]!
    if (((words[id >>> 5]! >>> (id & 31)) & 1) === wanted) into[kept++] = id
  }
  return kept
}

/** Keeps the first `count` of `ids` whose year is within the bounds, in `into`. */
function keepWithin(bounds: YearBounds, ids: Uint32Array, count: number, into: Uint32Array) {
  const { years, low, high } = bounds
  let kept = 0
  for (let i = 0; i < count; i++) {
    const id = ids[i]!
    const year = years[id]!
    if (year >= low && year <= high) into[kept++] = id
  }
  return kept
}

/**
 * Keeps the first `count` of `ids` holding a value the filter accepts (for `exclude`, none it
 * rejects), in `into`.
 */
function keepHolding(
  column: ValueColumn,
  filter: Filter,
  exclude: boolean,
  ids: Uint32Array,
  count: number,
  into: Uint32Array,
): number {
  const accepted = new Uint8Array(column.keys.length)
  for (const id of acceptedValueIds(column, filter)) accepted[id] = 1
  const { valueOffsets, valueIds } = column
  const wanted = exclude ? 0 : 1
  let kept = 0
  for (let i = 0; i < count; i++) {
    const id = ids[i]!
    let holds = 0
    for (let v = valueOffsets[id]!; v < valueOffsets[id + 1]! && holds === 0; v++) {
      holds = accepted[valueIds[v]!]!
    }
    if (holds === wanted) into[kept++] = id
  }
  return kept
}

/** Whether the cache holds every one of these filters' sets (then they cost a pass of ANDs). */
export function everyFilterCached(filters: readonly Filter[], cache: FilterCache): boolean {
  return filters.every((filter) => cache.get(cacheKey(filter)) !== undefined)
}

/** A filter's key in the {@link FilterCache}. */
function cacheKey(filter: Filter): string {
  return JSON.stringify([filter.field, filter.lookup, filter.values])
}

/** The documents holding a value the filter accepts: the union of those values' postings. */
function valueDocuments(columns: Columns, filter: Filter, size: number): Bitset {
  const column = columnOf(columns, filter)
  const documents = new Bitset(size)
  column.addDocuments(acceptedValueIds(column, filter), documents)
  return documents
}

/**
 * The documents holding the one value a filter names (for `exclude`, the one it rejects) in a
 * column of few values, from the sets it keeps ({@link ValueColumn.documentSet}; shared, never
 * to be changed); undefined for any other filter (a year, several values, a column of many).
 */
function keptDocuments(columns: Columns, filter: Filter): Bitset | undefined {
  if (filter.field === 'start_date' || filter.field === 'end_date') return undefined
  const column = columnOf(columns, filter)
  if (column.keys.length > FEW_VALUES) return undefined
  const ids = acceptedValueIds(column, filter)
  return ids.length === 1 ? column.documentSet(ids[0]!) : undefined
}

function columnOf(columns: Columns, filter: Filter): ValueColumn {
  switch (filter.field) {
    case 'genre':
      return columns.formats
    default:
      return columns[filter.field]
  }
}

/** The value ids a filter accepts (for `exclude`, the ones it rejects). */
function acceptedValueIds(column: ValueColumn, filter: Filter): number[] {
  switch (filter.field) {
    case 'online':
      return exactIds(column, filter.values.map(String))
    case 'start_date':
    case 'end_date': {
      const test = yearTest(filter.lookup, filter.values)
      return column.idsWhere((key) => test(key as number))
    }
    default:
      switch (filter.lookup) {
        case 'exact':
        case 'in':
        case 'exclude':
          return exactIds(column, filter.values)
        case 'prefix': {
          const prefix = filter.values[0] ?? ''
          return column.idsWhere((key) => (key as string).startsWith(prefix))
        }
        case 'wildcard': {
          const pattern = globToRegExp(filter.values[0] ?? '')
          return column.idsWhere((key) => pattern.test(key as string))
        }
      }
  }
}

function exactIds(column: ValueColumn, keys: readonly string[]): number[] {
  const ids: number[] = []
  for (const key of keys) {
    const id = column.idOfKey(key)
    if (id !== undefined) ids.push(id)
  }
  return ids
}

function yearTest(lookup: string, years: readonly number[]): (year: number) => boolean {
  const [first = 0, second] = years
  switch (lookup) {
    case 'gt':
      return (year) => year > first
    case 'gte':
      return (year) => year >= first
    case 'lt':
      return (year) => year < first
    case 'lte':
      return (year) => year <= first
    case 'range':
      return second === undefined
        ? (year) => year >= first
        : (year) => year >= first && year <= second
    default:
      return (year) => years.includes(year)
  }
}

/** `*` any run of characters, `?` one character; the rest literal; the whole value must match. */
export function globToRegExp(glob: string): RegExp {
  const source = glob
    .split('')
    .map((char) =>
      char === '*' ? '.*' : char === '?' ? '.' : char.replace(/[\\^$.|+()[\]{}]/g, '\\$&'),
    )
    .join('')
  return new RegExp(`^${source}$`, 's')
}
