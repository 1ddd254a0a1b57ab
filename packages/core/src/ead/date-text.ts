/**
 * A date's text read as archivists write it: years (`1900-1906`, `1950-60`, `1861-5`,
 * `circa 1967`, `c1999`, `Nov2002`, `June 9, 1950`, `186[1]`), decades (`1990s`, `1950s-60s`, `early 1970s`, `197-`,
 * `198x`), centuries (`19th century`, `late 19th-early 20th century`, `19--`, `19xx`); the
 * wordings that say there is no date (`undated-wordings.ts`); a date before the common era
 * (`circa 2350 BC`), which the catalogue's years cannot hold.
 */
import { saysUndated } from './undated-wordings.js'

/** What a date's text says. */
export type TextReading =
  /**
   * The first and last year it covers, and the latest it names outright: a year, or the first
   * of a decade or century (`2020s` covers 2020-2029 and names 2020).
   */
  | { kind: 'years'; begin: number; end: number; named: number }
  /** A wording that says there is no date (`n.d.`, `Various and Undated`). */
  | { kind: 'undated' }
  /** Years before the common era (`circa 2350 BC`). */
  | { kind: 'before common era' }
  /** Nothing the importer can read (`Summer`, `see note`). */
  | { kind: 'unread' }

/** Reads a date's text: the years it names, or what it says instead. */
export function readDateText(text: string): TextReading {
  const written = text.replace(BRACKETED_DIGITS, '$1$2')
  if (BEFORE_COMMON_ERA.test(written)) return { kind: 'before common era' }
  // Before the years: a null date (`0000/00/00`) is a wording of undated material, not year 0.
  if (saysUndated(text)) return { kind: 'undated' }
  const years = yearsOf(written)
  return years ? { kind: 'years', ...years } : { kind: 'unread' }
}

/** Library cataloguing's supplied digits: `186[1]`, `18[61?]` read as `1861`, `1861?`. */
const BRACKETED_DIGITS = /(\d)\[(\d{1,3}\??)\]/g
/** `2350 BC`, `300 B.C.`, `1000 BCE`: a number, then the era. */
const BEFORE_COMMON_ERA = /\d\s*B\.?\s?C\.?(?:\s?E\.?)?(?![\p{L}])/iu

// One regular expression, compiled once, finds every part of a text that names years, left to
// right, so that a year inside a decade (`1990's`) or a century's ordinal is never read twice;
// each alternative has its own named groups. A number starts where no digit stands before it,
// so that a letter may (`c1999`, `ca1855/00/00`, `Nov2002`, `FY2001`). Any four digits are a
// year: whether it is a real one (not 0, not after this year) is for `ead-dates.ts` to judge.

/** `early`, `mid`, `late`, or a pair (`mid to late`, `mid-late`): which part of the span. */
const PART = String.raw`(?:early|mid|middle|late)(?:\s*(?:-|–|to|or|and)\s*(?:early|mid|middle|late))?`
const ORDINAL = '(?:st|nd|rd|th)'
const DASH = String.raw`\s*(?:-|–|—|to|and|&|or)\s*`
const YEARS = new RegExp(
  [
    // `19th century`, `late 19th-early 20th century`, `19th and 20th centuries`
    String.raw`\b(?:(?<centuryPart>${PART})[\s-]*)?(?<century>\d{1,2})${ORDINAL}(?:${DASH}(?:(?<lastCenturyPart>${PART})[\s-]*)?(?<lastCentury>\d{1,2})${ORDINAL})?[\s-]+(?:centur(?:y|ies)\b|cent\.)`,
    // `1990s`, `1990's`, `mid-1990s`, `1920s-30s`
    String.raw`(?:\b(?<decadePart>${PART})[\s-]*)?(?<!\d)(?<decade>1\d\d|20\d)0['’]?s(?:\s*[-–]\s*['’]?(?<lastDecade>\d)0['’]?s)?\b`,
    // Uncertain centuries and decades, as library cataloguing (`19--`, `197-`) and EDTF
    // (`19XX`, `197X`) write them, and with question marks (`19??`, `197?`)
    String.raw`(?<!\d)(?<centuryDigits>1\d|20)(?:--|[xu?]{2}(?![a-z\d]))`,
    String.raw`(?<!\d)(?<decadeDigits>1\d\d|20\d)(?:-(?!\d)|[xu?](?![a-z\d]))`,
    // A year, alone or as the start of a compact date (`19500609`), and the shortened last year
    // of a range (`1950-60`, `1861-5`, `1950-60s`). A tail that a dash and digits follow is part
    // of a date (`1950-06-09`), and one led by a zero is a month (`1950-06`): neither ends a range.
    String.raw`(?<!\d)(?<year>\d{4})(?:(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])?)?(?!\d)` +
      String.raw`(?:\s*[-–—]\s*(?<shortEnd>[1-9]\d?)(?<shortDecade>['’]?s(?![a-z]))?(?![\d/]|\s*[-–—]\s*\d))?`,
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

/** The years a text covers and names (years, decades, centuries), or undefined. */
function yearsOf(text: string): { begin: number; end: number; named: number } | undefined {
  let begin = Number.POSITIVE_INFINITY
  let end = Number.NEGATIVE_INFINITY
  let named = Number.NEGATIVE_INFINITY
  YEARS.lastIndex = 0
  for (let match = YEARS.exec(text); match; match = YEARS.exec(text)) {
    const span = spanOf(match.groups!)
    if (!span) continue
    if (span[0] < begin) begin = span[0]
    if (span[1] > end) end = span[1]
    if (span[2] > named) named = span[2]
  }
  return begin <= end ? { begin, end, named } : undefined
}

/**
 * The first and last year of one match of {@link YEARS}, and the latest it names outright, or
 * undefined (a `99th century`).
 */
function spanOf(
  found: Record<string, string | undefined>,
): [begin: number, end: number, named: number] | undefined {
  if (found.year) {
    const year = Number(found.year)
    const last = shortenedEnd(year, found.shortEnd, found.shortDecade !== undefined)
    return last ? [year, last.end, last.named] : [year, year, year]
  }
  if (found.decade) {
    const first = Number(found.decade) * 10
    if (found.lastDecade) {
      // `1920s-30s`: the second decade in the same century, or the next (`1990s-00s`).
      let last = Math.floor(first / 100) * 100 + Number(found.lastDecade) * 10
      if (last < first) last += 100
      return [first + partOf(found.decadePart, DECADE_PARTS, 9)[0], last + 9, last]
    }
    const [from, to] = partOf(found.decadePart, DECADE_PARTS, 9)
    return [first + from, first + to, first]
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
      last,
    ]
  }
  if (found.centuryDigits) {
    const first = Number(found.centuryDigits) * 100
    return [first, first + 99, first]
  }
  if (found.decadeDigits) {
    const first = Number(found.decadeDigits) * 10
    return [first, first + 9, first]
  }
  return undefined
}

/**
 * The last year of a range whose end is written short, as its first year's last digits
 * (`1950-60` ends in 1960, `1861-5` in 1865, `1950-60s` in 1969, and names 1960), or undefined
 * when the digits do not make a later year (`1965-1`) or a decade (`1950-6s`).
 */
function shortenedEnd(
  begin: number,
  digits: string | undefined,
  decade: boolean,
): { end: number; named: number } | undefined {
  if (!digits || (decade && !/^\d0$/.test(digits))) return undefined
  const unit = 10 ** digits.length
  const named = begin - (begin % unit) + Number(digits)
  if (named <= begin) return undefined
  return { end: decade ? named + 9 : named, named }
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
