/**
 * A document's pieces found in its JSON text itself, without parsing it or writing it again: a
 * text read from a file was mostly written by `JSON.stringify` (ours, an exporter's), and then
 * its bytes are already the pieces `documentPieces` would make of the parsed document.
 * The scan says whether the text is so written; when it is not (whitespace, an escape
 * `JSON.stringify` would not write, a number written otherwise, a name given twice…), the caller
 * parses it and makes its pieces as usual. Both ways store the same bytes.
 *
 * The text is read as UTF-8 bytes, where every byte of a character beyond ASCII is 0x80 or more,
 * so JSON's quotes, backslashes and brackets are found byte by byte (as `json-members.ts` does).
 */
import { SHARED_FIELDS } from './document-pieces.js'
import {
  BACKSLASH,
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
} from './json-bytes.js'

const MINUS = 0x2d
const ZERO = 0x30
const NINE = 0x39
/** The first byte of U+FFFD (EF BF BD), which is also what a lone surrogate is encoded as. */
const REPLACEMENT_FIRST = 0xef

/** Deeper than any document's parts: a text nested deeper is parsed instead (no deep recursion). */
const MAX_DEPTH = 64

/** The shared fields' names as bytes. */
const SHARED_NAMES = [...SHARED_FIELDS].map((name) => Buffer.from(name, 'latin1'))

/**
 * The names of the objects being read, each as its start and end in the text, to find a name
 * given twice in one object (an object's are dropped once it is read).
 */
const names: number[] = []

/**
 * Whether `bytes` is a JSON object exactly as `JSON.stringify(JSON.parse(text))` writes it.
 * When it is, `shared` is filled with the `[start, end)` of each part the document shares with
 * others (in text order), as `documentPieces` takes them; the bytes between them are the
 * document's own text. The text must be valid JSON (it was parsed already).
 */
export function canonicalPieces(bytes: Uint8Array, shared: number[]): boolean {
  const length = bytes.length
  shared.length = 0
  names.length = 0
  if (bytes[0] !== OPEN_OBJECT) return false
  let at = 1
  if (bytes[at] === CLOSE_OBJECT) return length === 2
  for (;;) {
    const nameStart = at
    at = nameEnd(bytes, at, 0)
    if (at < 0 || bytes[at] !== COLON) return false
    const valueStart = at + 1
    const sharing = isSharedName(bytes, nameStart + 1, at - 1)
    const first = bytes[valueStart]
    if (sharing && first === OPEN_OBJECT) {
      at = valueEnd(bytes, valueStart, 1)
      if (at < 0) return false
      shared.push(valueStart, at)
    } else if (sharing && first === OPEN_ARRAY) {
      at = sharedItemsEnd(bytes, valueStart, shared)
    } else {
      at = valueEnd(bytes, valueStart, 1)
    }
    if (at < 0) return false
    if (bytes[at] === CLOSE_OBJECT) return at + 1 === length
    if (bytes[at] !== COMMA) return false
    at++
  }
}

/** The end of a shared field's array, each object or array in it a shared part. */
function sharedItemsEnd(bytes: Uint8Array, at: number, shared: number[]): number {
  let i = at + 1
  if (bytes[i] === CLOSE_ARRAY) return i + 1
  for (;;) {
    const start = i
    i = valueEnd(bytes, i, 2)
    if (i < 0) return -1
    if (bytes[start] === OPEN_OBJECT || bytes[start] === OPEN_ARRAY) shared.push(start, i)
    if (bytes[i] === CLOSE_ARRAY) return i + 1
    if (bytes[i] !== COMMA) return -1
    i++
  }
}

/**
 * The end of a member's name opening at `at` (a string), or -1 when it is not as written by
 * `JSON.stringify` of a parsed object: a name starting with a digit may be an array index, which
 * objects list first, and a name given twice is kept once, at its first place.
 * `namesFrom` is where this object's names start in {@link names}.
 */
function nameEnd(bytes: Uint8Array, at: number, namesFrom: number): number {
  if (bytes[at] !== QUOTE) return -1
  const first = bytes[at + 1]!
  if (first >= ZERO && first <= NINE) return -1
  const end = stringEnd(bytes, at)
  if (end < 0) return -1
  for (let i = namesFrom; i < names.length; i += 2) {
    if (sameBytes(bytes, names[i]!, names[i + 1]!, bytes, at, end)) return -1
  }
  names.push(at, end)
  return end
}

/** The end of the value starting at `at`, or -1 when `JSON.stringify` would write it otherwise. */
function valueEnd(bytes: Uint8Array, at: number, depth: number): number {
  const code = bytes[at]!
  if (code === QUOTE) return stringEnd(bytes, at)
  if (code === OPEN_OBJECT) return objectEnd(bytes, at, depth)
  if (code === OPEN_ARRAY) return arrayEnd(bytes, at, depth)
  if (code === MINUS || (code >= ZERO && code <= NINE)) return numberEnd(bytes, at)
  return literalEnd(bytes, at)
}

function objectEnd(bytes: Uint8Array, at: number, depth: number): number {
  if (depth > MAX_DEPTH) return -1
  const i = at + 1
  if (bytes[i] === CLOSE_OBJECT) return i + 1
  const namesFrom = names.length
  const end = membersEnd(bytes, i, depth, namesFrom)
  // This object's names are no longer compared with.
  names.length = namesFrom
  return end
}

