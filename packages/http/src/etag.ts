import { createHash } from 'node:crypto'

/**
 * A strong entity tag for a response: the catalogue's content fingerprint and a hash of what else
 * the body depends on (the request's path, its parameters sorted by name, the rendering and the
 * base URL). The same request over the same catalogue always gives the same bytes, so the tag can
 * be known without hashing the body.
 */
export function entityTag(version: string, key: string): string {
  const hash = createHash('sha1').update(key).digest('base64url').slice(0, 20)
  return `"${version}-${hash}"`
}

/**
 * Whether `If-None-Match` matches a current tag (RFC 9110 §13.1.2): `*` matches any current
 * representation; otherwise any listed tag matches by weak comparison (`W/"x"` equals `"x"`).
 */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  if (header.trim() === '*') return true
  const opaque = etag.startsWith('W/') ? etag.slice(2) : etag
  for (const match of header.matchAll(/(?:W\/)?("[^"]*")/g)) {
    if (match[1] === opaque) return true
  }
  return false
}
