/**
 * A page of a harvest in memory: the collections and objects in catalogue order from a cursor
 * (a catalogue position), of the sets asked, within the datestamps asked. The scan reads
 * columns only (types, the online bitset, each document's group, the tree's parents, the
 * datestamps), a few nanoseconds a document; it looks one match past the page, so that `next`
 * is null exactly when nothing is left (OAI-PMH has no empty pages).
 */
import type { HarvestedRecord, HarvestRequest, HarvestSet } from '../api/backend.js'
import { NO_PARENT } from '../api/hierarchy.js'
import type { CatalogueData } from '../catalogue-data/catalogue-data.js'

export function harvest(
  data: CatalogueData,
  stamps: Float64Array,
  groupIndex: (uri: string) => number | undefined,
  request: HarvestRequest,
): { records: HarvestedRecord[]; next: string | null } {
  const accepts = matcher(data, stamps, groupIndex, request)
  const records: HarvestedRecord[] = []
  let index = cursorOf(request.cursor)
  for (; index < data.size; index++) {
    if (!accepts(index)) continue
    if (records.length === request.limit) break
    records.push({ uri: data.uris.get(index), datestamp: stamps[index]! })
  }
  return { records, next: index < data.size ? String(index) : null }
}

function cursorOf(cursor: string | null | undefined): number {
  if (!cursor) return 0
  const index = Number(cursor)
  return Number.isSafeInteger(index) && index >= 0 ? index : Number.MAX_SAFE_INTEGER
}

/** Whether a document is in the harvest asked for. */
function matcher(
  data: CatalogueData,
  stamps: Float64Array,
  groupIndex: (uri: string) => number | undefined,
  { from, until, sets = [] }: HarvestRequest,
): (index: number) => boolean {
  const tests = sets.map((set) => setTest(data, groupIndex, set))
  const low = from ?? Number.NEGATIVE_INFINITY
  const high = until ?? Number.POSITIVE_INFINITY
  return (index) => {
    const type = data.types.get(index)
    if (type !== 'collection' && type !== 'object') return false
    const stamp = stamps[index]!
    if (stamp < low || stamp > high) return false
    for (const test of tests) if (!test(index)) return false
    return true
  }
}

function setTest(
  data: CatalogueData,
  groupIndex: (uri: string) => number | undefined,
  set: HarvestSet,
): (index: number) => boolean {
  switch (set.kind) {
    case 'type':
      return (index) => data.types.get(index) === set.type
    case 'online':
      return (index) => data.online.has(index)
    case 'top-level':
      return (index) =>
        data.types.get(index) === 'collection' && data.hierarchy.parentOf[index] === NO_PARENT
    case 'group': {
      const group = groupIndex(set.uri)
      return group === undefined ? () => false : (index) => data.groupOf[index] === group
    }
  }
}
