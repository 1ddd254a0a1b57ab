/**
 * EAD dates → catalogue dates: `unitdate` (its `@normal`, else its text) and EAD3
 * `unitdatestructured` (its `@standarddate`s, else its text). The text is always read
 * (`date-text.ts`) and kept as written as the expression. A normal is checked, not trusted: one
 * that is not a date, names year 0 or a year after this one, ends before it begins, or
 * contradicts the text (`normal="2350"` for `circa 2350 BC`) is a warning, and the text's own
 * reading stands instead (or undated). Neither year 0 nor a year after the current one, from a
 * normal or a text, ever reaches the catalogue: the date facets span real years.
 */
import type { CatalogueDate } from '../documents/documents.js'
import { readDateText, type TextReading } from './date-text.js'
import { EAD_SOURCE } from './ead-fields.js'
import {
  childrenNamed,
  descendantsNamed,
  type Position,
  textOf,
  type XmlElement,
} from './xml-elements.js'

/** What reading dates needs: where to warn, and this year. */
export interface DateContext {
  warn: (at: Position, message: string) => void
  /** Years after it are mistakes (`2978` for `1978`). */
  currentYear: number
}

/** The dates of a `did`: each `unitdate` (and EAD3 `unitdatestructured`). */
export function datesOf(did: XmlElement | undefined, context: DateContext): CatalogueDate[] {
  const dates: CatalogueDate[] = []
  for (const element of childrenNamed(did, 'unitdate', 'unitdatestructured')) {
    const date = unitdate(element, context)
    if (date) dates.push(date)
  }
  return dates
}

/** A date's first and last day, month or year as the catalogue writes them (`YYYY[-MM[-DD]]`). */
interface Span {
  begin: string | null
  end: string | null
}

function unitdate(element: XmlElement, context: DateContext): CatalogueDate | undefined {
  const text = element.name === 'unitdatestructured' ? structuredText(element) : textOf(element)
  const normal = normalOf(element)
  const reading = readDateText(text)
  const fromNormal = normal ? normalSpan(normal, reading, text, context.currentYear) : undefined
  if (fromNormal && !('problem' in fromNormal)) return catalogueDate(element, text, fromNormal)
  const fromText = textSpan(reading, context.currentYear)
  const span = 'problem' in fromText ? { begin: null, end: null } : fromText
  if (fromNormal) {
    const instead = span.begin ? `read from its text as ${shown(span)}` : 'undated'
    context.warn(element, `date normal="${normal}" ${fromNormal.problem}: ${instead}`)
  } else if ('problem' in fromText) context.warn(element, fromText.problem(text))
  return catalogueDate(element, text, span)
}

function catalogueDate(element: XmlElement, text: string, span: Span): CatalogueDate | undefined {
  const expression = text || (span.begin ? shown(span) : '')
  if (!expression) return undefined
  return {
    ...span,
    expression,
    label: 'creation',
    type: dateType(element.attributes.type ?? element.attributes.unitdatetype, span),
    source: EAD_SOURCE,
  }
}

/** EAD3's text: a range's two ends with a dash between (`1830-1852`), else all of it. */
function structuredText(element: XmlElement): string {
  const from = textOf(descendantsNamed(element, 'fromdate')[0])
  const to = textOf(descendantsNamed(element, 'todate')[0])
  return from && to ? `${from}-${to}` : textOf(element)
}

/** `@normal`, or EAD3's `datesingle` / `fromdate`, `todate` `@standarddate`s as one. */
function normalOf(element: XmlElement): string {
  if (element.name !== 'unitdatestructured') return element.attributes.normal?.trim() ?? ''
  const standard = (name: string) =>
    descendantsNamed(element, name)[0]?.attributes.standarddate?.trim() ?? ''
  const single = standard('datesingle')
  if (single) return single
  const from = standard('fromdate')
  const to = standard('todate')
  return from || to ? `${from}/${to}` : ''
}

/**
 * The span a normal gives (`1900/1906`, `19650902`, `1950-06/..`: an empty or `..` side is
 * open), or what is wrong with it.
 */
