/**
 * Writes `docs/api.md`, the API reference, from what the code knows: the route table, the
 * parameter table (`endpointParameters`), the response schemas, and real answers of the app to
 * the requests of `api-examples.ts` on the sample catalogue. `npm run docs` writes it;
 * `test/docs.test.ts` fails when the committed file is not what this gives.
 */

import {
  endpointParameters,
  loadCatalogue,
  REQUEST_LIMITS,
  type ResponseShape,
  responseSchemas,
} from '../../packages/core/src/index.js'
import { PREFIX_LIMITS } from '../../packages/core/src/text/text-index.js'
import { statusText } from '../../packages/http/src/http-errors.js'
import { type App, createApp } from '../../packages/http/src/index.js'
import { describeParameters } from '../../packages/http/src/parameters.js'
import { routes } from '../../packages/http/src/routes.js'
import { type ApiExample, endpointExamples, errorExamples } from './api-examples.js'

const BASE_URL = 'http://localhost:8000'

/** The reference's text. */
export async function apiReference(samplePath: string): Promise<string> {
  const app = createApp((await loadCatalogue(samplePath)).catalogue, { baseUrl: BASE_URL })
  const sections: string[] = [INTRODUCTION, await conventions(), parameters()]
  sections.push('## Endpoints\n')
  for (const endpoint of ENDPOINTS) sections.push(await endpointSection(app, endpoint))
  sections.push(await errors(app), DIFFERENCES)
  return `${sections.join('\n').trimEnd()}\n`
}

interface EndpointDoc {
  heading: string
  /** The route paths it covers (`:id` as in the route table). */
  paths: string[]
  shape: ResponseShape
  text: string
  /** The list endpoint whose parameters it reads, if any. */
  endpoint?: keyof typeof endpointParameters
  /** What it answers when that is no JSON shape of the API (the finding aid's XML). */
  answer?: string
}

