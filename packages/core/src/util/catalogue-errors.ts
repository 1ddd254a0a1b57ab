/** What went wrong, for callers that map errors to their own outcome (HTTP status, exit code). */
export type CatalogueErrorCode =
  | 'E_BAD_PARAMETER'
  | 'E_NOT_FOUND'
  | 'E_INVALID_DOCUMENT'
  | 'E_DUPLICATE_URI'
  | 'E_MALFORMED_JSON'
  | 'E_MALFORMED_XML'
  | 'E_UNREADABLE'
  | 'E_UNWRITABLE'
  | 'E_EMPTY_CATALOGUE'
  | 'E_INVALID_CATALOGUE'
  | 'E_BAD_SNAPSHOT'
  | 'E_TOO_LARGE'
  | 'E_BACKEND_UNAVAILABLE'
  | 'E_NOT_TOP_LEVEL'
  | 'E_UNSUPPORTED'

/** The one error type the core throws. Its message names the parameter, value, file or field. */
export class CatalogueError extends Error {
  readonly code: CatalogueErrorCode

  constructor(code: CatalogueErrorCode, message: string, options?: ErrorOptions) {
    super(message, options)
    this.name = 'CatalogueError'
    this.code = code
  }
}

/** A malformed value of a known request parameter (an HTTP 400). */
export class BadParameterError extends CatalogueError {
  /** The parameter as the caller wrote it, e.g. `start_date__gte`. */
  readonly parameter: string
  readonly value: string

  constructor(parameter: string, value: string, reason: string) {
    super('E_BAD_PARAMETER', `Invalid value '${value}' for parameter '${parameter}': ${reason}`)
    this.name = 'BadParameterError'
    this.parameter = parameter
    this.value = value
  }
}

/** An unknown path or id (an HTTP 404). */
export class NotFoundError extends CatalogueError {
  constructor(message = 'Not found.') {
    super('E_NOT_FOUND', message)
    this.name = 'NotFoundError'
  }
}

/**
 * A backend that is down or did not answer in time (an HTTP 503); the message names it.
 * @example new BackendUnavailableError('OpenSearch at http://127.0.0.1:9201 did not answer within 10 s')
 */
export class BackendUnavailableError extends CatalogueError {
  constructor(message: string, options?: ErrorOptions) {
    super('E_BACKEND_UNAVAILABLE', message, options)
    this.name = 'BackendUnavailableError'
  }
}

/**
 * A collection asked for as a whole finding aid that is part of another (an HTTP 409): the
 * message names the top-level collection whose finding aid holds it.
 */
export class NotTopLevelError extends CatalogueError {
  /** The uri of the top-level collection above it, e.g. `/collections/abc`. */
  readonly topLevel: string

  constructor(uri: string, topLevel: string) {
    super(
      'E_NOT_TOP_LEVEL',
      `${uri} is not a top-level collection: it is part of the finding aid of ${topLevel}`,
    )
    this.name = 'NotTopLevelError'
    this.topLevel = topLevel
  }
}
