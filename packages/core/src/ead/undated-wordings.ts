/**
 * The wordings archivists write for a date there is not: `n.d.`, `Various and Undated`,
 * `Screened: Unknown`, `(date of film)`, `0000/00/00`, `date range has not yet been
 * determined`. A date's text made of them alone is undated, without a warning; anything else
 * in it (`undated photographs`, `Summer`) is a text the importer cannot read, and says so.
 */

/**
 * One row per wording, case aside; each stands between anything but letters and digits, so
 * `nd` is never found in `and` or `2nd`.
 */
const NO_DATE: readonly string[] = [
  // `n.d.`, `nd`, `n. d.`; the French, Latin, Spanish and Italian `s.d.`, `s.a.`, `s.f.`, `s.n.`
  // and the German `o.J.`
  String.raw`n\.?\s?d\.?`,
  String.raw`s\.\s?[adfn]\.?`,
  String.raw`o\.\s?j\.?`,
  String.raw`n\/a`,
  'not applicable',
  'undated',
  'not dated',
  'no dates?(?: given)?',
  'without dates?',
  'unknown',
  'various',
  'varies',
  'undetermined',
  'indeterminate',
  'uncertain',
  'to be determined',
  'tbd',
  // `has not yet been determined`, `not known`, `not identified`
  String.raw`not\s+(?:yet\s+)?(?:been\s+)?(?:determined|known|identified|established|dated|recorded|given|available)`,
  'sans date',
  'sine (?:dato|data|anno)',
  'sin fecha',
  'senza data',
  'ohne (?:jahr|datum)',
  // A placeholder never filled in: `(date of film)`, `date of broadcast`
  String.raw`date of (?:the )?\p{L}+`,
  // A null date: `0000`, `0000/00/00`, `00-00-0000`
  '0{4}(?:[-/.]0{1,2}){0,2}',
  '0{1,2}[-/.]0{1,2}[-/.]0{4}',
]

/** Words that may stand around those wordings: `dates`, `range`, `and`, `has`, `yet` … */
const FILLERS: readonly string[] = [
  'dates?',
  'range',
  'span',
  'and',
  'or',
  'also',
  'the',
  'of',
  'is',
  'are',
  'was',
  'were',
  'has',
  'have',
  'been',
  'yet',
  'still',
]

const between = (words: readonly string[]) =>
  new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${words.join('|')})(?![\p{L}\p{N}])`, 'giu')
const NO_DATE_WORDS = between(NO_DATE)
const FILLER_WORDS = between(FILLERS)
/** A label before the wording: `Screened: Unknown`, `Date: n.d.` (up to three words). */
const LABEL = /^[^\p{L}\p{N}]*\p{L}+(?:\s+\p{L}+){0,2}\s*:/u
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/**
 * Whether a date's text says there is no date: only such wordings (listed, bracketed, after a
 * label), or nothing but punctuation (`-`, `?`). Linear in the text's length: each wording is
 * replaced once, left to right, never tried in every way to cut the text.
 */
export function saysUndated(text: string): boolean {
  if (!LETTER_OR_DIGIT.test(text)) return true
  let found = false
  const rest = text
    .replace(NO_DATE_WORDS, () => {
      found = true
      return ' '
    })
    .replace(FILLER_WORDS, ' ')
    .replace(LABEL, ' ')
  return found && !LETTER_OR_DIGIT.test(rest)
}