const ENDPOINTS: EndpointDoc[] = [
  {
    heading: '/',
    paths: ['/'],
    shape: 'root',
    text: 'The endpoints, by name, as absolute URLs: the top-level lists, `/search`, `/facets`, `/health` and `/openapi` (this API as OpenAPI 3.1).',
  },
  {
    heading: '/health',
    paths: ['/health'],
    shape: 'health',
    text: 'For load balancers and monitoring: `status` (`ok` while a catalogue is served), the catalogue’s `version` (a hash of its documents; it changes when a reload swaps in a different catalogue), its number of `documents`, when it was loaded (`loaded_at`, ISO 8601) and in how long (`load_milliseconds`), and `last_reload_error`: why the last reload failed (`null` when it succeeded or none was tried). A failed reload leaves the served catalogue as it was, so `status` stays `ok`. A backend other than the in-memory catalogue adds `backend` (`opensearch`), `cluster_status` and `index` (the index behind its alias); one that is down or does not answer in time makes it a 503 naming it. Never cached (`Cache-Control: no-store`). No example below: its times change with every load.',
  },
  {
    heading: '/search',
    paths: ['/search'],
    shape: 'searchPage',
    endpoint: 'search',
    text:
      'Agents and collections matching the query and the filters, across agents, collections and objects (terms are never results). Matching documents are grouped by `group.identifier`: one result per top-level collection or agent, ranked by its best-matching document, with `hit_count` (the matching documents of the group) and `online_hit_count` (those online), both `null` without a `query`. `count` is the number of groups. Without `query` or `sort`, groups come in catalogue order. `sort` orders groups by the group’s own title, dates and creators.\n\n' +
      '**Snippets** (`snippets=true`, not in the reference: without it a result has no such key) add `snippets` to each result: where the query’s words stand in it, for a page to show them marked. First the fields of the group’s own record (the top-level collection, or the agent) that hold a word of the query, one snippet each, in this order: `title`, `description` (an agent’s), `note` (the paragraph or list item of a note holding the most of the query’s words, then the most of them; `label` is the note’s title, as `Scope and Contents`), `subject` (a term’s title, chosen alike). Then `component`: the title of the group’s best-matching document other than its record (the best score for the query under the same filters, ties in catalogue order), with its `uri`; when that title holds no word of the query, the component’s own first field that does follows, with the same `uri`. Each snippet is `{field, text, marks, label?, uri?}`: `text` is display text (markup stripped as a description shows it, spaces collapsed), whole when at most 160 code units, else the 160 around the stretch holding the most of the query’s words, cut between words, `…` at a cut end; `marks` are the `[start, end)` stretches of `text` to mark, in UTF-16 code units (JavaScript string indexes), in order, none overlapping, so a page escapes `text` and wraps each stretch itself (no HTML in the JSON). Words are found as the index finds them: by their stem (`photographs` marks “Photograph”), in any Unicode form and accent (`Zurich` marks “Zürich”), a phrase as one stretch from its first word to its last (`"history of medicine"`), a sloppy phrase’s words where they fit within the slop, `word*` on the words beginning so, `word~N` on the words within N edits; words the query excludes (`-word`) are never marked. Words are read in the text as shown, where markup is gone: a word that an inline tag cuts in two for the index (`<emph>Smith</emph>son`, indexed as `Smith son`) is one word here, and not marked for `smith`. Without a query, with `*`, or with exclusions only, `snippets` is `[]`. A record’s first 20,000 code units of text are read (title, description, subjects, then notes). Both backends make the snippets with the same code from the same documents (the records by uri, on OpenSearch the best component from one collapsed search over the page’s groups), so their answers are the same bytes.',
  },
  {
    heading: '/search/suggest',
    paths: ['/search/suggest'],
    shape: 'suggestions',
    text: 'Spelling suggestions for each word of `title_suggest`, from the words of titles as Elasticsearch’s term suggester gives them by default: a word of at least 4 letters that is not itself in any title gets up to 5 title words within two edits (a transposition is one) that begin with the same letter, nearest first, then the most frequent; `score` is `1 - edits / the shorter word’s length`, `freq` the number of titles holding the word. An empty or missing `title_suggest` answers an empty list (front ends call it on every search).',
  },
  {
    heading: '/facets',
    paths: ['/facets'],
    shape: 'facets',
    endpoint: 'facets',
    text:
      'Counts over every document (of every type) matching the query and the filters. Buckets are `{key, doc_count}` ordered by count, then key; `creator` and `subject` at most 100, `format` at most 10. `min_date` is the smallest begin year, `max_date` the largest end year (`null` when none). `limit`, `offset` and `sort` are checked but change nothing.\n\n' +
      '**The date histogram** (`date_histogram=true`, not in the reference: without it the answer has no such key) adds `date_histogram`: `interval` (`year`, `decade` or `century`; `null` when there are no buckets) and `buckets`, oldest first, each `{key, from, to, doc_count}`. The years shown run from `min_date` to `max_date`, within what the year filters ask for (`__gte`, `__gt`, `__lte`, `__lt` and `__range` of `start_date` and `end_date`; a plain year or `__in` bounds nothing); over 300 years the buckets are centuries, over 30 decades, else years. Buckets are aligned (`key` is 1900 for 1900–1999, 1940 for the 1940s), the first and the last cut to the years shown (`from`, `to`), and every bucket between is there, empty or not. A bucket counts the matching documents with a date beginning in or before `to` and a date ending in or after `from`: exactly those `end_date__gte={from}&start_date__lte={to}` adds to the request, so a bucket’s count is what narrowing to it finds, and a document spanning 1940–1965 counts in each decade it spans, as `catalogue stats` counts decades. A document with a begin year and no end year (an agent “1916–”) is in no bucket, as no year range finds it (`catalogue stats` counts it in its begin year’s decade). Both backends count exactly and alike: in memory from the year columns, on OpenSearch with one `filters` aggregation of these two ranges per bucket.\n\n' +
      '**The level facet** (`level_facet=true`, not in the reference: without it the answer has no such key) adds `level`: the matching collections and objects by their `level` as the catalogue writes it (`collection`, `series`, `subseries`, `file`, `item`, an EAD `otherlevel` such as `Box`), buckets `{key, doc_count}` ordered as the other facets, at most 100. A document without a level (agents, terms, a description with none or an empty one) is in no bucket. The `level` filter follows a bucket: `level={key}` finds its documents, on `/search`, `/facets`, `/collections`, `/objects` and in the hit counts below a node. Both backends count exactly and alike: in memory from a `level` column in the same pass as the other facets, on OpenSearch with one more terms aggregation (over collections and objects) in the same search.\n\n' +
      '**The type facet** (`type_facet=true`, not in the reference: without it the answer has no such key) adds `type`: the matching documents by their type (`agent`, `collection`, `object`, `term`), under the same query and filters as the other facets, buckets `{key, doc_count}` ordered as they are; a type with no match has no bucket. `type={key}` on `/facets` finds a bucket’s documents (on `/search`, whose results never include terms, `type=term` finds none). Both backends count exactly and alike: in memory from the `type` column in the same pass as the other facets, on OpenSearch with one more terms aggregation in the same search.',
  },
  {
    heading: '/collections, /objects, /agents, /terms',
    paths: ['/collections', '/objects', '/agents', '/terms'],
    shape: 'listPage',
    text:
      'The documents of one type, filtered, narrowed by `query` (then ranked by relevance) or sorted; without either in catalogue order. `/collections` lists collections of every level. Each list takes its own filters and sorts (below). A term has no dates: its `dates` is `null`.\n\n' +
      '**The records that name an agent** (`agent`, not in the reference: without it every answer is the reference’s): `agent=Kennedy, Lawrence` keeps the collections and objects whose `people`, `organizations` or `families` hold a reference with that title, whole and as written (case and accents count), or, for a collection, whose `creators` do: a creator is an agent too, and not always among the others. `/collections?agent=…` therefore finds every collection that names the agent, a superset of `creator=…`, and `/objects?agent=…` the objects, which have no creators of their own. Agents and terms name none: an agent’s related people are not what it finds, so `/search?agent=…` finds only the groups of collections and objects. It takes the text lookups (`agent__in=a__b`, `agent__exclude=a__b`, `agent__prefix`, `agent__wildcard`; a repeated `agent` is a choice), on `/search`, `/facets`, `/collections`, `/objects` and in the hit counts below a node, wherever `creator` is read; another lookup is a 400 naming the parameter. Both backends find the same records: in memory from an `agent` column, on OpenSearch from the names listed at push time (`derived.agents`; an index pushed before the filter existed finds nothing by it: push the catalogue again).',
  },
  {
    heading: '/collections/{id}, /objects/{id}, /agents/{id}, /terms/{id}',
    paths: ['/collections/:id', '/objects/:id', '/agents/:id', '/terms/:id'],
    shape: 'collectionDetail',
    text: 'One document in detail. `offset` is a collection’s or an object’s index among its parent’s children (`null` at the top level, and for agents and terms). `description` is the text of the `abstract` notes, else of the `scopecontent` notes. Creators, agents and terms are linked by uri. An object shows `files` (after `extents`) whenever its document has the field, `[]` included, as the reference answers; a term lists `collections` and `objects` when its document does, else `null`. An id of another type is a 404 (`/objects/{a collection’s id}`). Query parameters are ignored (front ends send their search state everywhere).',
  },
  {
    heading: '/collections/{id}/children',
    paths: ['/collections/:id/children'],
    shape: 'childrenPage',
    endpoint: 'children',
    text: 'The direct children of a collection, in `position` order (then catalogue order), paginated with absolute `next`/`previous` links that keep every parameter. With a `query`, each child has `hit_count`: the documents at or below it (of every type) that match the query and the filters, and `online_hit_count`: those of them online; without a query both are `null`. `index` is the child’s place in its top-level collection’s tree (depth first, the root is 0), `dates` its date expressions joined by `, `, `group` its parent’s group. The children are not filtered, and `sort` is ignored.',
  },
  {
    heading: '/collections/{id}/ancestors, /objects/{id}/ancestors',
    paths: ['/collections/:id/ancestors', '/objects/:id/ancestors'],
    shape: 'ancestors',
    endpoint: 'ancestors',
    text: 'The ancestors of a collection or object nested root outermost, each holding the next one down as `child` (the document itself is not in it); `{}` for a top-level collection. With a `query`, each ancestor has its hit counts, as children do.',
  },
  {
    heading: '/collections/{id}/minimap',
    paths: ['/collections/:id/minimap'],
    shape: 'minimap',
    endpoint: 'minimap',
    text: '`total`: the number of descendants of a collection; `hits`: the descendants matching the query and the filters (every descendant without either), in tree order, each with its `index` in the top-level collection’s tree. Front ends draw where the hits are in a long finding aid from it. `limit`, `offset` and `sort` are ignored.',
  },
  {
    heading: '/collections/{id}/ead',
    paths: ['/collections/:id/ead'],
    shape: 'root',
    answer: '`application/xml; charset=utf-8`, an EAD document',
    text: 'The whole finding aid of a top-level collection as EAD: its own description (`archdesc`) and every component below it, in order, nested as the tree (`c`), written as it is read: the children are read a page at a time through the backend (both backends alike), so a finding aid of 50,000 components starts arriving at once and the server holds one page of documents per level of depth, never the tree. No `Content-Length`; compressed as it goes when `Accept-Encoding` asks. `edition=ead3` (the default: EAD3 1.1.1, namespace `http://ead3.archivists.org/schema/`) or `edition=ead2002` (EAD 2002, `urn:isbn:1-931666-22-9`, digital objects as XLink); another value is a 400 naming `edition`. Each validates against its official schema, which `xsi:schemaLocation` names. An unknown id is a 404; a collection inside another is a 409 whose `detail` names its top-level collection (whose finding aid holds it); a backend that cannot give whole documents is a 501. Never cached (no `ETag`, `Cache-Control: no-cache`); a failure after the first byte cuts the answer short, so a client sees an incomplete document, never a wrong one. [`docs/ead.md`](ead.md#giving-finding-aids-back-ead-out) says what becomes what; `catalogue export ead` writes a folder of them.',
  },
  {
    heading: '/oai',
    paths: ['/oai'],
    shape: 'root',
    answer: '`text/xml; charset=utf-8`, an OAI-PMH 2.0 response',
    text: 'OAI-PMH 2.0 for harvesters (GET, or POST of a form): `verb` `Identify`, `ListMetadataFormats`, `ListSets`, `ListIdentifiers`, `ListRecords` or `GetRecord`, with the protocol’s arguments (`identifier`, `metadataPrefix`, `from`, `until`, `set`, `resumptionToken`). `oai_dc` for every collection and object, the whole finding aid for each top-level collection (`ead`: EAD 2002, `ead3`: EAD3); sets by type (`type:collection`, `type:object`), `online` and top-level collection (`collection:<id>`); datestamps that change when a document does and only then; stateless resumption tokens refused (`badResumptionToken`) once the catalogue has changed. Its errors are the protocol’s, inside a 200, each with its code; a backend that cannot be harvested is a 501. Streamed: a page of records is written as it is read. [`docs/harvesting.md`](harvesting.md) says what each format holds, the sets and the datestamps.',
  },
  {
    heading: '/{collections,objects,agents,terms}/{id}/citation',
    paths: ['/collections/:id/citation'],
    shape: 'citation',
    text: 'The citation a reader copies, as one JSON string: the title with its date expressions (`title, dates`; the dates alone when they are the title), the ancestors’ titles root first (each without what it repeats of the one before, as the reference service does), the repository’s name, and the record’s public URL, joined by a separator. `catalogue serve --citation-name`, `--citation-url` (the public site of the records; default the API’s base URL) and `--citation-separator` (default `; `) set them; the name is left out when not set.',
  },
  {
    heading: 'POST /mylist',
    paths: ['/mylist'],
    shape: 'myList',
    text: 'A reader’s saved items: a JSON body `{"list": [uris]}` → the collections and objects among them, grouped by top-level collection (groups in the order first saved), each with its dates, description, extents, scope and abstract notes, parent and ArchivesSpace uri. Unknown uris and other types are skipped; nothing is stored. A body that is not JSON or not such an object is a 400, one over 1 MiB a 413, more than 10,000 uris a 400. Browsers send a CORS preflight first (a JSON body); it is answered.',
  },
]

