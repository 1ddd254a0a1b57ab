/**
 * What `validate` says of a value the schema refuses, in an archivist's words: the value found,
 * then what is expected. One table per kind of rule, each written once: by JSON Schema keyword
 * (`enum`, `minItems` …), by the kind of value a `type` wants, and by the rule of a field whose
 * form a pattern or a length says (a date, an extent, a uri, a language code), taken from the
 * schemas themselves so that a changed schema cannot leave its message behind unnoticed (the
 * tests check that every pattern and length of the schemas has its words here).
 */
import type { ErrorObject } from 'ajv'
import { DOCUMENT_TYPES, schemas } from './documents.js'

/** What a field with a form of its own must hold, as an archivist would be told. */
interface Expectation {
  /** The thing the value is not, e.g. `a date`. */
  noun: string
  /** How to write it, e.g. `write a year as YYYY, YYYY-MM or YYYY-MM-DD`. */
  rule: string
}

type SchemaNode = { pattern?: string; maxLength?: number; type?: unknown }
const node = (schema: unknown) => schema as SchemaNode

/** `an agent`, `a term`. */
export function article(type: string): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`
}

const DATE: Expectation = {
  noun: 'a date',
  rule: 'write a year as YYYY, YYYY-MM or YYYY-MM-DD, or null when undated',
}

/** The rules of the fields a pattern shapes, keyed by the pattern as the schema writes it. */
const BY_PATTERN = new Map<string, Expectation>([
  [node(schemas.date.properties.begin).pattern!, DATE],
  [node(schemas.date.properties.end).pattern!, DATE],
  [
    node(schemas.extent.properties.value).pattern!,
    {
      noun: 'a quantity',
      rule: 'write the number alone, such as "2" or "0.5" (the unit goes in type)',
    },
  ],
  ...DOCUMENT_TYPES.map((type): [string, Expectation] => [
    node(schemas[type].properties.uri).pattern!,
    {
      noun: `${article(type)}'s uri`,
      rule: `write /${type}s/ then an id of letters, digits, - and _`,
    },
  ]),
])

/** The rules of fields a length limits, keyed by their schema (no pattern says their form). */
const BY_FIELD = new Map<unknown, Expectation>([
  [
    schemas.language.properties.identifier,
    { noun: 'a language code', rule: 'a language is an ISO 639 code such as eng' },
  ],
])

/** The rule of a field, when its form has one of its own: `a date: write a year as …`. */
export function ruleOf(schema: unknown): string | undefined {
  const expected = expectationOf(schema)
  return expected && `${expected.noun}: ${expected.rule}`
}

function expectationOf(schema: unknown): Expectation | undefined {
  const field = BY_FIELD.get(schema)
  if (field) return field
  const pattern = node(schema)?.pattern
  return pattern === undefined ? undefined : BY_PATTERN.get(pattern)
}

/** What a `type` asks for, as a reader says it. */
const KINDS: Record<string, string> = {
  string: 'text in quotes',
  number: 'a number, such as 1 or 2.5',
  integer: 'a whole number',
  boolean: 'true or false',
  array: 'a list, in [ ]',
  object: 'an object, in { }',
  null: 'null',
}

/** What a value is, as a reader says it: `7 is a number`, `"x" is text`. */
function kindOf(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'string') return 'text'
  if (typeof value === 'object') return 'an object'
  if (typeof value === 'boolean') return 'true or false'
  return `a ${typeof value}`
}

/** A value as written in the file, shortened: `"c. 1920"`, `7`, `[…]`, `{…}`. */
export function shown(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : '[…]'
  if (typeof value === 'object' && value !== null) return '{…}'
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 58)}…"` : text
}

/** An allowed value written differently (case, spaces, a plural): `organizations` → `organization`. */
export function closeTo(value: unknown, allowed: readonly unknown[]): unknown {
  if (typeof value !== 'string') return undefined
  const plain = (text: string) =>
    text
      .toLowerCase()
      .replace(/[\s_-]+/g, ' ')
      .replace(/s$/, '')
      .trim()
  return allowed.find((option) => typeof option === 'string' && plain(option) === plain(value))
}

