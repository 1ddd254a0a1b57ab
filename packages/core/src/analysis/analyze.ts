/**
 * Text analysis for the full-text index, modelled on Elasticsearch's `english` analyzer:
 * Unicode word tokenization, English possessive removal, lowercasing, accent folding,
 * Lucene's English stop words and Snowball English (Porter2) stemming.
 */
import { stem } from 'porter2'
import { ENGLISH_STOP_WORDS } from './stop-words.js'

// ---------------------------------------------------------------------------------------------
// HTML stripping

/** Elements whose tags separate words (replaced by a space rather than removed). */
const BLOCK_TAGS: ReadonlySet<string> = new Set([
  // HTML
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'ul',
  // EAD
  'addressline',
  'chronitem',
  'chronlist',
  'colspec',
  'defitem',
  'entry',
  'event',
  'eventgrp',
  'head',
  'item',
  'label',
  'lb',
  'list',
  'row',
  'tgroup',
])

const COMMENT_RE = /<!--[\s\S]*?-->/g
const RAW_TEXT_RE = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi
const CDATA_RE = /<!\[CDATA\[([\s\S]*?)\]\]>/g
const DECLARATION_RE = /<[!?][^<>]*>/g
// A start, end or empty-element tag; quoted attribute values may contain `>`. Excluding `<`
// from the unquoted part keeps a stray `<` in the text from swallowing what follows it.
const TAG_RE = /<(\/?)([A-Za-z][\w:.-]*)((?:[^<>"']|"[^"]*"|'[^']*')*)>/g
const ENTITY_RE = /&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  shy: '',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  lsquo: '\u2018',
  rsquo: '\u2019',
  sbquo: '\u201a',
  ldquo: '\u201c',
  rdquo: '\u201d',
  bdquo: '\u201e',
  laquo: '\u00ab',
  raquo: '\u00bb',
  copy: '\u00a9',
  reg: '\u00ae',
  trade: '\u2122',
  deg: '\u00b0',
  middot: '\u00b7',
  bull: '\u2022',
  sect: '\u00a7',
  para: '\u00b6',
  szlig: '\u00df',
  aelig: '\u00e6',
  AElig: '\u00c6',
  oelig: '\u0153',
  OElig: '\u0152',
  oslash: '\u00f8',
  Oslash: '\u00d8',
  eth: '\u00f0',
  ETH: '\u00d0',
  thorn: '\u00fe',
  THORN: '\u00de',
}

/** `eacute`, `Uuml`, `ccedil`…: a letter plus a combining mark. */
const ACCENT_ENTITY_RE = /^([A-Za-z])(grave|acute|circ|tilde|uml|ring|cedil|caron)$/
const ACCENT_MARKS: Readonly<Record<string, string>> = {
  grave: '\u0300',
  acute: '\u0301',
  circ: '\u0302',
  tilde: '\u0303',
  uml: '\u0308',
  ring: '\u030a',
  caron: '\u030c',
  cedil: '\u0327',
}

function decodeEntity(match: string, body: string): string {
  if (body.charCodeAt(0) === 35 /* # */) {
    const hex = body.charCodeAt(1) === 120 || body.charCodeAt(1) === 88
    const code = Number.parseInt(body.slice(hex ? 2 : 1), hex ? 16 : 10)
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return match
    return String.fromCodePoint(code)
  }
  const named = NAMED_ENTITIES[body]
  if (named !== undefined) return named
  const accented = ACCENT_ENTITY_RE.exec(body)
  if (accented) {
    const mark = ACCENT_MARKS[accented[2] ?? '']
    if (mark !== undefined) return `${accented[1]}${mark}`.normalize('NFC')
  }
  return match
}

/**
 * Removes markup from note text so that only its words are indexed: comments, `script`/`style`
 * contents and declarations are dropped, inline tags (`<emph render="italic">Banana</emph>`)
 * are removed without a trace, block-level tags (`<p>`, `<lb/>`, `<item>`…) become a space,
 * and entities (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`, `&nbsp;`, `&eacute;`, numeric
 * ones…) are decoded after the tags are gone, so `&lt;b&gt;` stays text. A `<` that does not
 * start a tag is kept. The result is trimmed.
 */
export function stripHtml(text: string): string {
  if (text.indexOf('<') === -1 && text.indexOf('&') === -1) return text.trim()
  let out = text
  if (out.indexOf('<') !== -1) {
    out = out
      .replace(COMMENT_RE, ' ')
      .replace(RAW_TEXT_RE, ' ')
      .replace(CDATA_RE, '$1')
      .replace(DECLARATION_RE, ' ')
      .replace(TAG_RE, (_tag, _slash: string, name: string) =>
        BLOCK_TAGS.has(name.toLowerCase()) ? ' ' : '',
      )
  }
  if (out.indexOf('&') !== -1) out = out.replace(ENTITY_RE, decodeEntity)
  return out.trim()
}

// ---------------------------------------------------------------------------------------------
// Tokenizing

/**
 * A word: a letter or digit of any script, then letters, digits and combining marks; an
 * apostrophe (`'`, `‘`, `’`, `＇`) between two such runs stays inside the word (`don't`,
 * `Rockefeller's`). Everything else (whitespace, punctuation, symbols) separates words.
 */
const WORD_RE = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:['\u2018\u2019\uff07][\p{L}\p{N}\p{M}]+)*/gu

/**
 * Splits text into raw word tokens, in order, not yet normalized: runs of letters, digits
 * and combining marks of any script, split on whitespace and punctuation, keeping internal
 * apostrophes (`Rockefeller's`). CJK text without spaces comes out as whole runs. Never
 * returns empty strings. What the full-text index splits values with.
 */
export function tokenize(text: string): string[] {
  return text.match(WORD_RE) ?? []
}

/** The raw tokens of {@link tokenize} with their UTF-16 offsets in the text. */
export function tokenSpans(text: string): { token: string; offset: number }[] {
  return Array.from(text.matchAll(WORD_RE), (match) => ({ token: match[0], offset: match.index }))
}

// ---------------------------------------------------------------------------------------------
// Normalizing

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

function isApostrophe(code: number): boolean {
  return code === 39 || code === 0x2019 || code === 0x2018 || code === 0xff07 || code === 0x02bc
}

/**
 * Normalizes one raw token: removes the English possessive (`Rockefeller's` → `Rockefeller`),
 * lowercases, and folds accents (`México` → `mexico`, `Zürich` → `zurich`, `Straße` →
 * `strasse`, `Ørsted` → `orsted`; compatibility forms such as ligatures and full-width
 * letters are folded too). Typographic apostrophes become `'`. No stop words, no stemming:
 * this is what prefix queries (`word*`) are matched with. May return `''` for a token made of
 * marks only.
 */
export function normalizeToken(token: string): string {
  let t = token
  const n = t.length
  if (n > 2) {
    const last = t.charCodeAt(n - 1)
    if ((last === 115 || last === 83) && isApostrophe(t.charCodeAt(n - 2))) t = t.slice(0, n - 2)
  }
  return foldAccents(t.toLowerCase())
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
 * Turns one raw token into an index term: {@link normalizeToken}, then `null` for an English
 * stop word (or a token that normalizes to nothing), then the Porter2 stem (`bananas` →
 * `banana`, `history` → `histori`). The English analyzer's term; keeps no cache.
 */
export function processTerm(token: string): string | null {
  const t = normalizeToken(token)
  if (t.length === 0 || ENGLISH_STOP_WORDS.has(t)) return null
  return stem(t)
}

/**
 * Analyzes text into index terms, in order: {@link tokenize}, then {@link processTerm},
 * dropping stop words. Does not strip HTML: call {@link stripHtml} first for note text.
 */
export function analyze(text: string): string[] {
  const tokens = tokenize(text)
  const terms: string[] = []
  for (const token of tokens) {
    const term = processTerm(token)
    if (term !== null) terms.push(term)
  }
  return terms
}
