/**
 * How often a phrase occurs in one field of one document, as Lucene counts it for scoring: an
 * exact phrase (`ExactPhraseMatcher`) once per place it stands; a sloppy one
 * (`SloppyPhraseMatcher`) `1 / (1 + distance)` per match its walk finds, the walk ported as
 * Lucene writes it (it does not find every match: `"a b c"~4` and `"c b a"~4` may differ).
 *
 * @param positions for each place of the phrase, the ascending positions of its term (the first
 *   `lengths[place]` of them)
 * @param offsets each place's position in the phrase (the first 0)
 * @param terms each place's term (places of one term must stand at different positions)
 */
export function phraseFrequency(
  positions: readonly ArrayLike<number>[],
  lengths: readonly number[],
  offsets: readonly number[],
  slop: number,
  terms: readonly number[],
): number {
  for (const length of lengths) if (length === 0) return 0
  return slop === 0
    ? exactFrequency(positions, lengths, offsets)
    : sloppyFrequency(positions, lengths, offsets, slop, terms)
}

function exactFrequency(
  positions: readonly ArrayLike<number>[],
  lengths: readonly number[],
  offsets: readonly number[],
): number {
  let frequency = 0
  for (let i = 0; i < lengths[0]!; i++) {
    const start = positions[0]![i]!
    let fits = true
    for (let place = 1; place < positions.length && fits; place++) {
      fits = contains(positions[place]!, lengths[place]!, start + offsets[place]!)
    }
    if (fits) frequency++
  }
  return frequency
}

function contains(list: ArrayLike<number>, length: number, value: number): boolean {
  for (let i = 0; i < length; i++) if (list[i] === value) return true
  return false
}

/** A place of the phrase walking its term's positions (Lucene's `PhrasePositions`). */
interface Place {
  ord: number
  offset: number
  /** The position of the term at `at`, less the place's offset. */
  position: number
  at: number
  list: ArrayLike<number>
  length: number
  /** The places of the same term (by offset), and this one's index among them, or null. */
  group: Place[] | null
  groupIndex: number
}

function sloppyFrequency(
  positions: readonly ArrayLike<number>[],
  lengths: readonly number[],
  offsets: readonly number[],
  slop: number,
  terms: readonly number[],
): number {
  const places: Place[] = positions.map((list, ord) => ({
    ord,
    offset: offsets[ord]!,
    position: list[0]! - offsets[ord]!,
    at: 0,
    list,
    length: lengths[ord]!,
    group: null,
    groupIndex: 0,
  }))
  // Places of a repeated term form a group: they must stand at different positions. (Most
  // phrases repeat no term: no groups to make, for each place of each document.)
  const byTerm = new Map<number, Place[]>()
  if (repeatsATerm(terms)) {
    places.forEach((place, ord) => {
      const group = byTerm.get(terms[ord]!) ?? []
      group.push(place)
      byTerm.set(terms[ord]!, group)
    })
  }
  for (const group of byTerm.values()) {
    if (group.length < 2) continue
    group.sort((a, b) => a.offset - b.offset)
    group.forEach((place, index) => {
      place.group = group
      place.groupIndex = index
    })
    // The j-th of a group starts j positions on.
    for (let j = 1; j < group.length; j++) {
      for (let k = 0; k < j; k++) if (!next(group[j]!)) return 0
    }
  }
  let end = Number.NEGATIVE_INFINITY
  const queue = new PlaceQueue()
  for (const place of places) {
    end = Math.max(end, place.position)
    queue.add(place)
  }
  const advance = (place: Place): boolean => {
    if (!next(place)) return false
    if (place.position > end) end = place.position
    return true
  }
  /** Lucene's `advanceRpts`: moves the lesser of two places of one term at one position. */
  const separate = (moved: Place): boolean => {
    if (moved.group === null) return true
    const requeue = new Set<Place>()
    let place = moved
    for (let other = collision(place); other !== null; other = collision(place)) {
      place = lesser(place, other)
      if (!advance(place)) return false
      if (place !== moved) requeue.add(place)
    }
    if (requeue.size === 0) return true
    // The moved places are in the queue: take them out (with what stands before) and put back.
    const taken: Place[] = []
    while (requeue.size > 0) {
      const top = queue.pop()
      taken.push(top)
      requeue.delete(top)
    }
    for (let i = taken.length - 1; i >= 0; i--) queue.add(taken[i]!)
    return true
  }
  let frequency = 0
  let place = queue.pop()
  let length = end - place.position
  let following = queue.top().position
  while (advance(place)) {
    if (place.group !== null && !separate(place)) break
    if (place.position > following) {
      if (length <= slop) frequency += 1 / (1 + length)
      queue.add(place)
      place = queue.pop()
      following = queue.top().position
      length = end - place.position
    } else {
      length = Math.min(length, end - place.position)
    }
  }
  if (length <= slop) frequency += 1 / (1 + length)
  return frequency
}

function repeatsATerm(terms: readonly number[]): boolean {
  for (let i = 1; i < terms.length; i++) {
    for (let j = 0; j < i; j++) if (terms[i] === terms[j]) return true
  }
  return false
}

function next(place: Place): boolean {
  if (place.at + 1 >= place.length) return false
  place.at++
  place.position = place.list[place.at]! - place.offset
  return true
}

function collision(place: Place): Place | null {
  const at = place.position + place.offset
  for (const other of place.group!) {
    if (other !== place && other.position + other.offset === at) return other
  }
  return null
}

function lesser(a: Place, b: Place): Place {
  return a.position < b.position || (a.position === b.position && a.offset < b.offset) ? a : b
}

/** Lucene's `PhraseQueue`: the least position first, then the least offset, then the first. */
function before(a: Place, b: Place): boolean {
  if (a.position !== b.position) return a.position < b.position
  if (a.offset !== b.offset) return a.offset < b.offset
  return a.ord < b.ord
}

class PlaceQueue {
  private readonly heap: Place[] = []

  add(place: Place): void {
    const heap = this.heap
    heap.push(place)
    let at = heap.length - 1
    while (at > 0) {
      const parent = (at - 1) >> 1
      if (!before(heap[at]!, heap[parent]!)) break
      ;[heap[at], heap[parent]] = [heap[parent]!, heap[at]!]
      at = parent
    }
  }

  top(): Place {
    return this.heap[0]!
  }

  pop(): Place {
    const heap = this.heap
    const top = heap[0]!
    const last = heap.pop()!
    if (heap.length > 0) {
      heap[0] = last
      let at = 0
      for (;;) {
        const left = at * 2 + 1
        const right = left + 1
        let least = at
        if (left < heap.length && before(heap[left]!, heap[least]!)) least = left
        if (right < heap.length && before(heap[right]!, heap[least]!)) least = right
        if (least === at) break
        ;[heap[at], heap[least]] = [heap[least]!, heap[at]!]
        at = least
      }
    }
    return top
  }
}
