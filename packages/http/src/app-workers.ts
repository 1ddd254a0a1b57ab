/**
 * An app answered on worker threads: the main thread reads requests and writes answers (node:http
 * and compression, in `listen`), each worker runs the app a module makes (over a catalogue whose
 * arrays are shared, so N workers cost one index and a little each). A request goes to whichever
 * worker is free. A swap of data opens it on every worker before any request reads it, and a
 * request is answered whole from the data it was sent with. A worker that stops costs only the
 * requests it holds (each a 500, or a streamed answer cut; logged) and is replaced.
 */
import { pathToFileURL } from 'node:url'
import type { App, Logger } from './app.js'
import { type AppRequest, type AppResponse, responseHeaders } from './app-messages.js'
import { type AppRequestInit, requestApp } from './app-request.js'
import type { FromWorker } from './app-worker-messages.js'
import { type Reading, WorkerThread, workerScriptAvailable } from './app-worker-thread.js'
import { INTERNAL_ERROR } from './http-errors.js'
import { serialize } from './serialize.js'

/** Options of {@link AppWorkers.start}. */
export interface AppWorkersOptions {
  /** How many worker threads answer (at least 1). */
  workers: number
  /**
   * The module each worker imports, as a URL or path: it exports `workerApp(data, context)`
   * (`WorkerAppModule`), which makes the app of a generation's data.
   */
  module: string | URL
  /**
   * The first generation's data, sent to every worker: `SharedArrayBuffer`s are shared, anything
   * else copied (structured clone).
   */
  data: unknown
  /** Where the workers' access log and errors go, and the workers that stop. @default silent */
  logger?: Logger
  /**
   * The most each worker's young generation (V8's space for new, short-lived objects) may take,
   * in MB. V8 grows a worker's `new_space` to 32 MB and keeps it; bounded, two workers hold less
   * at the same rate (bench/workers-results.md). @default 16
   */
  youngGenerationMb?: number
}

/**
 * The most requests a worker holds at once: one it answers and the next, ready when it is done.
 * The others wait here, for whichever worker is free first (a slow search holds up no request
 * another worker could answer), and a worker that stops takes at most this many with it.
 */
const HELD_PER_WORKER = 2
/** See {@link AppWorkersOptions.youngGenerationMb}. */
const YOUNG_GENERATION_MB = 16
/** The longest wait before starting a worker again after one failed to start. */
const MOST_BACKOFF_MS = 30_000

/**
 * The {@link App} of a pool of worker threads, for `listen`: `handle` sends each request to a
 * worker and resolves to its answer.
 * @example
 * const workers = await AppWorkers.start({ workers: 2, module: new URL('./my-app.js', import.meta.url), data })
 * await listen(workers, { port: 8000 })
 */
export class AppWorkers implements App<Promise<AppResponse>> {
  private readonly module: string
  private readonly logger: Logger | undefined
  private readonly youngGenerationMb: number
  private readonly threads: WorkerThread[] = []
  /** The data of every generation open: the one served, and the next while it opens. */
  private readonly data = new Map<number, unknown>()
  /** Requests and streams not ended, by generation: a generation retires when it has none. */
  private readonly inFlight = new Map<number, number>()
  /** Requests waiting for a worker with room, first come first sent. */
  private readonly queued: { request: AppRequest; resolve(response: AppResponse): void }[] = []
  private generation = 0
  private served = 0
  private nextId = 0
  private next = 0
  private closed = false
  private bodyLimit = 1024 * 1024
  /** The last `update` since the served data was opened, for the workers started after it. */
  private lastUpdate: { message: unknown } | undefined
  /** One swap at a time, in the order asked. */
  private swapping: Promise<void> = Promise.resolve()
  /** Workers in a row that stopped before they could answer, and why the last one did. */
  private failedStarts = 0
  private whyNoWorker = ''

  private constructor(options: AppWorkersOptions) {
    this.module = moduleUrl(options.module)
    this.logger = options.logger
    this.youngGenerationMb = options.youngGenerationMb ?? YOUNG_GENERATION_MB
  }

