/**
 * How long a page waited on its backend: the backend behind a proxy that times every call,
 * counting the time while at least one call is in flight once (calls made side by side overlap,
 * so the sum of their times would count the same wait twice). What is left of a page's server
 * time is the site's own: reading the answers and rendering.
 */
export interface BackendClock<T extends object> {
  /** The backend, every method timed. */
  backend: T
  /** Milliseconds with a call in flight since the last `reset`. */
  waited(): number
  reset(): void
}

export function backendClock<T extends object>(backend: T): BackendClock<T> {
  let inFlight = 0
  let since = 0
  let waited = 0
  const begin = () => {
    if (inFlight++ === 0) since = performance.now()
  }
  const end = () => {
    if (--inFlight === 0) waited += performance.now() - since
  }
  const timed = new Proxy(backend, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown
      if (typeof value !== 'function') return value
      return (...args: unknown[]) => {
        begin()
        let answer: unknown
        try {
          answer = (value as (...args: unknown[]) => unknown).apply(target, args)
        } catch (error) {
          end()
          throw error
        }
        if (!(answer instanceof Promise)) {
          end()
          return answer
        }
        return answer.finally(end)
      }
    },
  })
  return {
    backend: timed,
    waited: () => waited,
    reset: () => {
      waited = 0
    },
  }
}
