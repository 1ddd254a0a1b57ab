/**
 * The bytes of JSON's punctuation, for the readers of a document's JSON text as UTF-8 bytes
 * (`json-members.ts`, `canonical-pieces.ts`): every byte of a character beyond ASCII is 0x80 or
 * more, so these are found byte by byte.
 */
export const QUOTE = 0x22
export const BACKSLASH = 0x5c
export const COLON = 0x3a
export const COMMA = 0x2c
export const OPEN_OBJECT = 0x7b
export const CLOSE_OBJECT = 0x7d
export const OPEN_ARRAY = 0x5b
export const CLOSE_ARRAY = 0x5d

/**
 * A store's reference to a shared part, where a value stands in a stored text: `\u0001` id
 * (base 36) `\u0002`. JSON escapes both characters inside strings, so they stand nowhere else.
 */
export const REFERENCE_OPEN = 0x01
export const REFERENCE_CLOSE = 0x02
