/**
 * The records of a reader's list (`/mylist?uri=…`), read in one bounded batch: the collections and
 * objects in one `myList` call (the backend resolves and groups them by top-level collection, as
 * `POST /api/mylist` answers), the agents and terms by their details. A uri the catalogue does
 * not hold (any more) is listed as gone, never an error of the whole page.
 */
import { type CatalogueBackend, type MyList, NotFoundError } from '@archive-catalogue/core'

/** Most records one page or CSV of a list shows: a reader's list, not a catalogue export. */
export const MAX_LISTED = 500

export type ListedType = 'collection' | 'object' | 'agent' | 'term'

export interface ListedRecord {
  uri: string
  title: string
  type: ListedType
  /** As written (`1959-1970`), '' when undated. */
  dates: string
  /** Its parent, for a component; null at the top level and for agents and terms. */
  parent: { title: string; uri: string } | null
  /** `44.15 Cubic Feet; 2 Boxes`, '' when none. */
  extent: string
}

export interface ListGroup {
  /** A top-level collection's records, or the agents' or the terms'. */
  kind: 'collection' | 'agent' | 'term'
  /** The top-level collection's title ('' for agents and terms). */
  title: string
  /** Its page, when the list holds the collection itself (its uri costs no call then). */
  uri: string | null
  records: ListedRecord[]
}

export interface ListRead {
  /** The uris read, in the list's order, without repeats, at most `MAX_LISTED`. */
  uris: string[]
  /** How many different uris the list has (more than `uris` when capped). */
  total: number
  groups: ListGroup[]
  /** The uris the catalogue does not hold. */
  gone: string[]
}

const URI = /^\/(collections|objects|agents|terms)\/[^/?#\s]+$/

/** The list's uris as a reader's browser sent them: trimmed, without repeats, in order. */
export function listedUris(values: readonly string[]): string[] {
  const seen = new Set<string>()
  for (const value of values) {
    const uri = value.trim().replace(/\/+$/, '')
    if (uri !== '') seen.add(uri)
  }
  return [...seen]
}

export async function readMyList(
  backend: CatalogueBackend,
  values: readonly string[],
): Promise<ListRead> {
  const all = listedUris(values)
  const uris = all.slice(0, MAX_LISTED)
  const byType = (...prefixes: string[]) =>
    uris.filter((uri) => URI.test(uri) && prefixes.some((prefix) => uri.startsWith(prefix)))
  // In the list's order: the backend groups them in the order first saved.
  const components = byType('/collections/', '/objects/')
  const [saved, agents, terms] = await Promise.all([
    components.length > 0 ? backend.myList(components) : [],
    details(backend, 'agent', byType('/agents/')),
    details(backend, 'term', byType('/terms/')),
  ])
  const groups: ListGroup[] = saved.map(collectionGroup)
  if (agents.length > 0) groups.push({ kind: 'agent', title: '', uri: null, records: agents })
  if (terms.length > 0) groups.push({ kind: 'term', title: '', uri: null, records: terms })
  const found = new Set(groups.flatMap((group) => group.records.map((record) => record.uri)))
  return { uris, total: all.length, groups, gone: uris.filter((uri) => !found.has(uri)) }
}

function collectionGroup(group: MyList[number]): ListGroup {
  const records = group.items.map(
    (item): ListedRecord => ({
      uri: item.uri,
      title: item.title,
      type: item.uri.startsWith('/objects/') ? 'object' : 'collection',
      dates: item.dates,
      parent:
        item.parent !== null && item.parent_ref !== null
          ? { title: item.parent, uri: item.parent_ref }
          : null,
      extent: (item.extents ?? []).map((extent) => `${extent.value} ${extent.type}`).join('; '),
    }),
  )
  const top = records.find(
    (record) =>
      record.parent === null && record.type === 'collection' && record.title === group.title,
  )
  return { kind: 'collection', title: group.title, uri: top?.uri ?? null, records }
}

/** Details read side by side at most: a remote backend is not sent 500 requests at once. */
const SIDE_BY_SIDE = 16

/** Agents' or terms' details (at most `MAX_LISTED`); an unknown one is left out. */
async function details(
  backend: CatalogueBackend,
  type: 'agent' | 'term',
  uris: string[],
): Promise<ListedRecord[]> {
  const readOne = async (uri: string) => {
    try {
      return await backend.detail(type, uri.slice(uri.lastIndexOf('/') + 1))
    } catch (error) {
      if (error instanceof NotFoundError) return null
      throw error
    }
  }
  const read: Awaited<ReturnType<typeof readOne>>[] = []
  for (let at = 0; at < uris.length; at += SIDE_BY_SIDE) {
    read.push(...(await Promise.all(uris.slice(at, at + SIDE_BY_SIDE).map(readOne))))
  }
  return read.flatMap((detail) => {
    if (detail === null) return []
    const dates = 'dates' in detail ? (detail.dates ?? []) : []
    const written = dates
      .map((date) => date.expression || [date.begin, date.end].filter(Boolean).join('–'))
      .filter((text) => text !== '')
    return [
      {
        uri: detail.uri,
        title: detail.title,
        type,
        dates: written.join(', '),
        parent: null,
        extent: '',
      },
    ]
  })
}
