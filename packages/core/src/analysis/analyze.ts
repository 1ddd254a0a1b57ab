/**
 * Text analysis for the full-text index, modelled on Elasticsearch's `english` analyzer:
 * Unicode word tokenization (UAX #29, as its `standard` tokenizer) of the text in its
 * compatibility composition, English possessive removal, lowercasing, accent folding, Lucene's
 * English stop words and Snowball English (Porter2) stemming.
 */
import { stem } from 'porter2'
import { ENGLISH_STOP_WORDS } from './stop-words.js'
import { composeCompatibility, composeTracked, foldAccents } from './unicode-forms.js'
import { MAX_WORD_LENGTH, WORD_PATTERN } from './word-breaks.js'

// ---------------------------------------------------------------------------------------------
// HTML stripping

/** Elements whose tags separate words when text is read: HTML's blocks and EAD's. */
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

/**
 * Elements whose tags are removed without a trace (`<emph>B</emph>anana` is `Banana`): HTML's
 * inline elements, as Lucene's `html_strip` (the reference's) lists them. Every other tag, of
 * HTML or of EAD (`<p>`, `<lb/>`, `<item>`, `<emph>`…), separates words.
 */
const INLINE_TAGS: ReadonlySet<string> = new Set([
  'a',
  'abbr',
  'acronym',
  'b',
  'basefont',
  'bdo',
  'big',
  'cite',
  'code',
  'dfn',
  'em',
  'font',
  'i',
  'img',
  'input',
  'kbd',
  'label',
  'q',
  's',
  'samp',
  'select',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'sup',
  'textarea',
  'tt',
  'u',
  'var',
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
 * Removes markup from note text for reading: comments, `script`/`style` contents and
 * declarations are dropped, inline tags (`<emph render="italic">Banana</emph>`) are removed
 * without a trace, block-level tags of HTML and EAD (`<p>`, `<lb/>`, `<item>`…) become a space,
 * and entities (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`, `&nbsp;`, `&eacute;`, numeric
 * ones…) are decoded after the tags are gone, so `&lt;b&gt;` stays text. A `<` that does not
 * start a tag is kept. The result is trimmed. What a description shows.
 */
export function stripHtml(text: string): string {
  return removeMarkup(text, (name) => BLOCK_TAGS.has(name))
}

/**
 * Removes markup as the index reads it, as Elasticsearch's `html_strip` does (the reference's
 * and the OpenSearch backend's): as {@link stripHtml}, but only HTML's inline tags vanish, and
 * every other tag, EAD's `<emph>` and `<title>` too, separates words (`<emph>A</emph>B` is the
 * words `A` and `B`). What full-text search reads.
 */
export function indexedText(text: string): string {
  return removeMarkup(text, (name) => !INLINE_TAGS.has(name))
}

function removeMarkup(text: string, separates: (tag: string) => boolean): string {
  if (text.indexOf('<') === -1 && text.indexOf('&') === -1) return text.trim()
  let out = text
  if (out.indexOf('<') !== -1) {
    out = out
      .replace(COMMENT_RE, ' ')
      .replace(RAW_TEXT_RE, ' ')
      .replace(CDATA_RE, '$1')
      .replace(DECLARATION_RE, ' ')
      .replace(TAG_RE, (_tag, _slash: string, name: string) =>
        separates(name.toLowerCase()) ? ' ' : '',
      )
  }
  if (out.indexOf('&') !== -1) out = out.replace(ENTITY_RE, decodeEntity)
  return out.trim()
}

// ---------------------------------------------------------------------------------------------
// Tokenizing

/** A word as Lucene keeps it: cut every 255 UTF-16 units when longer (its `max_token_length`). */
function piecesOf(word: string): string[] {
  const pieces: string[] = []
  for (let at = 0; at < word.length; at += MAX_WORD_LENGTH) {
    pieces.push(word.slice(at, at + MAX_WORD_LENGTH))
  }
  return pieces
}

const isLong = (word: string) => word.length > MAX_WORD_LENGTH

/** {@link tokenSpans}' own copy of the word pattern (its `lastIndex` is its state). */
const SPAN_PATTERN = new RegExp(WORD_PATTERN.source, WORD_PATTERN.flags)

/**
 * Splits text into raw word tokens, in order, not yet normalized: the words of UAX #29 as
 * Elasticsearch's `standard` tokenizer reads them (`word-breaks.ts`: `N.Y.` is `N.Y`, `3.5` and
 * `1,000` are one word each, each Han ideograph is one), in the text's compatibility composition
 * (`unicode-forms.ts`: a combining accent, a ligature and a full-width letter read as the plain
 * letter). Never returns empty strings. What the full-text index splits values with.
 */
export function tokenize(text: string): string[] {
  // One match over the whole text, the hot path of every build: no generator, no copy.
  const words = composeCompatibility(text).match(WORD_PATTERN) ?? []
  return words.some(isLong) ? words.flatMap(piecesOf) : words
}

/**
 * {@link tokenize}'s tokens with where each was written in the text: its UTF-16 offset and
 * length there (suggestions point into the text a reader typed, which composition may shorten
 * or lengthen).
 */
export function tokenSpans(text: string): { token: string; offset: number; length: number }[] {
  const { text: composed, starts, ends } = composeTracked(text)
  const spans: { token: string; offset: number; length: number }[] = []
  // `exec` on one pattern object, not `matchAll`, which copies this large pattern on every call:
  // on a search page's snippets (many short texts) the copies took five sixths of the time.
  SPAN_PATTERN.lastIndex = 0
  for (
    let match = SPAN_PATTERN.exec(composed);
    match !== null;
    match = SPAN_PATTERN.exec(composed)
  ) {
    let index = match.index
    for (const word of isLong(match[0]) ? piecesOf(match[0]) : [match[0]]) {
      const last = index + word.length - 1
      const offset = starts ? starts[index]! : index
      spans.push({ token: word, offset, length: (ends ? ends[last]! : last + 1) - offset })
      index += word.length
    }
  }
  return spans
}

// ---------------------------------------------------------------------------------------------
// Normalizing

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
