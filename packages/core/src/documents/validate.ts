import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { type CatalogueDocument, DOCUMENT_TYPES, type SchemaName, schemas } from './documents.js'
import { article, closeTo, notOneOf, phraseError, shown } from './problem-messages.js'

/** One way a document breaks the schema: where (a JSON Pointer into it) and why. */
export interface Problem {
  /** JSON Pointer of the offending field, `''` for the document itself, e.g. `/dates/0/begin`. */
  path: string
  /** What is wrong, the value found and what is expected, e.g. `"c. 1920" is not a date: write a year as YYYY, YYYY-MM or YYYY-MM-DD …`. */
  message: string
}

// `verbose` keeps the value and the schema of each error: the messages name the one and phrase the other.
// The schemas' patterns match alike with and without the `u` flag (ASCII classes, anchored; a
// test compares both on characters beyond the basic plane and lone surrogates); without it they
// run a third faster, and a build validates every document.
const ajv = new Ajv({ allErrors: true, strict: false, verbose: true, unicodeRegExp: false })
const validators = new Map<SchemaName, ValidateFunction>()

function validatorFor(name: SchemaName): ValidateFunction {
  let validator = validators.get(name)
  if (!validator) {
    validator = ajv.compile(schemas[name])
    validators.set(name, validator)
  }
  return validator
}

/**
 * Checks one catalogue document against the schema of its `type`.
 * @returns the problems found, empty when the document is valid.
 * @example validateDocument({ type: 'term', title: 'Kenya' }) // [{ path: '/uri', message: "missing required field 'uri'" }, …]
 */
export function validateDocument(value: unknown): Problem[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    const message = `${shown(value)} is not an object: a document is a JSON object, in { }`
    return [{ path: '', message }]
  }
  const type = (value as { type?: unknown }).type
  const known = (DOCUMENT_TYPES as readonly unknown[]).includes(type)
  // A part in a file of its own (a date, a note …) fails as a document on every field: say so once.
  const part = partLike(value, known ? (type as SchemaName) : undefined)
  if (part) {
    const message =
      `this looks like ${article(part.replace(/_/g, ' '))}, a part of a document, not a whole ` +
      `one (a document has a uri and a type: ${DOCUMENT_TYPES.join(', ')})`
    return [{ path: '', message }]
  }
  if (!known) {
    const message =
      type === undefined ? "missing required field 'type'" : notOneOf(type, DOCUMENT_TYPES)
    return [{ path: '/type', message }]
  }
  const problems = validatePart(type as SchemaName, value)
  const uri = (value as { uri?: unknown }).uri
  if (typeof uri === 'string' && !uri.startsWith(`/${type}s/`)) {
    // The uri of another type: one problem, on /type, rather than a second on the uri's form.
    const other = DOCUMENT_TYPES.find((name) => validatePart(name, { uri }).every(notUri))
    const whose = other ? `, which is ${article(other)}'s` : ''
    return [
      { path: '/type', message: `${shown(type)} does not match the uri ${uri}${whose}` },
      ...problems.filter((problem) => !(other && problem.path === '/uri')),
    ]
  }
  return problems
}

const notUri = (problem: Problem) => problem.path !== '/uri'

/** The parts that have a schema of their own (`date`, `note` …): what a stray file may hold. */
const PARTS = (Object.keys(schemas) as SchemaName[]).filter(
  (name) => !(DOCUMENT_TYPES as readonly string[]).includes(name),
)

/**
 * The part whose fields hold the keys of a value that is no document (all of them but one at
 * most): a date's or a note's file. A broken document is never taken for a part: not one that
 * {@link documentLike} knows, and not one of a document's type unless a key is foreign to it.
 */
function partLike(value: object, type: SchemaName | undefined): SchemaName | undefined {
  if (documentLike(value)) return undefined
  const keys = Object.keys(value)
  const foreign = type && keys.some((key) => !(key in schemas[type].properties))
  if (type && !foreign) return undefined
  let best: SchemaName | undefined
  let bestCount = 1
  for (const name of PARTS) {
    const count = keys.filter((key) => key in schemas[name].properties).length
    if (count > bestCount && keys.length - count <= 1) {
      best = name
      bestCount = count
    }
  }
  return best
}

/** A uri under a document's prefix, in any case: `/collections/…`, `/Terms/…`. */
const DOCUMENT_URI = new RegExp(`^/(${DOCUMENT_TYPES.join('|')})s/`, 'i')

/**
 * A value told as a broken document, never as a part: its uri is under a document's prefix, or
 * its type is a document's, as written or close to it (`Collection`, `terms`). A reference has a
 * uri and a type too, but its uri is optional and its type may be `collection` or `object`: a
 * value with one of those and no document's uri is left to its keys. (A stray reference with a
 * document's uri is told as a broken document: the lesser mistake.)
 */
function documentLike(value: object): boolean {
  const { type, uri } = value as { type?: unknown; uri?: unknown }
  if (typeof uri === 'string' && DOCUMENT_URI.test(uri)) return true
  if (closeTo(type, DOCUMENT_TYPES) === undefined) return false
  return validatePart('reference', { type }).some((problem) => problem.path === '/type')
}

/** Checks a value against the schema of a document type or of a part (`date`, `note` …). */
export function validatePart(name: SchemaName, value: unknown): Problem[] {
  const validator = validatorFor(name)
  if (validator(value)) return []
  return describeErrors(validator.errors ?? [])
}

/** Type guard over {@link validateDocument}. */
export function isCatalogueDocument(value: unknown): value is CatalogueDocument {
  return validateDocument(value).length === 0
}

/** Turns ajv's errors into one plain message per field, dropping the noise of unions. */
function describeErrors(errors: ErrorObject[]): Problem[] {
  // A nullable field fails twice (its own type, and null): the second only says null would do.
  const nullable = new Set(
    errors
      .filter((error) => error.keyword === 'type' && error.params.type === 'null')
      .map((error) => error.instancePath),
  )
  const byPath = new Map<string, string[]>()
  for (const error of errors) {
    // anyOf/oneOf restate their branches' errors; `must be null` is the losing branch of a nullable.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') continue
    if (error.keyword === 'type' && error.params.type === 'null') continue
    const path =
      error.keyword === 'required'
        ? `${error.instancePath}/${error.params.missingProperty}`
        : error.instancePath
    const messages = byPath.get(path) ?? []
    const message = phraseError(error, nullable.has(error.instancePath))
    if (!messages.includes(message)) messages.push(message)
    byPath.set(path, messages)
  }
  if (byPath.size === 0 && errors[0]) byPath.set(errors[0].instancePath, [phraseError(errors[0])])
  return [...byPath].map(([path, messages]) => ({ path, message: messages.join('; ') }))
}
