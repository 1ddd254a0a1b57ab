/**
 * `GET /{collections,objects,agents,terms}/{id}` (API.md §5): the document shaped by the contract,
 * its `offset` (its index among its parent's children) from one count of the siblings before it,
 * asked with the check that the parent is a collection.
 */
import type { DetailOf, DocumentType } from '@archive-catalogue/core'
import { detailOf, parentUri } from '@archive-catalogue/core/backend'
import { type Cluster, type Dsl, searchIndex } from './cluster.js'
import { documentByUri, type StoredDocument } from './documents.js'

export async function detail<T extends DocumentType>(
  cluster: Cluster,
  type: T,
  id: string,
  signal?: AbortSignal,
): Promise<DetailOf[T]> {
  const stored = await documentByUri(cluster, `/${type}s/${id}`, signal)
  const inTree = stored.document.type === 'collection' || stored.document.type === 'object'
  return detailOf<T>(stored.document, inTree ? await siblingsBefore(cluster, stored, signal) : null)
}

/**
 * A document's index among its parent's children (ordered by `position`, then catalogue
 * order); null when its parent is not a collection of the catalogue.
 */
async function siblingsBefore(
  cluster: Cluster,
  { document, order }: StoredDocument,
  signal?: AbortSignal,
): Promise<number | null> {
  const parent = 'parent' in document ? parentUri(document.parent) : null
  if (!parent?.startsWith('/collections/') || parent === document.uri) return null
  const position = 'position' in document ? document.position : 0
  const parentFound: Dsl = {
    bool: { filter: [{ ids: { values: [parent] } }, { term: { type: 'collection' } }] },
  }
  const before: Dsl = {
    bool: {
      filter: [
        { term: { 'derived.parent': parent } },
        { terms: { type: ['collection', 'object'] } },
        {
          bool: {
            should: [
              { range: { position: { lt: position } } },
              {
                bool: {
                  filter: [{ term: { position } }, { range: { 'derived.order': { lt: order } } }],
                },
              },
            ],
            minimum_should_match: 1,
          },
        },
      ],
    },
  }
  // Both counts in one request: a filters aggregation counts each exactly, on any number of
  // shards, over the documents either matches.
  const body = await searchIndex(
    cluster,
    {
      size: 0,
      track_total_hits: false,
      query: { bool: { should: [parentFound, before], minimum_should_match: 1 } },
      aggs: { counts: { filters: { filters: { parent: parentFound, before } } } },
    },
    signal,
    { filterPath: ['aggregations.counts.buckets.*.doc_count'] },
  )
  const counts = body.aggregations!['counts'] as {
    buckets: Record<'parent' | 'before', { doc_count: number }>
  }
  return counts.buckets.parent.doc_count === 0 ? null : counts.buckets.before.doc_count
}
