/** Which rendering a request gets: the JSON or the browsable HTML. */
export type Representation = 'json' | 'html'

/**
 * Chooses the rendering (API.md §2): `format=json` or `format=api` decide; without a `format`, an
 * `Accept` header that prefers `text/html` over `application/json` gives HTML (a browser's
 * `text/html,…,*\/*;q=0.8` does). A tie, no header or nothing acceptable gives JSON. Returns
 * undefined for any other `format`, which is a 404 (DRF's behaviour).
 */
export function negotiate(
  format: string | null,
  accept: string | undefined,
): Representation | undefined {
  if (format === 'json') return 'json'
  if (format === 'api') return 'html'
  if (format !== null && format !== '') return undefined
  return accept !== undefined && prefersHtml(accept) ? 'html' : 'json'
}

/** Whether an `Accept` header gives `text/html` a higher quality than `application/json`. */
export function prefersHtml(accept: string): boolean {
  const ranges = parseAccept(accept)
  return quality(ranges, 'text', 'html') > quality(ranges, 'application', 'json')
}

interface MediaRange {
  type: string
  subtype: string
  q: number
}

function parseAccept(accept: string): MediaRange[] {
  const ranges: MediaRange[] = []
  for (const part of accept.split(',')) {
    const [mediaType = '', ...parameters] = part.split(';')
    const [type, subtype] = mediaType.trim().toLowerCase().split('/')
    if (!type || !subtype) continue
    let q = 1
    for (const parameter of parameters) {
      const [name, value] = parameter.split('=').map((s) => s.trim())
      if (name?.toLowerCase() === 'q' && value !== undefined && /^[01](\.\d{0,3})?$/.test(value)) {
        q = Math.min(1, Number(value))
      }
    }
    ranges.push({ type, subtype, q })
  }
  return ranges
}

/** The quality of a media type: that of the most specific range matching it (RFC 9110 §12.5.1). */
function quality(ranges: MediaRange[], type: string, subtype: string): number {
  let best = -1
  let q = 0
  for (const range of ranges) {
    const specificity =
      range.type === type && range.subtype === subtype
        ? 2
        : range.type === type && range.subtype === '*'
          ? 1
          : range.type === '*' && range.subtype === '*'
            ? 0
            : -1
    if (specificity > best) {
      best = specificity
      q = range.q
    } else if (specificity === best && specificity >= 0) q = Math.max(q, range.q)
  }
  return q
}
