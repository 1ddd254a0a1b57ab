/**
 * Every response shape of the API, written once as a JSON Schema (TypeBox) with its properties
 * in the order the reference service sends them (API.md §5 and the recorded responses). The
 * TypeScript types below are derived from these schemas, the builders in `responses.ts` and
 * `endpoints/` create objects in this order, and the HTTP package compiles its serializers from
 * the same schemas: one description, no copies to keep in step.
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox'

/** `T | null`, as `type: [T, 'null']` (what fast-json-stringify compiles best). */
const Nullable = <T extends TSchema>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type as string, 'null'] })
const NullableString = Nullable(Type.String())
const NullableInteger = Nullable(Type.Integer())
/** A JSON object whose keys are the document's own, in its own order (serialized as is). */
const FreeObject = Type.Unsafe<Record<string, unknown>>({
  type: 'object',
  additionalProperties: true,
})

const pageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    count: Type.Integer(),
    next: NullableString,
    previous: NullableString,
    results: Type.Array(item),
  })

/** A date as search results show it (with `source`, in the recorded key order). */
export const SearchResultDateSchema = Type.Object({
  end: NullableString,
  type: Type.String(),
  begin: NullableString,
  label: Type.String(),
  source: Type.String(),
  expression: Type.String(),
})

/** A date as lists and details show it: without `source`. */
export const ListDateSchema = Type.Object({
  expression: Type.String(),
  begin: NullableString,
  end: NullableString,
  label: Type.String(),
  type: Type.String(),
})

/** Where a snippet's text comes from (`api/snippets.ts`). */
export const SNIPPET_FIELDS = ['title', 'description', 'note', 'subject', 'component'] as const

/**
 * Where the query's words stand in a `/search` result (`snippets=true`; `api/snippets.ts`): a
 * field of the group's own record, or the title of its best-matching component, as display text
 * (markup stripped, spaces collapsed, a long one cut around its words with `…`), with the words
 * to mark. A page escapes `text` and wraps each mark's code units: no HTML travels in JSON.
 */
export const SnippetSchema = Type.Object({
  /**
   * `title`, `description` (an agent's), `note` (a paragraph or list item of a note), `subject`
   * (a term's title), or `component` (the title of the group's best-matching document).
   */
  field: Type.Unsafe<(typeof SNIPPET_FIELDS)[number]>({
    type: 'string',
    enum: [...SNIPPET_FIELDS],
  }),
  /** At most 160 code units, and an ellipsis at either end where it was cut. */
  text: Type.String(),
  /**
   * The stretches of `text` to mark, `[start, end)` in UTF-16 code units (JavaScript's string
   * indexes), in order, none overlapping; a phrase is one stretch. May be empty for a component
   * found by words outside its title.
   */
  marks: Type.Array(Type.Array(Type.Integer({ minimum: 0 }), { minItems: 2, maxItems: 2 })),
  /** A note's title as the record shows it (`Scope and Contents`); only on a `note`. */
  label: Type.Optional(Type.String()),
  /**
   * The component's uri: on a `component`, and on the snippet of its own field that follows it
   * when its title shows no word of the query (`subject: Malaria` of a photograph).
   */
  uri: Type.Optional(Type.String()),
})

/** One `/search` result: a group (top-level collection or agent) and its hits. */
export const SearchResultSchema = Type.Object({
  category: NullableString,
  dates: Type.Array(SearchResultDateSchema),
  hit_count: NullableInteger,
  online_hit_count: NullableInteger,
  title: Type.String(),
  uri: Type.String(),
  creators: Type.Array(Type.String()),
  /**
   * Only with `snippets=true` (the reference's answer has no such key): where the query's words
   * stand in the group, at most one per field (title, description, note, subject) of its own
   * record, then its best-matching component's title (and, when that shows no word, the
   * component's first field that does); empty without a query or with nothing to mark.
   */
  snippets: Type.Optional(Type.Array(SnippetSchema)),
})

export const FacetBucketSchema = Type.Object({ key: Type.String(), doc_count: Type.Integer() })

/** The interval of a date histogram's buckets; null when there are none. */
const HistogramIntervalSchema = Type.Unsafe<'year' | 'decade' | 'century' | null>({
  type: ['string', 'null'],
  enum: ['year', 'decade', 'century', null],
})

