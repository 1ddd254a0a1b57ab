/**
 * Waits until the nodes just started serve HTTP and the cluster, with all of them (and any
 * others already running), is green, or settled at yellow on data whose replicas have nowhere to
 * go; fails early when one of those JVMs exits.
 */
import { setTimeout as delay } from 'node:timers/promises'
import type { NodeProcess } from './node-process.js'

/** How the cluster was when the wait ended. */
export type SettledStatus = 'green' | 'yellow'

/** The fields of `GET /_cluster/health` read here. */
interface Health {
  status?: string
  timed_out?: boolean
  number_of_nodes?: number
  initializing_shards?: number
  relocating_shards?: number
  unassigned_shards?: number
  delayed_unassigned_shards?: number
  number_of_in_flight_fetch?: number
  number_of_pending_tasks?: number
}

/** Rejects as soon as any of the nodes exits. */
function firstExit(nodes: NodeProcess[]): Promise<never> {
  return Promise.race(
    nodes.map((node) =>
      node.exited.then((code) => {
        throw new Error(`${node.name} exited (${code}) while starting`)
      }),
    ),
  )
}

/** Rejects when `deadline` (a `performance.now()` time) passes. */
function timeoutAt(deadline: number, what: string, signal: AbortSignal): Promise<never> {
  const ms = Math.max(0, deadline - performance.now())
  return delay(ms, undefined, { signal }).then(() => {
    throw new Error(`OpenSearch was not ${what} within the time allowed`)
  })
}

/**
 * Yellow with every node there and nothing left to do: no shard initializing, relocating, held
 * back for a node that left (`delayed_timeout`) or waiting for the nodes to say what copies they
 * hold, and no cluster task queued. The replicas still unassigned then have no node to go to, as
 * when an index asks for more replicas than the other nodes can hold (one node, one replica).
 */
function settledYellow(health: Health, count: number): boolean {
  return (
    health.status === 'yellow' &&
    (health.number_of_nodes ?? 0) >= count &&
    health.initializing_shards === 0 &&
    health.relocating_shards === 0 &&
    health.delayed_unassigned_shards === 0 &&
    health.number_of_in_flight_fetch === 0 &&
    health.number_of_pending_tasks === 0
  )
}

/**
 * Asks the cluster health API, which itself waits for green (two seconds at a time), until the
 * cluster is green with at least `count` nodes, or settled at yellow twice in a row.
 */
async function healthSettled(
  url: string,
  count: number,
  signal: AbortSignal,
): Promise<SettledStatus> {
  // At least: a node being frozen may or may not have been dropped from the cluster yet.
  const nodes = encodeURIComponent(`>=${count}`)
  const query = `wait_for_status=green&wait_for_nodes=${nodes}&timeout=2s`
  let yellowBefore = false
  while (!signal.aborted) {
    try {
      const response = await fetch(`${url}/_cluster/health?${query}`, {
        signal: AbortSignal.any([signal, AbortSignal.timeout(10_000)]),
      })
      // Not green in time is a 408 with the same body.
      const health = (await response.json()) as Health
      if (response.ok && health.status === 'green' && !health.timed_out) return 'green'
      const yellow = settledYellow(health, count)
      // Twice: a node that just joined may not have been asked for its copies yet.
      if (yellow && yellowBefore) return 'yellow'
      yellowBefore = yellow
    } catch {
      // No cluster manager elected yet (503) or the node is still binding: ask again.
      yellowBefore = false
    }
    await delay(250, undefined, { signal })
  }
  return 'yellow'
}

/**
 * Once each starting node printed `ready` and the cluster, asked through the first of them, has
 * at least `clusterNodes` nodes and is green, or settled at yellow (see `settledYellow`): how it
 * is, and every starting node's URL.
 *
 * @param deadline a `performance.now()` time after which to give up
 * @param clusterNodes the nodes the cluster must count, these and the others running
 */
export async function waitForGreen(
  nodes: NodeProcess[],
  deadline: number,
  clusterNodes = nodes.length,
): Promise<{ urls: string[]; status: SettledStatus }> {
  const cancel = new AbortController()
  const exit = firstExit(nodes)
  exit.catch(() => {})
  try {
    const urls = await Promise.race([
      Promise.all(nodes.map((node) => node.ready)),
      exit,
      timeoutAt(deadline, 'serving HTTP', cancel.signal),
    ])
    const status = await Promise.race([
      healthSettled(urls[0]!, clusterNodes, cancel.signal),
      exit,
      timeoutAt(deadline, `green with ${clusterNodes} node(s)`, cancel.signal),
    ])
    return { urls, status }
  } finally {
    cancel.abort()
  }
}
