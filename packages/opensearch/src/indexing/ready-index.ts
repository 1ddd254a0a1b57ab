import type { Client } from '@opensearch-project/opensearch'
import { OpenSearchError } from '../cluster/opensearch-error.js'
import { call } from './push-call.js'

/** Options of {@link makeReady}. */
export interface ReadyOptions {
  /** Replicas to make: a number, or `auto` (one when the cluster has a second node). */
  replicas: number | 'auto'
  /** How long the replicas may take, in milliseconds. */
  timeoutMs: number
  signal?: AbortSignal | undefined
}

/** The cluster health API waits this long at most per call, so an abort is heard in time. */
const HEALTH_WAIT_S = 10

/**
 * Makes a loaded index ready to serve: its replicas made and started (the index green), the
 * default refresh back, and every acknowledged document visible. Until then the alias must not
 * move: an index with one copy of a shard loses answers with the node that holds it.
 * @throws {OpenSearchError} when the replicas are not all active within `timeoutMs`, or the
 * index holds another number of documents than `expected`
 */
export async function makeReady(
  client: Client,
  index: string,
  url: string,
  expected: number,
  options: ReadyOptions,
): Promise<void> {
  const replication =
    options.replicas === 'auto'
      ? { auto_expand_replicas: '0-1' }
      : { number_of_replicas: options.replicas }
  await call(url, () =>
    client.indices.putSettings({
      index,
      // null puts the default back (1 s); the client's types do not know it.
      body: { index: { refresh_interval: null as unknown as string, ...replication } },
    }),
  )
  await waitForGreen(client, index, url, options)
  await call(url, () => client.indices.refresh({ index }))
  const { body } = await call(url, () => client.count({ index }))
  if (body.count !== expected) {
    throw new OpenSearchError(
      'E_CLUSTER',
      `${index} at ${url} holds ${body.count} documents after a refresh; ${expected} were acknowledged`,
    )
  }
}

interface IndexHealth {
  status: string
  timed_out: boolean
  active_shards: number
  initializing_shards: number
  unassigned_shards: number
  number_of_nodes: number
}

/** Waits until every shard copy of `index` is active (green), or fails after `timeoutMs`. */
async function waitForGreen(
  client: Client,
  index: string,
  url: string,
  { replicas, timeoutMs, signal }: ReadyOptions,
): Promise<void> {
  const deadline = performance.now() + timeoutMs
  let health: IndexHealth | undefined
  while (performance.now() < deadline) {
    signal?.throwIfAborted()
    const seconds = Math.max(
      1,
      Math.min(HEALTH_WAIT_S, Math.ceil((deadline - performance.now()) / 1000)),
    )
    const response = await call(url, () =>
      client.cluster.health(
        { index, wait_for_status: 'green', timeout: `${seconds}s` },
        // 408 is the API's "not green yet" when its timeout runs out.
        { ignore: [408], requestTimeout: (seconds + 30) * 1000 },
      ),
    )
    health = response.body as unknown as IndexHealth
    if (health.status === 'green' && !health.timed_out) return
  }
  const copies = health
    ? ` (${health.status}: ${health.active_shards} shard copies active, ${health.initializing_shards} starting, ${health.unassigned_shards} unassigned, on ${health.number_of_nodes} nodes)`
    : ''
  const wanted = replicas === 'auto' ? 'its replicas' : `${replicas} replicas of each shard`
  throw new OpenSearchError(
    'E_CLUSTER',
    `${index} at ${url} did not have ${wanted} within ${Math.round(timeoutMs / 1000)} s${copies}; ` +
      'the alias was left where it was. Ask for fewer replicas than the cluster has nodes (--replicas), or give it more time',
  )
}