/**
 * `/facets`' date histogram (`date_histogram=true`; `api/date-histogram.ts`): the matching
 * documents with a date in each year, decade or century, oldest first, empty buckets included.
 */
export const DateHistogramSchema = Type.Object({
  /** `year`, `decade` or `century`, by the span of years shown; null when there are no buckets. */
  interval: HistogramIntervalSchema,
  buckets: Type.Array(
    Type.Object({
      /** The first year of the bucket's whole year, decade or century (1940 for the 1940s). */
      key: Type.Integer(),
      /** The bucket's first and last year, cut to the years shown. */
      from: Type.Integer(),
      to: Type.Integer(),
      /** The matching documents with a begin year ≤ `to` and an end year ≥ `from`. */
      doc_count: Type.Integer(),
    }),
  ),
})

export const FacetsSchema = Type.Object({
  max_date: Type.Object({ value: NullableInteger }),
  creator: Type.Array(FacetBucketSchema),
  min_date: Type.Object({ value: NullableInteger }),
  subject: Type.Array(FacetBucketSchema),
  format: Type.Array(FacetBucketSchema),
  online: Type.Object({ doc_count: Type.Integer() }),
  /**
   * Only with `level_facet=true` (the reference's answer has no such key): the matching
   * collections and objects by `level`, at most 100 buckets; a document without a level is in
   * none, and `level={key}` finds a bucket's documents.
   */
  level: Type.Optional(Type.Array(FacetBucketSchema)),
  /**
   * Only with `type_facet=true` (the reference's answer has no such key): the matching documents
   * by `type` (`agent`, `collection`, `object`, `term`), and `type={key}` finds a bucket's
   * documents.
   */
  type: Type.Optional(Type.Array(FacetBucketSchema)),
  /** Only with `date_histogram=true`: the reference's answer has no such key. */
  date_histogram: Type.Optional(DateHistogramSchema),
})

/** An item of the plain lists (`/collections`, `/objects`, `/agents`, `/terms`). */
export const ListItemSchema = Type.Object({
  uri: Type.String(),
  type: Type.String(),
  title: Type.String(),
  /** null for a document without dates (terms). */
  dates: Nullable(Type.Array(ListDateSchema)),
})

/** A page of a plain list: the reference service's paginator adds an (empty) `facets`. */
export const ListPageSchema = Type.Object({
  count: Type.Integer(),
  next: NullableString,
  previous: NullableString,
  facets: Type.Unsafe<Record<string, never>>({ type: 'object', additionalProperties: true }),
  results: Type.Array(ListItemSchema),
})

export const GroupReferenceSchema = Type.Object({ identifier: Type.String(), title: Type.String() })

/**
 * A reference to another document as the reference service shows it: a creator, agent or term
 * of a detail, a child of a collection, an ancestor.
 */
export const LinkedItemSchema = Type.Object({
  title: NullableString,
  type: NullableString,
  online: Type.Boolean(),
  hit_count: NullableInteger,
  online_hit_count: NullableInteger,
  uri: NullableString,
  /** The date expressions joined by ", ". */
  dates: NullableString,
  description: NullableString,
  group: Nullable(GroupReferenceSchema),
  /** The pre-order number within the top-level collection (children), else null. */
  index: NullableInteger,
})

export const SubnoteSchema = Type.Object({
  type: Type.String(),
  content: Type.Array(NullableString),
  items: Type.Optional(Type.Array(Nullable(FreeObject))),
})

export const DetailNoteSchema = Type.Object({
  type: Type.String(),
  title: Type.String(),
  source: Type.String(),
  subnotes: Type.Array(SubnoteSchema),
})

const ExternalIdentifierSchema = Type.Object({ identifier: Type.String(), source: Type.String() })
const LanguageSchema = Type.Object({ expression: Type.String(), identifier: Type.String() })
const ExtentSchema = Type.Object({ value: Type.Number(), type: Type.String() })
const FileSchema = Type.Object({
  title: NullableString,
  download: NullableString,
  manifest: NullableString,
})

/** The fields every detail starts with. */
const detailHead = {
  uri: Type.String(),
  title: Type.String(),
  type: Type.String(),
  category: Type.String(),
  /** The index among the parent's children; null at the top level and for agents and terms. */
  offset: NullableInteger,
  group: GroupReferenceSchema,
  external_identifiers: Type.Array(ExternalIdentifierSchema),
}

