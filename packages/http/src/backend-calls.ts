/**
 * The app's side of a backend that answers with promises: each call is raced against the app's
 * timeout (then a {@link BackendUnavailableError} naming the backend, a 503), aborted once no
 * request waits for it any more, and shared by identical requests while it runs. A backend that
 * answers synchronously never gets here.
 */
import { type BackendCallOptions, BackendUnavailableError } from '@archive-catalogue/core'
import { ClientGoneError } from './http-errors.js'

/**
 * The options of one backend call. Its signal is made on first read: an AbortController costs
 * microseconds, and a synchronous backend never reads it.
 */
export class BackendCall implements BackendCallOptions {
  readonly baseUrl: string
  private controller: AbortController | undefined

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl
  }

  get signal(): AbortSignal {
    this.controller ??= new AbortController()
    return this.controller.signal
  }

  abort(reason: unknown): void {
    this.controller ??= new AbortController()
    this.controller.abort(reason)
  }
}

/** A request waiting for a call: its signal aborts when its client goes away. */
export interface Waiter {
  /** Read only once the backend answered with a promise (it may be a getter making it then). */
  readonly signal?: AbortSignal | undefined
}

/** A call in flight: its answer, and the requests waiting for it. */
class Running<T> {
  readonly version: string
  private readonly answer: Promise<T>
  private readonly call: BackendCall
  private reject: (error: unknown) => void = () => {}
  private waiters = 0

  constructor(version: string, answer: Promise<T>, call: BackendCall, settled: () => void) {
    this.version = version
    this.call = call
    this.answer = new Promise<T>((resolve, reject) => {
      this.reject = reject
      answer.then(resolve, reject)
    })
    this.answer.then(settled, settled)
  }

  /** The answer for one more request; it rejects at once if that request's signal aborts. */
  wait(waiter: Waiter): Promise<T> {
    const signal = waiter.signal
    if (signal === undefined) {
      this.waiters++
      return this.answer
    }
    if (signal.aborted) {
      if (this.waiters === 0) this.cancel(new ClientGoneError())
      return Promise.reject(new ClientGoneError())
    }
    this.waiters++
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        reject(new ClientGoneError())
        // Nobody left to answer: stop the backend's work.
        if (--this.waiters === 0) this.cancel(new ClientGoneError())
      }
      signal.addEventListener('abort', leave, { once: true })
      const done = () => signal.removeEventListener('abort', leave)
      this.answer.then(
        (value) => {
          done()
          resolve(value)
        },
        (error: unknown) => {
          done()
          reject(error)
        },
      )
    })
  }

  cancel(reason: unknown): void {
    this.call.abort(reason)
    this.reject(reason)
  }
}

/**
 * The calls in flight, by the key of their request (the response cache's and the entity tag's:
 * the backend's version and the normalized request), so that identical concurrent requests make
 * one backend call.
 */
export class BackendCalls {
  private readonly running = new Map<string, Running<unknown>>()
  private readonly timeoutMs: number

  constructor(timeoutMs: number) {
    if (!(timeoutMs > 0)) {
      throw new RangeError(`backendTimeoutMs must be a positive number of ms, got ${timeoutMs}`)
    }
    // Node fires a longer timer at once.
    this.timeoutMs = Math.min(timeoutMs, 2 ** 31 - 1)
  }

  /** The answer of the call in flight for this request, for one more waiter; else undefined. */
  join<T>(version: string, key: string, waiter: Waiter): Promise<T> | undefined {
    const running = this.running.size === 0 ? undefined : this.running.get(key)
    return running?.version === version ? (running.wait(waiter) as Promise<T>) : undefined
  }

  /**
   * Watches a backend's answer for a request: rejects after the timeout, and with `shared`,
   * lets identical requests {@link join} it until it settles.
   */
  watch<T>(
    answer: Promise<T>,
    call: BackendCall,
    backend: string,
    waiter: Waiter,
    shared?: { version: string; key: string },
  ): Promise<T> {
    let timer: NodeJS.Timeout | undefined
    const running: Running<T> = new Running(shared?.version ?? '', answer, call, () => {
      clearTimeout(timer)
      if (shared && this.running.get(shared.key) === running) this.running.delete(shared.key)
    })
    timer = setTimeout(() => {
      const seconds = this.timeoutMs / 1000
      running.cancel(new BackendUnavailableError(`${backend} did not answer within ${seconds} s`))
    }, this.timeoutMs)
    // The call itself keeps the process alive as long as it needs to; the timer need not.
    timer.unref()
    if (shared) this.running.set(shared.key, running as Running<unknown>)
    return running.wait(waiter)
  }
}
