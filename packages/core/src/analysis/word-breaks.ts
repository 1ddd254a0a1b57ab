/**
 * Words as Lucene's `StandardTokenizer` reads them (Elasticsearch's and OpenSearch's `standard`
 * tokenizer, the reference service's): the word boundaries of Unicode UAX #29, with Lucene's
 * choices where the annex leaves them open. `N.Y.` is one word (`N.Y`), as are `e.g`, `3.5`,
 * `1,000`, `don't`, `foo_bar` and `a:b`; Han ideographs and hiragana are a word each; runs of
 * katakana, Hangul and South-East Asian scripts (Thai, Lao, Khmer, Myanmar…) are one word; emoji
 * and their sequences are words; other symbols and punctuation separate words. A word longer than
 * 255 UTF-16 code units is cut every 255, as Lucene's default `max_token_length` cuts it.
 *
 * Built as one regular expression from the annex's character classes rather than with
 * `Intl.Segmenter` (ICU's word break): ICU finds Chinese and Thai words with a dictionary where
 * Lucene does not, drops the colon from its `MidLetter`, and segments 20–35× slower than a
 * regular expression on a catalogue's text.
 */

// The classes of UAX #29's Word_Break property, as the members of a `v`-mode character class.
/** Han ideographs: one word each (WB999). */
const HAN = '\\p{sc=Han}'
/** Hiragana: one word each, as Lucene reads them. */
const HIRAGANA = '\\p{sc=Hiragana}'
/** Katakana, with the signs the annex counts as katakana: a run is one word (WB13). */
const KATAKANA = '\\p{sc=Katakana}\\u3031-\\u3035\\u309b\\u309c\\u30a0\\u30fc\\uff70'
/** Line_Break Complex_Context: the letters and marks of these scripts are kept whole. */
const SOUTH_EAST_ASIAN = `[\\p{sc=Thai}\\p{sc=Lao}\\p{sc=Myanmar}\\p{sc=Khmer}\\p{sc=Tai_Le}\\p{sc=New_Tai_Lue}\\p{sc=Tai_Tham}\\p{sc=Tai_Viet}\\p{sc=Ahom}]&&[\\p{L}\\p{M}]`
/** Hebrew letters, which also join across `'` and `"` (WB7a–c). */
const HEBREW_LETTER = '\\p{sc=Hebrew}&&\\p{L}'
/** Letters of every other script, and the few signs the annex adds; no ideograph. */
const A_LETTER = `[\\p{Alphabetic}\\u02c2-\\u02c5\\u02d2-\\u02d7\\u02de\\u02df\\u02e5-\\u02eb\\u02ed\\u02ef-\\u02ff\\u055a-\\u055c\\u055e\\u058a\\u05f3\\ua720\\ua721\\ua789\\ua78a\\uab5b]--[\\p{M}\\p{Ideographic}${HAN}${HIRAGANA}${KATAKANA}\\p{sc=Thai}\\p{sc=Lao}\\p{sc=Myanmar}\\p{sc=Khmer}\\p{sc=Tai_Le}\\p{sc=New_Tai_Lue}\\p{sc=Tai_Tham}\\p{sc=Tai_Viet}\\p{sc=Ahom}\\p{sc=Hebrew}]`
/** Digits, and the Arabic decimal separator, which the annex counts as one. */
const NUMERIC = '\\p{Nd}\\u066b'
/** Marks, format characters and emoji modifiers: part of the character before them (WB4). */
const EXTEND = '[\\p{M}\\p{Cf}\\u{1f3fb}-\\u{1f3ff}]--[\\u200b\\u{e0001}]'
const MID_LETTER = '\\u003a\\u00b7\\u0387\\u055f\\u05f4\\u2027\\ufe13\\ufe55\\uff1a'
const MID_NUM_LET = '\\u002e\\u0027\\u2018\\u2019\\u2024\\ufe52\\uff07\\uff0e'
const MID_NUM =
  '\\u002c\\u003b\\u037e\\u0589\\u060c\\u060d\\u066c\\u07f8\\u2044\\ufe10\\ufe14\\ufe50\\ufe54\\uff0c\\uff1b'
const EXTEND_NUM_LET = '\\p{Pc}\\u202f'

/** One character of a class (the members of a `v`-mode class) and the marks that extend it. */
const ex = (members: string) => `(?:[${members}][${EXTEND}]*)`

const AH_LETTER = `(?:${ex(A_LETTER)}|${ex(HEBREW_LETTER)})`
const JOINERS = `${ex(EXTEND_NUM_LET)}*`
/** Letters joined by `_`-like connectors or one mid-letter sign (WB5–WB7, WB13a–b). */
const LETTERS = `${AH_LETTER}(?:(?:${JOINERS}|${ex(MID_LETTER + MID_NUM_LET)})${AH_LETTER})*`
/** Digits joined by connectors or one mid-number sign: `3.5`, `1,000` (WB8, WB11–WB12). */
const NUMBERS = `${ex(NUMERIC)}(?:(?:${JOINERS}|${ex(MID_NUM + MID_NUM_LET)})${ex(NUMERIC)})*`
/** A Hebrew letter before a `'`, or two across a `"` (WB7a–c). */
const HEBREW = `${ex(HEBREW_LETTER)}(?:${ex('\\u0027')}|${ex('\\u0022')}${ex(HEBREW_LETTER)})`
const KATAKANA_RUN = `${ex(KATAKANA)}(?:${JOINERS}${ex(KATAKANA)})*`
/** Letters and digits run together (WB9–WB10), or katakana. */
const PART = `(?:${KATAKANA_RUN}|(?:${HEBREW}|${NUMBERS}|${LETTERS})+)`
const WORD = `${JOINERS}${PART}(?:${ex(EXTEND_NUM_LET)}+${PART})*${JOINERS}`

/** A pictograph, an emoji modifier, a keycap or a flag, with the marks that extend it. */
const EMOJI_CHARACTER = `(?:[\\p{Extended_Pictographic}\\p{Emoji_Modifier}]|\\p{Emoji}\\ufe0f|\\p{Regional_Indicator}{2})[${EXTEND}]*`
/** Emoji joined by zero-width joiners are one. */
const EMOJI = `${EMOJI_CHARACTER}(?:\\u200d${EMOJI_CHARACTER})*`

/** Every word of a text, in order: what the full-text index and queries are made of. */
export const WORD_PATTERN = new RegExp(
  `${WORD}|${ex(SOUTH_EAST_ASIAN)}+|${ex(HAN)}|${ex(HIRAGANA)}|${EMOJI}`,
  'gv',
)

/** Lucene's default `max_token_length`: a longer word is cut into pieces this long. */
export const MAX_WORD_LENGTH = 255
