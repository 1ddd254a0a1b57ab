/**
 * Terms aggregations that count exactly on any number of shards.
 *
 * A terms aggregation asks each shard for its top `shard_size` values and adds up what came
 * back: a value that one shard did not send is under-counted, and the top of the list can be
 * wrong (on 3 shards, 11 of 100 subject buckets were short). It is exact when every shard sent
 * every value it holds, and OpenSearch says when that was so: a shard that sent fewer buckets
 * than it was asked for sent them all and adds 0 to the aggregation's
 * `doc_count_error_upper_bound`; one that sent a full list adds its last count, or -1 when the
 * order is not by count. So an answer whose every terms aggregation has an error bound of 0 is
 * exact, and one that is not is asked again with 8 times the `shard_size` until it is.
 *
 * The cost is where the values are many: each shard then sends all its values matching the query
 * (a few thousand subjects: a few hundred KB per shard). The size that was enough is kept per
 * aggregation until the alias moves to another index, so the next request asks for it at once. On one shard the first answer
 * is exact as it is (its order and counts are the shard's own).
 */
import { BackendUnavailableError } from '@archive-catalogue/core'
import { type Cluster, type Dsl, type SearchBody, searchIndex } from './cluster.js'

/** Beyond this many buckets per shard the cluster refuses (`search.max_buckets`). */
const MAX_SHARD_SIZE = 65_535

/**
 * The search, its terms aggregations at `paths` (a top-level name, or a nested aggregation and
 * its terms sub-aggregation: `['subject', 'values']`) exact.
 * @throws {BackendUnavailableError} when a value list needs more buckets than a shard may send
 */
export async function exactTermsSearch(
  cluster: Cluster,
  body: Dsl,
  paths: readonly (readonly string[])[],
  signal: AbortSignal | undefined,
): Promise<SearchBody> {
  const keys = paths.map((path) => `${cluster.index}/${path.join('/')}`)
  for (;;) {
    for (const [i, path] of paths.entries()) {
      const shardSize = cluster.shardSizes.get(keys[i]!)
      const terms = termsAt(body, path)
      if (shardSize !== undefined && shardSize > (terms['size'] as number)) {
        terms['shard_size'] = shardSize
      }
    }
    const answer = await searchIndex(cluster, body, signal)
    if ((answer._shards?.total ?? 1) <= 1) return answer
    const short = paths.flatMap((path, i) => (errorBound(answer, path) === 0 ? [] : [i]))
    if (short.length === 0) return answer
    for (const i of short) {
      const terms = termsAt(body, paths[i]!)
      const asked = (terms['shard_size'] as number | undefined) ?? defaultShardSize(terms)
      if (asked >= MAX_SHARD_SIZE) {
        throw new BackendUnavailableError(
          `${cluster.name}: ${paths[i]!.join('.')} has more than ${MAX_SHARD_SIZE} values on a shard; its counts cannot be made exact`,
        )
      }
      // Never smaller than what a request running beside this one found it needed.
      const known = cluster.shardSizes.get(keys[i]!) ?? 0
      cluster.shardSizes.set(keys[i]!, Math.max(known, Math.min(asked * 8, MAX_SHARD_SIZE)))
    }
  }
}

/** The `terms` object of the aggregation at `path` in a search body. */
function termsAt(body: Dsl, path: readonly string[]): Dsl {
  let aggregation = body as Dsl
  for (const name of path) aggregation = (aggregation['aggs'] as Dsl)[name] as Dsl
  return aggregation['terms'] as Dsl
}

/** The aggregation's `doc_count_error_upper_bound` in an answer (0 when it found no value). */
function errorBound(answer: SearchBody, path: readonly string[]): number {
  let aggregation = answer.aggregations as Dsl | undefined
  for (const name of path) aggregation = aggregation?.[name] as Dsl | undefined
  return (aggregation?.['doc_count_error_upper_bound'] as number | undefined) ?? 0
}

/** OpenSearch's own `shard_size` for a `size`: 1.5 × size + 10. */
function defaultShardSize(terms: Dsl): number {
  return Math.floor((terms['size'] as number) * 1.5 + 10)
}
