/**
 * The attempts of one call to the cluster, within its budget.
 *
 * A node that refuses the connection, drops it, or answers 502/503/504 is set aside by the client
 * and the call is tried at once on another node, once per other node. A node that does not answer
 * within an attempt's time may hang, or the cluster may only be slow (a cold cache, a heavy
 * aggregation): the nodes that hang are looked for (`onTimeout`), so that the next try avoids them,
 * and that last try has the rest of the budget rather than another attempt's time. So a hung node
 * costs a call about one attempt's time, and a slow cluster costs it nothing but its slowness.
 */
import { errors } from '@opensearch-project/opensearch'

/** What the client takes for one attempt. */
export interface AttemptOptions {
  requestTimeout: number
  /** Always 0: the attempts are counted here. */
  maxRetries: number
}

/** How the attempts of a call go. */
export interface AttemptPlan {
  /** One attempt's time before the call is tried again. */
  attemptTimeoutMs: number
  /** When the call gives up, a `performance.now()` time. */
  deadline: number
  /** Tries after a refused or failed attempt, each on another node. */
  retries: number
  /** Called once when an attempt timed out, before the call is tried again. */
  onTimeout: () => Promise<void>
  /** Stops the attempts (the caller left, or the budget ran out). */
  stop: AbortSignal
}

/** Statuses of a node that cannot answer now, where another may. */
const FAILED_NODE = new Set([502, 503, 504])

/** The request's answer, tried as {@link AttemptPlan} says; the last attempt's error if none. */
export async function attempted<T>(
  request: (options: AttemptOptions) => Promise<T>,
  plan: AttemptPlan,
): Promise<T> {
  let retries = plan.retries
  let timedOut = false
  for (;;) {
    const remaining = Math.max(1, plan.deadline - performance.now())
    const requestTimeout = timedOut ? remaining : Math.min(plan.attemptTimeoutMs, remaining)
    try {
      return await request({ requestTimeout, maxRetries: 0 })
    } catch (error) {
      if (plan.stop.aborted) throw error
      if (error instanceof errors.TimeoutError) {
        if (timedOut) throw error
        timedOut = true
        await plan.onTimeout()
        continue
      }
      if (retries > 0 && failedNode(error)) {
        retries--
        continue
      }
      throw error
    }
  }
}

function failedNode(error: unknown): boolean {
  if (error instanceof errors.ResponseError) return FAILED_NODE.has(error.statusCode ?? 0)
  return error instanceof errors.ConnectionError
}