/** `/collections/{id}`. */
export const CollectionDetailSchema = Type.Object({
  ...detailHead,
  level: NullableString,
  parent: NullableString,
  languages: Nullable(Type.Array(LanguageSchema)),
  description: NullableString,
  extents: Type.Array(ExtentSchema),
  formats: Type.Array(Type.String()),
  online: Type.Boolean(),
  dates: Nullable(Type.Array(ListDateSchema)),
  notes: Nullable(Type.Array(DetailNoteSchema)),
  rights_statements: Nullable(Type.Array(FreeObject)),
  agents: Nullable(Type.Array(LinkedItemSchema)),
  creators: Nullable(Type.Array(LinkedItemSchema)),
  terms: Nullable(Type.Array(LinkedItemSchema)),
})

/**
 * `/objects/{id}`: `files` when the document has the field (`[]` too, as the reference's
 * serializer answers); none when it has not (the recorded object).
 */
export const ObjectDetailSchema = Type.Object({
  ...detailHead,
  languages: Nullable(Type.Array(LanguageSchema)),
  parent: NullableString,
  description: NullableString,
  extents: Nullable(Type.Array(ExtentSchema)),
  files: Type.Optional(Type.Array(FileSchema)),
  formats: Type.Array(Type.String()),
  online: Type.Boolean(),
  dates: Nullable(Type.Array(ListDateSchema)),
  notes: Nullable(Type.Array(DetailNoteSchema)),
  rights_statements: Nullable(Type.Array(FreeObject)),
  agents: Nullable(Type.Array(LinkedItemSchema)),
  terms: Nullable(Type.Array(LinkedItemSchema)),
})

/** `/agents/{id}`. */
export const AgentDetailSchema = Type.Object({
  ...detailHead,
  agent_type: Type.String(),
  authorized_name: Type.String(),
  description: NullableString,
  dates: Nullable(Type.Array(ListDateSchema)),
  notes: Nullable(Type.Array(DetailNoteSchema)),
})

/** `/terms/{id}`: `collections` and `objects` as the document lists them, else null. */
export const TermDetailSchema = Type.Object({
  ...detailHead,
  term_type: Type.String(),
  collections: Nullable(Type.Array(LinkedItemSchema)),
  objects: Nullable(Type.Array(LinkedItemSchema)),
})

/** `/collections/{id}/ancestors`: root outermost, each ancestor holding the next as `child`. */
export const AncestorSchema = Type.Recursive(
  (This) =>
    Type.Object({
      ...LinkedItemSchema.properties,
      child: Type.Optional(This),
    }),
  { $id: 'Ancestor' },
)

/** `/collections/{id}/minimap`. */
export const MinimapSchema = Type.Object({
  hits: Type.Array(
    Type.Object({
      index: Type.Integer(),
      uri: Type.String(),
      title: Type.String(),
      online: Type.Boolean(),
    }),
  ),
  total: Type.Integer(),
})

/** `/search/suggest`: per word of the input, spelling suggestions from the titles. */
export const SuggestionsSchema = Type.Object({
  title_suggest: Type.Array(
    Type.Object({
      text: Type.String(),
      offset: Type.Integer(),
      length: Type.Integer(),
      options: Type.Array(
        Type.Object({ text: Type.String(), score: Type.Number(), freq: Type.Integer() }),
      ),
    }),
  ),
})

/** `POST /mylist`: saved collections and objects, grouped by top-level collection. */
export const MyListSchema = Type.Array(
  Type.Object({
    title: Type.String(),
    items: Type.Array(
      Type.Object({
        title: Type.String(),
        uri: Type.String(),
        dates: Type.String(),
        description: NullableString,
        extents: Nullable(Type.Array(Type.Object({ type: Type.String(), value: Type.String() }))),
        notes: Type.Array(
          Type.Object({
            source: Type.String(),
            type: Type.String(),
            title: Type.String(),
            subnotes: Type.Array(
              Type.Object({
                type: Type.String(),
                items: Type.Array(Nullable(FreeObject)),
                content: Type.Array(NullableString),
              }),
            ),
          }),
        ),
        parent: NullableString,
        parent_ref: NullableString,
        online: Type.Boolean(),
        archivesspace_uri: NullableString,
      }),
    ),
  }),
)