const INTRODUCTION = `# The catalogue API

The HTTP API of archive-catalogue: \`catalogue serve\` (or \`npm start\`) serves it, and
\`createApp\` from \`@archive-catalogue/http\` embeds it. It reproduces the public catalogue API of
the Rockefeller Archive Center (a Django REST Framework service over Elasticsearch) that its
discovery front end, DIMES, reads, so existing clients work unchanged; where this API decides
otherwise it says so at the end.

Every example below is a real request to \`npm start\` on the sample catalogue
(\`data/sample.ndjson\`) and the app's real answer: \`npm run docs\` writes this page from them, and
a test fails when it is out of date. \`GET /openapi.json\` describes the same API as OpenAPI 3.1,
generated from the same route table and response schemas the server uses.
`

async function conventions(): Promise<string> {
  return `## Every request and response

- **Methods.** GET and HEAD on every path but \`/mylist\` (POST). OPTIONS describes an endpoint
  (name, description, the media types it renders and parses, its query parameters); an OPTIONS
  with \`Access-Control-Request-Method\` is a CORS preflight, answered 200 on every path with the
  path's methods, the requested headers (\`Content-Type\` by default) and \`Access-Control-Max-Age\`.
  Any other method is a 405 with the path's \`Allow\` (\`GET, HEAD, OPTIONS\` or \`POST, OPTIONS\`).
- **Headers.** \`Content-Type: application/json; charset=utf-8\`, \`Vary: Accept, Accept-Encoding\`,
  \`Allow\`, \`Access-Control-Allow-Origin: *\`, \`X-Content-Type-Options: nosniff\`. A GET answer has
  a strong \`ETag\` (it changes with the catalogue and the request); \`If-None-Match\` gets a 304.
- **Compression.** An answer of 1 KiB or more is compressed with brotli or gzip when the request's
  \`Accept-Encoding\` accepts one (q-values read; brotli on a tie); its \`ETag\` then carries the
  coding (\`"…-br"\`, \`"…-gzip"\`), and \`If-None-Match\` with it gets a 304.
- **Browsable HTML.** \`format=api\`, or an \`Accept\` header that prefers \`text/html\`, gives an
  HTML page with the same data, its links clickable, the request and a form. \`format=json\`
  forces JSON; any other \`format\` is a 404.
- **Paths.** A trailing slash is the same path. Behind a proxy, \`serve --base-url
  https://example.org/api\` makes every link start there and accepts paths with or without the
  prefix; without it links use the \`Host\` header (\`X-Forwarded-*\` only with \`--trust-proxy\`).
- **Pages.** Lists answer \`{count, next, previous, results}\` (\`/collections\`, \`/objects\`,
  \`/agents\`, \`/terms\` also \`facets: {}\` before \`results\`). \`count\` is exact. \`next\` and
  \`previous\` are absolute: every parameter of the request kept, \`limit\` and \`offset\` set, sorted
  by name, URL-encoded; \`next\` is null on the last page, \`previous\` on the first and has no
  \`offset\` when it points at 0.
- **Empty lists are null.** A list that is empty (or missing) in the document is \`null\`, as the
  reference answers (it indexes documents with empty values dropped): an undated agent's
  \`dates\` in lists and details, an object's \`extents\` in its detail and in \`/mylist\`, a
  detail's \`languages\`, \`dates\`, \`notes\`, \`rights_statements\`, \`creators\`, \`terms\`, a
  term's \`collections\` and \`objects\`. \`agents\` on a collection or object is the document's
  own \`agents\` list, as the reference serializes it: \`null\` for catalogue documents, which
  list their agents as \`people\`, \`organizations\` and \`families\`.
- **Errors.** \`{"detail": "…"}\`: 400 for a malformed value of a known parameter (naming the
  parameter and the value) or a bad body, 404 \`Not found.\` for an unknown path, id or format,
  405, 413 for a body over the limit, 414 for a URL over the limit. Unknown parameters and empty
  values (\`category=\`) are ignored: front ends send them.
- **Limits.** \`limit\` at most 500 (\`serve --max-limit\`; larger values are clamped), a URL of at
  most 8,192 characters, at most 100 query parameters, a body of at most 1 MiB, a request
  received whole within 30 s (headers within 10 s), then a 408. The work of one request is
  bounded too, each limit a 400 naming it: a \`query\` of at most
  ${count(REQUEST_LIMITS.queryLength)} characters and ${REQUEST_LIMITS.queryTerms} words,
  an \`offset\` of at most ${count(REQUEST_LIMITS.window - 1)} on the lists that rank or sort (their pages
  end by result ${count(REQUEST_LIMITS.window)}: a longer page is cut there, as a larger \`limit\` is clamped), a
  wildcard pattern of at most ${REQUEST_LIMITS.wildcardLength} characters and
  ${REQUEST_LIMITS.wildcardStars} \`*\`. A prefix (\`malar*\`) matches at most its ${count(PREFIX_LIMITS.terms)} most
  frequent words, and no more of them once they hold ${count(PREFIX_LIMITS.postings)} postings. Requests with both
  \`Content-Length\` and \`Transfer-Encoding\`, two \`Content-Length\`s or two \`Host\`s are a 400.
`
}

