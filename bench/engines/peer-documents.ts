/**
 * What the peer engines (plain MiniSearch, Orama) index and filter on, taken from the same
 * documents with the same text as ours, and the mix translated into their terms. They have no
 * phrases, so a phrase is its words ANDed; the rest of the mix means the same everywhere.
 */
import { searchableText } from '../../packages/core/src/documents/document-fields.js'
import type { CatalogueDocument } from '../../packages/core/src/index.js'
import type { MixQuery } from '../query-mix.js'

/** One document as the peers hold it: its searchable text and the fields filters and facets read. */
export interface PeerDocument {
  id: number
  title: string
  text: string
  terms: string
  category: string
  formats: string[]
  subjects: string[]
  creators: string[]
  online: boolean
  start: number
  group: string
}

export function peerDocument(id: number, document: CatalogueDocument): PeerDocument {
  const text = searchableText(document)
  const titles = (references: { title?: string | null }[] | undefined) =>
    (references ?? []).flatMap((reference) => (reference.title ? [reference.title] : []))
  const years = ('dates' in document ? (document.dates ?? []) : [])
    .map((date) => Number.parseInt(date.begin ?? '', 10))
    .filter((year) => !Number.isNaN(year))
  return {
    id,
    title: text.title,
    text: [text.description, ...text.notes.flat(), ...text.items]
      .filter((value) => value.trim() !== '')
      .join('\n'),
    terms: text.terms.filter((value) => value.trim() !== '').join('\n'),
    category: document.category,
    formats: 'formats' in document ? document.formats : [],
    subjects: titles('terms' in document ? document.terms : []),
    creators: titles(document.type === 'collection' ? document.creators : []),
    online: 'online' in document ? document.online === true : false,
    start: years.length > 0 ? Math.min(...years) : 0,
    group: document.group.identifier,
  }
}

/** A mix query as the peers take it. */
export interface PeerQuery {
  words: string[]
  /** The words that are prefixes (`heal*`). */
  prefixes: Set<string>
  category?: string
  startFrom?: number
  sort?: 'title' | '-start_date'
  offset: number
  limit: number
}

export function peerQuery({ params }: MixQuery): PeerQuery {
  const raw = (params.query ?? '').replaceAll('"', '').split(/\s+/).filter(Boolean)
  const prefixes = new Set(raw.filter((w) => w.endsWith('*')).map((w) => w.slice(0, -1)))
  return {
    words: raw.map((word) => word.replace(/\*$/, '')),
    prefixes,
    ...(params.category ? { category: params.category } : {}),
    ...(params.start_date__gte ? { startFrom: Number(params.start_date__gte) } : {}),
    ...(params.sort ? { sort: params.sort as PeerQuery['sort'] } : {}),
    offset: Number(params.offset ?? 0),
    limit: Number(params.limit ?? 50),
  }
}

/** Whether a document passes a query's filters. */
export function passes(document: PeerDocument, query: PeerQuery): boolean {
  if (query.category !== undefined && document.category !== query.category) return false
  if (query.startFrom !== undefined && document.start < query.startFrom) return false
  return true
}

/**
 * What `/search` does with the hits: one result per group, ranked by best score (or sorted),
 * the page of them, and each group's hit count.
 */
export function groupHits(
  hits: { id: number; score: number }[],
  documents: PeerDocument[],
  query: PeerQuery,
): { group: string; hits: number }[] {
  const groups = new Map<
    string,
    { group: string; hits: number; best: number; title: string; start: number }
  >()
  for (const hit of hits) {
    const document = documents[hit.id]!
    const found = groups.get(document.group)
    if (found) {
      found.hits++
      if (hit.score > found.best) found.best = hit.score
    } else {
      groups.set(document.group, {
        group: document.group,
        hits: 1,
        best: hit.score,
        title: document.title,
        start: document.start,
      })
    }
  }
  const ranked = [...groups.values()]
  if (query.sort === 'title')
    ranked.sort((a, b) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0))
  else if (query.sort === '-start_date') ranked.sort((a, b) => b.start - a.start)
  else ranked.sort((a, b) => b.best - a.best)
  return ranked.slice(query.offset, query.offset + query.limit)
}

/** Facet counts of a set of documents, counted from their objects. */
export function countFacets(documents: Iterable<PeerDocument>) {
  const formats = new Map<string, number>()
  const subjects = new Map<string, number>()
  const creators = new Map<string, number>()
  let online = 0
  const add = (counts: Map<string, number>, keys: string[]) => {
    for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  for (const document of documents) {
    add(formats, document.formats)
    add(subjects, document.subjects)
    add(creators, document.creators)
    if (document.online) online++
  }
  const top = (counts: Map<string, number>, limit: number) =>
    [...counts].sort((a, b) => b[1] - a[1]).slice(0, limit)
  return {
    formats: top(formats, 10),
    subjects: top(subjects, 100),
    creators: top(creators, 100),
    online,
  }
}
