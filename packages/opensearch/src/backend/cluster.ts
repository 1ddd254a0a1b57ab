/**
 * One request to the cluster on behalf of an endpoint: the caller's signal aborts it, and its
 * failures become the core's errors, so front ends map them as they map the in-memory ones
 * (a down or slow cluster is a 503, an unknown id a 404).
 */
import { BackendUnavailableError, NotFoundError } from '@archive-catalogue/core'
import { type Client, errors } from '@opensearch-project/opensearch'
import { type AttemptOptions, attempted } from '../cluster/attempts.js'
import { describeClientError, isUnreachable } from '../cluster/client-errors.js'
import { untilAborted } from '../cluster/until-aborted.js'

/** A DSL object. */
export type Dsl = Record<string, unknown>

/** A search answer, as far as the endpoints read it. */
export interface SearchBody {
  /** The shards searched: one unless the index was pushed with more. */
  _shards?: { total: number }
  hits: {
    total?: { value: number }
    hits: {
      _id: string
      _score: number | null
      _source?: Record<string, unknown>
      fields?: Record<string, unknown[]>
      sort?: unknown[]
    }[]
  }
  aggregations?: Record<string, unknown>
  suggest?: Record<string, unknown>
}

/** The cluster behind a backend: its client, the alias read, and how it is named in errors. */
export interface Cluster {
  /** The client over every node (`cluster/cluster-client.ts`): attempts, retries, dead nodes. */
  client: Client
  /** The alias every endpoint reads. */
  index: string
  /** `OpenSearch at <urls> (alias <index>)`. */
  name: string
  /** How long one call may take, its attempts on several nodes included. */
  timeoutMs: number
  /** How long one attempt may take before the call is tried again (`cluster/attempts.ts`). */
  attemptTimeoutMs: number
  /** Tries on other nodes after an attempt a node refused or failed. */
  retries: number
  /** Finds the nodes that hang, after an attempt timed out. */
  probe: () => Promise<void>
  /**
   * The `shard_size` that made each terms aggregation exact on the index read now, by
   * aggregation (`exact-terms.ts`), so the next request asks for it at once; emptied when the
   * alias moves.
   */
  shardSizes: Map<string, number>
  /**
   * The `preference` of reads now: the nodes that answer while another hangs
   * (`cluster/hung-nodes.ts`), else none.
   */
  preference: () => string | undefined
  /**
   * The most groups one request lists when `/search` counts its groups: below the cluster's
   * `search.max_buckets` (65,535 unless its operator changed it), which refuses more.
   */
  maxBuckets: number
}

/**
 * Runs a client call with the caller's signal, mapping errors: unreachable, timed out or aborted
 * to a `BackendUnavailableError` naming the cluster, 404 to a `NotFoundError`. The client tries
 * another node when one fails or does not answer in an attempt's time; the call as a whole gives
 * up after `timeoutMs`, whatever its attempts are doing.
 */
export async function clusterCall<T>(
  cluster: Cluster,
  signal: AbortSignal | undefined,
  request: (options: AttemptOptions) => Promise<{ body: T }>,
): Promise<T> {
  signal?.throwIfAborted()
  const budget = AbortSignal.timeout(cluster.timeoutMs)
  const stop = signal ? AbortSignal.any([signal, budget]) : budget
  const pending = attempted(request, {
    attemptTimeoutMs: cluster.attemptTimeoutMs,
    deadline: performance.now() + cluster.timeoutMs,
    retries: cluster.retries,
    onTimeout: cluster.probe,
    stop,
  })
  // The request itself is left to finish (bounded by its attempts' timeouts) and its answer
  // dropped: the client's own abort() throws its RequestAbortedError as an uncaught exception
  // from the socket's 'abort' event (opensearch-js 3.9).
  pending.catch(() => {})
  let body: T
  try {
    body = (await untilAborted(pending, stop)).body
  } catch (error) {
    if (signal?.aborted) throw signal.reason
    if (budget.aborted) {
      throw new BackendUnavailableError(
        `${cluster.name} did not answer within ${cluster.timeoutMs / 1000} s`,
        { cause: error },
      )
    }
    if (error instanceof errors.ResponseError && error.statusCode === 404) {
      throw new NotFoundError()
    }
    if (isUnreachable(error)) {
      throw new BackendUnavailableError(
        `${cluster.name} did not answer: ${describeClientError(error)}`,
        { cause: error },
      )
    }
    throw new BackendUnavailableError(`${cluster.name}: ${describeClientError(error)}`, {
      cause: error,
    })
  }
  return whole(cluster, body)
}