/** A number as the reference writes it: `10,000`. */
function count(value: number): string {
  return value.toLocaleString('en')
}

function parameters(): string {
  const lines = [
    '## Query parameters',
    '',
    '| parameter | meaning |',
    '|---|---|',
    '| `query` | full-text search (below) |',
    '| `limit` | page size, default 50, at most 500 (larger is clamped); a positive integer |',
    `| \`offset\` | index of the first result, default 0; at most ${count(REQUEST_LIMITS.window - 1)} on the lists that rank or sort, whose pages end by result ${count(REQUEST_LIMITS.window)} |`,
    '| `sort` | comma-separated fields (or repeated `sort`), `-` for descending; without it, relevance when there is a query, else catalogue order. Dates sort by a document’s earliest year ascending, its latest descending; undated last |',
    '| filters | `field=value`, or `field__lookup=value` (below) |',
    '',
    '### Filters and lookups',
    '',
    'Different filters combine with AND. A repeated plain filter is a choice among its values (`genre=audio&genre=photographs`: either; DIMES sends facet selections so); a repeated lookup requires each (`start_date__gte=1900&start_date__lte=1950`). Several values of one lookup are joined by `__`.',
    '',
    '| field | meaning | lookups |',
    '|---|---|---|',
  ]
  const described = new Map(
    describeParameters('search')
      .concat(describeParameters('agents'), describeParameters('terms'))
      .map((parameter) => [parameter.name, parameter]),
  )
  const fields = [
    ...new Set(Object.values(endpointParameters).flatMap((table) => [...table.filters])),
  ]
  for (const field of fields) {
    const parameter = described.get(field)!
    const lookups = parameter.choices
      ? `\`${field}=${parameter.choices.join('` or `')}\``
      : (parameter.lookups ?? []).map((lookup) => `\`${lookup}\``).join(', ')
    lines.push(`| \`${field}\` | ${parameter.description} | ${lookups} |`)
  }
  lines.push(
    '',
    'Text lookups: `exact` (the plain `field=value`: the whole value), `in` (any of `a__b`), `exclude` (none of `a__b`), `prefix`, `wildcard` (`*` any run of characters, `?` one; the whole value). Year lookups: `exact`, `gt`, `gte`, `lt`, `lte`, `range` (`1900__1950`, inclusive; `1900` alone means from 1900 on), `in`. `start_date` matches when any of a document’s dates begins in a matching year, `end_date` when any ends in one.',
    '',
    '### What each endpoint takes',
    '',
    '| endpoint | filters | sort fields | `limit`, `offset` |',
    '|---|---|---|---|',
  )
  for (const [endpoint, table] of Object.entries(endpointParameters)) {
    const filters = table.filters.map((field) => `\`${field}\``).join(', ')
    const sorts = table.sorts.length > 0 ? table.sorts.map((f) => `\`${f}\``).join(', ') : '—'
    lines.push(`| ${endpoint} | ${filters} | ${sorts} | ${table.paginated ? 'yes' : 'ignored'} |`)
  }
  lines.push(
    '',
    '### Full text',
    '',
    '`query` matches the title (boosted 5×), the description and the notes (HTML stripped), and the titles of the document’s terms, every word required, case- and accent-insensitive, and a word also matches its other forms through its stem (`photographs` finds `photograph`; the stemming and stop words are the catalogue’s language: English by default, `serve --language`). The syntax:',
    '',
    '| write | to find |',
    '|---|---|',
    '| `public health` | documents with both words |',
    '| `"public health"` | the words next to each other in one value. A removed stop word keeps its place: `"history of medicine"` finds “history of medicine” (and “history in medicine”), not “history medicine”; a phrase never runs from one value into the next (two notes, two paragraphs, two term titles, the title and the notes) |',
    '| `malaria -italy` | `malaria` but not `italy`; `-italy` alone: everything without `italy` |',
    '| `malaria \\| yellow` | either |',
    '| `agricult*` | documents with a word, as written, beginning with `agricult` (never a shorter word) |',
    '| `malria~1` | documents with an indexed word (its stem) within 1 edit of `malria` as written: a letter added, dropped or changed, or two neighbours swapped; `~2` within 2, `~` alone is `~2`, more than 2 is 2 |',
    '| `"nelson rockefeller"~2` | the words of the phrase within 2 moves of their places, in one value: “Rockefeller, Nelson” and “Nelson A. Rockefeller” both; at most `~10` |',
    '| `*` | every document |',
    '| `(malaria \\| yellow) fever` | groups |',
    '| `malaria+yellow` | both words: `+` is AND, as a space is |',
    '| `\\-italy`, `malaria\\*` | `\\` makes the next character plain text |',
    '',
    'Operators apply left to right, a space being AND: `public health | medicine` is `(public health) | medicine`, and `malaria | -italy` is “malaria, or anything without italy”. Every query with a `query` counts hits, `*` and exclusions included.',
    '',
    'A fuzzy word is compared with the words as the index holds them, stemmed, as Elasticsearch’s `simple_query_string` compares it: `studies~1` does not find “studies”, whose stem `studi` is two edits away, and `studies~2` does. Like a prefix, it reads at most its ' +
      count(PREFIX_LIMITS.terms) +
      ' most frequent words. A phrase’s slop counts as Lucene’s sloppy phrases do: each word placed where it stands, less its place in the phrase, and the spread of those at most the slop (`"a b"~2` finds “b a”).',
    '',
    'A query with nothing searchable left — stop words only (`the`), operators only (`((`, `-`, `|`, `+++`), punctuation — matches nothing, as in the reference; an empty or blank `query` is no query. Malformed syntax (an unclosed quote, a stray operator) degrades to the plain words; a query never fails.',
    '',
    '### Ranking',
    '',
    'With a `query` and no `sort`, results come best first, scored as the reference service’s Elasticsearch scores its query (and as the OpenSearch backend asks OpenSearch to score it). The query is read in each place a document holds text — its title (boosted 5×) and description together, each of its notes, each of its terms — and scores in each place where it matches whole. The places’ scores add up; the notes’ are averaged over the notes that match, the terms’ over the terms that match. A `/search` group ranks by its best document; equal scores come in catalogue order.',
    '',
    'In a place, a word scores Lucene’s BM25 (k1 1.2, b 0.75, without the constant k1 + 1 factor OpenSearch 3 leaves out) on that field’s statistics: how many documents hold the word and the field’s average length, counted over notes and terms as documents of their own, and the place’s length as Lucene’s one-byte norm keeps it. A phrase adds its words’ idfs and counts its occurrences as Lucene does (a sloppy one `1 / (1 + distance)` for each match). A prefix scores the field’s boost (5 in the title, 1 elsewhere) wherever a word begins with it. A fuzzy word scores as Lucene rewrites it: each indexed word within the edits scores as itself, weighted by its similarity (`1 − edits / the shorter length`, at least 0), all with the idf of the most frequent of them. `*` and exclusions score nothing.',
    '',
    'Where this API reads a query otherwise than the reference, the scores follow from the same rules:',
    '',
    '- **Words anywhere.** The reference finds a document only where its query matches whole in one place. This API finds it where its words are anywhere in the document. A document found only across places (`nelson` in its title, `rockefeller` in a note) scores 0 and comes after the others.',
    '- **Exclusions** exclude a document that holds the word anywhere; the reference excludes it only from the place that holds it.',
    '- **Prefixes** match words as written; the reference stems the prefix first. Both score the same constant.',
    '- **List items** of notes are found as the notes’ text is, and score nothing: the reference does not search them.',
    '',
  )
  return lines.join('\n')
}

