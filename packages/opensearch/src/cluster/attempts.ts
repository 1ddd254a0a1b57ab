/**
 * The attempts of one call to the cluster, within its budget.
 *
 * A node that refuses the connection, drops it, or answers 502/503/504 is set aside by the client
 * and the call is sent at once to another node, once per other node. An attempt that has not
 * answered within an attempt's time may be on a node that hangs, or the cluster may only be slow
 * (a cold cache, a heavy aggregation): the nodes that hang are looked for (`onTimeout`, which sets
 * them aside), the call is sent once more, and whichever attempt answers first is taken (a hedged
 * request). Still unanswered an attempt's time later, it is sent once more again, after another
 * look, {@link HEDGES} times at most: the look can miss a hung node (a live one slow to answer
 * it under load leaves nothing to prefer) or a second node can hang. So a hung node costs a call
 * about one attempt's time, and a slow answer is still waited for until the budget runs out. The
 * attempts that lose are left to end by themselves, within the budget, their answers dropped.
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
  /** How long an attempt may go unanswered before the call is sent once more. */
  attemptTimeoutMs: number
  /** When the call gives up, a `performance.now()` time. */
  deadline: number
  /** Tries after a refused or failed attempt, each on another node. */
  retries: number
  /** Called when an attempt went unanswered for `attemptTimeoutMs`, before the call is sent again. */
  onTimeout: () => Promise<void>
  /** Stops the attempts (the caller left, or the budget ran out). */
  stop: AbortSignal
}

/** The most times a call unanswered for an attempt's time is sent once more. */
export const HEDGES = 2

/** Statuses of a node that cannot answer now, where another may. */
const FAILED_NODE = new Set([502, 503, 504])

/** The first answer of the request's attempts, tried as {@link AttemptPlan} says. */
export function attempted<T>(
  request: (options: AttemptOptions) => Promise<T>,
  plan: AttemptPlan,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let retries = plan.retries
    let hedges = HEDGES
    let running = 0
    let settled = false
    let hedge: NodeJS.Timeout | undefined
    const settle = (end: () => void) => {
      if (settled) return
      settled = true
      clearTimeout(hedge)
      end()
    }
    const send = () => {
      running++
      const requestTimeout = Math.max(1, plan.deadline - performance.now())
      request({ requestTimeout, maxRetries: 0 }).then(
        (answer) => settle(() => resolve(answer)),
        (error: unknown) => {
          running--
          if (settled) return
          const unanswered = failedNode(error) || error instanceof errors.TimeoutError
          if (!plan.stop.aborted && retries > 0 && failedNode(error)) {
            retries--
            send()
          } else if (!unanswered || running === 0) {
            // An answer that is an error (a 400, a 404) is the call's; a node that failed or
            // did not answer ends it only once no other attempt is still running.
            settle(() => reject(error))
          }
        },
      )
    }
    const armHedge = () => {
      hedge = setTimeout(() => {
        if (settled || plan.stop.aborted) return
        hedges--
        void plan.onTimeout().then(
          () => {
            if (settled || plan.stop.aborted) return
            send()
            if (hedges > 0) armHedge()
          },
          () => {},
        )
      }, plan.attemptTimeoutMs)
    }
    // A call given up (its caller left, or its budget ran out) looks for no hung node.
    plan.stop.addEventListener('abort', () => clearTimeout(hedge), { once: true })
    armHedge()
    send()
  })
}

function failedNode(error: unknown): boolean {
  if (error instanceof errors.ResponseError) return FAILED_NODE.has(error.statusCode ?? 0)
  return error instanceof errors.ConnectionError
}
