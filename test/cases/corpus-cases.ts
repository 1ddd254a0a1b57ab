/**
 * Requests on the real corpus (`test/fixtures/rac`: 89 agents, 5 collections, 15 objects,
 * 83 terms) and what they must give, worked out by hand from the documents. Run by `runCases`
 * (run-cases.ts) on the core, the HTTP app and the CLI, in memory and over OpenSearch.
 */
export interface CorpusCase {
  name: string
  endpoint: 'search' | 'facets' | 'collections'
  query: string
  /** Expected `count` (lists). */
  count?: number
  /** Expected result uris, in order (the first page). */
  uris?: string[]
  /** Expected facet values (a subset of the response). */
  facets?: Record<string, unknown>
  /** Expected 400 detail, for malformed requests. */
  error?: string
}

const CARY_REICH = '/collections/gfvm2HihpLwCTnKgpDtdhR'
const HINMAN = '/collections/Zivy3B6P5nBaZ24Kb8cWEq'
const ROCKEFELLER_FOUNDATION_PHOTOS = '/collections/ntnzqFH9UU4BDwiYxgjaUN'
const CONGRESSIONAL_QUARTERLY = '/collections/gxzsDBLTNpDADsvwrBS8ad'
const AUDIO_TAPES = '/collections/kqx4Z5uJzTUF2RhdKbF8bB'

