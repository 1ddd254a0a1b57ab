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

/** The `{"detail"}` of an unknown path or id, as DRF words it. */
export const NOT_FOUND = 'Not found.'
/** What a client is told of a failure inside the server (the stack goes to the log only). */
export const INTERNAL_ERROR = 'Internal server error.'

/**
 * The status and detail of a thrown error: the core's bad parameters are the client's fault
 * (400), unknown ids are 404; anything else is ours (500) and `expected` is false so it is logged.
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
  }
  return { status: 500, detail: INTERNAL_ERROR, expected: false }
}

const STATUS_TEXTS: Record<number, string> = {
  200: 'OK',
  304: 'Not Modified',
  400: 'Bad Request',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Content Too Large',
  414: 'URI Too Long',
  500: 'Internal Server Error',
}

/** The reason phrase of a status, for the browsable rendering. */
export function statusText(status: number): string {
  return STATUS_TEXTS[status] ?? ''
}
