/** Documents by uri, with their catalogue order (indexed, not in `_source`). */
import { type CatalogueDocument, NotFoundError } from '@archive-catalogue/core'
import { type Cluster, searchIndex } from './cluster.js'

/** A document as pushed, and its place in catalogue order. */
export interface StoredDocument {
  document: CatalogueDocument
  order: number
}

/** The document with this uri; a `NotFoundError` when there is none. */
export async function documentByUri(
  cluster: Cluster,
  uri: string,
  signal?: AbortSignal,
): Promise<StoredDocument> {
  const body = await searchIndex(
    cluster,
    {
      query: { ids: { values: [uri] } },
      size: 1,
      docvalue_fields: ['derived.order'],
      track_total_hits: false,
    },
    signal,
  )
  const hit = body.hits.hits[0]
  if (!hit?._source) throw new NotFoundError()
  return {
    document: hit._source as unknown as CatalogueDocument,
    order: Number(hit.fields?.['derived.order']?.[0] ?? 0),
  }
}
