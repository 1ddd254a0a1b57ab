/**
 * EAD dates → catalogue dates: `unitdate` (its `@normal`, else its text) and EAD3
 * `unitdatestructured`. The text is read as archivists write it: years (`1900-1906`,
 * `circa 1967`), decades (`1990s`, `1880s-1920`, `early 1970s`), centuries (`19th century`,
 * `late 19th-early 20th century`); `circa`, brackets and periods keep the years. The forms that
 * say there is no date (`n.d.`, `[undated]`, `various`, `-`) are undated, without a warning;
 * any other text without a year is a warning. The expression is always kept as written.
 */
import type { CatalogueDate } from '../documents/documents.js'
import { EAD_SOURCE } from './ead-fields.js'
import { childrenNamed, descendantsNamed, textOf, type XmlElement } from './xml-elements.js'

type Warn = (line: number, message: string) => void

/** The dates of a `did`: each `unitdate` (and EAD3 `unitdatestructured`). */
export function datesOf(did: XmlElement | undefined, warn: Warn): CatalogueDate[] {
  const dates: CatalogueDate[] = []
  for (const element of childrenNamed(did, 'unitdate', 'unitdatestructured')) {
    const date =
      element.name === 'unitdatestructured' ? structuredDate(element) : unitdate(element, warn)
    if (date) dates.push(date)
  }
  return dates
}

function unitdate(element: XmlElement, warn: Warn): CatalogueDate | undefined {
  const text = textOf(element)
  const normal = element.attributes.normal
  let begin: string | null = null
  let end: string | null = null
  if (normal) {
    const [first = '', second = first] = normal.split('/')
    begin = isoDate(first)
    end = isoDate(second)
    if (begin === null && end === null) warn(element.line, `unparseable date normal="${normal}"`)
  } else if (text) {
    const years = yearsOf(text)
    if (years) {
      begin = yearText(years.begin)
      end = yearText(years.end)
    } else if (!UNDATED.test(text)) warn(element.line, `unparseable date '${text}'`)
  }
  const expression = text || (begin ? (end && end !== begin ? `${begin}-${end}` : begin) : '')
  if (!expression) return undefined
  return {
    begin,
    end,
    expression,
    label: 'creation',
    type: dateType(element.attributes.type ?? element.attributes.unitdatetype, begin, end),
    source: EAD_SOURCE,
  }
}

/** EAD3: `unitdatestructured` with `datesingle` or `daterange/fromdate, todate`. */
function structuredDate(element: XmlElement): CatalogueDate | undefined {
  const single = descendantsNamed(element, 'datesingle')[0]
  const from = descendantsNamed(element, 'fromdate')[0]
  const to = descendantsNamed(element, 'todate')[0]
  const standard = (part: XmlElement | undefined) =>
    part ? isoDate(part.attributes.standarddate ?? textOf(part)) : null
  const begin = single ? standard(single) : standard(from)
  const end = single ? begin : standard(to)
  const expression =
    textOf(element) || (begin ? (end && end !== begin ? `${begin}-${end}` : begin) : '')
  if (!expression) return undefined
  return {
    begin,
    end,
    expression,
    label: 'creation',
    type: dateType(element.attributes.unitdatetype, begin, end),
    source: EAD_SOURCE,
  }
}

/** An ISO-like date (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`) from the forms EAD files use, or null. */
export function isoDate(value: string): string | null {
  const text = value.trim()
  let match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(text)
  if (match) return text
  match = /^(\d{4})(\d{2})(\d{2})?$/.exec(text)
  if (match) return match[3] ? `${match[1]}-${match[2]}-${match[3]}` : `${match[1]}-${match[2]}`
  match = /^(\d{4})-(\d{2})-(\d{2})T/.exec(text)
  return match ? `${match[1]}-${match[2]}-${match[3]}` : null
}

function dateType(
  type: string | undefined,
  begin: string | null,
  end: string | null,
): CatalogueDate['type'] {
  if (type === 'bulk') return 'bulk'
  if (type === 'inclusive') return 'inclusive'
  return begin !== null && end !== null && end !== begin ? 'inclusive' : 'single'
}

// The text's reading. One regular expression, compiled once, finds every part of a text that
// names years, left to right, so that a year inside a decade (`1990's`) or a century's ordinal
// is never read twice; each alternative has its own named groups.

/** `early`, `mid`, `late`, or a pair (`mid to late`, `mid-late`): which part of the span. */
const PART = String.raw`(?:early|mid|middle|late)(?:\s*(?:-|–|to|or|and)\s*(?:early|mid|middle|late))?`
const ORDINAL = '(?:st|nd|rd|th)'
const DASH = String.raw`\s*(?:-|–|—|to|and|&|or)\s*`
const YEARS = new RegExp(
  [
    // `19th century`, `late 19th-early 20th century`, `19th and 20th centuries`
    String.raw`\b(?:(?<centuryPart>${PART})[\s-]*)?(?<century>\d{1,2})${ORDINAL}(?:${DASH}(?:(?<lastCenturyPart>${PART})[\s-]*)?(?<lastCentury>\d{1,2})${ORDINAL})?[\s-]+(?:centur(?:y|ies)\b|cent\.)`,
    // `1990s`, `1990's`, `mid-1990s`, `1920s-30s`
    String.raw`\b(?:(?<decadePart>${PART})[\s-]*)?(?<decade>1\d\d|20\d)0['’]?s(?:\s*[-–]\s*['’]?(?<lastDecade>\d)0['’]?s)?\b`,
    // Library cataloguing's uncertain century and decade: `19--`, `197-`
    String.raw`\b(?<centuryDigits>1\d|20)--`,
    String.raw`\b(?<decadeDigits>1\d\d|20\d)-(?!\d)`,
    String.raw`\b(?<year>1\d{3}|20\d{2})\b`,
  ].join('|'),
  'gi',
)

