/**
 * One word in every Unicode form: text is read in its compatibility composition (NFKC), so an
 * accent written as a combining character (`José` as `e` + U+0301), a ligature (`ﬁ`), a
 * full-width letter (`Ａ`) or a superscript reads as the composed, plain character; and accents
 * are folded (`México` → `mexico`). The core composes and folds with the platform's own Unicode
 * tables; an OpenSearch index gets the same as the mapping rules of {@link compatibilityMappings}
 * and {@link foldingMappings}, derived from those tables, as it has no normalizer of its own
 * without the ICU plugin.
 */

/** Combining diacritical marks (Latin, Greek, Cyrillic accents); other scripts' marks stay. */
const DIACRITICS_RE = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g
/** Lowercase letters that do not decompose into a base letter and a mark, and apostrophes. */
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ø: 'o',
  æ: 'ae',
  œ: 'oe',
  ł: 'l',
  ŀ: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŋ: 'n',
  '\u2018': "'",
  '\u2019': "'",
  '\u02bc': "'",
  '\uff07': "'",
}
const SPECIAL_LETTERS_RE = /[ßøæœłŀđðþıħŧŋ\u2018\u2019\u02bc\uff07]/g

function foldSpecial(ch: string): string {
  return SPECIAL_LETTERS[ch] ?? ch
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false
  return true
}

/** Folds accents of a lowercased token: `méxico` → `mexico`, `straße` → `strasse`. */
export function foldAccents(token: string): string {
  if (isAscii(token)) return token
  return token
    .replace(SPECIAL_LETTERS_RE, foldSpecial)
    .normalize('NFKD')
    .replace(DIACRITICS_RE, '')
    .normalize('NFC')
    .toLowerCase()
}

/**
 * What NFKC composes: a character outside ASCII, or any character followed by combining marks,
 * with those marks. Composed one by one, as the index's mapping rules compose them.
 */
const COMPOSED_RE = /[^\0-\x7f]\p{M}*|[\0-\x7f]\p{M}+/gu

const compose = (characters: string) => characters.normalize('NFKC')

/** What makes a group of {@link COMPOSED_RE} longer than one UTF-16 unit. */
const MULTI_UNIT_RE = /[\u{10000}-\u{10FFFF}]|\p{M}/u

/** `text` in NFKC: `José` written with a combining accent reads as `José`, `ﬁle` as `file`. */
export function composeCompatibility(text: string): string {
  return isAscii(text) ? text : text.replace(COMPOSED_RE, compose)
}

/**
 * {@link composeCompatibility}'s text, with where each of its UTF-16 units comes from in the
 * text as written: the start and end of the characters it was composed of (`starts`, `ends`;
 * null when nothing was composed, each unit then being itself).
 */
export interface ComposedText {
  readonly text: string
  readonly starts: Int32Array | null
  readonly ends: Int32Array | null
}

/** {@link composeCompatibility}, keeping where each unit comes from (see {@link ComposedText}). */
export function composeTracked(text: string): ComposedText {
  // Most text outside ASCII is composed already (`São Paulo`): nothing to track then, unless a
  // group spans several units (a surrogate pair, marks), which a token's span would widen to.
  if (isAscii(text) || (!MULTI_UNIT_RE.test(text) && composeCompatibility(text) === text)) {
    return { text, starts: null, ends: null }
  }
  const parts: string[] = []
  const starts: number[] = []
  const ends: number[] = []
  const take = (part: string, from: number, to: number, each: boolean) => {
    parts.push(part)
    for (let i = 0; i < part.length; i++) {
      starts.push(each ? from + i : from)
      ends.push(each ? from + i + 1 : to)
    }
  }
  let written = 0
  for (const match of text.matchAll(COMPOSED_RE)) {
    take(text.slice(written, match.index), written, match.index, true)
    written = match.index + match[0].length
    take(compose(match[0]), match.index, written, false)
  }
  take(text.slice(written), written, text.length, true)
  return { text: parts.join(''), starts: Int32Array.from(starts), ends: Int32Array.from(ends) }
}

/** Precomposed Hangul syllables: their decomposed jamo are not mapped (11,172 rules more). */
const HANGUL_SYLLABLES = { first: 0xac00, last: 0xd7a3 }

/**
 * NFKC as character mappings, `[from, to]`: every character that NFKC changes, and every
 * canonical decomposition (a letter and its combining marks, wholly or partly decomposed) to its
 * composed character. Applied left to right, the longest match first (as Lucene's `mapping` char
 * filter applies them), they give {@link composeCompatibility}'s text, but where NFKC reorders
 * accents or composes them again (`ﬁ` + U+0302; `ά` + U+0323, accents of two classes on a letter
 * with no composed form of both): rare, and for English and `none` the same words once accents
 * are folded.
 * Decomposed Hangul syllables are left out: Korean written as separate jamo is rare, and the
 * rules would triple.
 */
export function compatibilityMappings(): [from: string, to: string][] {
  const mappings: [string, string][] = []
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue
    const character = String.fromCodePoint(code)
    const composed = character.normalize('NFKC')
    if (composed !== character) mappings.push([character, composed])
    const decomposed = character.normalize('NFD')
    const isHangul = code >= HANGUL_SYLLABLES.first && code <= HANGUL_SYLLABLES.last
    if (decomposed !== character && decomposed.normalize('NFC') === character && !isHangul) {
      // Wholly decomposed, and partly: `ê` + U+0301 is `ế` as `e` + U+0302 + U+0301 is.
      const characters = Array.from(decomposed)
      for (let marks = 1; marks < characters.length; marks++) {
        const base = characters.slice(0, marks).join('').normalize('NFC')
        const written = base + characters.slice(marks).join('')
        if (written !== character) mappings.push([written, composed])
      }
    }
  }
  return mappings
}

/**
 * {@link foldAccents} as character mappings, `[from, to]`, for text already composed (NFKC):
 * every character whose lowercase folds to something else (`É` → `e`, `ß` → `ss`, `’` → `'`),
 * and a lone combining accent to nothing. Applied to text before it is split into words, they
 * give the words that folding each word gives, for the languages that fold before stemming.
 */
export function foldingMappings(): [from: string, to: string][] {
  const mappings: [string, string][] = []
  for (let code = 0x80; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue
    const character = String.fromCodePoint(code)
    // What composition changes never reaches the folding.
    if (character.normalize('NFKC') !== character) continue
    const lower = character.toLowerCase()
    const folded = foldAccents(lower)
    if (folded !== lower) mappings.push([character, folded])
  }
  return mappings
}
