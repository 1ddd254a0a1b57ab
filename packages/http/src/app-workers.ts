/**
 * An app answered on worker threads: the main thread reads requests and writes answers (node:http
 * and compression, in `listen`), each worker runs the app a module makes (over a catalogue whose
 * arrays are shared, so N workers cost one index and a little each). A request goes to the worker
 * with the fewest requests waiting. A swap of data opens it on every worker before any request
 * reads it, and a request is answered whole from the data it was sent with. A worker that stops
 * costs only its requests in flight (each a 500, logged) and is replaced.
 */
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { App, Logger } from './app.js'
import { type AppRequest, type AppResponse, responseHeaders } from './app-messages.js'
import { type AppRequestInit, requestApp } from './app-request.js'
import type { FromWorker, ToWorker } from './app-worker-messages.js'
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
}

// From the sources (tests, tsx) the worker is TypeScript: it registers tsx, as this process did,
// before importing it.
const FROM_SOURCES = import.meta.url.endsWith('.ts')
const WORKER_URL = new URL(`./app-worker.${FROM_SOURCES ? 'ts' : 'js'}`, import.meta.url)

/**
 * The most requests a worker holds at once: one it answers and the next, ready when it is done.
 * The others wait here, for whichever worker is free first (a slow search holds up no request
 * another worker could answer), and a worker that stops takes at most this many with it.
 */
const HELD_PER_WORKER = 2

/** A request sent to a worker and not yet answered. */
interface Waiting {
  generation: number
  resolve(response: AppResponse): void
}

/** A streamed answer being read: the chunk asked for, if any. */
interface Reading {
  resolve(next: IteratorResult<string | Buffer>): void
  reject(error: Error): void
}

/** A generation being opened on a worker. */
interface Opening {
  resolve(): void
  reject(error: Error): void
}

class Thread {
  readonly worker: Worker
  /** Requests sent and not answered: how busy it is. */
  readonly waiting = new Map<number, Waiting>()
  /** Streamed answers whose next chunk was asked. */
  readonly reading = new Map<number, Reading>()
  /** Every streamed answer not ended, by request, with its generation. */
  readonly streams = new Map<number, number>()
  /** The generations sent to it, and those it opened. */
  readonly sent = new Set<number>()
  readonly opened = new Set<number>()
  readonly opening = new Map<number, Opening>()
  stopped = false

