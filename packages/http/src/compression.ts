/**
 * Compression of what `listen` sends, for any app (the API and the site alike): brotli or gzip
 * as the client accepts, by node:zlib (Node's own binding of the reference zlib and brotli
 * libraries: nothing to add). Bodies worth it only: 1 KiB or more, of a textual type, not encoded
 * by the app already. An encoded representation has its own entity tag, as RFC 9110 §8.8.3 asks
 * of a strong one: the app's tag with `-br` or `-gzip` inside the quotes, and `If-None-Match` on
 * it still gives the app's 304.
 */
import { promisify } from 'node:util'
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
} from 'node:zlib'
import { type ContentCoding, contentCoding } from './accept-encoding.js'
import type { AppRequest, AppResponse } from './app-messages.js'
import { ifNoneMatch } from './etag.js'
import { headerValue } from './request-target.js'

type Coding = Exclude<ContentCoding, 'identity'>

/** Smaller bodies go as they are: they fit a packet either way, and gzip adds 18 bytes. */
const MIN_BYTES = 1024
/**
 * Bodies below this are compressed on the event loop, larger ones on libuv's threadpool. An async
 * call costs the event loop some 40 µs whatever the size (its stream is made there) and the
 * response some 100 µs more, while brotli as below takes 20–60 µs under 4 KiB; above, the
 * threadpool works beside the event loop (a 20 KB page takes 300 µs), and a megabyte would hold
 * every other request for milliseconds.
 */
const SYNC_BELOW = 4096
/**
 * Quality 5 (of 11) is as fast as dynamic responses need and a tenth smaller than gzip. Measured
 * on the corpus (node 20, one core; median of 200): the site's search page, 12,572 bytes, is
 * 2,700 bytes by gzip 6 in 60 µs, 2,582 by brotli 4 in 90 µs, 2,448 by brotli 5 in 100 µs and
 * 2,173 by brotli 11 in 12 ms; `/search?query=rockefeller`, 8,246 bytes, 1,658 by gzip 6 in 38 µs
 * and 1,536 by brotli 5 in 65 µs. Brotli 6 is no smaller, and gzip 9 no smaller than 6.
 */
const BROTLI_QUALITY = 5
const GZIP_OPTIONS = { level: 6 }
/** Textual types: JSON, HTML, CSS, scripts, XML and SVG (an event stream is never whole). */
const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream)|application\/(?:json|javascript|ecmascript|xml|[\w.-]+\+(?:json|xml))\s*(?:;|$)|image\/svg\+xml)/i

const brotliAsync = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/**
 * Compressed bodies by the body they encode: a body the app hands out again (the API's response
 * cache keeps its 200s) is compressed once per coding, and the entry goes when the body does.
 * An entry still compressing is its promise, which identical requests share.
 */
const compressed = new WeakMap<Buffer, Partial<Record<Coding, Buffer | Promise<Buffer>>>>()

/** How one request's response is encoded: what the app is given, and what becomes of its answer. */
export interface Compression {
  /** The headers the app is given: `If-None-Match` also holds the app's own tags of ours. */
  headers: AppRequest['headers']
  /** The response as sent. Never rejects: a failure to compress sends the body as it is. */
  encode(response: AppResponse): AppResponse | Promise<AppResponse>
}

/** The compression of a request's response, from its method and headers. */
export function compressionFor(method: string, headers: AppRequest['headers']): Compression {
  const coding = contentCoding(headerValue(headers['accept-encoding']))
  if (coding === 'identity') return { headers, encode: identity }
  const condition = headerValue(headers['if-none-match'])
  const head = method === 'HEAD'
  return {
    headers:
      condition === undefined
        ? headers
        : { ...headers, 'if-none-match': withAppTags(condition, coding) },
    encode: (response) => encode(response, coding, condition, head),
  }
}

/** A response as it is, which still varies by `Accept-Encoding` (another client's is encoded). */
function identity(response: AppResponse): AppResponse {
  if (nameOf(response.headers, 'content-encoding')) return response
  return { ...response, headers: varyOnEncoding(response.headers) }
}