  /** Starts the workers and opens the first data on each; rejects if one cannot open it. */
  static async start(options: AppWorkersOptions): Promise<AppWorkers> {
    if (!Number.isInteger(options.workers) || options.workers < 1) {
      throw new RangeError(`workers must be an integer of at least 1, got ${options.workers}`)
    }
    const young = options.youngGenerationMb
    if (young !== undefined && !(Number.isInteger(young) && young >= 1)) {
      throw new RangeError(`youngGenerationMb must be an integer of at least 1, got ${young}`)
    }
    const pool = new AppWorkers(options)
    pool.generation = 1
    pool.served = 1
    pool.data.set(1, options.data)
    const threads = Array.from({ length: options.workers }, () => pool.spawn())
    try {
      await Promise.all(threads.map((thread) => thread.whenOpened(1, options.data)))
    } catch (error) {
      await pool.close()
      throw error
    }
    return pool
  }

  /** Whether the worker scripts are beside this module (not when a bundler folded the package). */
  static available(): boolean {
    return workerScriptAvailable()
  }

  /** How many workers answer. */
  get size(): number {
    return this.threads.length
  }

  /**
   * How many generations of data the workers hold: 1, or 2 while a swap opens the next or
   * requests still read the one before.
   */
  get generationsHeld(): number {
    return this.data.size
  }

  /** The largest body the workers' app reads. */
  get maxBodyBytes(): number {
    return this.bodyLimit
  }

  /**
   * Answers a request on the first worker free: a 500 if that worker stops while it holds it, a
   * 503 while no worker can start.
   */
  handle(request: AppRequest): Promise<AppResponse> {
    if (this.closed) return Promise.resolve(internalError())
    if (this.noWorkerCanAnswer()) return Promise.resolve(this.unavailable())
    return new Promise<AppResponse>((resolve) => {
      this.queued.push({ request, resolve })
      this.dispatch()
    })
  }

  /** Answers a request given as a path or URL, as a fetch `Response` (tests, no socket). */
  request(url: string, init?: AppRequestInit): Promise<Response> {
    return requestApp(this, url, init)
  }

  /**
   * Opens new data on every worker, then answers every later request from it; requests in flight
   * finish on the data they started with, which is then let go. Rejects (the old data served
   * still) if a worker cannot open it. Swaps asked at once run one after the other.
   */
  replace(data: unknown): Promise<void> {
    const swap = this.swapping.then(() => this.swap(data))
    this.swapping = swap.catch(() => {})
    return swap
  }

  /** Sends a message to every worker's app (its `update`), for what changes without new data. */
  update(message: unknown): void {
    this.lastUpdate = { message }
    for (const thread of this.threads) thread.post({ type: 'update', message })
  }

  /** Stops every worker (after the server stopped taking requests). */
  async close(): Promise<void> {
    this.closed = true
    for (const { resolve } of this.queued.splice(0)) resolve(internalError())
    await Promise.all(
      this.threads.map((thread) => {
        thread.stopped = true
        return thread.worker.terminate()
      }),
    )
  }

  private async swap(data: unknown): Promise<void> {
    const generation = ++this.generation
    this.data.set(generation, data)
    try {
      await Promise.all(this.threads.map((thread) => thread.whenOpened(generation, data)))
    } catch (error) {
      this.data.delete(generation)
      for (const thread of this.threads) thread.retire(generation)
      throw error
    }
    const previous = this.served
    this.served = generation
    // The new data says what an update said of the old.
    this.lastUpdate = undefined
    this.retireIfDone(previous)
  }

  /** Sends the requests queued to the idlest ready workers, while one has room. */
  private dispatch(): void {
    while (this.queued.length > 0) {
      const thread = this.idlest()
      if (!thread) return
      const { request, resolve } = this.queued.shift()!
      const id = this.nextId++
      const generation = this.served
      this.count(generation, 1)
      thread.waiting.set(id, {
        generation,
        resolve: (response) => {
          if (!response.stream) this.count(generation, -1)
          resolve(response)
        },
      })
      const { method, url, headers, body, bodyTooLarge } = request
      thread.post({
        type: 'request',
        id,
        generation,
        request: {
          method,
          url,
          headers,
          ...(body ? { body } : {}),
          ...(bodyTooLarge ? { bodyTooLarge } : {}),
        },
      })
    }
  }