export const corpusCases: CorpusCase[] = [
  {
    // Catalogue order is the loader's: files by name in code-unit order (Z before g).
    name: 'lists every collection in catalogue order',
    endpoint: 'collections',
    query: '',
    count: 5,
    uris: [HINMAN, CARY_REICH, CONGRESSIONAL_QUARTERLY, AUDIO_TAPES, ROCKEFELLER_FOUNDATION_PHOTOS],
  },
  {
    name: 'sorts collections by title, ignoring case',
    endpoint: 'collections',
    query: 'sort=title',
    uris: [CARY_REICH, CONGRESSIONAL_QUARTERLY, HINMAN, AUDIO_TAPES, ROCKEFELLER_FOUNDATION_PHOTOS],
  },
  {
    name: 'sorts collections by earliest begin year',
    endpoint: 'collections',
    query: 'sort=start_date',
    // 1905, 1950 (two, catalogue order), 1959, 1960
    uris: [ROCKEFELLER_FOUNDATION_PHOTOS, CARY_REICH, AUDIO_TAPES, HINMAN, CONGRESSIONAL_QUARTERLY],
  },
  {
    name: 'filters collections by format',
    endpoint: 'collections',
    query: 'genre=audio',
    count: 2,
    uris: [CARY_REICH, AUDIO_TAPES],
  },
  {
    name: 'treats a repeated plain parameter as a choice',
    endpoint: 'collections',
    query: 'genre=audio&genre=photographs',
    count: 3,
  },
  {
    name: 'filters collections on a begin year',
    endpoint: 'collections',
    query: 'start_date__lt=1950',
    uris: [ROCKEFELLER_FOUNDATION_PHOTOS],
  },
  {
    name: 'narrows collections with a query',
    endpoint: 'collections',
    query: 'query=congressional',
    uris: [CONGRESSIONAL_QUARTERLY],
  },
  {
    name: 'ignores empty values and unknown parameters',
    endpoint: 'collections',
    query: 'category=&genre=&colour=blue',
    count: 5,
  },
  {
    name: 'groups every agent, collection and object: 89 agents and 3 top-level groups',
    endpoint: 'search',
    query: '',
    count: 92,
  },
  {
    name: 'groups objects under their top-level collections',
    endpoint: 'search',
    query: 'type=object',
    count: 2,
    // Groups in the order of their first matching document: objects/2tCP… is Cary Reich's.
    uris: [CARY_REICH, HINMAN],
  },
  {
    name: 'finds the Congressional Quarterly group by a title word',
    endpoint: 'search',
    query: 'query=congressional',
    count: 1,
    uris: [HINMAN],
  },
  {
    name: 'excludes a format',
    endpoint: 'search',
    query: 'type=collection&genre__exclude=audio__photographs',
    count: 1,
    uris: [HINMAN],
  },
  {
    // Collections only name agents in the corpus: Zivy… and its subseries gxzs… name Nelson A.
    // Rockefeller (creators and people), ntnz… the Rockefeller Foundation (creator and
    // organization); no object names one.
    name: 'finds the collections that name an agent',
    endpoint: 'collections',
    query: 'agent=Rockefeller%2C+Nelson+A.+%28Nelson+Aldrich%29',
    count: 2,
    uris: [HINMAN, CONGRESSIONAL_QUARTERLY],
  },
  {
    name: 'finds the records naming any agent beginning so, grouped',
    endpoint: 'search',
    query: 'agent__prefix=Rockefeller',
    count: 2,
    uris: [HINMAN, ROCKEFELLER_FOUNDATION_PHOTOS],
  },
  {
    name: 'excludes the collections naming either of two agents',
    endpoint: 'search',
    query: 'type=collection&agent__exclude=Reich%2C+Cary__Hinman%2C+George',
    count: 1,
    uris: [ROCKEFELLER_FOUNDATION_PHOTOS],
  },
  {
    name: 'counts the facets of the records naming one of several agents',
    endpoint: 'facets',
    query: 'agent__in=Rockefeller+Foundation__Linden%2C+Patricia',
    facets: {
      format: [
        { key: 'documents', doc_count: 3 },
        { key: 'audio', doc_count: 2 },
        { key: 'photographs', doc_count: 1 },
      ],
    },
  },
  {
    name: 'counts facets over every document',
    endpoint: 'facets',
    query: '',
    facets: {
      format: [
        { key: 'documents', doc_count: 20 },
        { key: 'audio', doc_count: 12 },
        { key: 'photographs', doc_count: 1 },
      ],
      min_date: { value: 1890 },
      max_date: { value: 2019 },
      online: { doc_count: 0 },
    },
  },
  {
    name: 'counts facets of a filtered set',
    endpoint: 'facets',
    query: 'genre=photographs',
    facets: {
      format: [
        { key: 'documents', doc_count: 1 },
        { key: 'photographs', doc_count: 1 },
      ],
      min_date: { value: 1905 },
      max_date: { value: 1980 },
    },
  },
  {
    name: 'refuses a negative limit',
    endpoint: 'search',
    query: 'limit=-1',
    error: "Invalid value '-1' for parameter 'limit': must be a positive integer",
  },
  {
    name: 'refuses a non-integer offset',
    endpoint: 'collections',
    query: 'offset=ten',
    error: "Invalid value 'ten' for parameter 'offset': must be a non-negative integer",
  },
  {
    name: 'refuses a date that is not a year',
    endpoint: 'search',
    query: 'start_date__gte=19th',
    error: "Invalid value '19th' for parameter 'start_date__gte': '19th' is not a year (e.g. 1950)",
  },
  {
    name: 'refuses an online that is not true or false',
    endpoint: 'facets',
    query: 'online=yes',
    error: "Invalid value 'yes' for parameter 'online': must be 'true' or 'false'",
  },
  {
    name: 'refuses an unknown sort field',
    endpoint: 'collections',
    query: 'sort=creator',
    error:
      "Invalid value 'creator' for parameter 'sort': unknown sort field 'creator'; expected one of title, start_date, end_date (prefix - for descending)",
  },
  {
    name: 'refuses a lookup the field does not support',
    endpoint: 'search',
    query: 'start_date__prefix=19',
    error:
      "Invalid value '19' for parameter 'start_date__prefix': 'start_date' does not support the lookup 'prefix'; supported: gt, gte, lt, lte, range, in",
  },
  {
    name: 'refuses a lookup the agent filter does not support, naming it',
    endpoint: 'collections',
    query: 'agent__gte=Reich',
    error:
      "Invalid value 'Reich' for parameter 'agent__gte': 'agent' does not support the lookup 'gte'; supported: in, exclude, prefix, wildcard",
  },
]
