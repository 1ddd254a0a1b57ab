/** Dates of agents, collections and objects: year ranges nested in their parent's range. */
import type { CatalogueDate } from '../../packages/core/src/documents/documents.js'
import type { Random } from './random.js'

export const FIRST_YEAR = 1850
export const LAST_YEAR = 2020

/** A span of whole years, both included; null for an undated description. */
export type YearSpan = readonly [number, number] | null

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

const pad = (n: number) => (n < 10 ? `0${n}` : String(n))

/** The date of a description without one: the schema still wants one date. */
export function undated(): CatalogueDate {
  return {
    begin: null,
    end: null,
    expression: 'undated',
    label: 'creation',
    type: 'inclusive',
    source: 'archivesspace',
  }
}

/** A creation date `begin-end`, written the way archivists do (`1913-1950`, `1950s-1980s` ...). */
export function creationDate(rng: Random, span: readonly [number, number]): CatalogueDate {
  const [begin, end] = span
  const date = (expression: string, type: CatalogueDate['type'] = 'inclusive'): CatalogueDate => ({
    begin: String(begin),
    end: String(end),
    expression,
    label: 'creation',
    type,
    source: 'archivesspace',
  })
  if (begin === end) return rng.chance(0.25) ? date(`circa ${begin}`, 'single') : date(`${begin}`)
  if (begin % 10 === 0 && end % 10 === 9 && rng.chance(0.7)) {
    return date(`${begin}s-${end - 9}s`)
  }
  if (rng.chance(0.06)) return date(`circa ${begin}-${end}`)
  return date(`${begin}-${end}`)
}

/** A bulk date inside `span` (the years most of the material is from), or null. */
export function bulkDate(rng: Random, span: readonly [number, number]): CatalogueDate | null {
  const [begin, end] = span
  if (end - begin < 6) return null
  const bulkBegin = begin + rng.int(1, Math.floor((end - begin) / 3))
  const bulkEnd = end - rng.int(0, Math.floor((end - bulkBegin) / 3))
  return {
    begin: String(bulkBegin),
    end: String(bulkEnd),
    expression: `${bulkBegin}-${bulkEnd}`,
    label: 'creation',
    type: 'bulk',
    source: 'archivesspace',
  }
}

/** One day inside `span`, as a full ISO date (`1934-05-12`, `1934 May 12`). */
export function dayDate(rng: Random, span: readonly [number, number]): CatalogueDate {
  const year = rng.int(span[0], span[1])
  const month = rng.int(1, 12)
  const day = rng.int(1, 28)
  const iso = `${year}-${pad(month)}-${pad(day)}`
  return {
    begin: iso,
    end: iso,
    expression: `${year} ${MONTHS[month - 1]} ${day}`,
    label: 'creation',
    type: 'single',
    source: 'archivesspace',
  }
}

/**
 * The years of a top-level collection of `size` documents: mostly 20th century, a few years to
 * eighty; large collections span decades (a folder a year would not fill them).
 */
export function topSpan(rng: Random, size: number): readonly [number, number] {
  const minLength = Math.min(40, Math.floor(size / 40))
  // The mean of two uniform draws peaks in the middle: most collections begin around 1920-1960.
  const begin = FIRST_YEAR + Math.floor(((rng.float() + rng.float()) / 2) * (150 - minLength))
  const length = minLength + Math.floor(rng.float() * rng.float() * 80)
  let end = Math.min(LAST_YEAR, begin + length)
  if (rng.chance(0.1)) {
    // Some collections are described by decades: `1950s-1980s`.
    const first = begin - (begin % 10)
    end = Math.min(LAST_YEAR - 1, end - (end % 10) + 9)
    if (end > first) return [first, end]
  }
  return [begin, end]
}

/** A span inside `parent`, at most `maxLength` years long (a series, a folder). */
export function childSpan(
  rng: Random,
  parent: readonly [number, number],
  maxLength: number,
): readonly [number, number] {
  const [first, last] = parent
  // Short spans are the most common; placing the span after choosing its length keeps the
  // years even over the parent's range (no pile-up at its last year).
  const length = Math.min(last - first, Math.floor(rng.float() * rng.float() * (maxLength + 1)))
  const begin = first + Math.floor(rng.float() * (last - first - length + 1))
  return [begin, begin + length]
}

/** Existence dates of a person or organisation; some open-ended (`1908-`). */
export function existenceDate(rng: Random, person: boolean): CatalogueDate {
  const begin = person ? rng.int(1830, 1960) : rng.int(1850, 1990)
  const open = rng.chance(0.25)
  const end = person ? begin + rng.int(45, 95) : rng.int(begin + 5, LAST_YEAR)
  if (open || end > LAST_YEAR) {
    return {
      begin: String(begin),
      end: null,
      expression: `${begin}-`,
      label: 'existence',
      type: 'single',
      source: 'archivesspace',
    }
  }
  return {
    begin: String(begin),
    end: String(end),
    expression: `${begin}-${end}`,
    label: 'existence',
    type: 'inclusive',
    source: 'archivesspace',
  }
}

/** The string form of dates in references (`ancestors`, `children`): expressions joined. */
export function datesString(dates: readonly CatalogueDate[]): string {
  return dates.map((date) => date.expression).join(', ')
}