  /** A worker, sent every generation open. */
  private spawn(): WorkerThread {
    const thread = new WorkerThread(this.module, this.youngGenerationMb)
    this.threads.push(thread)
    thread.worker.on('message', (message: FromWorker) => this.received(thread, message))
    // An uncaught error in the worker: it then exits, and `exited` replaces it.
    thread.worker.on('error', (error) => this.logger?.error('A worker thread failed', error))
    thread.worker.on('exit', (code) => this.exited(thread, code))
    for (const [generation, data] of this.data) thread.open(generation, data)
    return thread
  }

  private received(thread: WorkerThread, message: FromWorker): void {
    switch (message.type) {
      case 'opened': {
        this.bodyLimit = message.maxBodyBytes
        thread.openedOne(message.generation)
        if (message.generation !== this.served) return
        this.failedStarts = 0
        // A worker started after an update: its app hears it too.
        if (this.lastUpdate) thread.post({ type: 'update', message: this.lastUpdate.message })
        // A replacement takes its share of the requests queued.
        this.dispatch()
        return
      }
      case 'failed': {
        const error = errorOf(message.error)
        if (thread.failedOne(message.generation, error)) return
        // A replacement that cannot open what the others serve answers nothing: start another.
        this.logger?.error('A worker thread could not open the catalogue', error)
        void thread.worker.terminate()
        return
      }
      case 'response': {
        const waiting = thread.waiting.get(message.id)
        thread.waiting.delete(message.id)
        const { status, headers, body, streamed } = message
        const response: AppResponse = { status, headers, body: bufferOf(body) }
        if (streamed && waiting) {
          thread.streams.set(message.id, waiting.generation)
          response.stream = this.streamOf(thread, message.id)
        }
        waiting?.resolve(response)
        this.dispatch()
        return
      }
      case 'chunk': {
        const { chunk } = message
        this.taken(thread, message.id)?.resolve({
          done: false,
          value: typeof chunk === 'string' ? chunk : bufferOf(chunk),
        })
        return
      }
      case 'end':
        this.taken(thread, message.id)?.resolve({ done: true, value: undefined })
        this.ended(thread, message.id)
        return
      case 'cut':
        this.taken(thread, message.id)?.reject(new Error(message.message))
        this.ended(thread, message.id)
        return
      case 'log':
        if (message.level === 'info') this.logger?.info(message.line)
        else this.logger?.error(message.line, message.error && errorOf(message.error))
        return
    }
  }

  /** The chunk a stream waits for, taken off the worker's list. */
  private taken(thread: WorkerThread, id: number): Reading | undefined {
    const reading = thread.reading.get(id)
    thread.reading.delete(id)
    return reading
  }

  /** A streamed answer read chunk by chunk from its worker, as the client takes them. */
  private streamOf(thread: WorkerThread, id: number): AsyncIterable<string | Buffer> {
    const iterator: AsyncIterator<string | Buffer> = {
      next: () =>
        new Promise((resolve, reject) => {
          if (thread.cut.delete(id)) return reject(new Error('the worker thread stopped'))
          if (!thread.streams.has(id)) return resolve({ done: true, value: undefined })
          thread.reading.set(id, { resolve, reject })
          thread.post({ type: 'pull', id })
        }),
      return: () => {
        thread.cut.delete(id)
        if (thread.streams.has(id)) {
          thread.post({ type: 'cancel', id })
          this.ended(thread, id)
        }
        return Promise.resolve({ done: true, value: undefined })
      },
    }
    return { [Symbol.asyncIterator]: () => iterator }
  }

  private ended(thread: WorkerThread, id: number): void {
    const generation = thread.streams.get(id)
    if (generation === undefined) return
    thread.streams.delete(id)
    this.count(generation, -1)
  }