  constructor(module: string) {
    const workerData = { module }
    this.worker = FROM_SOURCES
      ? new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(WORKER_URL.href)}) })`,
          { eval: true, workerData },
        )
      : new Worker(WORKER_URL, { workerData })
  }

  post(message: ToWorker): void {
    if (!this.stopped) this.worker.postMessage(message)
  }
}

/**
 * The {@link App} of a pool of worker threads, for {@link listen}: `handle` sends each request
 * to a worker and resolves to its answer.
 * @example
 * const workers = await AppWorkers.start({ workers: 2, module: new URL('./my-app.js', import.meta.url), data })
 * await listen(workers, { port: 8000 })
 */
export class AppWorkers implements App<Promise<AppResponse>> {
  private readonly module: string
  private readonly logger: Logger | undefined
  private readonly threads: Thread[] = []
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

  private constructor(options: AppWorkersOptions) {
    this.module = moduleUrl(options.module)
    this.logger = options.logger
  }

  /** Starts the workers and opens the first data on each; rejects if one cannot open it. */
  static async start(options: AppWorkersOptions): Promise<AppWorkers> {
    if (!Number.isInteger(options.workers) || options.workers < 1) {
      throw new RangeError(`workers must be an integer of at least 1, got ${options.workers}`)
    }
    const pool = new AppWorkers(options)
    pool.generation = 1
    pool.served = 1
    pool.data.set(1, options.data)
    const threads = Array.from({ length: options.workers }, () => pool.spawn())
    try {
      await Promise.all(threads.map((thread) => pool.opened(thread, 1)))
    } catch (error) {
      await pool.close()
      throw error
    }
    return pool
  }

  /** Whether the worker scripts are beside this module (not when a bundler folded the package). */
  static available(): boolean {
    return existsSync(fileURLToPath(WORKER_URL))
  }

  /** How many workers answer. */
  get size(): number {
    return this.threads.length
  }

  get maxBodyBytes(): number {
    return this.bodyLimit
  }

  handle(request: AppRequest): Promise<AppResponse> {
    if (this.closed) return Promise.resolve(stopped())
    return new Promise<AppResponse>((resolve) => {
      this.queued.push({ request, resolve })
      this.dispatch()
    })
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

  request(url: string, init?: AppRequestInit): Promise<Response> {
    return requestApp(this, url, init)
  }

  /**
   * Opens new data on every worker, then answers every later request from it; requests in flight
   * finish on the data they started with, which is then let go. Rejects (the old data served
   * still) if a worker cannot open it.
   */
  async replace(data: unknown): Promise<void> {
    const generation = ++this.generation
    this.data.set(generation, data)
    try {
      await Promise.all(this.threads.map((thread) => this.opened(thread, generation)))
    } catch (error) {
      this.data.delete(generation)
      for (const thread of this.threads) thread.post({ type: 'retire', generation })
      throw error
    }
    const previous = this.served
    this.served = generation
    this.retireIfDone(previous)
  }

  /** Sends a message to every worker's app (its `update`), for what changes without new data. */
  update(message: unknown): void {
    for (const thread of this.threads) thread.post({ type: 'update', message })
  }

  /** Stops every worker (after the server stopped taking requests). */
  async close(): Promise<void> {
    this.closed = true
    for (const { resolve } of this.queued.splice(0)) resolve(stopped())
    await Promise.all(
      this.threads.map((thread) => {
        thread.stopped = true
        return thread.worker.terminate()
      }),
    )
  }

  /** A worker, started with every generation open. */
  private spawn(): Thread {
    const thread = new Thread(this.module)
    this.threads.push(thread)
    thread.worker.on('message', (message: FromWorker) => this.received(thread, message))
    // An uncaught error in the worker: it then exits, and `exited` replaces it.
    thread.worker.on('error', (error) => this.logger?.error('A worker thread failed', error))
    thread.worker.on('exit', (code) => this.exited(thread, code))
    for (const generation of this.data.keys()) this.send(thread, generation)
    return thread
  }

  private send(thread: Thread, generation: number): void {
    thread.sent.add(generation)
    thread.post({ type: 'open', generation, data: this.data.get(generation) })
  }

  /** Resolves when the worker has opened the generation; rejects if it cannot, or stops. */
  private opened(thread: Thread, generation: number): Promise<void> {
    if (thread.opened.has(generation)) return Promise.resolve()
    return new Promise((resolve, reject) => {
      thread.opening.set(generation, { resolve, reject })
      if (!thread.sent.has(generation)) this.send(thread, generation)
    })
  }

  private received(thread: Thread, message: FromWorker): void {
    switch (message.type) {
      case 'opened': {
        thread.opened.add(message.generation)
        this.bodyLimit = message.maxBodyBytes
        thread.opening.get(message.generation)?.resolve()
        thread.opening.delete(message.generation)
        // A replacement takes its share of the requests queued.
        if (message.generation === this.served) this.dispatch()
        return
      }
      case 'failed': {
        const error = Object.assign(new Error(message.message), { stack: message.stack })
        const opening = thread.opening.get(message.generation)
        thread.opening.delete(message.generation)
        if (opening) opening.reject(error)
        else this.logger?.error('A worker thread could not open the catalogue', error)
        return
      }
      case 'response': {
        const waiting = thread.waiting.get(message.id)
        thread.waiting.delete(message.id)
        const { status, headers, body, streamed } = message
        const response: AppResponse = { status, headers, body: bufferOf(body) }
        if (streamed) {
          thread.streams.set(message.id, waiting!.generation)
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
        else this.logger?.error(message.line, message.stack ? { stack: message.stack } : undefined)
        return
    }
  }

  /** The chunk a stream waits for, taken off the worker's list. */
  private taken(thread: Thread, id: number): Reading | undefined {
    const reading = thread.reading.get(id)
    thread.reading.delete(id)
    return reading
  }

  /** A streamed answer read chunk by chunk from its worker, as the client takes them. */
  private streamOf(thread: Thread, id: number): AsyncIterable<string | Buffer> {
    const iterator: AsyncIterator<string | Buffer> = {
      next: () =>
        new Promise((resolve, reject) => {
          if (!thread.streams.has(id)) return resolve({ done: true, value: undefined })
          thread.reading.set(id, { resolve, reject })
          thread.post({ type: 'pull', id })
        }),
      return: () => {
        if (thread.streams.has(id)) {
          thread.post({ type: 'cancel', id })
          this.ended(thread, id)
        }
        return Promise.resolve({ done: true, value: undefined })
      },
    }
    return { [Symbol.asyncIterator]: () => iterator }
  }

  private ended(thread: Thread, id: number): void {
    const generation = thread.streams.get(id)
    if (generation === undefined) return
    thread.streams.delete(id)
    this.count(generation, -1)
  }

  /** A worker stopped: its requests in flight are answered with a 500, and another starts. */
  private exited(thread: Thread, code: number): void {
    thread.stopped = true
    this.threads.splice(this.threads.indexOf(thread), 1)
    const lost = thread.waiting.size + thread.streams.size
    const error = new Error(`the worker thread stopped (exit code ${code})`)
    for (const opening of thread.opening.values()) opening.reject(error)
    for (const waiting of thread.waiting.values()) waiting.resolve(stopped())
    for (const reading of thread.reading.values()) reading.reject(error)
    for (const id of [...thread.streams.keys()]) this.ended(thread, id)
    if (this.closed) return
    this.logger?.error(
      `A worker thread stopped (exit code ${code}) with ${lost} ${lost === 1 ? 'request' : 'requests'} in flight; starting another`,
      undefined,
    )
    this.spawn()
  }

  /**
   * The ready worker with the fewest requests and room for one more, taken in turn among equals;
   * none when every worker holds {@link HELD_PER_WORKER}.
   */
  private idlest(): Thread | undefined {
    let best: Thread | undefined
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
    if (generation === this.served || (this.inFlight.get(generation) ?? 0) > 0) return
    if (!this.data.has(generation) || generation > this.served) return
    this.data.delete(generation)
    this.inFlight.delete(generation)
    for (const thread of this.threads) thread.post({ type: 'retire', generation })
  }
}

/** The answer of a request whose worker stopped, as an app's own internal error. */
function stopped(): AppResponse {
  const body = Buffer.from(serialize.error({ detail: INTERNAL_ERROR }))
  return { status: 500, headers: responseHeaders('json', body.length), body }
}

function bufferOf(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

function moduleUrl(module: string | URL): string {
  if (module instanceof URL) return module.href
  return /^[a-z][a-z0-9+.-]*:/i.test(module) ? module : pathToFileURL(module).href
}
