/**
 * The documents whole, as pushed (`_source` less what the push derived), for the EAD export
 * and OAI-PMH: by uri (one `mget`); the top-level collections, and the harvest's records with
 * their datestamps (`indexing/datestamps.ts`), in catalogue order a page at a time after the
 * last one's order (`search_after`: no window, however many there are).
 */
import type {
  CatalogueDocument,
  HarvestedRecord,
  HarvestRequest,
  HarvestSet,
} from '@archive-catalogue/core'
import { type Cluster, documentsByUri, searchIndex } from './cluster.js'
import { CATALOGUE_ORDER } from './sort-dsl.js'

/** The documents at these uris, in the order asked; undefined for those it does not hold. */
export async function wholeDocuments(
  cluster: Cluster,
  uris: readonly string[],
  signal?: AbortSignal,
): Promise<(CatalogueDocument | undefined)[]> {
  const found = await documentsByUri(cluster, uris, signal)
  return found.map((source) => {
    if (!source) return undefined
    const { derived: _, ...document } = source
    return document as unknown as CatalogueDocument
  })
}

/**
 * A page of the uris of collections without a parent, in catalogue order; the cursor is the
 * catalogue order of the last one given.
 */
export async function topLevelCollections(
  cluster: Cluster,
  page: { cursor?: string | null; limit: number },
  signal?: AbortSignal,
): Promise<{ uris: string[]; next: string | null }> {
  const after = placeAfter(page.cursor)
  if (after === PAST_THE_END) return { uris: [], next: null }
  const body = await searchIndex(
    cluster,
    {
      query: {
        bool: {
          filter: [{ term: { type: 'collection' } }],
          must_not: [{ exists: { field: 'derived.parent' } }],
        },
      },
      sort: [CATALOGUE_ORDER],
      // One more than the page: a next page only when something is left (never an empty one).
      size: page.limit + 1,
      _source: false,
      track_total_hits: false,
      ...(after !== undefined ? { search_after: [after] } : {}),
    },
    signal,
  )
  const hits = body.hits.hits.slice(0, page.limit)
  const last = hits.at(-1)
  const uris = hits.map((hit) => hit._id as string)
  const next =
    body.hits.hits.length > page.limit && last?.sort?.[0] !== undefined
      ? String(last.sort[0])
      : null
  return { uris, next }
}

/**
 * A page of the harvest: collections and objects in catalogue order after the cursor (the last
 * one's order), of the sets asked, within the datestamps asked; one more is asked than the page
 * holds, so that `next` is null exactly when nothing is left.
 */
export async function harvestPage(
  cluster: Cluster,
  request: HarvestRequest,
  signal?: AbortSignal,
): Promise<{ records: HarvestedRecord[]; next: string | null }> {
  const after = placeAfter(request.cursor)
  const range = datestampRange(request)
  if (after === PAST_THE_END || range === PAST_THE_END) return { records: [], next: null }
  const body = await searchIndex(
    cluster,
    {
      query: {
        bool: {
          filter: [
            { terms: { type: ['collection', 'object'] } },
            ...(Object.keys(range).length > 0 ? [{ range: { 'derived.datestamp': range } }] : []),
            ...(request.sets ?? []).map(setFilter),
          ],
        },
      },
      sort: [CATALOGUE_ORDER],
      size: request.limit + 1,
      // `derived` is indexed, not kept in `_source`.
      _source: false,
      docvalue_fields: ['derived.datestamp'],
      track_total_hits: false,
      ...(after !== undefined ? { search_after: [after] } : {}),
    },
    signal,
  )
  const hits = body.hits.hits
  const page = hits.slice(0, request.limit)
  const records = page.map((hit) => ({ uri: hit._id as string, datestamp: stampOf(hit.fields) }))
  const last = page.at(-1)
  const next =
    hits.length > request.limit && last?.sort?.[0] !== undefined ? String(last.sort[0]) : null
  return { records, next }
}

const PAST_THE_END = Symbol('past the end')

/**
 * The catalogue order a page goes on after; none for the first page; `PAST_THE_END` for a
 * cursor that is no place in the catalogue (not a whole number from 0, or beyond the `integer`
 * `derived.order` is): nothing is after it, as in memory, where the cluster would refuse the
 * search (or a list begin again).
 */
function placeAfter(cursor: string | null | undefined): number | typeof PAST_THE_END | undefined {
  if (!cursor) return undefined
  const place = /^\d+$/.test(cursor) ? Number(cursor) : Number.NaN
  return Number.isSafeInteger(place) && place <= 2 ** 31 - 1 ? place : PAST_THE_END
}

/**
 * `from` and `until` as a range of whole seconds a `long` holds; `PAST_THE_END` when no
 * datestamp can be within them (the cluster would refuse a bound beyond a long).
 */
function datestampRange({
  from,
  until,
}: HarvestRequest): Record<string, number> | typeof PAST_THE_END {
  const range: Record<string, number> = {}
  const limit = Number.MAX_SAFE_INTEGER
  if (from !== undefined && from > limit) return PAST_THE_END
  if (until !== undefined && until < -limit) return PAST_THE_END
  if (from !== undefined && from > -limit) range.gte = Math.ceil(from)
  if (until !== undefined && until < limit) range.lte = Math.floor(until)
  return range
}

/** The datestamps of these uris, undefined for those it does not hold. */
export async function datestampsOf(
  cluster: Cluster,
  uris: readonly string[],
  signal?: AbortSignal,
): Promise<(number | undefined)[]> {
  if (uris.length === 0) return []
  const body = await searchIndex(
    cluster,
    {
      query: { ids: { values: [...uris] } },
      size: uris.length,
      _source: false,
      docvalue_fields: ['derived.datestamp'],
      track_total_hits: false,
    },
    signal,
  )
  const found = new Map(body.hits.hits.map((hit) => [hit._id as string, stampOf(hit.fields)]))
  return uris.map((uri) => found.get(uri))
}

/** The earliest datestamp of a collection or object; null when there is none. */
export async function earliestDatestamp(
  cluster: Cluster,
  signal?: AbortSignal,
): Promise<number | null> {
  const body = (await searchIndex(
    cluster,
    {
      query: { terms: { type: ['collection', 'object'] } },
      size: 0,
      track_total_hits: false,
      aggs: { earliest: { min: { field: 'derived.datestamp' } } },
    },
    signal,
  )) as { aggregations?: { earliest?: { value: number | null } } }
  const value = body.aggregations?.earliest?.value
  return typeof value === 'number' ? value : null
}

/**
 * A record's datestamp from its doc values: an index pushed before datestamps were kept has
 * none, and reads as 0 (1970): push it again to harvest it by date.
 */
function stampOf(fields: Record<string, unknown> | undefined): number {
  const value = (fields?.['derived.datestamp'] as unknown[] | undefined)?.[0]
  return typeof value === 'number' ? value : 0
}

function setFilter(set: HarvestSet): Record<string, unknown> {
  switch (set.kind) {
    case 'type':
      return { term: { type: set.type } }
    case 'online':
      return { term: { online: true } }
    case 'group':
      return { term: { 'group.identifier': set.uri } }
    case 'top-level':
      return {
        bool: {
          filter: [{ term: { type: 'collection' } }],
          must_not: [{ exists: { field: 'derived.parent' } }],
        },
      }
  }
}
