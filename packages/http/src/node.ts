/**
 * The node:http shim: turns node's request into an {@link AppRequest} and the app's response into
 * bytes, and shuts down gracefully. Everything else is the app's.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { App } from './app.js'
import type { AppRequest, AppResponse } from './app-messages.js'
import { type Compression, compressionFor } from './compression.js'

/** Options of {@link listen}. */
export interface ListenOptions {
  /** @default 8000 (0 picks a free port) */
  port?: number
  /** @default '127.0.0.1' (use '0.0.0.0' or '::' to serve other machines) */
  host?: string
  /** Aborting it closes the server gracefully. */
  signal?: AbortSignal
  /** Longest time to receive a whole request; then a 408. @default 30_000 ms */
  requestTimeout?: number
  /** Longest time to receive a request's headers; then a 408. @default 10_000 ms */
  headersTimeout?: number
  /** How long an idle keep-alive connection stays open. @default 5_000 ms */
  keepAliveTimeout?: number
  /**
   * How long {@link Listening.close} waits for in-flight requests before cutting them.
   * @default 10_000 ms
   */
  shutdownTimeout?: number
  /**
   * Compress responses for clients that accept it (`Accept-Encoding`): brotli, else gzip, for
   * textual bodies of 1 KiB or more that the app has not encoded; `Vary` says so, and an encoded
   * response's strong ETag ends in `-br` or `-gzip`. Turn it off behind a proxy that compresses.
   * @default true
   */
  compression?: boolean
}

/** A listening server. */
export interface Listening {
  server: Server
  /** Where it listens, e.g. `http://127.0.0.1:8000`. */
  url: string
  /**
   * Stops accepting connections, closes idle ones, lets in-flight requests finish (up to
   * `shutdownTimeout`), and resolves once every connection is closed. Safe to call twice.
   */
  close(): Promise<void>
}

/**
 * Serves an app over node:http.
 * @example const { url, close } = await listen(createApp(catalogue), { port: 0 })
 */
export async function listen(app: App, options: ListenOptions = {}): Promise<Listening> {
  const requestTimeout = options.requestTimeout ?? 30_000
  const headersTimeout = options.headersTimeout ?? 10_000
  const compression = options.compression ?? true
  const server = createServer(
    {
      requestTimeout,
      headersTimeout,
      keepAliveTimeout: options.keepAliveTimeout ?? 5_000,
      // Node enforces the two timeouts on this tick (30 s by default): keep it well under them.
      connectionsCheckingInterval: checkingInterval(requestTimeout, headersTimeout),
    },
    (request, response) => {
      readBody(request, app.maxBodyBytes).then(
        ({ body, tooLarge }) => {
          // Made when first read: only a backend that answers with a promise reads it.
          let controller: AbortController | undefined
          const method = request.method ?? 'GET'
          const asked: Compression = compression
            ? compressionFor(method, withEveryHost(request))
            : { headers: withEveryHost(request), encode: (answer) => answer }
          const write = ({ status, headers, body: content, stream }: AppResponse) => {
            if (response.destroyed) {
              if (stream) void stream[Symbol.asyncIterator]().return?.()
              return
            }
            // The rest of a refused body is not read: the connection cannot carry another request.
            response.writeHead(status, tooLarge ? { ...headers, Connection: 'close' } : headers)
            if (stream) void pump(stream, response)
            else response.end(content)
          }
          const send = (answer: AppResponse) => {
            const encoded = asked.encode(answer)
            if (encoded instanceof Promise) encoded.then(write, () => response.destroy())
            else write(encoded)
          }
          try {
            const answer = app.handle({
              method,
              url: request.url ?? '/',
              headers: asked.headers,
              ...(body ? { body } : {}),
              ...(tooLarge ? { bodyTooLarge: true } : {}),
              get signal() {
                controller ??= new AbortController()
                return controller.signal
              },
            })
            if (!(answer instanceof Promise)) return send(answer)
            // A client that goes away before the answer aborts its signal, and so the backend's call.
            const gone = () => {
              if (!response.writableFinished) controller?.abort()
            }
            if (request.socket.destroyed) gone()
            else response.once('close', gone)
            answer.then(send).catch(() => response.destroy())
          } catch {
            // The app never throws; this guards the process against a bug in the lines above.
            response.destroy()
          }
        },
        // The client went away while sending the body: nobody to answer.
        () => response.destroy(),
      )
    },
  )
  const close = closeServer(server, options.shutdownTimeout ?? 10_000)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8000, options.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  if (options.signal) {
    if (options.signal.aborted) await close()
    else options.signal.addEventListener('abort', () => void close(), { once: true })
  }
  return { server, url: urlOf(server), close }
}

/**
 * Writes a streamed body as the client takes it (waiting for `drain` when its buffer is full,
 * letting the event loop turn after every chunk), and stops reading the stream when the client goes away; a stream that fails cuts the
 * response (the client sees it end before its last chunk).
 */