/** `"Photographs" is not one of: documents, audio, photographs … (did you mean "photographs"?)`. */
export function notOneOf(value: unknown, allowed: readonly unknown[]): string {
  const close = closeTo(value, allowed)
  const hint = close === undefined ? '' : ` (did you mean ${shown(close)}?)`
  return `${shown(value)} is not one of: ${allowed.map(String).join(', ')}${hint}`
}

/** `creators` → `creator`, `external_identifiers` → `external identifier`: one of a list. */
function singular(path: string): string {
  const field = path.split('/').at(-1) ?? ''
  return /^\d*$/.test(field) ? 'item' : field.replace(/_/g, ' ').replace(/s$/, '')
}

/** The message of one refused rule; `nullable` when the field could be null instead. */
type Phrase = (error: ErrorObject, nullable: boolean) => string

/** The words of each JSON Schema keyword the catalogue's schemas use. */
const BY_KEYWORD: Record<string, Phrase> = {
  required: (error) => `missing required field '${error.params.missingProperty}'`,
  enum: (error) => notOneOf(error.data, error.params.allowedValues as unknown[]),
  const: (error) => `${shown(error.data)} should be ${shown(error.params.allowedValue)}`,
  type: (error, nullable) => {
    const expected = expectationOf(error.parentSchema)
    const wanted = expected
      ? `${expected.noun} in quotes; ${expected.rule}`
      : String(error.params.type)
          .split(',')
          .filter((type) => !nullable || type !== 'null')
          .map((type) => KINDS[type] ?? type)
          .join(', or ')
    const found = error.data === null ? 'is null' : `${shown(error.data)} is ${kindOf(error.data)}`
    return `${found}: expected ${wanted}${nullable && !expected ? ', or null' : ''}`
  },
  pattern: (error) => {
    const expected = expectationOf(error.parentSchema)
    if (expected) return `${shown(error.data)} is not ${expected.noun}: ${expected.rule}`
    return `${shown(error.data)} does not have the expected form (${error.params.pattern})`
  },
  minItems: (error) => {
    const limit = Number(error.params.limit)
    const what = singular(error.instancePath)
    return limit === 1
      ? `the list is empty: give at least one ${what}`
      : `the list has ${(error.data as unknown[]).length}: give at least ${limit}`
  },
  minLength: (error) =>
    Number(error.params.limit) === 1
      ? 'is empty: write some text'
      : `${shown(error.data)} is too short: at least ${error.params.limit} characters`,
  maxLength: (error) => {
    const expected = expectationOf(error.parentSchema)
    if (expected) return `${shown(error.data)} is not ${expected.noun}: ${expected.rule}`
    return `${shown(error.data)} is too long: at most ${error.params.limit} characters`
  },
}

/**
 * The message of one ajv error (made with `verbose`, so that it holds the value and its schema).
 * @param nullable the field may also be null (a union whose null branch failed too)
 */
export function phraseError(error: ErrorObject, nullable = false): string {
  const phrase = BY_KEYWORD[error.keyword]
  return phrase ? phrase(error, nullable) : (error.message ?? `fails ${error.keyword}`)
}

/**
 * The patterns and lengths of the schemas that have no words of their own here: empty unless a
 * schema gained a rule this table does not know (the tests check it stays empty).
 */
export function unphrasedRules(): string[] {
  const missing: string[] = []
  const visit = (schema: unknown, where: string) => {
    if (typeof schema !== 'object' || schema === null) return
    const { pattern, maxLength } = node(schema)
    if ((pattern !== undefined || maxLength !== undefined) && !expectationOf(schema)) {
      missing.push(`${where}: ${pattern ?? `maxLength ${maxLength}`}`)
    }
    for (const [key, value] of Object.entries(schema)) visit(value, `${where}/${key}`)
  }
  for (const [name, schema] of Object.entries(schemas)) visit(schema, name)
  return missing
}
