/** A tool the local OpenSearch node needs (Java 21+, Maven) is missing; the message says how to get it. */
export class MissingToolError extends Error {
  override name = 'MissingToolError'
}
