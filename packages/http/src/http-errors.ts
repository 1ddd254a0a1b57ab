import { CatalogueError } from '@archive-catalogue/core'

/** An error the app answers with its status and `{"detail": message}`. */
export class HttpError extends Error {
  readonly status: number

  constructor(status: number, detail: string) {
    super(detail)
    this.name = 'HttpError'
    this.status = status
  }
}

/**
 * Every request waiting for a backend call went away before it answered (the call is aborted).
 * Its status, 499 as nginx logs it, reaches only the access log: nobody is left to send it to.
 */
export class ClientGoneError extends Error {
  constructor() {
    super('The client closed the request before the backend answered.')
    this.name = 'ClientGoneError'
  }
}

/** The `{"detail"}` of an unknown path or id, as DRF words it. */
export const NOT_FOUND = 'Not found.'
/** What a client is told of a failure inside the server (the stack goes to the log only). */
export const INTERNAL_ERROR = 'Internal server error.'

/**
 * The status and detail of a thrown error: the core's bad parameters are the client's fault
 * (400), unknown ids are 404, a finding aid asked of a collection inside another a 409, what
 * the backend cannot do a 501, a backend down or too slow is a 503 naming it; anything else is
 * ours (500) and `expected` is false so it is logged.
 */
export function toHttpError(error: unknown): { status: number; detail: string; expected: boolean } {
  if (error instanceof HttpError) {
    return { status: error.status, detail: error.message, expected: true }
  }
  if (error instanceof CatalogueError) {
    if (error.code === 'E_BAD_PARAMETER') {
      return { status: 400, detail: error.message, expected: true }
    }
    if (error.code === 'E_NOT_FOUND') return { status: 404, detail: NOT_FOUND, expected: true }
    if (error.code === 'E_NOT_TOP_LEVEL') {
      return { status: 409, detail: error.message, expected: true }
    }
    if (error.code === 'E_UNSUPPORTED') {
      return { status: 501, detail: error.message, expected: true }
    }
    if (error.code === 'E_BACKEND_UNAVAILABLE') {
      return { status: 503, detail: error.message, expected: true }
    }
  }
  if (error instanceof ClientGoneError) {
    return { status: 499, detail: error.message, expected: true }
  }
  return { status: 500, detail: INTERNAL_ERROR, expected: false }
}

const STATUS_TEXTS: Record<number, string> = {
  200: 'OK',
  304: 'Not Modified',
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  414: 'URI Too Long',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  503: 'Service Unavailable',
}

/** The reason phrase of a status, for the browsable rendering. */
export function statusText(status: number): string {
  return STATUS_TEXTS[status] ?? ''
}