async function pump(
  stream: AsyncIterable<string | Buffer>,
  response: ServerResponse,
): Promise<void> {
  const chunks = stream[Symbol.asyncIterator]()
  let closed = false
  let resume: (() => void) | undefined
  const onClose = () => {
    closed = true
    resume?.()
  }
  response.once('close', onClose)
  try {
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      if (closed) break
      if (!response.write(next.value)) {
        await new Promise<void>((resolve) => {
          resume = resolve
          response.once('drain', resolve)
        })
        resume = undefined
        if (closed) break
      } else {
        // A backend that answers at once (in memory) would otherwise make the whole body
        // before the event loop turns: other requests wait, and the bytes leave only at the end.
        await new Promise<void>((resolve) => setImmediate(resolve))
      }
    }
    if (closed) await chunks.return?.()
    else response.end()
  } catch {
    response.destroy()
  } finally {
    response.off('close', onClose)
  }
}

/**
 * The request's headers with every Host line kept: Node keeps the first Host and drops the rest,
 * but two Hosts are ambiguous (RFC 9112 asks for a 400), so the app is given them all.
 */
function withEveryHost(request: IncomingMessage): AppRequest['headers'] {
  const hosts: string[] = []
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    if (request.rawHeaders[i]!.toLowerCase() === 'host') hosts.push(request.rawHeaders[i + 1]!)
  }
  return hosts.length > 1 ? { ...request.headers, host: hosts } : request.headers
}

/**
 * Reads a request's body whole, up to `limit` bytes: a longer one (by its `Content-Length`, or
 * as it arrives) is not read further and comes back as `tooLarge`. A request without a body
 * resolves at once. A body that arrives too slowly is cut by the server's `requestTimeout`.
 */
function readBody(
  request: IncomingMessage,
  limit: number,
): Promise<{ body?: Buffer; tooLarge: boolean }> {
  const length = request.headers['content-length']
  const chunked = request.headers['transfer-encoding'] !== undefined
  if (!chunked && (length === undefined || length === '0')) {
    return Promise.resolve({ tooLarge: false })
  }
  if (!chunked && Number(length) > limit) return Promise.resolve({ tooLarge: true })
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let received = 0
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received > limit) {
        request.off('data', onData)
        request.pause()
        resolve({ tooLarge: true })
      } else chunks.push(chunk)
    }
    request.on('data', onData)
    request.once('end', () => resolve({ body: Buffer.concat(chunks), tooLarge: false }))
    request.once('error', reject)
    request.once('aborted', () => reject(new Error('aborted')))
  })
}

/** Options of {@link handleSignals}. */
export interface SignalOptions {
  /** @default ['SIGINT', 'SIGTERM'] */
  signals?: readonly NodeJS.Signals[]
  /** Called with the exit code once closed (1 on a second signal). @default process.exit */
  exit?: (code: number) => void
  /** Called on the first signal, e.g. to log that the server is shutting down. */
  onSignal?: (signal: NodeJS.Signals) => void
}

/**
 * On SIGINT or SIGTERM: stop accepting, finish in-flight requests, then exit 0. A second signal
 * exits 1 at once. Returns a function that removes the handlers.
 * @example handleSignals(await listen(app, { port: 8000 }))
 */
export function handleSignals(target: Listening | Server, options: SignalOptions = {}): () => void {
  const signals = options.signals ?? ['SIGINT', 'SIGTERM']
  const exit = options.exit ?? ((code: number) => process.exit(code))
  const close = 'close' in target && 'url' in target ? target.close : closeServer(target, 10_000)
  let received = false
  const onSignal = (signal: NodeJS.Signals) => {
    if (received) return exit(1)
    received = true
    options.onSignal?.(signal)
    close().then(
      () => exit(0),
      () => exit(1),
    )
  }
  for (const signal of signals) process.on(signal, onSignal)
  return () => {
    for (const signal of signals) process.off(signal, onSignal)
  }
}

/** A once-only graceful close of a server. */
function closeServer(server: Server, shutdownTimeout: number): () => Promise<void> {
  let closed: Promise<void> | undefined
  return () => {
    closed ??= new Promise<void>((resolve, reject) => {
      // A request still arriving on an open connection is answered, then its connection closed
      // instead of kept alive (this runs before the app's handler writes the headers).
      server.prependListener('request', (_request, response) => {
        response.setHeader('Connection', 'close')
      })
      const timer = setTimeout(() => server.closeAllConnections(), shutdownTimeout)
      timer.unref()
      server.close((error) => {
        clearTimeout(timer)
        if (error) reject(error)
        else resolve()
      })
      // Idle keep-alive connections would otherwise hold the close until they time out.
      server.closeIdleConnections()
    })
    return closed
  }
}

function checkingInterval(requestTimeout: number, headersTimeout: number): number {
  const shortest = Math.min(...[requestTimeout, headersTimeout].filter((t) => t > 0), 2_000)
  return Math.max(10, Math.floor(shortest / 2))
}

function urlOf(server: Server): string {
  const { address, port, family } = server.address() as AddressInfo
  return `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`
}
