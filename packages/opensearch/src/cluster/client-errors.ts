import { errors } from '@opensearch-project/opensearch'

/** Statuses of a busy cluster (too many requests, unavailable, a proxy in the way). */
const BUSY = new Set([429, 502, 503, 504])

/** Whether a failed request is worth sending again after a wait: busy, or a dropped connection. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof errors.ResponseError) return BUSY.has(error.statusCode ?? 0)
  return error instanceof errors.ConnectionError || error instanceof errors.TimeoutError
}

/** Whether nothing answered: refused, reset, timed out, or no connection left to try. */
export function isUnreachable(error: unknown): boolean {
  return (
    error instanceof errors.ConnectionError ||
    error instanceof errors.TimeoutError ||
    error instanceof errors.NoLivingConnectionsError
  )
}

/** A client error in one line: the cluster's own error type and reason when it sent one. */
export function describeClientError(error: unknown): string {
  if (error instanceof errors.ResponseError) {
    const body = error.body as { error?: { type?: string; reason?: string } | string } | undefined
    const cause = body?.error
    if (typeof cause === 'object' && cause !== null) {
      return `${error.statusCode} ${cause.type}: ${cause.reason}`
    }
    return `${error.statusCode} ${typeof cause === 'string' ? cause : error.message}`
  }
  return error instanceof Error ? error.message : String(error)
}
