/**
 * The time a progress report reads and the timer it sets: the system's, or a test's turned by
 * hand, so that rates, times left and lines every few seconds are checked without waiting.
 */
export interface Clock {
  /** Milliseconds since any fixed moment. */
  now(): number
  /** Calls `tick` every `ms` milliseconds until the function returned is called. */
  every(ms: number, tick: () => void): () => void
}

/** `performance.now()` and `setInterval`. */
export const systemClock: Clock = {
  now: () => performance.now(),
  every(ms, tick) {
    const timer = setInterval(tick, ms)
    // A progress line is no reason to keep the process alive.
    timer.unref()
    return () => clearInterval(timer)
  },
}
