/** Reading a request: its target split into path and query, header values as one string. */

/** Splits a request target into path and query; an absolute-form target loses its origin. */
export function splitTarget(target: string): { path: string; queryString: string } {
  let rest = target
  const origin = /^https?:\/\/[^/?#]*/i.exec(rest)
  if (origin) rest = rest.slice(origin[0].length) || '/'
  const hash = rest.indexOf('#')
  if (hash >= 0) rest = rest.slice(0, hash)
  const question = rest.indexOf('?')
  return question < 0
    ? { path: rest, queryString: '' }
    : { path: rest.slice(0, question), queryString: rest.slice(question + 1) }
}

/** A header's value; a repeated header's values joined as a list. */
export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value
}
