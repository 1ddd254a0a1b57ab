/**
 * What the endpoints search a catalogue with, one per catalogue (as tantivy's `Searcher` and
 * Lucene's `IndexSearcher` are one per index): the universes of documents, filters as bitsets,
 * the scored matches of a query, paging, documents by position and id, and hit counts below a
 * node of the tree. Each endpoint (one file beside this one) is a few calls on it.
 */

import type { ParsedRequest } from '../api/parsed-request.js'
import {
  PreparedRecord,
  SNIPPET_TEXT_BUDGET,
  type SnippetSource,
  snippetFields,
} from '../api/snippets.js'
import type { CatalogueData } from '../catalogue-data/catalogue-data.js'
import {
  applyFilters,
  everyFilterCached,
  filterCache,
  filterCandidates,
} from '../columns/filters.js'
import { type RowComparator, selectTop } from '../columns/sorting.js'
import type { CatalogueDocument, DocumentType } from '../documents/documents.js'
import { type Matches, unionAll } from '../text/matches.js'
import { scoresAnything } from '../text/query-weight.js'
import { Bitset } from '../util/bitset.js'
import { NotFoundError } from '../util/catalogue-errors.js'
import { type CacheBudget, LruCache } from '../util/lru-cache.js'

/** What the records kept for snippets may hold at most, in bytes (about 2,000 records). */
const PREPARED_RECORDS_BYTES = 32 * 2 ** 20

/**
 * What the sets of queries' filtered matches may hold at most, in bytes (each an eighth of a
 * byte a document: about 130 sets at a million documents).
 */
const PASSING_MATCHES_BYTES = 16 * 2 ** 20

/** Hits at or below a node: all matching documents, and those of them online. */
export type HitCounts = (node: number) => { hits: number; online: number }

/**
 * A query matching fewer than one document in this many has its filters tested on each match
 * (a few nanoseconds each) instead of made into sets over the whole catalogue (a year bound is a
 * pass over every document's year, 3 to 4 ms at a million).
 */
const FEW_MATCHES = 8

/** `<`, which opens markup: a value holding one may show words the index reads apart. */
const LESS_THAN = 0x3c

/** A catalogue's searcher: its data, the filter cache and the buffers requests reuse. */
export class CatalogueSearcher {
  readonly data: CatalogueData
  /** Every document. */
  readonly everything: Bitset
  private scores: Float32Array | undefined
  private readonly filters = filterCache()
  /**
   * The records whose snippets were made last, read and split into words (what a snippet reads
   * of a record does not depend on the query): a record shown again, as a popular collection
   * is, is marked without decoding or reading it again.
   */
  private readonly prepared = new LruCache<number, PreparedRecord>(
    PREPARED_RECORDS_BYTES,
    (_, record) => record.size,
  )
  /**
   * Of the queries filtered last, the matches that pass the filters, by query and filters: a
   * search page asks `/search` and `/facets` with the same ones (`filtered`).
   */
  private readonly passing = new LruCache<string, Bitset>(
    PASSING_MATCHES_BYTES,
    (key, set) => set.words.byteLength + key.length * 2,
  )
  /**
   * Its caches: the filters' documents, the filtered matches and the records prepared for
   * snippets.
   */
  readonly caches: readonly CacheBudget[] = [this.filters, this.passing, this.prepared]

  constructor(data: CatalogueData) {
    this.data = data
    this.everything = Bitset.full(data.size)
  }

  /**
   * A score per document, written by the request that uses it (no allocation per hit). Made
   * when first used: a thread that hands requests to workers never uses it.
   */
  get scoreBuffer(): Float32Array {
    this.scores ??= new Float32Array(this.data.size)
    return this.scores
  }

  /**
   * The document at a position as its snippets read it, kept for the next request; null when
   * it is not kept and can show no word of the request's query: the index says none of its
   * values holds one (`showsAny` false) and the snippets read every value as the index read it
   * ({@link readsAsIndexed}). Then it is neither parsed nor prepared.
   */
  snippetRecord(index: number, showsAny: boolean): PreparedRecord | null {
    let record = this.prepared.get(index)
    if (record === undefined) {
      if (!showsAny && this.readsAsIndexed(index)) return null
      record = new PreparedRecord(this.snippetSource(index), this.data.text.analyzer)
      this.prepared.set(index, record)
    }
    return record
  }

  /**
   * Whether the snippets read every value of the document at a position as the index read it:
   * its text holds no markup and is shorter than a record's snippet budget, so no value is cut
   * ({@link PreparedRecord}). The stored text is JSON as `JSON.stringify` writes it, where a
   * `<` is never escaped.
   */
  private readsAsIndexed(index: number): boolean {
    return this.data.documents.shorterWithout(index, SNIPPET_TEXT_BUDGET, LESS_THAN)
  }

  /** Parses the document at a position. */
  document(index: number): CatalogueDocument {
    return JSON.parse(this.data.documents.text(index)) as CatalogueDocument
  }