async function endpointSection(app: App, doc: EndpointDoc): Promise<string> {
  const routed = routes.filter((route) => doc.paths.includes(route.path))
  const methods = [...new Set(routed.map((route) => route.method))].join(', ')
  const lines = [`### ${doc.heading}`, '', doc.text, '']
  if (doc.endpoint) {
    const table = endpointParameters[doc.endpoint]
    const sorts = table.sorts.length > 0 ? table.sorts.join(', ') : 'none'
    const optIns = (table.optIns ?? []).map((name) => `\`${name}=true\``).join(', ')
    lines.push(
      `Parameters: \`query\`${table.paginated ? ', `limit`, `offset`' : ''}; sort fields: ${sorts}; filters: ${table.filters.join(', ')}${optIns ? `; opt-in: ${optIns}` : ''}.`,
      '',
    )
  }
  lines.push(`Answer (${methods}): ${doc.answer ?? shapeLine(doc.shape)}.`, '')
  const key = doc.heading.startsWith('POST ')
    ? '/mylist'
    : doc.heading.split(', ')[0] === '/collections'
      ? ['/collections', '/objects', '/agents', '/terms']
      : doc.heading.split(', ')
  for (const heading of Array.isArray(key) ? key : [key]) {
    for (const example of endpointExamples[heading] ?? []) {
      lines.push(await exampleBlock(app, example))
    }
  }
  return lines.join('\n')
}

