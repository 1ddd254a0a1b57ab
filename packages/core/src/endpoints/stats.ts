/** `catalogue stats` in memory: counted from the catalogue's columns. */

import type { CatalogueStats } from '../api/catalogue-stats.js'
import type { FacetBucket } from '../api/response-schemas.js'
import type { CatalogueData } from '../catalogue-data/catalogue-data.js'
import type { ValueColumn } from '../columns/value-column.js'
import type { DocumentType } from '../documents/documents.js'

type Column = ValueColumn<string> | ValueColumn<number>

/** Computes the stats from the catalogue's columns: one pass over the value ids, no document parsed. */
export function catalogueStats(data: CatalogueData, top = 10): CatalogueStats {
  const count = (type: DocumentType) => data.typeSets[type].count()
  const byType = {
    agent: count('agent'),
    collection: count('collection'),
    object: count('object'),
    term: count('term'),
  }
  return {
    documents: data.size,
    byType,
    byLevel: levels(data, byType.collection + byType.object),
    dates: dateCoverage(data),
    online: { documents: data.online.count(), of: byType.collection + byType.object },
    top: {
      creators: topKeys(data.columns.creator, top),
      subjects: topKeys(data.columns.subject, top),
      formats: topKeys(data.columns.formats, top),
    },
  }
}

/**
 * Collections and objects by level, from the `level` column (which holds theirs only, one each):
 * those it leaves out have none, `(no level)`.
 */
function levels(data: CatalogueData, described: number): FacetBucket[] {
  const { level } = data.columns
  const buckets = level.keys.map((key, id) => ({ key, doc_count: level.documentCount(id) }))
  const levelled = buckets.reduce((sum, bucket) => sum + bucket.doc_count, 0)
  if (described > levelled) buckets.push({ key: '(no level)', doc_count: described - levelled })
  return sortBuckets(buckets.filter((bucket) => bucket.doc_count > 0))
}

function dateCoverage(data: CatalogueData): CatalogueStats['dates'] {
  const { start_date: begins, end_date: ends } = data.columns
  const { types } = data
  const spans: [number, number][] = []
  let undated = 0
  // Loops, not `Math.min(...spans)`: a million arguments overflow the stack.
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY
  for (let id = 0; id < types.size; id++) {
    if (types.get(id) === 'term') continue
    const years = [...yearsOf(begins, id), ...yearsOf(ends, id)]
    if (years.length === 0) {
      undated++
      continue
    }
    const span: [number, number] = [Math.min(...years), Math.max(...years)]
    spans.push(span)
    min = Math.min(min, span[0])
    max = Math.max(max, span[1])
  }
  if (spans.length === 0) return { dated: 0, undated, min: null, max: null, decades: [] }
  const first = Math.floor(min / 10)
  // A difference array: each span costs two writes however many decades it covers.
  const delta = new Int32Array(Math.floor(max / 10) - first + 2)
  for (const [from, to] of spans) {
    delta[Math.floor(from / 10) - first]!++
    delta[Math.floor(to / 10) - first + 1]!--
  }
  const decades: { decade: number; documents: number }[] = []
  let running = 0
  for (let i = 0; i < delta.length - 1; i++) {
    running += delta[i]!
    decades.push({ decade: (first + i) * 10, documents: running })
  }
  return { dated: spans.length, undated, min, max, decades }
}

function yearsOf(column: Column, id: number): number[] {
  const years: number[] = []
  for (let i = column.valueOffsets[id]!; i < column.valueOffsets[id + 1]!; i++) {
    years.push(Number(column.keys[column.valueIds[i]!]))
  }
  return years
}

function topKeys(column: Column, top: number): FacetBucket[] {
  const buckets = column.keys.map((key, id) => ({
    key: String(key),
    doc_count: column.documentCount(id),
  }))
  return sortBuckets(buckets).slice(0, top)
}

/** Facet order: most documents first, then by key. */
function sortBuckets(buckets: FacetBucket[]): FacetBucket[] {
  return buckets.sort((a, b) => b.doc_count - a.doc_count || (a.key < b.key ? -1 : 1))
}
