/**
 * The language a reader's browser asks for (`Accept-Language`, RFC 9110 §12.5.4), among the
 * site's: the most wanted one offered (highest `q`, then the order written), a region's tag
 * taken as its language's (`fr-CA` is `fr`), `*` any language not refused; `q=0` refuses.
 */
import { LANGUAGES, type Language } from './languages.js'

/** At most this many entries are read: a browser sends a handful, anything more is noise. */
const MAX_ENTRIES = 32

/**
 * The language of the site to answer in, or `fallback` when the header names none of them.
 * @example preferredLanguage('fr-CA, fr;q=0.9, en;q=0.8') // 'fr'
 */
export function preferredLanguage(
  header: string | readonly string[] | undefined,
  fallback: Language = LANGUAGES[0],
): Language {
  const text = Array.isArray(header) ? header.join(',') : (header as string | undefined)
  if (!text) return fallback
  const wanted: { tag: string; whole: boolean; q: number; order: number }[] = []
  for (const [order, entry] of text.split(',').slice(0, MAX_ENTRIES).entries()) {
    const [range = '', ...parameters] = entry.split(';').map((part) => part.trim())
    const tag = range.toLowerCase().split('-')[0]!
    if (tag === '') continue
    const q = qualityOf(parameters)
    if (q !== null) wanted.push({ tag, whole: !range.includes('-'), q, order })
  }
  // `fr;q=0` refuses French; `fr-CA;q=0` only a region of it, which the site does not tell apart.
  const refused = new Set(wanted.filter((entry) => entry.q === 0 && entry.whole).map((e) => e.tag))
  const named = new Set(wanted.map((entry) => entry.tag))
  wanted.sort((a, b) => b.q - a.q || a.order - b.order)
  for (const { tag, q } of wanted) {
    if (q === 0) break
    if (tag === '*') {
      const any = LANGUAGES.find((language) => !named.has(language))
      if (any) return any
    } else if (!refused.has(tag) && (LANGUAGES as readonly string[]).includes(tag)) {
      return tag as Language
    }
  }
  return fallback
}

/** An entry's `q` (1 when none), or null when it is not a quality value (the entry is ignored). */
function qualityOf(parameters: string[]): number | null {
  const q = parameters.find((parameter) => /^q\s*=/i.test(parameter))
  if (q === undefined) return 1
  const value = q.replace(/^q\s*=\s*/i, '')
  return /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : null
}