function encode(
  response: AppResponse,
  coding: Coding,
  condition: string | undefined,
  head: boolean,
): AppResponse | Promise<AppResponse> {
  const { status, body } = response
  // Never twice: an app that encodes its own bodies answers for them, `Vary` included.
  if (nameOf(response.headers, 'content-encoding')) return response
  const headers = varyOnEncoding(response.headers)
  if (response.stream) return encodeStream(response, headers, coding)
  const etag = nameOf(headers, 'etag')
  if (status === 304) {
    // The app matched its own tag; the client held ours if it sent ours.
    if (etag && condition !== undefined && condition.trim() !== '*') {
      const ours = taggedFor(headers[etag]!, coding)
      if (ifNoneMatch(condition, ours)) headers[etag] = ours
    }
    return { status, headers, body }
  }
  // A HEAD's body is empty, and the app sends its GET's length.
  const length = head ? Number(headers[nameOf(headers, 'content-length') ?? '']) : body.length
  if (!worthCompressing(status, headers, length)) return { status, headers, body }
  const encodedAs = (bytes: Buffer | undefined): AppResponse => {
    for (const name of ['content-length', 'content-encoding']) {
      const found = nameOf(headers, name)
      if (found) delete headers[found]
    }
    headers['Content-Encoding'] = coding
    if (bytes) headers['Content-Length'] = String(bytes.length)
    if (etag) headers[etag] = taggedFor(headers[etag]!, coding)
    return { status, headers, body: bytes ?? body }
  }
  // Only compressing would tell a HEAD's length, and RFC 9110 §8.6 lets a HEAD leave it out.
  // (Asking the app a GET instead would tell it, but the app would see and log a GET.)
  if (head) return encodedAs(undefined)
  try {
    const encoded = compress(body, coding)
    if (!(encoded instanceof Promise)) return encodedAs(encoded)
    return encoded.then(encodedAs, () => ({ status, headers, body }))
  } catch {
    return { status, headers, body }
  }
}

/**
 * A streamed body compressed as it goes: each chunk of the app's is compressed and flushed, so
 * that what the app hands out reaches the client at once (a finding aid's first bytes), at the
 * cost of a little size at each flush (the app's chunks are 64 KiB).
 */
function encodeStream(
  response: AppResponse,
  headers: Record<string, string>,
  coding: Coding,
): AppResponse {
  const type = nameOf(headers, 'content-type')
  if (response.status !== 200 || !type || !COMPRESSIBLE.test(headers[type]!)) {
    return { ...response, headers }
  }
  const length = nameOf(headers, 'content-length')
  if (length) delete headers[length]
  headers['Content-Encoding'] = coding
  return {
    status: response.status,
    headers,
    body: response.body,
    stream: compressedStream(response.stream!, coding),
  }
}

/**
 * The stream compressed, whose `return` (the client gone) reaches the app's stream even when
 * no chunk was asked yet: a generator not started ends without running, and would leave the
 * work behind it (a finding aid's walk, a worker's stream) open.
 */
function compressedStream(
  source: AsyncIterable<string | Buffer>,
  coding: Coding,
): AsyncIterable<Buffer> {
  const generator = compressing(source, coding)
  let started = false
  const iterator: AsyncIterator<Buffer> = {
    next: () => {
      started = true
      return generator.next()
    },
    return: async () => {
      const ended = await generator.return(undefined)
      if (!started) await source[Symbol.asyncIterator]().return?.()
      return ended
    },
  }
  return { [Symbol.asyncIterator]: () => iterator }
}

