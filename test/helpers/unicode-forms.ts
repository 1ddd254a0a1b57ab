/**
 * Text rewritten in another Unicode form that means the same words: decomposed (NFD, an accent
 * as a combining character), or with compatibility characters (ligatures `ﬁ` `ﬂ`, full-width
 * letters). Markup and entities are left as written, so a note's tags stay tags. The
 * differential tests write a catalogue and its queries in these forms: every form must find and
 * score what the composed text does, on both backends.
 */

export const UNICODE_FORMS = ['composed', 'decomposed', 'compatibility'] as const
export type UnicodeForm = (typeof UNICODE_FORMS)[number]

/** Tags, comments and entities: left as written. */
const MARKUP = /(<[^>]*>|&#?\w+;)/

/** Letters as their full-width compatibility characters (`A` → `Ａ`). */
const fullWidth = (text: string) =>
  text.replace(/[A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))

function rewrite(text: string, form: UnicodeForm): string {
  const composed = text.normalize('NFC')
  switch (form) {
    case 'composed':
      return composed
    case 'decomposed':
      return composed.normalize('NFD')
    case 'compatibility':
      // Every other word full-width (not digits: `~1` is query syntax), and the ligatures
      // wherever their letters meet.
      return composed
        .replace(/[A-Za-z]+/g, (word, at: number) => (at % 2 === 0 ? fullWidth(word) : word))
        .replace(/fi/g, '\ufb01')
        .replace(/fl/g, '\ufb02')
  }
}

/** `text` in `form`, its markup untouched. */
export function inForm(text: string, form: UnicodeForm): string {
  return text
    .split(MARKUP)
    .map((part, i) => (i % 2 === 1 ? part : rewrite(part, form)))
    .join('')
}

/** A document with its searched text (title, description, notes, term titles) in `form`. */
export function documentInForm<T>(document: T, form: UnicodeForm): T {
  const rewritten = (value: unknown, key?: string): unknown => {
    if (typeof value === 'string') {
      return key === 'title' || key === 'description' || key === 'content'
        ? inForm(value, form)
        : value
    }
    if (Array.isArray(value)) return value.map((item) => rewritten(item, key))
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewritten(v, k)]))
    }
    return value
  }
  return rewritten(document) as T
}
