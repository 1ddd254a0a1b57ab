/**
 * Code-unit order (JavaScript's `<` on strings, plain `<` on numbers): the order of sorted words,
 * terms, facet keys and link parameters, the same on every machine and in every backend, unlike
 * `localeCompare`.
 * @example ['b', 'B', 'a'].sort(compareCodeUnits) // ['B', 'a', 'b']
 */
export function compareCodeUnits<T extends string | number>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0
}
