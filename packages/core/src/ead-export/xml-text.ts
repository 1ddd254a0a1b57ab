/**
 * Text and attribute values for XML 1.0, as every writer of the finding aid needs them: the
 * characters XML cannot hold (C0 controls but tab, line feed and carriage return, lone
 * surrogates, U+FFFE and U+FFFF) are dropped, the five that mean markup are escaped, and in an
 * attribute the whitespace a parser would normalize to spaces is written as a reference, so
 * that what a reader gets back is the string written.
 */

/** What XML 1.0 cannot hold at all (§2.2 `Char`): dropped, since no reference may name it either. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML cannot hold
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g
const TEXT_SPECIALS = /[&<>]/g
const ATTRIBUTE_SPECIALS = /[&<>"\t\n\r]/g
const REFERENCES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
}

/** Character data: `a < b & c` → `a &lt; b &amp; c` (`>` too, so that `]]>` never appears). */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(TEXT_SPECIALS, (c) => REFERENCES[c]!)
}

/** A value for a double-quoted attribute: its whitespace kept as written (§3.3.3). */
export function xmlAttribute(value: string): string {
  return value.replace(NOT_XML, '').replace(ATTRIBUTE_SPECIALS, (c) => REFERENCES[c]!)
}

/** An element with text content, or nothing when the text is empty once cleaned. */
export function element(name: string, text: string, attributes = ''): string {
  const content = xmlText(text)
  return content.trim() === '' ? '' : `<${name}${attributes}>${content}</${name}>`
}

/** ` name="value"` for each value given (undefined, null and '' are left out). */
export function attributes(values: Record<string, string | null | undefined>): string {
  let written = ''
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue
    written += ` ${name}="${xmlAttribute(value)}"`
  }
  return written
}
