/**
 * The bounds of one HTTP request (`createApp` options), each a clear error naming the limit: a URL
 * too long (414), too many query parameters (400), a body too large (413).
 */
import type { AppRequest } from './app-messages.js'
import { HttpError } from './http-errors.js'

export function checkUrlLength(url: string, limit: number): void {
  if (url.length > limit) {
    throw new HttpError(
      414,
      `Request URL too long: ${url.length} characters; the limit is ${limit}.`,
    )
  }
}

export function checkParameterCount(query: URLSearchParams, limit: number): void {
  if (query.size > limit) {
    throw new HttpError(400, `Too many query parameters: ${query.size}; the limit is ${limit}.`)
  }
}

export function checkBodySize(request: AppRequest, limit: number): void {
  if (request.bodyTooLarge) {
    throw new HttpError(413, `Request body too large: the limit is ${limit} bytes.`)
  }
}
