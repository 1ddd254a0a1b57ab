/**
 * A record's begin and end dates (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`, the catalogue's forms) as a
 * reader of each language reads them: a year stays a year, a month is written out (`mars 1950`),
 * a day in full (`2 mars 1950`, `2. März 1950`). The formats are made once when the site loads.
 */
import { LANGUAGES, type Language, LOCALES } from './languages.js'

type Precision = 'month' | 'day'

const OPTIONS: Record<Precision, Intl.DateTimeFormatOptions> = {
  month: { year: 'numeric', month: 'long', timeZone: 'UTC' },
  day: { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' },
}

const FORMATS = new Map<Language, Record<Precision, Intl.DateTimeFormat>>(
  LANGUAGES.map((language) => [
    language,
    {
      month: new Intl.DateTimeFormat(LOCALES[language], OPTIONS.month),
      day: new Intl.DateTimeFormat(LOCALES[language], OPTIONS.day),
    },
  ]),
)

const ISO_DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/

/**
 * One date in a language: `1950` as it is, `1950-03` as `mars 1950`, `1950-03-02` as
 * `2 mars 1950` (in French); anything else (not a real day) as written.
 */
export function formatDate(date: string, language: Language): string {
  const match = ISO_DATE.exec(date)
  if (!match) return date
  const [, year, month, day] = match
  if (month === undefined) return date
  // setUTCFullYear, not Date.UTC, which reads the years 0–99 as 1900–1999.
  const at = new Date(0)
  at.setUTCFullYear(Number(year), Number(month) - 1, day === undefined ? 1 : Number(day))
  if (at.getUTCMonth() !== Number(month) - 1) return date
  const formats = FORMATS.get(language) ?? FORMATS.get('en')!
  return formats[day === undefined ? 'month' : 'day'].format(at)
}

/**
 * A begin and an end: one date when they are one (or only one is known), else both joined by a
 * dash: `1950–1965`, spaced when a side is written in words (`2 mars 1950 – avril 1951`).
 */
export function formatDateRange(
  begin: string | null | undefined,
  end: string | null | undefined,
  language: Language,
): string {
  if (!begin || !end || begin === end) return formatDate(begin || end || '', language)
  const from = formatDate(begin, language)
  const to = formatDate(end, language)
  return /\s/.test(from) || /\s/.test(to) ? `${from} – ${to}` : `${from}–${to}`
}
