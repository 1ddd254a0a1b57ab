/**
 * The catalogue documents and their parts, as JSON Schemas (TypeBox) and the TypeScript types
 * derived from them. They follow the Rockefeller Archive Center's catalogue schemas (draft-07),
 * with two decisions of our own: dates must be ISO-like (`YYYY`, `YYYY-MM`, `YYYY-MM-DD`) so
 * that a year can always be read from their first four digits, and every document carries a
 * `uri` of the form `/<type>s/<id>`.
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox'

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])
const NonEmptyString = Type.String({ minLength: 1 })

/**
 * One of a fixed set of strings, as a JSON Schema `enum` (not TypeBox's `anyOf` of literals) so
 * that a wrong value gets one clear error that lists the allowed values.
 */
const Literals = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values] })

/** A string or null, as `type: ['string', 'null']` so that a bad string gets one error. */
const NullableString = (options: { pattern?: string; minLength?: number } = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options })

/** Where a piece of description came from. */
export const Source = Literals([
  'archivesspace',
  'cartographer',
  'wikidata',
  'wikipedia',
  // Imported from an EAD finding aid (`catalogue import ead`).
  'ead',
] as const)

/** A year, year-month or full date; the year is always the first four digits. */
const DATE_PATTERN = '^[0-9]{4}(-[0-9]{2}(-[0-9]{2})?)?$'

export const DateSchema = Type.Object({
  begin: NullableString({ pattern: DATE_PATTERN }),
  end: Type.Optional(NullableString({ pattern: DATE_PATTERN })),
  expression: NonEmptyString,
  label: Literals([
    'agent_relation',
    'broadcast',
    'copyright',
    'creation',
    'deaccession',
    'digitized',
    'existence',
    'event',
    'issued',
    'modified',
    'other',
    'publication',
    'record_keeping',
    'usage',
  ] as const),
  type: Literals(['bulk', 'inclusive', 'single', 'range'] as const),
  source: Source,
})

export const ExtentSchema = Type.Object({
  value: Type.String({ minLength: 1, pattern: '^-?[0-9]+(\\.[0-9]+)?$' }),
  type: NonEmptyString,
})

export const ExternalIdentifierSchema = Type.Object({
  identifier: NonEmptyString,
  source: Source,
})

export const LanguageSchema = Type.Object({
  expression: NonEmptyString,
  identifier: Type.String({ minLength: 1, maxLength: 3 }),
})

export const NOTE_TYPES = [
  'abstract',
  'accessrestrict',
  'accruals',
  'acqinfo',
  'altformavail',
  'appraisal',
  'arrangement',
  'bibliography',
  'bioghist',
  'custodhist',
  'fileplan',
  'index',
  'odd',
  'otherfindaid',
  'originalsloc',
  'phystech',
  'prefercite',
  'processinfo',
  'relatedmaterial',
  'scopecontent',
  'separatedmaterial',
  'userestrict',
  'dimensions',
  'legalstatus',
  'summary',
  'edition',
  'extent',
  'note',
  'inscription',
  'langmaterial',
  'physdesc',
  'physloc',
  'materialspec',
  'physfacet',
  'rights_statement',
  'rights_statement_act',
  'materials',
  'type_note',
  'additional_information',
  'expiration',
  'extension',
  'permissions',
  'restrictions',
] as const

export const SubnoteSchema = Type.Object({
  type: Literals(['definedlist', 'orderedlist', 'text'] as const),
  content: Type.Optional(Type.Array(NullableString())),
  items: Type.Optional(Type.Array(Nullable(Type.Record(Type.String(), Type.Unknown())))),
})

export const NoteSchema = Type.Object({
  type: Literals(NOTE_TYPES),
  title: NonEmptyString,
  source: Source,
  subnotes: Type.Array(SubnoteSchema, { minItems: 1 }),
})

const REFERENCE_TYPES = [
  'cultural_context',
  'function',
  'geographic',
  'genre_form',
  'occupation',
  'style_period',
  'technique',
  'temporal',
  'topical',
  'person',
  'organization',
  'family',
  'software',
  'object',
  'collection',
] as const

/** A link from one document to another (creator, subject, ancestor, child ...). */
export const ReferenceSchema = Type.Object({
  external_identifiers: Type.Array(ExternalIdentifierSchema, { minItems: 1 }),
  identifier: Type.Optional(NullableString()),
  title: Type.Optional(NullableString()),
  type: Type.Optional(Nullable(Literals(REFERENCE_TYPES))),
  level: Type.Optional(NullableString()),
  order: Type.Optional(Nullable(Type.Number())),
  relator: Type.Optional(NullableString()),
  role: Type.Optional(NullableString()),
  uri: Type.Optional(NullableString()),
  dates: Type.Optional(NullableString()),
  description: Type.Optional(NullableString()),
})

/** The top-level collection (or the agent or term itself) a document belongs to. */
export const GroupSchema = Type.Object({
  identifier: NonEmptyString,
  title: Type.String(),
  category: Type.Optional(
    Literals(['collection', 'organization', 'person', 'family', 'subject'] as const),
  ),
  creators: Type.Optional(Type.Array(ReferenceSchema)),
  dates: Type.Optional(Type.Array(DateSchema)),
})

export const RightsGrantedSchema = Type.Object({
  act: Literals([
    'delete',
    'disseminate',
    'modify',
    'migrate',
    'publish',
    'replicate',
    'use',
  ] as const),
  grant_restriction: Literals(['allow', 'conditional', 'disallow'] as const),
  start_date: Type.Optional(NullableString()),
  end_date: Type.Optional(NullableString()),
  granted_note: Type.Optional(NullableString()),
})

