/**
 * What {@link AppWorkers} and its worker threads say to each other, and what a worker's module
 * exports. A generation is one set of data (a catalogue) opened on every worker; a request names
 * the generation it is answered from, so a swap never mixes two within one request.
 */
import type { MaybePromise } from '@archive-catalogue/core'
import type { Logger } from './app.js'
import type { AppRequest, AppResponse } from './app-messages.js'

/** What a worker's app is: an answer per request, and the largest body it reads. */
export interface WorkerApp {
  readonly maxBodyBytes: number
  handle(request: AppRequest): MaybePromise<AppResponse>
}

/** What a worker's module gives for a generation's data. */
export interface OpenedWorkerApp {
  app: WorkerApp
  /**
   * Takes a message sent to every worker with `AppWorkers.update` (what changes without new
   * data, e.g. a failed reload's error that `/health` reports).
   */
  update?(message: unknown): void
}

/** What the workers are given to log with: their lines reach the main thread's logger. */
export interface WorkerContext {
  logger: Logger
}

/**
 * The module each worker imports (`AppWorkersOptions.module`): it makes the app of a
 * generation's data, in the worker.
 */
export interface WorkerAppModule {
  workerApp(data: unknown, context: WorkerContext): MaybePromise<OpenedWorkerApp>
}

/** A request as sent to a worker: the app's request without its signal, the body as bytes. */
export interface SentRequest {
  method: string
  url: string
  headers: AppRequest['headers']
  body?: Uint8Array
  bodyTooLarge?: boolean
}

/** What the main thread sends a worker. */
export type ToWorker =
  | { type: 'open'; generation: number; data: unknown }
  | { type: 'retire'; generation: number }
  | { type: 'update'; message: unknown }
  | { type: 'request'; id: number; generation: number; request: SentRequest }
  /** The next chunk of a streamed answer. */
  | { type: 'pull'; id: number }
  /** The client of a streamed answer went away: stop making it. */
  | { type: 'cancel'; id: number }

/** What a worker sends back. */
export type FromWorker =
  | { type: 'opened'; generation: number; maxBodyBytes: number }
  | { type: 'failed'; generation: number; error: SentError }
  | {
      type: 'response'
      id: number
      status: number
      headers: Record<string, string>
      body: Uint8Array
      /** The body comes as chunks, each asked for with a `pull`. */
      streamed: boolean
    }
  | { type: 'chunk'; id: number; chunk: string | Uint8Array }
  | { type: 'end'; id: number }
  | { type: 'cut'; id: number; message: string }
  | { type: 'log'; level: 'info' | 'error'; line: string; error?: SentError }

/** An error as a worker sends it: what the main thread's logger needs to print it. */
export interface SentError {
  name?: string
  message: string
  stack?: string
}
