/**
 * The response serializers: fast-json-stringify schemas, one per response shape, with properties
 * in the API's key order (the core's `responses.ts` and the recorded responses). Each is compiled
 * once, on first use, and shared by every app of the process. Parts whose keys come from the
 * documents as they are (rights statements, note list items) are free-form objects: their keys
 * keep the document's order instead of being reordered or dropped by a fixed schema.
 */
import type {
  CollectionDetail,
  CollectionsPage,
  FacetsResponse,
  ListItem,
  Page,
  SearchResult,
} from '@archive-catalogue/core'
import build from 'fast-json-stringify'

type Schema = Record<string, unknown>

const string: Schema = { type: 'string' }
const number: Schema = { type: 'number' }
const integer: Schema = { type: 'integer' }
const boolean: Schema = { type: 'boolean' }
/** Any JSON object, its keys in their own order (serialized with `JSON.stringify`). */
const freeObject: Schema = { type: 'object', additionalProperties: true }

const nullable = (schema: Schema): Schema => ({ ...schema, type: [schema.type, 'null'] })
const array = (items: Schema): Schema => ({ type: 'array', items })
const object = (properties: Record<string, Schema>): Schema => ({ type: 'object', properties })

const page = (item: Schema) =>
  object({
    count: integer,
    next: nullable(string),
    previous: nullable(string),
    results: array(item),
  })

const searchDate = object({
  end: nullable(string),
  type: string,
  begin: nullable(string),
  label: string,
  source: string,
  expression: string,
})

const listDate = object({
  expression: string,
  begin: nullable(string),
  end: nullable(string),
  label: string,
  type: string,
})

const searchResult = object({
  category: nullable(string),
  dates: array(searchDate),
  hit_count: nullable(integer),
  online_hit_count: nullable(integer),
  title: string,
  uri: string,
  creators: array(string),
})

const bucket = object({ key: string, doc_count: integer })

const facets = object({
  max_date: object({ value: nullable(integer) }),
  creator: array(bucket),
  min_date: object({ value: nullable(integer) }),
  subject: array(bucket),
  format: array(bucket),
  online: object({ doc_count: integer }),
})

const listItem = object({ uri: string, type: string, title: string, dates: array(listDate) })

const collectionsPage = object({
  count: integer,
  next: nullable(string),
  previous: nullable(string),
  facets: freeObject,
  results: array(listItem),
})

const groupReference = object({ identifier: string, title: string })

const note = object({
  type: string,
  title: string,
  source: string,
  subnotes: array(
    object({ type: string, content: array(nullable(string)), items: array(nullable(freeObject)) }),
  ),
})

const linkedItem = object({
  title: nullable(string),
  type: nullable(string),
  online: boolean,
  hit_count: nullable(integer),
  online_hit_count: nullable(integer),
  uri: nullable(string),
  dates: nullable(string),
  description: nullable(string),
  group: nullable(groupReference),
  index: nullable(integer),
})

const collectionDetail = object({
  uri: string,
  title: string,
  type: string,
  category: string,
  offset: nullable(integer),
  group: groupReference,
  external_identifiers: array(object({ identifier: string, source: string })),
  level: nullable(string),
  parent: nullable(string),
  languages: array(object({ expression: string, identifier: string })),
  description: nullable(string),
  extents: array(object({ value: number, type: string })),
  formats: array(string),
  online: boolean,
  dates: array(listDate),
  notes: nullable(array(note)),
  rights_statements: nullable(array(freeObject)),
  agents: nullable(array(linkedItem)),
  creators: nullable(array(linkedItem)),
  terms: nullable(array(linkedItem)),
})

/** `GET /`: endpoint name → absolute URL, in the order given. */
const root: Schema = { type: 'object', additionalProperties: string }

const error = object({ detail: string })

const queryParameter = object({
  name: string,
  description: string,
  lookups: array(string),
  choices: array(string),
})

const metadata = object({
  name: string,
  description: string,
  renders: array(string),
  parses: array(string),
  query_parameters: array(queryParameter),
})

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

/** The JSON schemas, by response shape (exported for tests). */
export const schemas = {
  searchPage: page(searchResult),
  facets,
  collectionsPage,
  collectionDetail,
  root,
  error,
  metadata,
} as const

/** Compiles a schema on first use. */
function compiled<T>(schema: Schema): (value: T) => string {
  let stringify: ((value: T) => string) | undefined
  return (value) => {
    stringify ??= build(schema as build.AnySchema) as (value: T) => string
    return stringify(value)
  }
}

/** A serializer per response shape: value → JSON text, in the API's key order. */
export const serialize = {
  searchPage: compiled<Page<SearchResult>>(schemas.searchPage),
  facets: compiled<FacetsResponse>(schemas.facets),
  collectionsPage: compiled<CollectionsPage<ListItem>>(schemas.collectionsPage),
  collectionDetail: compiled<CollectionDetail>(schemas.collectionDetail),
  root: compiled<Record<string, string>>(schemas.root),
  error: compiled<{ detail: string }>(schemas.error),
  metadata: compiled<EndpointMetadata>(schemas.metadata),
}