/**
 * Where in its decade (of 10 years) or century (of 100) a part lies: the first years, the
 * middle ones or the last ones, overlapping as the words do (the offsets of `timetwister`, a
 * date parser made for archival description: `early 1770s` 1770-1775, `mid 19th century`
 * 1830-1880).
 */
const DECADE_PARTS: Record<string, [number, number]> = {
  early: [0, 5],
  mid: [3, 8],
  middle: [3, 8],
  late: [5, 9],
}
const CENTURY_PARTS: Record<string, [number, number]> = {
  early: [0, 50],
  mid: [30, 80],
  middle: [30, 80],
  late: [50, 99],
}
const PART_WORD = /early|middle|mid|late/gi

/** The first and last year a text names (years, decades, centuries), or undefined. */
function yearsOf(text: string): { begin: number; end: number } | undefined {
  let begin = Number.POSITIVE_INFINITY
  let end = Number.NEGATIVE_INFINITY
  YEARS.lastIndex = 0
  for (let match = YEARS.exec(text); match; match = YEARS.exec(text)) {
    const span = spanOf(match.groups!)
    if (!span) continue
    if (span[0] < begin) begin = span[0]
    if (span[1] > end) end = span[1]
  }
  return begin <= end ? { begin, end } : undefined
}

/** The first and last year of one match of {@link YEARS}, or undefined (a `99th century`). */
function spanOf(found: Record<string, string | undefined>): [number, number] | undefined {
  if (found.year) {
    const year = Number(found.year)
    return [year, year]
  }
  if (found.decade) {
    const first = Number(found.decade) * 10
    if (found.lastDecade) {
      // `1920s-30s`: the second decade in the same century, or the next (`1990s-00s`).
      let last = Math.floor(first / 100) * 100 + Number(found.lastDecade) * 10
      if (last < first) last += 100
      return [first + partOf(found.decadePart, DECADE_PARTS, 9)[0], last + 9]
    }
    const [from, to] = partOf(found.decadePart, DECADE_PARTS, 9)
    return [first + from, first + to]
  }
  if (found.century) {
    const first = centuryStart(found.century)
    const last = found.lastCentury ? centuryStart(found.lastCentury) : first
    if (first === undefined || last === undefined || last < first) return undefined
    // `late 19th-20th century`: the first part qualifies the first century only.
    const lastPart = found.lastCentury ? found.lastCenturyPart : found.centuryPart
    return [
      first + partOf(found.centuryPart, CENTURY_PARTS, 99)[0],
      last + partOf(lastPart, CENTURY_PARTS, 99)[1],
    ]
  }
  if (found.centuryDigits) {
    const first = Number(found.centuryDigits) * 100
    return [first, first + 99]
  }
  if (found.decadeDigits) {
    const first = Number(found.decadeDigits) * 10
    return [first, first + 9]
  }
  return undefined
}

/**
 * The offsets a part (`early`, `mid to late`) covers in a span of `last + 1` years: from its
 * first word's start to its last word's end; the whole span without one.
 */
function partOf(
  part: string | undefined,
  parts: Record<string, [number, number]>,
  last: number,
): [number, number] {
  if (!part) return [0, last]
  const words = part.toLowerCase().match(PART_WORD) ?? []
  const first = parts[words[0] ?? '']
  const final = parts[words[words.length - 1] ?? '']
  return first && final ? [first[0], final[1]] : [0, last]
}

/** The first year of the `n`th century as archives count it (`19th` → 1800), if n is 1 to 21. */
function centuryStart(ordinal: string): number | undefined {
  const n = Number(ordinal)
  return n >= 1 && n <= 21 ? (n - 1) * 100 : undefined
}

/** A year as the catalogue writes it: four digits. */
function yearText(year: number): string {
  return String(year).padStart(4, '0')
}

/**
 * The words that say there is no date: `n.d.`, `undated`, `N/A`, `various`, `unknown`, and
 * the French, Latin, Spanish and German abbreviations (`s.d.`, `s.a.`, `s.f.`, `o.J.`).
 */
const NO_DATE = String.raw`n\.?\s?d|s\.\s?[daf]|o\.\s?j|n\/a|undated|not dated|no dates?|dates? unknown|unknown(?: dates?)?|dates? not known|(?:date )?undetermined|not applicable|various(?: dates)?|varies|sans date|sine (?:dato|anno)|sin fecha|ohne (?:jahr|datum)`
/**
 * A text that says there is no date: such words, alone or listed (`undated; various`), within
 * brackets, periods, dashes (`[n.d.]`, `Undated.`), or nothing but punctuation (`-`, `?`).
 */
// Each word is matched atomically (`(?=(…))\1`): `unknown dates unknown` can be cut in two ways,
// and trying every cut of a long text would take time quadratic in its length.
const UNDATED = new RegExp(String.raw`^[^\p{L}\p{N}]*(?:(?=(${NO_DATE}))\1[^\p{L}\p{N}]*)*$`, 'iu')