/** The keys of a response shape in order: `{count, next, previous, results: [{…}]}`. */
function shapeLine(shape: ResponseShape): string {
  return `\`${describeSchema(responseSchemas[shape], 0)}\``
}

function describeSchema(schema: unknown, depth: number): string {
  const s = schema as {
    type?: unknown
    properties?: Record<string, unknown>
    required?: string[]
    items?: unknown
  }
  const types = Array.isArray(s.type) ? s.type : [s.type]
  if (types.includes('array')) return `[${describeSchema(s.items, depth)}]`
  if (s.properties && depth < 2) {
    const keys = Object.entries(s.properties).map(([name, value]) => {
      // A key the answer may leave out: `files?`.
      const key = (s.required ?? []).includes(name) ? name : `${name}?`
      const inner = value as { properties?: unknown; items?: { properties?: unknown } }
      return inner.properties || inner.items?.properties
        ? `${key}: ${describeSchema(value, depth + 1)}`
        : key
    })
    return `{${keys.join(', ')}}`
  }
  if (s.properties) return '{…}'
  return types.filter((type) => type !== 'null').join('|') || 'JSON'
}

async function exampleBlock(app: App, example: ApiExample): Promise<string> {
  const method = example.method ?? 'GET'
  const response = await app.request(example.path, {
    method,
    ...(example.body === undefined
      ? {}
      : { body: JSON.stringify(example.body), headers: { 'Content-Type': 'application/json' } }),
  })
  const body = (await response.json()) as unknown
  const request = `${method} ${decodeURI(example.path)}`
  const sent =
    example.body === undefined ? [] : ['```json', JSON.stringify(example.body, null, 2), '```', '']
  return [
    `**${example.title}**: \`${request}\``,
    '',
    ...sent,
    `${response.status} ${statusText(response.status)}`,
    '',
    '```json',
    JSON.stringify(body, null, 2),
    '```',
    '',
  ].join('\n')
}

