/**
 * Waits until every node serves HTTP and the cluster reports green with all of them, failing
 * early when a JVM exits.
 */
import { setTimeout as delay } from 'node:timers/promises'
import type { NodeProcess } from './node-process.js'

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

/** Asks the cluster health API, which itself waits, until green with `count` nodes. */
async function healthGreen(
  url: string,
  count: number,
  deadline: number,
  signal: AbortSignal,
): Promise<void> {
  while (!signal.aborted) {
    const seconds = Math.max(1, Math.floor((deadline - performance.now()) / 1000))
    const query = `wait_for_status=green&wait_for_nodes=${count}&timeout=${seconds}s`
    try {
      const response = await fetch(`${url}/_cluster/health?${query}`, {
        signal: AbortSignal.any([signal, AbortSignal.timeout(seconds * 1000 + 5000)]),
      })
      const body = (await response.json()) as { status?: string; timed_out?: boolean }
      if (response.ok && body.status === 'green' && !body.timed_out) return
    } catch {
      // No cluster manager elected yet (503) or the node is still binding: ask again.
    }
    await delay(250, undefined, { signal })
  }
}

/**
 * Every node's URL, once each printed `ready` and the cluster is green with all of them.
 *
 * @param deadline a `performance.now()` time after which to give up
 */
export async function waitForGreen(nodes: NodeProcess[], deadline: number): Promise<string[]> {
  const cancel = new AbortController()
  const exit = firstExit(nodes)
  exit.catch(() => {})
  try {
    const urls = await Promise.race([
      Promise.all(nodes.map((node) => node.ready)),
      exit,
      timeoutAt(deadline, 'serving HTTP', cancel.signal),
    ])
    await Promise.race([
      healthGreen(urls[0]!, nodes.length, deadline, cancel.signal),
      exit,
      timeoutAt(deadline, `green with ${nodes.length} node(s)`, cancel.signal),
    ])
    return urls
  } finally {
    cancel.abort()
  }
}