  /**
   * A worker stopped: the requests it held are answered with a 500, its streamed answers are
   * cut (the client sees them end early), and another worker starts: at once if this one had
   * answered, else after a wait that doubles with each worker in a row that could not start.
   */
  private exited(thread: WorkerThread, code: number): void {
    thread.stopped = true
    this.threads.splice(this.threads.indexOf(thread), 1)
    const lost = thread.waiting.size + thread.streams.size
    const error = new Error(`the worker thread stopped (exit code ${code})`)
    thread.failOpenings(error)
    for (const waiting of thread.waiting.values()) waiting.resolve(internalError())
    for (const reading of thread.reading.values()) reading.reject(error)
    thread.reading.clear()
    for (const id of [...thread.streams.keys()]) {
      thread.cut.add(id)
      this.ended(thread, id)
    }
    if (this.closed) return
    const answered = thread.opened.has(this.served)
    const wait = answered ? 0 : Math.min(MOST_BACKOFF_MS, 500 * 2 ** this.failedStarts)
    if (!answered) {
      this.failedStarts++
      this.whyNoWorker = `a worker thread stopped before it could answer (exit code ${code})`
    }
    this.logger?.error(
      `A worker thread stopped (exit code ${code}) with ${lost} ${lost === 1 ? 'request' : 'requests'} in flight; starting another${wait > 0 ? ` in ${(wait / 1000).toFixed(1)} s` : ''}`,
      undefined,
    )
    // While none can answer, the requests waiting are told so rather than kept waiting.
    if (this.noWorkerCanAnswer()) {
      for (const { resolve } of this.queued.splice(0)) resolve(this.unavailable())
    }
    if (wait === 0) this.spawn()
    else setTimeout(() => this.closed || this.spawn(), wait).unref()
  }

  /** Whether no worker can answer now, the last one to start having failed. */
  private noWorkerCanAnswer(): boolean {
    return this.failedStarts > 0 && !this.threads.some((thread) => thread.opened.has(this.served))
  }

  private unavailable(): AppResponse {
    const detail = `No worker thread can answer: ${this.whyNoWorker}; another is starting.`
    const body = Buffer.from(serialize.error({ detail }))
    return {
      status: 503,
      headers: { ...responseHeaders('json', body.length), 'Retry-After': '5' },
      body,
    }
  }

  /**
   * The ready worker with the fewest requests and room for one more, taken in turn among equals;
   * none when every worker holds {@link HELD_PER_WORKER}.
   */
  private idlest(): WorkerThread | undefined {
    let best: WorkerThread | undefined
    const count = this.threads.length
    for (let i = 0; i < count; i++) {
      const thread = this.threads[(this.next + i) % count]!
      if (!thread.opened.has(this.served) || thread.waiting.size >= HELD_PER_WORKER) continue
      if (!best || thread.waiting.size < best.waiting.size) best = thread
    }
    this.next = (this.next + 1) % Math.max(count, 1)
    return best
  }

  private count(generation: number, change: number): void {
    this.inFlight.set(generation, (this.inFlight.get(generation) ?? 0) + change)
    if (change < 0) this.retireIfDone(generation)
  }

  /** A generation no longer served and with nothing in flight is let go on every worker. */
  private retireIfDone(generation: number): void {
    if (generation >= this.served || (this.inFlight.get(generation) ?? 0) > 0) return
    if (!this.data.has(generation)) return
    this.data.delete(generation)
    this.inFlight.delete(generation)
    for (const thread of this.threads) thread.retire(generation)
  }
}

/** The answer of a request whose worker stopped, as an app's own internal error. */
function internalError(): AppResponse {
  const body = Buffer.from(serialize.error({ detail: INTERNAL_ERROR }))
  return { status: 500, headers: responseHeaders('json', body.length), body }
}

/** An error sent by a worker, as an `Error` again (its stack the worker's). */
function errorOf(sent: { name?: string; message: string; stack?: string }): Error {
  const error = new Error(sent.message)
  if (sent.name) error.name = sent.name
  if (sent.stack) error.stack = sent.stack
  return error
}

function bufferOf(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

function moduleUrl(module: string | URL): string {
  if (module instanceof URL) return module.href
  return /^[a-z][a-z0-9+.-]*:/i.test(module) ? module : pathToFileURL(module).href
}
