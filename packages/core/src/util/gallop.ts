/**
 * Galloping (exponential) search in ascending ids: from a cursor, probe 1, 2, 4, 8… places ahead
 * until an id is not below the target, then halve the last step. Finding a place `d` ahead costs
 * about 2 log₂ d comparisons, so walking a short list's ids through a long one (an intersection,
 * a document's postings met in order) costs |short| log(|long| / |short|), not |long|.
 */

/**
 * The first index in `[from, end)` whose id is not below `target` (`end` when there is none),
 * galloping from `from`. The ids in that range must be ascending.
 *
 * @example
 * gallopTo(Uint32Array.of(1, 3, 5, 7, 9), 6, 1) // 3: ids[3] is 7
 */
export function gallopTo(
  ids: ArrayLike<number>,
  target: number,
  from: number,
  end: number = ids.length,
): number {
  if (from >= end || ids[from]! >= target) return from
  // ids[low] < target throughout; the answer is in (low, low + step].
  let low = from
  let step = 1
  while (low + step < end && ids[low + step]! < target) {
    low += step
    step *= 2
  }
  let high = Math.min(low + step, end)
  low++
  while (low < high) {
    const mid = (low + high) >>> 1
    if (ids[mid]! < target) low = mid + 1
    else high = mid
  }
  return low
}