/** `/{type}/{id}/citation`: one string. */
export const CitationSchema = Type.String()

/** `GET /`: endpoint name → absolute URL. */
export const RootSchema = Type.Unsafe<Record<string, string>>({
  type: 'object',
  additionalProperties: { type: 'string' },
})

/** `GET /health`: the catalogue in use. */
export const HealthSchema = Type.Object({
  status: Type.Literal('ok'),
  /** A fingerprint of the catalogue's content: it changes when a reload swaps a new one in. */
  version: Type.String(),
  documents: Type.Integer(),
  /** When the catalogue in use was loaded (ISO 8601); null when the app was given a fixed one. */
  loaded_at: NullableString,
  load_milliseconds: NullableInteger,
  /** Why the last reload failed (the old catalogue kept serving); null when it did not. */
  last_reload_error: NullableString,
  /** Which backend answers; absent for the in-memory catalogue. */
  backend: Type.Optional(
    Type.Unsafe<'memory' | 'opensearch'>({ type: 'string', enum: ['memory', 'opensearch'] }),
  ),
  /** The search cluster's status (`green`, `yellow`, `red`), for a backend that has one. */
  cluster_status: Type.Optional(Type.String()),
  /** The physical index behind the backend's alias, for a backend that has one. */
  index: Type.Optional(Type.String()),
})

/** Every error: what is wrong, naming the parameter and the value. */
export const ErrorSchema = Type.Object({ detail: Type.String() })

/** The schema of each response shape, by name (for serializers and documentation). */
export const responseSchemas = {
  searchPage: pageOf(SearchResultSchema),
  facets: FacetsSchema,
  listPage: ListPageSchema,
  collectionDetail: CollectionDetailSchema,
  objectDetail: ObjectDetailSchema,
  agentDetail: AgentDetailSchema,
  termDetail: TermDetailSchema,
  childrenPage: pageOf(LinkedItemSchema),
  /** An empty object (`{}`) at the top level, else an {@link AncestorSchema}. */
  ancestors: AncestorSchema,
  minimap: MinimapSchema,
  suggestions: SuggestionsSchema,
  myList: MyListSchema,
  citation: CitationSchema,
  root: RootSchema,
  health: HealthSchema,
  error: ErrorSchema,
} as const

/** The name of a response shape. */
export type ResponseShape = keyof typeof responseSchemas

/** A page of a list: `count` is exact, links absolute or null. */
export interface Page<T> {
  count: number
  next: string | null
  previous: string | null
  results: T[]
}

export type SearchResultDate = Static<typeof SearchResultDateSchema>
export type ListDate = Static<typeof ListDateSchema>
export type SearchResult = Static<typeof SearchResultSchema>
export type Snippet = Static<typeof SnippetSchema>
export type FacetBucket = Static<typeof FacetBucketSchema>
export type FacetsResponse = Static<typeof FacetsSchema>
export type DateHistogram = Static<typeof DateHistogramSchema>
export type HistogramInterval = NonNullable<DateHistogram['interval']>
export type ListItem = Static<typeof ListItemSchema>
export type ListPage = Static<typeof ListPageSchema>
export type LinkedItem = Static<typeof LinkedItemSchema>
export type DetailNote = Static<typeof DetailNoteSchema>
export type CollectionDetail = Static<typeof CollectionDetailSchema>
export type ObjectDetail = Static<typeof ObjectDetailSchema>
export type AgentDetail = Static<typeof AgentDetailSchema>
export type TermDetail = Static<typeof TermDetailSchema>
/** An ancestor and, inside it, the next one down. */
export type Ancestor = LinkedItem & { child?: Ancestor }
/** `{}` for a top-level document. */
export type Ancestors = Ancestor | Record<string, never>
export type Minimap = Static<typeof MinimapSchema>
export type Suggestions = Static<typeof SuggestionsSchema>
export type MyList = Static<typeof MyListSchema>
export type Health = Static<typeof HealthSchema>
/** Any detail. */
export type DocumentDetail = CollectionDetail | ObjectDetail | AgentDetail | TermDetail
