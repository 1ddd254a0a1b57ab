/**
 * The datestamps OAI-PMH harvests an index by, kept with each document (`derived.content_hash`,
 * `derived.datestamp`, doc values only): a push hashes each document's JSON and asks the index the alias was on
 * for the same documents, a batch at a time; one whose hash is the same keeps its datestamp,
 * a changed or new one gets the push's time. So a push of an unchanged catalogue leaves every
 * datestamp as it was, and one that changes a document moves that document's only.
 */
import { createHash } from 'node:crypto'
import type { Client } from '@opensearch-project/opensearch'
import { call } from './push-call.js'

/** A document's content hash and datestamp (seconds since 1970). */
export interface Stamp {
  content_hash: number
  datestamp: number
}

/** A 48-bit hash of a document's JSON text (exact in a float64 and an OpenSearch long). */
export function contentHash(json: string): number {
  return createHash('sha1').update(json.trimEnd()).digest().readUIntBE(0, 6)
}

/**
 * The stamps of a batch of documents: each keeps the previous index's datestamp when its hash
 * is the same there, else gets `seconds`.
 */
export async function stampsOf(
  client: Client,
  url: string,
  previous: string | undefined,
  batch: readonly { id: string; hash: number }[],
  seconds: number,
): Promise<Stamp[]> {
  const before = new Map<string, Partial<Stamp>>()
  if (previous !== undefined && batch.length > 0) {
    // `derived` is indexed, not kept in `_source`: read from the doc values.
    const response = await call(url, () =>
      client.search({
        index: previous,
        body: {
          query: { ids: { values: batch.map((entry) => entry.id) } },
          size: batch.length,
          _source: false,
          docvalue_fields: ['derived.content_hash', 'derived.datestamp'],
        },
      } as never),
    )
    const hits = (
      response.body as { hits: { hits: { _id: string; fields?: Record<string, number[]> }[] } }
    ).hits.hits
    for (const hit of hits) {
      const hash = hit.fields?.['derived.content_hash']?.[0]
      const datestamp = hit.fields?.['derived.datestamp']?.[0]
      if (hash !== undefined && datestamp !== undefined) {
        before.set(hit._id, { content_hash: hash, datestamp })
      }
    }
  }
  return batch.map(({ id, hash }) => {
    const old = before.get(id)
    const kept = old?.content_hash === hash && typeof old.datestamp === 'number'
    return { content_hash: hash, datestamp: kept ? old.datestamp! : seconds }
  })
}