  /**
   * What the snippets read of the document at a position, and only that parsed: a collection's
   * `children`, ancestors and agents are most of its text, and none of it is shown.
   */
  snippetSource(index: number): SnippetSource {
    const fields = snippetFields(this.data.types.get(index))
    return JSON.parse(this.data.documents.fieldsText(index, fields)) as SnippetSource
  }

  /** The position of the document of a type and id; a {@link NotFoundError} when there is none. */
  indexOf(type: DocumentType, id: string): number {
    const index = this.data.uriIndex.get(`/${type}s/${id}`)
    if (index === undefined) throw new NotFoundError()
    return index
  }

  /**
   * The documents of `universe` that pass the request's filters. With a query, only those it
   * matches are sure to be right: every endpoint reads the set there alone. The set may be
   * shared (the universe itself, or one kept for the next request): never changed.
   */
  filtered(request: ParsedRequest, universe: Bitset): Bitset {
    if (request.filters.length === 0) return universe
    const { columns, keys } = this.data
    const matches = this.matches(request)
    // A query's endpoints read the set at its matches alone: few, they are tested one by one,
    // unless every filter's set is kept already (a front end repeats its filters).
    if (
      matches &&
      matches.ids.length * FEW_MATCHES < universe.size &&
      !everyFilterCached(request.filters, this.filters)
    ) {
      // Kept over every document, so that endpoints of other universes share it.
      const key = JSON.stringify([request.query, request.filters])
      let passing = this.passing.get(key)
      if (!passing) {
        passing = filterCandidates(
          columns,
          keys,
          request.filters,
          this.everything,
          matches.ids,
          this.filters,
        )
        this.passing.set(key, passing)
      }
      return universe === this.everything ? passing : passing.clone().and(universe)
    }
    return applyFilters(columns, keys, request.filters, universe, this.filters)
  }

  /** The documents the request's query matches (scores not read), or null when it has none. */
  matches(request: ParsedRequest): Matches | null {
    return request.query ? this.data.text.evaluate(request.query) : null
  }

  /**
   * The documents the request's query matches among `allowed` (its filters and the endpoint's
   * universe, named by `universe`), scored: what a ranking reads. Null without a query.
   * @param ranking for a ranking of groups by their best document: only the groups up to the
   *   request's page need exact scores
   */
  rankedMatches(
    request: ParsedRequest,
    allowed: Bitset,
    universe: string,
    ranking?: 'groups',
  ): Matches | null {
    const query = request.query
    if (!query) return null
    const text = this.data.text
    // A term's postings hold its scores, and `*` and exclusions score nothing: the matches as
    // they are, the filters applied by the endpoint.
    if (query.kind === 'term' || !scoresAnything(query)) return text.evaluate(query)
    const key = `?${JSON.stringify(query)}|${universe}|${JSON.stringify(request.filters)}`
    const groups =
      ranking === 'groups'
        ? { groupOf: this.data.groupOf, groups: request.offset + request.limit }
        : undefined
    return text.score(query, (id) => allowed.has(id), key, groups)
  }

  /**
   * What the request's query excludes when it matches everything else (`*`, `-a -b`; no query
   * at all is null), or undefined when it matches anything less. Nothing of such a query scores.
   */
  exclusions(request: ParsedRequest): Matches | null | undefined {
    const query = request.query
    if (query === null || query.kind === 'all') return null
    const parts = query.kind === 'and' ? query.children : [query]
    const excluded = parts.flatMap((part) => (part.kind === 'not' ? [part.child] : []))
    if (excluded.length < parts.length) return undefined
    const text = this.data.text
    return unionAll(
      excluded.map((node) => text.evaluate(node)),
      text.size,
    )
  }

  /** The first `offset + limit` rows in order, then the page of them. */
  page(rows: ArrayLike<number>, request: ParsedRequest, compare: RowComparator): number[] {
    return selectTop(rows, request.offset + request.limit, compare).slice(request.offset)
  }

  /**
   * Counts of documents at or below any node of the tree that match the request's query and
   * filters, or null when there is no query (the reference service counts only then). The
   * matches are marked once in a bitset over pre-order numbers, so a node's count is a popcount
   * over its subtree's interval.
   */
  hitCounts(request: ParsedRequest): HitCounts | null {
    const matches = this.matches(request)
    if (!matches) return null
    const { preorder, subtreeSize, byPreorder } = this.data.hierarchy
    const allowed = this.filtered(request, this.everything)
    const online = this.data.online
    const hits = new Bitset(byPreorder.length)
    const onlineHits = new Bitset(byPreorder.length)
    const { ids } = matches
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i]!
      const number = preorder[id]!
      if (number < 0 || !allowed.has(id)) continue
      hits.add(number)
      if (online.has(id)) onlineHits.add(number)
    }
    return (node) => {
      const start = preorder[node]!
      if (start < 0) return { hits: 0, online: 0 }
      const end = start + subtreeSize[node]!
      return { hits: hits.countRange(start, end), online: onlineHits.countRange(start, end) }
    }
  }
}
