/**
 * The members of a JSON object's text picked by name without decoding or parsing the others: a
 * reader that needs a few fields of a large document (a collection's `children` list is most of
 * its text) decodes and parses those alone. The text is read as UTF-8 bytes, where every byte of
 * a character beyond ASCII is 0x80 or more, so JSON's quotes, backslashes and brackets are found
 * byte by byte. The text may hold a store's references (`\u0001` id `\u0002`) where values are;
 * JSON escapes both characters inside strings, so they stand nowhere else.
 */

import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  REFERENCE_CLOSE,
  REFERENCE_OPEN,
} from './json-bytes.js'

/**
 * Where the members of a JSON object's UTF-8 text whose names are among `names` stand, in
 * order: `[start, end)` in bytes of each `"name":value`. The text must be an object as
 * `JSON.stringify` writes one (whitespace between tokens is read too), which names a member
 * once: the reading stops when every name is found, and what follows is not scanned.
 */
export function memberRanges(json: Buffer, names: ReadonlySet<string>): [number, number][] {
  const ranges: [number, number][] = []
  let at = skipSpace(json, 0)
  if (json[at] !== OPEN_OBJECT) throw new Error('Not a JSON object')
  at = skipSpace(json, at + 1)
  while (at < json.length && json[at] !== CLOSE_OBJECT) {
    const start = at
    const nameEnd = stringEnd(json, at)
    const escaped = json.subarray(at + 1, nameEnd - 1).includes(BACKSLASH)
    const name = escaped
      ? (JSON.parse(json.toString('utf8', at, nameEnd)) as string)
      : json.toString('utf8', at + 1, nameEnd - 1)
    at = skipSpace(json, nameEnd)
    if (json[at] !== COLON) throw new Error(`Expected ':' at ${at}`)
    const end = valueEnd(json, skipSpace(json, at + 1))
    if (names.has(name) && ranges.push([start, end]) === names.size) break
    at = skipSpace(json, end)
    if (json[at] === COMMA) at = skipSpace(json, at + 1)
  }
  return ranges
}

/** One past the closing quote of the string opening at `at`. */
function stringEnd(json: Uint8Array, at: number): number {
  let from = at + 1
  for (;;) {
    const quote = json.indexOf(QUOTE, from)
    if (quote === -1) throw new Error(`Unterminated string at ${at}`)
    // Escaped when an odd number of backslashes stands before it.
    let before = quote - 1
    while (json[before] === BACKSLASH) before--
    if ((quote - 1 - before) % 2 === 0) return quote + 1
    from = quote + 1
  }
}

/** One past the end of the value starting at `at`. */
function valueEnd(json: Uint8Array, at: number): number {
  const code = json[at]
  if (code === QUOTE) return stringEnd(json, at)
  if (code === REFERENCE_OPEN) return json.indexOf(REFERENCE_CLOSE, at) + 1
  if (code === OPEN_OBJECT || code === OPEN_ARRAY) {
    // An object or an array: its brackets counted, its strings jumped over whole.
    let depth = 0
    for (let i = at; i < json.length; ) {
      const c = json[i]
      if (c === QUOTE) {
        i = stringEnd(json, i)
        continue
      }
      if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++
      else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && --depth === 0) return i + 1
      i++
    }
    throw new Error(`Unterminated value at ${at}`)
  }
  // A number, true, false or null: up to the next delimiter.
  let i = at
  while (i < json.length && !isDelimiter(json[i]!)) i++
  return i
}

function isDelimiter(code: number): boolean {
  return code === COMMA || code === CLOSE_OBJECT || code === CLOSE_ARRAY || isSpace(code)
}

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d
}

function skipSpace(json: Uint8Array, at: number): number {
  let i = at
  while (i < json.length && isSpace(json[i]!)) i++
  return i
}
