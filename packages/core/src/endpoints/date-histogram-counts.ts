/**
 * `/facets`' date histogram in memory (`date_histogram=true`): how many matches are in each
 * bucket the contract plans (`api/date-histogram.ts`), read from the sort keys' columns
 * (`startMin`, `endMax`), never from a document.
 *
 * A document is in a bucket `[a, b]` when its earliest begin year `s` ≤ b and its latest end
 * year `e` ≥ a. For a document with `s ≤ e`, `e < a` implies `s ≤ b`, so the bucket holds
 * `#(s ≤ b) − #(e < a)` of them: one pass over the matches counts them by `s` and by `e` (two
 * typed counters per year, whatever a document's span), and each bucket is then two prefix sums,
 * so a document spanning ten centuries costs what a one-year one does. The few documents whose
 * earliest begin is after their latest end (`s > e`) are in a bucket only if it holds both
 * years; they are kept aside and checked one by one. When more than half the catalogue matches,
 * the documents that do not are counted instead and taken from the catalogue's totals, as the
 * other facets are.
 */
import { type HistogramPlan, histogramPlan } from '../api/date-histogram.js'
import type { ParsedRequest } from '../api/parsed-request.js'
import type { FacetsResponse } from '../api/response-schemas.js'
import type { CatalogueData } from '../catalogue-data/catalogue-data.js'
import { NO_YEAR } from '../columns/columns.js'
import type { Bitset } from '../util/bitset.js'

/** The catalogue's years, made once per catalogue on the first histogram asked of it. */
interface YearTotals {
  /** The earliest begin year of a document with `s ≤ e`: counter `i` is year `base + i`. */
  base: number
  /** Those documents by earliest begin year (`s`) and by latest end year (`e`). */
  begins: Int32Array
  ends: Int32Array
  /** The documents whose earliest begin year is after their latest end year. */
  inverted: Uint32Array
}

const totalsOf = new WeakMap<CatalogueData, YearTotals>()

/**
 * A match set's documents by year, read in one pass over it: how many begin and end in each
 * year, and (when fewer than half the catalogue match) the earliest begin year and latest end
 * year of any match, which `/facets` answers as `min_date` and `max_date`, so that its histogram
 * reads each match's years once.
 */
export interface MatchYears {
  /** Documents with `s ≤ e` by earliest begin year, and by latest end year (`totals.base` on). */
  begins: Int32Array
  ends: Int32Array
  /** The earliest begin year and latest end year of the matches; undefined when most match. */
  range: [number | null, number | null] | undefined
}

/** The years of a match set's documents ({@link MatchYears}). */
export function matchYears(data: CatalogueData, matches: Bitset): MatchYears {
  const totals = yearTotals(data)
  const { startMin, endMax } = data.keys
  const begins = new Int32Array(totals.begins.length)
  const ends = new Int32Array(totals.ends.length)
  const dense = matches.count() > data.size / 2
  let first = Number.POSITIVE_INFINITY
  let last = Number.NEGATIVE_INFINITY
  const words = matches.words
  const lastBits = data.size & 31
  for (let w = 0; w < words.length; w++) {
    // Dense: the complement's bits, those past the catalogue's end cleared.
    let word = dense
      ? ~words[w]! & (w === words.length - 1 && lastBits !== 0 ? (1 << lastBits) - 1 : -1)
      : words[w]!
    while (word !== 0) {
      const low = word & -word
      const id = (w << 5) + 31 - Math.clz32(low)
      word ^= low
      const s = startMin[id]!
      const e = endMax[id]!
      if (s !== NO_YEAR && s < first) first = s
      if (e !== NO_YEAR && e > last) last = e
      if (s === NO_YEAR || e === NO_YEAR || s > e) continue
      begins[s - totals.base]!++
      ends[e - totals.base]!++
    }
  }
  if (dense) {
    for (let i = 0; i < begins.length; i++) {
      begins[i] = totals.begins[i]! - begins[i]!
      ends[i] = totals.ends[i]! - ends[i]!
    }
  }
  const range: MatchYears['range'] = dense
    ? undefined
    : [Number.isFinite(first) ? first : null, Number.isFinite(last) ? last : null]
  return { begins, ends, range }
}

/**
 * The histogram of a match set, in the plan `/facets`' own `min_date` and `max_date` make, from
 * its {@link matchYears} (whose counters it sums in place).
 */
export function histogramCounts(
  data: CatalogueData,
  request: ParsedRequest,
  matches: Bitset,
  years: MatchYears,
  facets: FacetsResponse,
): { plan: HistogramPlan; counts: Int32Array } {
  const plan = histogramPlan(request, facets.min_date.value, facets.max_date.value)
  const counts = new Int32Array(plan.buckets.length)
  if (plan.buckets.length === 0) return { plan, counts }
  const totals = yearTotals(data)
  const { startMin, endMax } = data.keys
  const { begins, ends } = years
  // Running sums: begins[i] = documents with s ≤ base + i; ends[i] those with e ≤ base + i.
  for (let i = 1; i < begins.length; i++) {
    begins[i]! += begins[i - 1]!
    ends[i]! += ends[i - 1]!
  }
  const upTo = (sums: Int32Array, year: number) =>
    year < totals.base ? 0 : sums[Math.min(year - totals.base, sums.length - 1)]!
  plan.buckets.forEach(({ from, to }, i) => {
    counts[i] = upTo(begins, to) - upTo(ends, from - 1)
  })
  for (const id of totals.inverted) {
    if (!matches.has(id)) continue
    // In a bucket only if it holds both its latest end and (later) its earliest begin year.
    const e = endMax[id]!
    const i = Math.floor(e / plan.years) - Math.floor(plan.start / plan.years)
    const bucket = plan.buckets[i]
    if (bucket && bucket.from <= e && startMin[id]! <= bucket.to) counts[i]!++
  }
  return { plan, counts }
}

function yearTotals(data: CatalogueData): YearTotals {
  const known = totalsOf.get(data)
  if (known) return known
  const { startMin, endMax } = data.keys
  let first = Number.POSITIVE_INFINITY
  let last = Number.NEGATIVE_INFINITY
  const inverted: number[] = []
  for (let id = 0; id < data.size; id++) {
    const s = startMin[id]!
    const e = endMax[id]!
    if (s === NO_YEAR || e === NO_YEAR) continue
    if (s > e) inverted.push(id)
    else {
      if (s < first) first = s
      if (e > last) last = e
    }
  }
  const base = Number.isFinite(first) ? first : 0
  const length = Number.isFinite(first) ? last - first + 1 : 1
  const begins = new Int32Array(length)
  const ends = new Int32Array(length)
  for (let id = 0; id < data.size; id++) {
    const s = startMin[id]!
    const e = endMax[id]!
    if (s === NO_YEAR || e === NO_YEAR || s > e) continue
    begins[s - base]!++
    ends[e - base]!++
  }
  const totals = { base, begins, ends, inverted: Uint32Array.from(inverted) }
  totalsOf.set(data, totals)
  return totals
}
