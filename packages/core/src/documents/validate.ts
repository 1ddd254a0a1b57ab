import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv'
import { type CatalogueDocument, DOCUMENT_TYPES, type SchemaName, schemas } from './documents.js'

/** One way a document breaks the schema: where (a JSON Pointer into it) and why. */
export interface Problem {
  /** JSON Pointer of the offending field, `''` for the document itself, e.g. `/dates/0/begin`. */
  path: string
  /** What is wrong, e.g. `must be one of: agent, collection, object, term`. */
  message: string
}

const ajv = new Ajv({ allErrors: true, strict: false })
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
 * @example validateDocument({ type: 'term', title: 'Kenya' }) // [{ path: '', message: "missing required field 'uri'" }, …]
 */
export function validateDocument(value: unknown): Problem[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ path: '', message: 'must be a JSON object' }]
  }
  const type = (value as { type?: unknown }).type
  if (type === undefined) return [{ path: '/type', message: "missing required field 'type'" }]
  if (typeof type !== 'string' || !(DOCUMENT_TYPES as readonly string[]).includes(type)) {
    return [{ path: '/type', message: `must be one of: ${DOCUMENT_TYPES.join(', ')}` }]
  }
  const problems = validatePart(type as SchemaName, value)
  const uri = (value as { uri?: unknown }).uri
  if (typeof uri === 'string' && !uri.startsWith(`/${type}s/`)) {
    problems.unshift({ path: '/type', message: `'${type}' does not match the uri ${uri}` })
  }
  return problems
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
    const message = describeError(error)
    if (!messages.includes(message)) messages.push(message)
    byPath.set(path, messages)
  }
  if (byPath.size === 0 && errors[0]) byPath.set(errors[0].instancePath, [describeError(errors[0])])
  return [...byPath].map(([path, messages]) => ({ path, message: messages.join('; ') }))
}

function describeError(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return `missing required field '${error.params.missingProperty}'`
    case 'enum':
      return `must be one of: ${(error.params.allowedValues as unknown[]).map(String).join(', ')}`
    case 'const':
      return `must be '${String(error.params.allowedValue)}'`
    case 'type':
      return `must be ${String(error.params.type).split(',').join(' or ')}`
    case 'pattern':
      return `must match the pattern ${error.params.pattern}`
    case 'minItems': {
      const limit = Number(error.params.limit)
      return `must have at least ${limit} ${limit === 1 ? 'item' : 'items'}`
    }
    case 'minLength':
      return Number(error.params.limit) === 1
        ? 'must not be empty'
        : `must have at least ${error.params.limit} characters`
    case 'maxLength':
      return `must have at most ${error.params.limit} characters`
    default:
      return error.message ?? `fails ${error.keyword}`
  }
}
