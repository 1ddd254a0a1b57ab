/**
 * An app asked without a socket: a request given as a path (`/search?query=x`) or an absolute
 * URL, answered as a fetch `Response` (a streamed answer as a stream). What `App.request` does
 * for the API's app and the discovery site alike: tests, and apps embedded in another server.
 */
import type { MaybePromise } from '@archive-catalogue/core'
import type { AppRequest, AppResponse } from './app-messages.js'

/** Options of `App.request`. */
export interface AppRequestInit {
  /** @default 'GET' */
  method?: string
  headers?: Record<string, string>
  /** A request body (`POST /mylist`), as text or bytes. */
  body?: string | Buffer
}

/** What an app is to be asked so: its answer to a request, and the largest body it reads. */
export interface Answering {
  readonly maxBodyBytes: number
  handle(request: AppRequest): MaybePromise<AppResponse>
}

/** An app's answer to a request given as a path or absolute URL, as a fetch `Response`. */
export async function requestApp(
  app: Answering,
  url: string,
  init: AppRequestInit = {},
): Promise<Response> {
  const absolute = /^https?:\/\//i.test(url) ? new URL(url) : undefined
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(init.headers ?? {})) {
    headers[name.toLowerCase()] = value
  }
  headers.host ??= absolute?.host ?? 'localhost'
  const target = absolute ? `${absolute.pathname}${absolute.search}` : url
  const body = init.body === undefined ? undefined : Buffer.from(init.body)
  if (body) headers['content-length'] ??= String(body.length)
  const response: AppResponse = await app.handle({
    method: init.method ?? 'GET',
    url: target.startsWith('/') ? target : `/${target}`,
    headers,
    ...(body ? { body, bodyTooLarge: body.length > app.maxBodyBytes } : {}),
  })
  const { stream } = response
  const content = stream
    ? ReadableStream.from(encoded(stream))
    : response.body.length > 0
      ? response.body
      : null
  return new Response(content, { status: response.status, headers: response.headers })
}

async function* encoded(stream: AsyncIterable<string | Buffer>): AsyncGenerator<Uint8Array> {
  for await (const chunk of stream) yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk
}
