import type { CliIo } from './io.js'

/** Text styles: ANSI escapes on a colour terminal, the text unchanged otherwise. */
export interface Style {
  bold(text: string): string
  dim(text: string): string
  cyan(text: string): string
  green(text: string): string
  red(text: string): string
}

const ansi = (open: number, close: number) => (text: string) =>
  `\u001b[${open}m${text}\u001b[${close}m`
const plain = (text: string) => text

/** Colours only on a terminal, and never when `NO_COLOR` is set, whatever its value. */
export function styleFor(io: CliIo): Style {
  const colour = io.isTTY && io.env['NO_COLOR'] === undefined
  if (!colour) return { bold: plain, dim: plain, cyan: plain, green: plain, red: plain }
  return {
    bold: ansi(1, 22),
    dim: ansi(2, 22),
    cyan: ansi(36, 39),
    green: ansi(32, 39),
    red: ansi(31, 39),
  }
}

/** The width tables are fitted to: the terminal's, else `COLUMNS`, else 80. */
export function widthFor(io: CliIo): number {
  const fromEnv = Number(io.env['COLUMNS'])
  // A pseudo-terminal without a size reports 0 columns: as good as unknown.
  const width =
    io.columns !== undefined && io.columns > 0
      ? io.columns
      : Number.isInteger(fromEnv) && fromEnv > 0
        ? fromEnv
        : 80
  return Math.max(width, 40)
}

/** `1234` → `1,234`. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US')
}

/** A count and its noun, singular for one: `1 problem`, `2 problems`, `1,234 documents`. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${formatCount(count)} ${count === 1 ? noun : nouns}`
}

/** A share as a percentage with one decimal: `0.4567` → `45.7%`. */
export function formatShare(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${((100 * part) / whole).toFixed(1)}%`
}

/** Bytes in KB/MB/GB (powers of 1024). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`
}

/**
 * A duration as people say it, to the second under an hour: `42 s`, `2 min 50 s`, `3 min`,
 * `1 h 5 min`.
 */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds))
  if (total < 60) return `${total} s`
  if (total < 3600) {
    const minutes = Math.floor(total / 60)
    const rest = total % 60
    return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`
  }
  const minutes = Math.round(total / 60)
  const rest = minutes % 60
  return rest === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${rest} min`
}

/** Cuts text to `width` code points, ending with `…` when it was longer. */
export function truncate(text: string, width: number): string {
  const chars = [...text.replace(/\s+/g, ' ')]
  if (chars.length <= width) return chars.join('')
  return width <= 0 ? '' : `${chars.slice(0, width - 1).join('')}…`
}

/**
 * Cuts text to `width` code points in the middle (`Rockefeller Foundation rec…RG 1.35 (A2010)`):
 * archival titles often share a long beginning and differ at the end, so both ends stay.
 */
export function truncateMiddle(text: string, width: number): string {
  const chars = [...text.replace(/\s+/g, ' ')]
  if (chars.length <= width) return chars.join('')
  if (width < 8) return truncate(text, width)
  const tail = Math.floor((width - 1) * 0.45)
  const head = width - 1 - tail
  return `${chars.slice(0, head).join('').trimEnd()}…${chars
    .slice(chars.length - tail)
    .join('')
    .trimStart()}`
}

function length(text: string): number {
  return [...text].length
}

/** A column of {@link renderTable}. */
export interface Column<T> {
  header: string
  cell(row: T): string
  align?: 'left' | 'right'
  /**
   * The column that shrinks when the table is wider than the screen; its cells are cut in the
   * middle, so two titles that differ only at the end stay apart.
   */
  flex?: boolean
  /**
   * Left out on a narrow screen rather than squeezing the flex column below 20 columns; the
   * lowest number goes first.
   */
  dropOrder?: number
  style?: (text: string) => string
}

const GAP = 2
const MIN_FLEX = 20

/**
 * A table with a header, fitted to `width`: optional columns go first, then the flex column
 * (the title) gives up its room, so uris and counts stay whole.
 */
export function renderTable<T>(
  allColumns: Column<T>[],
  rows: T[],
  options: { width: number; style: Style },
): string {
  let columns = allColumns
  let cells = rows.map((row) => columns.map((column) => column.cell(row).replace(/\s+/g, ' ')))
  const natural = () =>
    columns.map((column, c) =>
      Math.max(length(column.header), ...cells.map((row) => length(row[c]!))),
    )
  let widths = natural()
  const flex = () => columns.findIndex((column) => column.flex)
  const room = () => {
    const others = widths.reduce((sum, width, c) => (c === flex() ? sum : sum + width), 0)
    return options.width - others - GAP * (columns.length - 1)
  }
  while (flex() >= 0 && room() < Math.min(MIN_FLEX, widths[flex()]!)) {
    const drop = dropCandidate(columns)
    if (drop < 0) break
    columns = columns.filter((_, c) => c !== drop)
    cells = cells.map((row) => row.filter((_, c) => c !== drop))
    widths = natural()
  }
  const f = flex()
  if (f >= 0) widths[f] = Math.max(4, Math.min(widths[f]!, room()))
  // Last resort on a very narrow screen: cut the widest column too, so no line wraps.
  let excess = widths.reduce((sum, width) => sum + width, 0) + GAP * (columns.length - 1)
  excess -= options.width
  while (excess > 0) {
    const widest = widths.indexOf(Math.max(...widths))
    widths[widest]!--
    excess--
  }
  const line = (values: string[], styles: ((text: string) => string)[]) =>
    values
      .map((value, c) => {
        const width = widths[c]!
        const text = columns[c]!.flex ? truncateMiddle(value, width) : truncate(value, width)
        const last = c === values.length - 1
        const padded =
          columns[c]!.align === 'right' ? text.padStart(width) : last ? text : text.padEnd(width)
        return styles[c]!(padded)
      })
      .join(' '.repeat(GAP))
  const header = line(
    columns.map((column) => column.header),
    columns.map(() => options.style.bold),
  )
  const body = cells.map((row) =>
    line(
      row,
      columns.map((column) => column.style ?? plain),
    ),
  )
  return [header, ...body].join('\n')
}

function dropCandidate<T>(columns: Column<T>[]): number {
  let candidate = -1
  columns.forEach((column, c) => {
    if (column.dropOrder === undefined) return
    if (candidate < 0 || column.dropOrder < columns[candidate]!.dropOrder!) candidate = c
  })
  return candidate
}

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉']

/** A horizontal bar of `value / max` of `width` cells, in eighths of a cell. */
export function bar(value: number, max: number, width: number): string {
  if (max <= 0 || value <= 0) return ''
  const eighths = Math.max(1, Math.round((value / max) * width * 8))
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8]
}

/** The dates of a result as a span of years: `1913–2010`, `1959`, or the first expression. */
export function yearSpan(
  dates: ReadonlyArray<{ begin: string | null; end?: string | null; expression: string }>,
): string {
  const begins = dates.flatMap((date) => yearOf(date.begin))
  const ends = dates.flatMap((date) => yearOf(date.end ?? null))
  if (begins.length === 0 && ends.length === 0) return dates[0]?.expression ?? ''
  const from = Math.min(...(begins.length > 0 ? begins : ends))
  const to = Math.max(...ends, ...begins)
  return from === to ? String(from) : `${from}–${to}`
}

function yearOf(value: string | null): number[] {
  const year = value ? Number.parseInt(value.slice(0, 4), 10) : Number.NaN
  return Number.isNaN(year) ? [] : [year]
}
