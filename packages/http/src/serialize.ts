/**
 * The response serializers: the core's response schemas (`responseSchemas`, one per shape, in
 * the API's key order) compiled by fast-json-stringify, each once, on first use, and shared by
 * every app of the process. The only schema written here is the OPTIONS metadata, which is the
 * HTTP layer's own.
 */
import { type ResponseShape, responseSchemas } from '@archive-catalogue/core'
import build from 'fast-json-stringify'

/** A query parameter as OPTIONS describes it. */
export interface QueryParameter {
  name: string
  description: string
  /** The lookups a filter supports (`field__lookup`); `exact` is the plain `field=value`. */
  lookups?: string[]
  /** The values the parameter takes, when they are a fixed set. */
  choices?: string[]
}

/** The body of an OPTIONS response (DRF's metadata, plus the query parameters). */
export interface EndpointMetadata {
  name: string
  description: string
  renders: string[]
  parses: string[]
  query_parameters: QueryParameter[]
}

const strings = { type: 'array', items: { type: 'string' } }

/** The OPTIONS body's schema. */
export const metadataSchema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    renders: strings,
    parses: strings,
    query_parameters: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          description: { type: 'string' },
          lookups: strings,
          choices: strings,
        },
      },
    },
  },
} as const

/**
 * Compiles a schema on first use. fast-json-stringify writes `required` properties before the
 * others, which would move an optional property (an object's `files`) out of the API's key
 * order; without `required` it writes every property in schema order, skipping absent ones.
 */
function compiled<T>(schema: object): (value: T) => string {
  let stringify: ((value: T) => string) | undefined
  return (value) => {
    stringify ??= build(withoutRequired(schema) as build.AnySchema) as (value: T) => string
    return stringify(value)
  }
}

/** A plain copy of a schema without its `required` lists (no property of ours is so named). */
function withoutRequired(schema: object): object {
  return JSON.parse(
    JSON.stringify(schema, (key, value) => (key === 'required' ? undefined : value)),
  )
}

type Serializers = { [S in ResponseShape]: (value: never) => string }

const compiledShapes = Object.fromEntries(
  Object.entries(responseSchemas).map(([shape, schema]) => [shape, compiled(schema)]),
) as Serializers

/** A serializer per response shape: value → JSON text, in the API's key order. */
export const serialize = {
  ...compiledShapes,
  // A top-level document has no ancestors: `{}`, which the ancestor schema does not describe.
  ancestors: (value: object) =>
    Object.keys(value).length === 0 ? '{}' : compiledShapes.ancestors(value as never),
  metadata: compiled<EndpointMetadata>(metadataSchema),
} as { [S in ResponseShape]: (value: unknown) => string } & {
  metadata: (value: EndpointMetadata) => string
}
