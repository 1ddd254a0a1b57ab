/** Binary search in a list sorted in code-unit order (`util/code-unit-order.ts`). */

/** The first index in `[low, high)` whose value is not below `value`. */
export function lowerBound(
  sorted: readonly string[],
  value: string,
  low = 0,
  high = sorted.length,
): number {
  while (low < high) {
    const mid = (low + high) >>> 1
    if (sorted[mid]! < value) low = mid + 1
    else high = mid
  }
  return low
}

/** The index of a value in a sorted list, or -1. */
export function sortedIndexOf(sorted: readonly string[], value: string): number {
  const at = lowerBound(sorted, value)
  return sorted[at] === value ? at : -1
}
