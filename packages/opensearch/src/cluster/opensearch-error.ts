import type { DocumentSource } from '@archive-catalogue/core'

/** What went wrong with the cluster, for callers that map errors to their own outcome. */
export type OpenSearchErrorCode =
  /** A node's URL is not an http(s) URL. */
  | 'E_BAD_URL'
  /** Nothing answers at the URL (refused, reset, timed out, not OpenSearch). */
  | 'E_UNREACHABLE'
  /** The cluster refused documents: see {@link OpenSearchError.refused}. */
  | 'E_REFUSED'
  /** The alias name is taken by an index, or the cluster answered an error. */
  | 'E_CLUSTER'

/** A document the cluster would not index, where it came from and the cluster's reason. */
export interface RefusedDocument {
  source: DocumentSource
  uri: string
  /** The cluster's error: `mapper_parsing_exception: failed to parse field [position] …`. */
  reason: string
}

/** An error of the cluster, or of talking to it. The message names the URL or the documents. */
export class OpenSearchError extends Error {
  readonly code: OpenSearchErrorCode
  /** The refused documents, for `E_REFUSED`. */
  readonly refused: RefusedDocument[]

  constructor(
    code: OpenSearchErrorCode,
    message: string,
    options: ErrorOptions & { refused?: RefusedDocument[] } = {},
  ) {
    super(message, options)
    this.name = 'OpenSearchError'
    this.code = code
    this.refused = options.refused ?? []
  }
}