/**
 * The answer, unless part of it is missing: a shard that failed (its node lost while the cluster
 * moves its copies) or a document that could not be read. OpenSearch answers such a request
 * with what the other shards found, which the endpoints would serve as a shorter list or a 404
 * for a document that exists: a 503 is the truthful answer.
 */
function whole<T>(cluster: Cluster, body: T): T {
  const { _shards: shards, docs } = (body ?? {}) as {
    _shards?: { total?: number; failed?: number; failures?: { reason?: { reason?: string } }[] }
    docs?: { error?: { reason?: string } }[]
  }
  if (shards?.failed) {
    const reason = shards.failures?.[0]?.reason?.reason
    throw new BackendUnavailableError(
      `${cluster.name}: ${shards.failed} of ${shards.total} shards failed${reason ? ` (${reason})` : ''}`,
    )
  }
  const unread = docs?.find((doc) => doc.error)
  if (unread) {
    throw new BackendUnavailableError(
      `${cluster.name}: a document could not be read (${unread.error?.reason})`,
    )
  }
  return body
}

/** How a search is run. */
export interface SearchOptions {
  /**
   * Ordered by score: run as a `dfs_query_then_fetch`, which gathers the whole index's term
   * statistics before scoring, so a document scores as it would on one shard, whatever shard it
   * is on. (OpenSearch runs it as a plain search on an index of one shard, at no cost.)
   */
  scored?: boolean
  /** Only these parts of the answer (`filter_path`): less for the cluster to write and us to read. */
  filterPath?: readonly string[]
}

/** A search on the alias. */
export function searchIndex(
  cluster: Cluster,
  body: Dsl,
  signal: AbortSignal | undefined,
  { scored = false, filterPath }: SearchOptions = {},
): Promise<SearchBody> {
  return clusterCall<SearchBody>(
    cluster,
    signal,
    (options) =>
      cluster.client.search(
        {
          index: cluster.index,
          body,
          ...(scored ? { search_type: 'dfs_query_then_fetch' } : {}),
          ...(filterPath ? { filter_path: filterPath.join(',') } : {}),
          ...preferenceOf(cluster),
        } as never,
        options,
      ) as never,
  )
}

/** Documents by uri (their `_id`), in the order asked; null for those missing. */
export async function documentsByUri(
  cluster: Cluster,
  uris: readonly string[],
  signal: AbortSignal | undefined,
  source: boolean | string[] = true,
): Promise<(Record<string, unknown> | null)[]> {
  if (uris.length === 0) return []
  const body = await clusterCall<{
    docs: { found?: boolean; _source?: Record<string, unknown> }[]
  }>(
    cluster,
    signal,
    (options) =>
      cluster.client.mget(
        {
          index: cluster.index,
          body: { ids: [...uris] },
          _source: source,
          ...preferenceOf(cluster),
        } as never,
        options,
      ) as never,
  )
  return body.docs.map((doc) => (doc.found && doc._source ? doc._source : null))
}

/** The `preference` parameter of a read, when one is due. */
function preferenceOf(cluster: Cluster): { preference?: string } {
  const preference = cluster.preference()
  return preference === undefined ? {} : { preference }
}
