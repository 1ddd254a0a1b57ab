/**
 * Splits a word list written as `a | b | c` over several lines. Lists are kept as text so that
 * they stay compact (the formatter would put each array element on a line of its own).
 */
export function words(text: string): readonly string[] {
  return text
    .split(/[|\n]/)
    .map((word) => word.trim())
    .filter((word) => word.length > 0)
}

/** `a`, `a and b`, `a, b, and c`: an English list with the serial comma. */
export function englishList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  if (items.length === 2) return `${items[0]} and ${items[1]}`
  return `${items.slice(0, -1).join(', ')}, and ${items[items.length - 1]}`
}

/** Upper-cases the first letter. */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