async function* compressing(
  source: AsyncIterable<string | Buffer>,
  coding: Coding,
): AsyncGenerator<Buffer> {
  const encoder =
    coding === 'br'
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : createGzip(GZIP_OPTIONS)
  const out: Buffer[] = []
  encoder.on('data', (chunk: Buffer) => out.push(chunk))
  const taken = () => Buffer.concat(out.splice(0))
  try {
    for await (const chunk of source) {
      encoder.write(chunk)
      await new Promise<void>((resolve) => encoder.flush(() => resolve()))
      if (out.length > 0) yield taken()
    }
    await new Promise<void>((resolve, reject) => {
      encoder.once('end', resolve)
      encoder.once('error', reject)
      encoder.end()
    })
    if (out.length > 0) yield taken()
  } finally {
    encoder.close()
  }
}

function worthCompressing(
  status: number,
  headers: Record<string, string>,
  length: number,
): boolean {
  if (status < 200 || status === 204 || status === 206 || !(length >= MIN_BYTES)) return false
  const type = nameOf(headers, 'content-type')
  return type !== undefined && COMPRESSIBLE.test(headers[type]!)
}

function compress(body: Buffer, coding: Coding): Buffer | Promise<Buffer> {
  let known = compressed.get(body)
  if (known === undefined) {
    known = {}
    compressed.set(body, known)
  }
  const cached = known[coding]
  if (cached !== undefined) return cached
  const brotli = {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      // A window no larger than the body (nothing lies further back): the same bytes within
      // 0.1%, and the encoder's tables, sized by the window, are not a fresh 1 MiB for each
      // body; on the threadpool, with ten in flight, that halves its time (0.53 to 0.24 ms for
      // the 12.5 KB page).
      [constants.BROTLI_PARAM_LGWIN]: Math.min(
        constants.BROTLI_DEFAULT_WINDOW,
        Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(body.length))),
      ),
    },
  }
  if (body.length < SYNC_BELOW) {
    known[coding] =
      coding === 'br' ? brotliCompressSync(body, brotli) : gzipSync(body, GZIP_OPTIONS)
    return known[coding]
  }
  const entry = known
  const pending = (
    coding === 'br' ? brotliAsync(body, brotli) : gzipAsync(body, GZIP_OPTIONS)
  ).then(
    (encoded) => {
      entry[coding] = encoded
      return encoded
    },
    (error: unknown) => {
      delete entry[coding]
      throw error
    },
  )
  entry[coding] = pending
  return pending
}

/** A strong tag of the encoded representation (a weak one may be shared, RFC 9110 §8.8.1). */
function taggedFor(etag: string, coding: Coding): string {
  return etag.startsWith('"') && etag.endsWith('"') ? `${etag.slice(0, -1)}-${coding}"` : etag
}

/**
 * `If-None-Match` as the app reads it: each of our tags of this coding (`"x-br"`) followed by the
 * app's own (`"x"`). The client's tags stay, so a tag of the app's that happens to end in `-br`
 * still matches itself; a tag of another coding stays unmatched (the client asked for this one).
 */
function withAppTags(condition: string, coding: Coding): string {
  const suffix = `-${coding}"`
  const added: string[] = []
  for (const [tag] of condition.matchAll(/(?:W\/)?"[^"]*"/g)) {
    if (tag.endsWith(suffix)) added.push(`${tag.slice(0, -suffix.length)}"`)
  }
  return added.length === 0 ? condition : `${condition}, ${added.join(', ')}`
}

/**
 * A copy of the headers (the app's may be its cache's) with `Accept-Encoding` in `Vary`, added
 * to what is there (`Accept`) once.
 */
function varyOnEncoding(headers: Record<string, string>): Record<string, string> {
  const name = nameOf(headers, 'vary') ?? 'Vary'
  const vary = headers[name]?.trim()
  if (vary && /(?:^|,)\s*(?:\*|accept-encoding)\s*(?=,|$)/i.test(vary)) return { ...headers }
  return { ...headers, [name]: vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding' }
}

/** The name a header goes by in an app's response, whatever its case. */
function nameOf(headers: Record<string, string>, lowerCase: string): string | undefined {
  for (const name of Object.keys(headers)) if (name.toLowerCase() === lowerCase) return name
  return undefined
}