function normalSpan(
  normal: string,
  reading: TextReading,
  text: string,
  currentYear: number,
): Span | { problem: string } {
  const sides = normal.split('/')
  if (sides.length > 2) return { problem: 'is not a date' }
  const [first = '', second = first] = sides.map((side) =>
    side.trim() === '..' ? '' : side.trim(),
  )
  if (/^-\d/.test(first) || /^-\d/.test(second)) return { problem: 'is before the common era' }
  const begin = first ? isoDate(first) : null
  const end = second ? isoDate(second) : null
  if ((first && !begin) || (second && !end) || (!begin && !end)) {
    return { problem: 'is not a date' }
  }
  if (reading.kind === 'before common era') return { problem: `contradicts its text '${text}'` }
  const [from, to] = spanYears({ begin, end })
  if (from === 0 || to === 0) return { problem: 'names year 0' }
  if (begin && end && end < begin) return { problem: 'ends before it begins' }
  const years = reading.kind === 'years' ? reading : undefined
  let last = end
  if (to > currentYear) {
    // A span the text says reaches past this year (`2020s`, `21st century`) ends this year; any
    // other year after it is a mistake (`2978` for `1978`).
    const reaches = from <= currentYear && years && years.named <= currentYear && years.end >= to
    if (!reaches) return { problem: `names ${to}, after this year` }
    last = String(currentYear)
  }
  if (years && (to < years.begin || from > years.end)) {
    return { problem: `contradicts its text '${text}'` }
  }
  return { begin, end: last }
}

/** A span's first and last year (the one known for an open side). */
function spanYears({ begin, end }: Span): [number, number] {
  const from = Number((begin ?? end)!.slice(0, 4))
  const to = Number((end ?? begin)!.slice(0, 4))
  return [from, to]
}

/** The span a text's reading gives, or the warning it deserves (none when it says undated). */
function textSpan(
  reading: TextReading,
  currentYear: number,
): Span | { problem: (text: string) => string } {
  switch (reading.kind) {
    case 'undated':
      return { begin: null, end: null }
    case 'unread':
      return { problem: (text) => `unparseable date '${text}'` }
    case 'before common era':
      return { problem: (text) => `date '${text}' is before the common era: undated` }
    case 'years': {
      // There is no year 0, as a normal's check says too (`0000-1950`; the `1st century` as
      // archives count centuries, 0-99).
      if (reading.begin === 0) return { problem: (text) => `date '${text}' names year 0: undated` }
      // A decade or century that reaches past this year (`2020s`) ends this year; a year after
      // it is a mistake.
      if (reading.named > currentYear) {
        return {
          problem: (text) => `date '${text}' names ${reading.named}, after this year: undated`,
        }
      }
      const end = Math.min(reading.end, currentYear)
      return { begin: yearText(reading.begin), end: yearText(end) }
    }
  }
}

/** A span as a reader writes it: `1950`, `1950-1959`. */
function shown({ begin, end }: Span): string {
  return begin && end && end !== begin ? `${begin}-${end}` : (begin ?? end ?? '')
}

/**
 * An ISO-like date (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`) from the forms EAD files use (`19650902`,
 * `1965-09-02T00:00:00`), without the zero months and days that stand for none
 * (`1855-00-00` is `1855`), or null.
 */
function isoDate(value: string): string | null {
  const text = value.trim()
  const match =
    /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text) ??
    /^(\d{4})(\d{2})(\d{2})?$/.exec(text) ??
    /^(\d{4})-(\d{2})-(\d{2})T/.exec(text)
  if (!match) return null
  const [, year, month, day] = match
  if (!month || month === '00') return year!
  return !day || day === '00' ? `${year}-${month}` : `${year}-${month}-${day}`
}

function dateType(type: string | undefined, { begin, end }: Span): CatalogueDate['type'] {
  if (type === 'bulk') return 'bulk'
  if (type === 'inclusive') return 'inclusive'
  return begin !== null && end !== null && end !== begin ? 'inclusive' : 'single'
}

/** A year as the catalogue writes it: four digits. */
function yearText(year: number): string {
  return String(year).padStart(4, '0')
}