async function errors(app: App): Promise<string> {
  const lines = ['## Errors', '']
  for (const example of errorExamples) lines.push(await exampleBlock(app, example))
  return lines.join('\n')
}

const DIFFERENCES = `## Where this API differs from the reference service

Decisions where the reference service's behaviour is a limit of Elasticsearch or a bug, or where
it says nothing:

- **Exact counts.** \`count\` is exact; the reference caps it at 10,000.
- **400s instead of silent fallbacks.** A malformed \`limit\`, \`offset\`, year, \`online\`, sort
  field or lookup is a 400 naming the parameter and the value; \`limit=0\` is a 400 (a page must
  hold a result). Endpoints that do not use \`limit\`, \`offset\` or \`sort\` ignore them.
- **The deepest page.** Pages end by result ${count(REQUEST_LIMITS.window)}, as the reference's Elasticsearch
  serves none past it (\`max_result_window\`): a deeper \`offset\` is a 400 naming it, and a page
  that would pass it is cut there (the reference refuses it: \`from + size\` over the window is
  an Elasticsearch error).
- **Filters on facets.** \`/facets\` applies every filter, \`type\` included.
- **Levels.** The reference has no \`level\` filter and no level facet. Here \`level=file\`
  (repeatable, and with the text lookups, as \`genre\`) keeps the collections and objects of
  that level on \`/search\`, \`/facets\`, \`/collections\`, \`/objects\` and in the hit counts
  below a node, and \`/facets?level_facet=true\` adds the \`level\` facet it follows. Without
  either, every answer is the reference's.
- **Agents.** The reference has no \`agent\` filter, and its \`creator\` reads only a
  collection's creators, so an agent's objects cannot be found by it. Here \`agent=…\`
  (repeatable, and with the text lookups) keeps the collections and objects that name the agent
  among their people, organizations and families, or a collection among its creators, wherever
  \`creator\` is read. Without it, every answer is the reference's.
- **Opt-ins.** \`/facets?type_facet=true\` adds the \`type\` facet, \`/facets?date_histogram=true\`
  the date histogram, \`/search?snippets=true\` each result's \`snippets\`. Without them (or
  with \`false\`), every answer is the reference's, byte for byte.
- **Hit counts keep the filters.** Children's and ancestors' \`online_hit_count\` counts the
  online documents that match the query *and the filters* (the reference drops the filters
  for it). Hit counts are given only with a \`query\`, as the reference does.
- **Saved lists** resolve collections as well as objects (the reference resolves every uri as
  an object), take \`parent\` from the tree, group by top-level collection in the order first
  saved, and refuse more than 10,000 uris.
- **Citations** end with the record's own path (the reference builds \`/objects/{id}\` for every
  type); without a configured public URL, on the API's base URL.
- **Suggestions** are title words as written (lowercased, accents folded), not stems.
- **The tree** comes from each document's \`parent\` (a bare id or a \`/collections/{id}\` path);
  a parent missing from the catalogue is a warning at load time, and the document is
  top-level. \`index\` is the depth-first number in the top-level collection (the reference's
  tree position). Children are ordered by \`position\`, then catalogue order.
- **Lists** all carry \`facets: {}\` (they share one paginator in the reference); a term's
  \`dates\` is \`null\`.
- **CORS.** Preflights are answered on every path, \`POST /mylist\` included.
- **Title sort** reads titles as a reader does, case and accents folded: \`sort=title\` puts
  "archives", "Archives" and "Árchives" together. The reference sorts a title as stored, every
  capital before every lower-case letter.
- **One 404.** Every 404 answers \`{"detail": "Not found."}\`: an unknown path, id or
  \`format\` alike. The reference's wording depends on which of its layers refused the request.
- **Lists narrowed by \`query\`.** \`/collections\`, \`/objects\`, \`/agents\` and \`/terms\` read
  \`query\` as \`/search\` does and rank by it; the reference's lists ignore it.
- **A trailing slash** is the same path (\`/collections/\` is \`/collections\`), for every path.
- **Ranking** is the reference's wherever the query means the same in both. Documents only this API
  finds (its words in different places or in notes' list items), exclusions and prefixes score as
  [Ranking](#ranking) says.
`
