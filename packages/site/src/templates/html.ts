/**
 * HTML written with `ghtml`'s tagged template: every `${value}` is escaped, in text and in
 * attributes; `!${fragment}` inserts a fragment made by `html` itself (already escaped). Nothing
 * from the catalogue or the request is ever inserted with `!` unless it went through `html`.
 */
export { html } from 'ghtml'

/** A site path with its query: parameters with empty values are left out, the rest kept in order. */
export function pathWith(path: string, params: Iterable<readonly [string, string]>): string {
  const kept = new URLSearchParams()
  for (const [name, value] of params) if (value !== '') kept.append(name, value)
  const query = kept.toString()
  return query === '' ? path : `${path}?${query}`
}

type Pairs = Iterable<readonly [string, string]>

/** `params` with `name` set to `value` (every other value of `name` dropped), or removed when null. */
export function withParam(params: Pairs, name: string, value: string | null): [string, string][] {
  const kept = [...params].filter(([key]) => key !== name) as [string, string][]
  return value === null ? kept : [...kept, [name, value]]
}

/** `params` with one more value of a parameter (a filter added); a new page starts at its first. */
export function withValue(params: Pairs, name: string, value: string): [string, string][] {
  return [...withParam(params, 'offset', null), [name, value]]
}

/** `params` without one value of a parameter (a filter removed), from the first page. */
export function withoutValue(params: Pairs, name: string, value: string): [string, string][] {
  return withParam(params, 'offset', null).filter(([key, kept]) => key !== name || kept !== value)
}