export const RightsStatementSchema = Type.Object({
  rights_basis: Literals(['copyright', 'license', 'statute', 'other'] as const),
  rights_granted: Type.Array(RightsGrantedSchema),
  start_date: Type.Optional(NullableString()),
  end_date: Type.Optional(NullableString()),
  determination_date: Type.Optional(NullableString()),
  basis_note: Type.Optional(Type.String()),
  jurisdiction: Type.Optional(Type.String()),
  copyright_status: Type.Optional(Type.String()),
  terms: Type.Optional(Type.String()),
  statute_citation: Type.Optional(Type.String()),
  other_basis: Type.Optional(Type.String()),
})

/** A digital file attached to an object. */
export const FileSchema = Type.Object({
  title: Type.Optional(NullableString()),
  download: Type.Optional(NullableString()),
  manifest: Type.Optional(NullableString()),
})

export const FORMATS = ['documents', 'audio', 'photographs', 'moving image'] as const
const Format = Literals(FORMATS)
const References = Type.Array(ReferenceSchema)
const Uri = (type: string) => Type.String({ pattern: `^/${type}s/[A-Za-z0-9_-]+$` })

export const AgentSchema = Type.Object({
  uri: Uri('agent'),
  type: Type.Literal('agent'),
  title: Type.String(),
  category: Literals(['person', 'organization', 'family'] as const),
  agent_type: Literals(['person', 'organization', 'family'] as const),
  authorized_name: Type.String(),
  description: Type.Optional(NullableString()),
  dates: Type.Optional(Type.Array(DateSchema)),
  notes: Type.Optional(Type.Array(NoteSchema)),
  people: Type.Optional(References),
  organizations: Type.Optional(References),
  families: Type.Optional(References),
  external_identifiers: Type.Array(ExternalIdentifierSchema, { minItems: 1 }),
  group: GroupSchema,
})

/** Fields collections and objects share. */
const archivalDescription = {
  title: Type.String(),
  category: Type.Literal('collection'),
  dates: Type.Array(DateSchema, { minItems: 1 }),
  notes: Type.Optional(Type.Array(NoteSchema)),
  terms: Type.Optional(References),
  people: Type.Optional(References),
  organizations: Type.Optional(References),
  families: Type.Optional(References),
  agents: Type.Optional(References),
  rights: Type.Optional(Type.Array(RightsStatementSchema)),
  ancestors: Type.Optional(References),
  formats: Type.Array(Format, { minItems: 1 }),
  position: Type.Number(),
  online: Type.Boolean(),
  group: GroupSchema,
  external_identifiers: Type.Array(ExternalIdentifierSchema, { minItems: 1 }),
}

export const CollectionSchema = Type.Object({
  uri: Uri('collection'),
  type: Type.Literal('collection'),
  ...archivalDescription,
  level: Type.Optional(NullableString()),
  parent: Type.Optional(NullableString()),
  creators: Type.Array(ReferenceSchema, { minItems: 1 }),
  extents: Type.Array(ExtentSchema, { minItems: 1 }),
  languages: Type.Array(LanguageSchema, { minItems: 1 }),
  children: Type.Optional(References),
})

export const ObjectSchema = Type.Object({
  uri: Uri('object'),
  type: Type.Literal('object'),
  ...archivalDescription,
  level: Type.Optional(NullableString()),
  parent: NullableString(),
  extents: Type.Array(ExtentSchema),
  languages: Type.Optional(Type.Array(LanguageSchema)),
  tree_position: Type.Optional(Nullable(Type.Number())),
  files: Type.Optional(Type.Array(FileSchema)),
})

export const TermSchema = Type.Object({
  uri: Uri('term'),
  type: Type.Literal('term'),
  title: Type.String(),
  category: Type.Literal('subject'),
  term_type: Literals(REFERENCE_TYPES.slice(0, 9)),
  external_identifiers: Type.Array(ExternalIdentifierSchema, { minItems: 1 }),
  group: GroupSchema,
})

export type CatalogueDate = Static<typeof DateSchema>
export type Extent = Static<typeof ExtentSchema>
export type ExternalIdentifier = Static<typeof ExternalIdentifierSchema>
export type Language = Static<typeof LanguageSchema>
export type Subnote = Static<typeof SubnoteSchema>
export type Note = Static<typeof NoteSchema>
export type NoteType = (typeof NOTE_TYPES)[number]
export type Reference = Static<typeof ReferenceSchema>
export type Group = Static<typeof GroupSchema>
export type RightsGranted = Static<typeof RightsGrantedSchema>
export type RightsStatement = Static<typeof RightsStatementSchema>
export type CatalogueFile = Static<typeof FileSchema>
export type Format = (typeof FORMATS)[number]
export type Agent = Static<typeof AgentSchema>
export type Collection = Static<typeof CollectionSchema>
export type CatalogueObject = Static<typeof ObjectSchema>
export type Term = Static<typeof TermSchema>

/** Any catalogue document. */
export type CatalogueDocument = Agent | Collection | CatalogueObject | Term
/** The four kinds of document. */
export type DocumentType = CatalogueDocument['type']
export const DOCUMENT_TYPES: readonly DocumentType[] = ['agent', 'collection', 'object', 'term']

/** The schema of each document type, and of each part that can be checked on its own. */
export const schemas = {
  agent: AgentSchema,
  collection: CollectionSchema,
  object: ObjectSchema,
  term: TermSchema,
  date: DateSchema,
  extent: ExtentSchema,
  external_identifier: ExternalIdentifierSchema,
  group: GroupSchema,
  language: LanguageSchema,
  note: NoteSchema,
  reference: ReferenceSchema,
  rights_statement: RightsStatementSchema,
  file: FileSchema,
} as const

/** The name of a document type or of a part with a schema of its own. */
export type SchemaName = keyof typeof schemas