/** The end of an object's members from `at` (its first name), or -1. */
function membersEnd(bytes: Uint8Array, at: number, depth: number, namesFrom: number): number {
  let i = at
  for (;;) {
    i = nameEnd(bytes, i, namesFrom)
    if (i < 0 || bytes[i] !== COLON) return -1
    i = valueEnd(bytes, i + 1, depth + 1)
    if (i < 0) return -1
    if (bytes[i] === CLOSE_OBJECT) return i + 1
    if (bytes[i] !== COMMA) return -1
    i++
  }
}

function arrayEnd(bytes: Uint8Array, at: number, depth: number): number {
  if (depth > MAX_DEPTH) return -1
  let i = at + 1
  if (bytes[i] === CLOSE_ARRAY) return i + 1
  for (;;) {
    i = valueEnd(bytes, i, depth + 1)
    if (i < 0) return -1
    if (bytes[i] === CLOSE_ARRAY) return i + 1
    if (bytes[i] !== COMMA) return -1
    i++
  }
}

/**
 * One past the closing quote of the string opening at `at`, or -1 when `JSON.stringify` would
 * write it otherwise: it escapes only `"`, `\` and the control characters (as `\b`, `\t`, `\n`,
 * `\f`, `\r`, else `\u00xx` in lower case), and a lone surrogate, which this text (encoded from
 * a JavaScript string) holds as U+FFFD: any U+FFFD is left to a parse, to be sure.
 */
function stringEnd(bytes: Uint8Array, at: number): number {
  for (let i = at + 1; ; i++) {
    const code = bytes[i]
    if (code === QUOTE) return i + 1
    if (code === undefined || code < 0x20) return -1
    if (code === BACKSLASH) {
      const escaped = escapeLength(bytes, i + 1)
      if (escaped < 0) return -1
      i += escaped
    } else if (code === REPLACEMENT_FIRST && bytes[i + 1] === 0xbf && bytes[i + 2] === 0xbd) {
      return -1
    }
  }
}

/** How many bytes follow the backslash of an escape as `JSON.stringify` writes it, else -1. */
function escapeLength(bytes: Uint8Array, at: number): number {
  switch (bytes[at]) {
    case QUOTE:
    case BACKSLASH:
    case 0x62: // b
    case 0x66: // f
    case 0x6e: // n
    case 0x72: // r
    case 0x74: // t
      return 1
    case 0x75: {
      // u: 00 and two lower-case hex digits naming a control character without a short escape.
      if (bytes[at + 1] !== ZERO || bytes[at + 2] !== ZERO) return -1
      const high = bytes[at + 3]
      if (high !== ZERO && high !== 0x31) return -1
      const low = lowerHexValue(bytes[at + 4])
      if (low < 0) return -1
      const code = (high === ZERO ? 0 : 16) + low
      return code === 8 || code === 9 || code === 10 || code === 12 || code === 13 ? -1 : 5
    }
    default:
      return -1
  }
}

function lowerHexValue(code: number | undefined): number {
  if (code === undefined) return -1
  if (code >= ZERO && code <= NINE) return code - ZERO
  if (code >= 0x61 && code <= 0x66) return code - 0x61 + 10
  return -1
}

/**
 * The end of a number, or -1 when `JSON.stringify` would write it otherwise (`1.0`, `1e3`,
 * `-0`): a whole number of at most 15 digits is as written unless it is `-0`; any other is
 * written again to be compared.
 */
function numberEnd(bytes: Uint8Array, at: number): number {
  let i = at
  let whole = true
  for (; i < bytes.length; i++) {
    const code = bytes[i]!
    if (code >= ZERO && code <= NINE) continue
    if (code === MINUS && i === at) continue
    if (code === 0x2e || code === 0x65 || code === 0x45 || code === 0x2b || code === MINUS) {
      whole = false
      continue
    }
    break
  }
  const digits = i - at - (bytes[at] === MINUS ? 1 : 0)
  const negativeZero = bytes[at] === MINUS && bytes[at + 1] === ZERO
  if (whole && digits <= 15 && !negativeZero) return i
  const text = Buffer.from(bytes.buffer, bytes.byteOffset + at, i - at).toString('latin1')
  return String(Number(text)) === text ? i : -1
}

const LITERALS = ['true', 'false', 'null'].map((literal) => Buffer.from(literal, 'latin1'))

function literalEnd(bytes: Uint8Array, at: number): number {
  for (const literal of LITERALS) {
    if (sameBytes(bytes, at, at + literal.length, literal, 0, literal.length)) {
      return at + literal.length
    }
  }
  return -1
}

function isSharedName(bytes: Uint8Array, start: number, end: number): boolean {
  for (const name of SHARED_NAMES) {
    if (sameBytes(bytes, start, end, name, 0, name.length)) return true
  }
  return false
}

/** Whether `a[aStart, aEnd)` holds the same bytes as `b[bStart, bEnd)`. */
function sameBytes(
  a: Uint8Array,
  aStart: number,
  aEnd: number,
  b: Uint8Array,
  bStart: number,
  bEnd: number,
): boolean {
  if (aEnd - aStart !== bEnd - bStart) return false
  for (let i = 0; i < aEnd - aStart; i++) if (a[aStart + i] !== b[bStart + i]) return false
  return true
}
