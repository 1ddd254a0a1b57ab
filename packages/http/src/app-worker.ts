/**
 * A worker thread of {@link AppWorkers}: it imports the module it was given, opens that module's
 * app for each generation of data, answers each request with the app of the request's
 * generation, and sends the answer back (a streamed one chunk by chunk, as the main thread asks).
 */
import { parentPort, workerData } from 'node:worker_threads'
import type { AppResponse } from './app-messages.js'
import type {
  FromWorker,
  OpenedWorkerApp,
  SentError,
  SentRequest,
  ToWorker,
  WorkerAppModule,
  WorkerContext,
} from './app-worker-messages.js'

const port = parentPort!
const send = (message: FromWorker, transfer: ArrayBuffer[] = []) =>
  port.postMessage(message, transfer)

const context: WorkerContext = {
  logger: {
    info: (line) => send({ type: 'log', level: 'info', line }),
    error: (line, error) =>
      send({
        type: 'log',
        level: 'error',
        line,
        ...(error === undefined ? {} : { error: sentError(error) }),
      }),
  },
}

const { module } = workerData as { module: string }
const made = (await import(module)) as WorkerAppModule
/** The apps by generation: the one served, and the next while every worker opens it. */
const apps = new Map<number, OpenedWorkerApp>()
/** Generations let go while they were still opening: not kept once open. */
const retired = new Set<number>()
/** The streamed answers being read, by request. */
const streams = new Map<number, AsyncIterator<string | Buffer>>()

port.on('message', (message: ToWorker) => {
  switch (message.type) {
    case 'open':
      return void open(message.generation, message.data)
    case 'retire':
      if (!apps.delete(message.generation)) retired.add(message.generation)
      return
    case 'update':
      for (const opened of apps.values()) opened.update?.(message.message)
      return
    case 'request':
      return answer(message.id, message.generation, message.request)
    case 'pull':
      return void pull(message.id)
    case 'cancel': {
      const stream = streams.get(message.id)
      streams.delete(message.id)
      return void stream?.return?.()
    }
  }
})

async function open(generation: number, data: unknown): Promise<void> {
  try {
    const opened = await made.workerApp(data, context)
    if (retired.delete(generation)) return
    apps.set(generation, opened)
    send({ type: 'opened', generation, maxBodyBytes: opened.app.maxBodyBytes })
  } catch (error) {
    retired.delete(generation)
    send({ type: 'failed', generation, error: sentError(error) })
  }
}

/** An error as the main thread can receive it: its name, message and stack. */
function sentError(error: unknown): SentError {
  if (!(error instanceof Error)) return { message: String(error) }
  return {
    name: error.name,
    message: error.message,
    ...(error.stack ? { stack: error.stack } : {}),
  }
}

function answer(id: number, generation: number, sent: SentRequest): void {
  // The main thread sends a request only to a worker that opened its generation.
  const { app } = apps.get(generation)!
  const { body, ...request } = sent
  const response = app.handle({
    ...request,
    ...(body ? { body: Buffer.from(body.buffer, body.byteOffset, body.byteLength) } : {}),
  })
  if (response instanceof Promise) void response.then((settled) => reply(id, settled))
  else reply(id, response)
}

function reply(id: number, { status, headers, body, stream }: AppResponse): void {
  if (stream) streams.set(id, stream[Symbol.asyncIterator]())
  const bytes = ownBytes(body)
  send({ type: 'response', id, status, headers, body: bytes, streamed: stream !== undefined }, [
    bytes.buffer as ArrayBuffer,
  ])
}

async function pull(id: number): Promise<void> {
  const stream = streams.get(id)
  if (!stream) return send({ type: 'end', id })
  try {
    const next = await stream.next()
    if (next.done) {
      streams.delete(id)
      return send({ type: 'end', id })
    }
    if (typeof next.value === 'string') return send({ type: 'chunk', id, chunk: next.value })
    const bytes = ownBytes(next.value)
    send({ type: 'chunk', id, chunk: bytes }, [bytes.buffer as ArrayBuffer])
  } catch (error) {
    streams.delete(id)
    send({ type: 'cut', id, message: error instanceof Error ? error.message : String(error) })
  }
}

/**
 * The bytes in a buffer of their own, to be moved (not copied) to the main thread: a Buffer is
 * often a slice of a larger one (Node's pool), which would be sent whole, or detached if moved.
 */
function ownBytes(buffer: Buffer): Uint8Array {
  const bytes = new Uint8Array(buffer.byteLength)
  bytes.set(buffer)
  return bytes
}
