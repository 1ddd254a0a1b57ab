/**
 * A load bounded in time and in count: a few clients on a loopback server, each sending the next
 * request of a rotating list as soon as its last one is answered, every request with a timeout
 * of its own (one that runs out is a hang, not a wait).
 */

/** Options of {@link boundedLoad}. */
export interface LoadOptions {
  /** Clients sending at once. */
  clients: number
  /** No request starts after this long. */
  durationMs: number
  /** No request starts after this many. */
  maxRequests: number
  /** A request not answered (body included) within this long is aborted and counted a hang. */
  timeoutMs: number
  /** Request targets (`/search?query=x`), sent in turn. */
  targets: readonly string[]
  /** What is wrong with an answer, or undefined: kept with the outcome. */
  inspect?: (target: string, status: number, body: string) => string | undefined
}

/** One request of the load. */
export interface LoadOutcome {
  target: string
  /** The HTTP status, `hang` past the timeout, or `error` when the connection failed. */
  status: number | 'hang' | 'error'
  /** When it started, from the start of the load, and how long it took, in milliseconds. */
  startMs: number
  ms: number
  /** What `inspect` said, or the connection's error. */
  note?: string | undefined
}

/** Runs the load on `url` (`http://127.0.0.1:PORT`) and resolves with every request's outcome. */
export async function boundedLoad(url: string, options: LoadOptions): Promise<LoadOutcome[]> {
  const { clients, durationMs, maxRequests, timeoutMs, targets, inspect } = options
  const started = performance.now()
  const outcomes: LoadOutcome[] = []
  let sent = 0
  const client = async () => {
    while (performance.now() - started < durationMs && sent < maxRequests) {
      const target = targets[sent % targets.length]!
      sent++
      const startMs = performance.now() - started
      const outcome: LoadOutcome = { target, status: 'error', startMs, ms: 0 }
      try {
        const response = await fetch(`${url}${target}`, {
          signal: AbortSignal.timeout(timeoutMs),
        })
        const body = await response.text()
        outcome.status = response.status
        outcome.note = inspect?.(target, response.status, body)
      } catch (error) {
        const name = (error as Error).name
        outcome.status = name === 'TimeoutError' ? 'hang' : 'error'
        outcome.note = String((error as Error).cause ?? error)
      }
      outcome.ms = performance.now() - started - startMs
      outcomes.push(outcome)
    }
  }
  await Promise.all(Array.from({ length: clients }, client))
  return outcomes.sort((a, b) => a.startMs - b.startMs)
}
