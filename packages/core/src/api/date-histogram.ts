/**
 * The date histogram `/facets` adds when asked (`date_histogram=true`): which buckets there are,
 * decided once here for every backend, so that each backend only counts.
 *
 * - **A document in a bucket** `[from, to]` is one with a date beginning by `to` and a date
 *   ending from `from` on: its earliest begin year ≤ `to` and its latest end year ≥ `from`. That
 *   is exactly what `end_date__gte=from&start_date__lte=to` (the year range a front end narrows
 *   by) adds to the request, so a bucket's count is what its link finds; a document spanning
 *   1940–1965 counts in each decade from the 1940s to the 1960s, as `stats`' decades count it.
 *   A document with begin years but no end year (an agent "1916–"), or the reverse, is in no
 *   bucket, as no year range finds it.
 * - **The years shown** run from the matches' earliest begin year to their latest end year
 *   (`min_date` and `max_date`), within the range the request's year filters ask for (`__gte`,
 *   `__gt`, `__lte`, `__lt` and `__range` of `start_date` and `end_date`).
 * - **The interval** follows how many years that is: more than 300, centuries; more than 30,
 *   decades; else years. Buckets are aligned (the 1900s are 1900–1999, the 1940s 1940–1949), the
 *   first and the last cut to the years shown, and every bucket between is there, empty or not.
 */
import type { ParsedRequest } from './parsed-request.js'
import type { DateHistogram, HistogramInterval } from './response-schemas.js'

/** The years of each interval, and the longest span (in years) drawn in it. */
export const HISTOGRAM_INTERVALS: readonly {
  interval: HistogramInterval
  years: number
  upTo: number
}[] = [
  { interval: 'year', years: 1, upTo: 30 },
  { interval: 'decade', years: 10, upTo: 300 },
  { interval: 'century', years: 100, upTo: Number.POSITIVE_INFINITY },
]

/** The buckets a histogram counts: each `[from, to]`, in year order, and their interval. */
export interface HistogramPlan {
  interval: HistogramInterval | null
  /** Years per bucket (1, 10 or 100). */
  years: number
  /** The first bucket's aligned start (its `key`): bucket i starts at `start + i * years`. */
  start: number
  buckets: { key: number; from: number; to: number }[]
}

const EMPTY: HistogramPlan = { interval: null, years: 1, start: 0, buckets: [] }

/**
 * The buckets of a request's histogram, from the matches' `min_date` and `max_date` and the
 * years its filters ask for; none when the matches have no years there.
 */
export function histogramPlan(
  request: ParsedRequest,
  minYear: number | null,
  maxYear: number | null,
): HistogramPlan {
  if (minYear === null || maxYear === null) return EMPTY
  const asked = askedYears(request)
  const first = Math.max(minYear, asked.from)
  const last = Math.min(maxYear, asked.to)
  if (first > last) return EMPTY
  const span = last - first + 1
  const { interval, years } = HISTOGRAM_INTERVALS.find(({ upTo }) => span <= upTo)!
  const start = Math.floor(first / years) * years
  const buckets: HistogramPlan['buckets'] = []
  for (let key = start; key <= last; key += years) {
    buckets.push({ key, from: Math.max(key, first), to: Math.min(key + years - 1, last) })
  }
  return { interval, years, start, buckets }
}

/**
 * The years the request's year filters bound: a lower bound from `__gte`, `__gt` and a
 * `__range`'s first year, an upper one from `__lte`, `__lt` and its second; the tightest of each.
 */
export function askedYears(request: ParsedRequest): { from: number; to: number } {
  let from = Number.NEGATIVE_INFINITY
  let to = Number.POSITIVE_INFINITY
  for (const filter of request.filters) {
    if (filter.field !== 'start_date' && filter.field !== 'end_date') continue
    const [first, second] = filter.values
    if (first === undefined) continue
    switch (filter.lookup) {
      case 'gte':
        from = Math.max(from, first)
        break
      case 'gt':
        from = Math.max(from, first + 1)
        break
      case 'lte':
        to = Math.min(to, first)
        break
      case 'lt':
        to = Math.min(to, first - 1)
        break
      case 'range':
        from = Math.max(from, first)
        if (second !== undefined) to = Math.min(to, second)
        break
      default:
        break
    }
  }
  return { from, to }
}

/** The answer: the plan's buckets with their counts (`counts[i]` for bucket i). */
export function dateHistogram(plan: HistogramPlan, counts: ArrayLike<number>): DateHistogram {
  return {
    interval: plan.interval,
    buckets: plan.buckets.map(({ key, from, to }, i) => ({
      key,
      from,
      to,
      doc_count: counts[i] ?? 0,
    })),
  }
}
