/**
 * Writes `docs/catalogue-format.md`, the catalogue format for archivists, from the document
 * schemas themselves (every field, required or not, its type and allowed values), the example
 * catalogue `catalogue init` writes, a full document of the sample, and the real messages of
 * `validate` for the usual mistakes. `npm run docs` writes it; `test/docs.test.ts` fails when the
 * committed file is not what this gives.
 */
import { readFileSync } from 'node:fs'
import {
  type CatalogueDocument,
  exampleCatalogue,
  schemas,
  validateDocument,
} from '../../packages/core/src/index.js'

type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  enum?: string[]
  const?: string
  pattern?: string
  minItems?: number
  minLength?: number
  maxLength?: number
  anyOf?: Schema[]
  additionalProperties?: unknown
  patternProperties?: unknown
}

/** What the engine does with each field (API.md §1, and this project's decisions). */
const USES: Record<string, string> = {
  uri: 'identity: `/<type>s/<id>`; the id is the last part of every URL of the document',
  type: 'which of the four kinds; must agree with the uri',
  title: 'full text (weighs 5×), `sort=title`, shown everywhere, spelling suggestions',
  category: '`category` filter',
  dates: '`start_date`/`end_date` filters and sorts, `min_date`/`max_date` facets, shown',
  notes: 'full text; `abstract` (else `scopecontent`) notes are the `description`',
  terms: 'full text (their titles), `subject` filter and facet, linked on details',
  creators: '`creator` filter and facet, `agent` filter, linked on details',
  formats: '`genre` filter, `format` facet',
  online: '`online` filter and facet, `online_hit_count`',
  group:
    'the top-level collection (or the agent or term itself): `/search` results are grouped by `group.identifier`; details show it',
  parent: 'the hierarchy: the parent collection, as a bare id or `/collections/<id>`',
  position: 'order among the parent’s children',
  external_identifiers: 'shown on details; the ArchivesSpace one in saved lists',
  languages: 'shown on details',
  extents: 'shown on details and saved lists',
  level:
    'shown on a collection’s detail; `level` filter and facet (`/facets?level_facet=true`) and `catalogue stats` count collections and objects by it (`collection`, `series`, `file`, `item` …, as written)',
  agent_type: '`agent_type` filter of `/agents`',
  authorized_name: 'shown on the agent’s detail',
  description: 'an agent’s description: full text, shown',
  term_type: '`term_type` filter of `/terms`',
  people: '`agent` filter (collections and objects), linked as agents on details',
  organizations: '`agent` filter (collections and objects), linked as agents on details',
  families: '`agent` filter (collections and objects), linked as agents on details',
  agents: 'shown as `agents` on details (the EAD import: the names a description is about)',
  rights: 'shown as `rights_statements` on details',
  files: 'an object’s digital files, shown on its detail',
  ancestors:
    'not read (the tree comes from `parent`); `validate` warns where it contradicts the parent chain',
  children: 'accepted and not read: the tree comes from `parent`',
  tree_position: 'accepted and not read',
}

/** The parts with a schema of their own, to name them in the tables. */
const PARTS: [string, Schema][] = (
  [
    'date',
    'extent',
    'external_identifier',
    'group',
    'language',
    'note',
    'reference',
    'rights_statement',
    'file',
  ] as const
).map((name) => [name, plain(schemas[name])])

function plain(schema: unknown): Schema {
  return JSON.parse(JSON.stringify(schema)) as Schema
}

const partName = (schema: Schema): string | undefined =>
  PARTS.find(([, part]) => JSON.stringify(part) === JSON.stringify(schema))?.[0]

/** A field's type as a reader says it: `string`, `list of date (at least 1)`, `one of: a, b`. */
function typeOf(schema: Schema): string {
  const name = partName(schema)
  if (name) return `[${name}](#${name.replace('_', '-')})`
  if (schema.enum) return `one of: ${schema.enum.map((value) => `\`${value}\``).join(', ')}`
  if (schema.const) return `\`${schema.const}\``
  if (schema.anyOf) {
    const options = schema.anyOf.filter((option) => option.type !== 'null')
    const nullable = options.length < schema.anyOf.length
    return `${options.map(typeOf).join(' or ')}${nullable ? ' or null' : ''}`
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type ?? 'any']
  const nullable = types.includes('null')
  const base = types.filter((type) => type !== 'null')[0]
  let text: string
  if (base === 'array') {
    const min = schema.minItems ? ` (at least ${schema.minItems})` : ''
    text = `list of ${typeOf(schema.items ?? {})}${min}`
  } else if (base === 'object') {
    text = schema.properties ? 'object' : 'object (any keys)'
  } else {
    text = base ?? 'any'
    if (schema.pattern) text += ` matching \`${schema.pattern}\``
    if (schema.minLength) text += ', not empty'
    if (schema.maxLength) text += `, at most ${schema.maxLength} characters`
  }
  return nullable ? `${text} or null` : text
}

function fieldTable(schema: Schema, uses: boolean): string {
  const required = new Set(schema.required ?? [])
  const rows = Object.entries(schema.properties ?? {}).map(([field, value]) => {
    const use = uses ? ` ${USES[field] ?? ''} |` : ''
    return `| \`${field}\` | ${required.has(field) ? 'yes' : ''} | ${typeOf(value)} |${use}`
  })
  const head = uses
    ? '| field | required | type | used for |\n|---|---|---|---|'
    : '| field | required | type |\n|---|---|---|'
  return `${head}\n${rows.join('\n')}`
}

/** The usual mistakes, made on the example documents, and what `validate` says of each. */
const MISTAKES: [string, number, (document: Record<string, unknown>) => void][] = [
  ['A document without a title', 2, (d) => delete d.title],
  ['A date written as text', 4, (d) => ((d.dates as { begin: string }[])[0]!.begin = 'c. 1920')],
  [
    'A source that is not one of the list',
    4,
    (d) => ((d.dates as { source: string }[])[0]!.source = 'manual'),
  ],
  ['A format that is not one of the list', 2, (d) => (d.formats = ['books'])],
  ['A collection without a creator', 2, (d) => (d.creators = [])],
  [
    'A collection without extents or languages',
    2,
    (d) => {
      delete d.extents
      delete d.languages
    },
  ],
  [
    'A language given by name',
    2,
    (d) => (d.languages = [{ expression: 'English', identifier: 'english' }]),
  ],
  ['An extent that is not a number', 2, (d) => (d.extents = [{ value: 'two', type: 'boxes' }])],
  ['An object without `parent` (null for none)', 4, (d) => delete d.parent],
  ['A document without its group', 0, (d) => delete d.group],
  ['A uri of another type', 1, (d) => (d.uri = '/agents/public-health')],
  ['An unknown type', 1, (d) => (d.type = 'subject')],
]

export function catalogueFormat(samplePath: string): string {
  const examples = exampleCatalogue()
  const sample = readFileSync(samplePath, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as CatalogueDocument)
  const full = (type: string) =>
    sample
      .filter((document) => document.type === type)
      .sort((a, b) => JSON.stringify(b).length - JSON.stringify(a).length)
      .find((document) => JSON.stringify(document).length < 4000)!
  const sections = [INTRODUCTION, HIERARCHY]
  for (const [type, heading, text] of TYPES) {
    const minimal = examples.find((document) => document.type === type)!
    sections.push(
      `## ${heading}`,
      '',
      text,
      '',
      fieldTable(plain(schemas[type]), true),
      '',
      'The smallest valid one (from `catalogue init`):',
      '',
      '```json',
      JSON.stringify(minimal, null, 2),
      '```',
      '',
      `A full one (from the sample, \`${full(type).uri}\`):`,
      '',
      '```json',
      JSON.stringify(full(type), null, 2),
      '```',
      '',
    )
  }
  sections.push(
    '## Parts',
    '',
    'The objects that documents hold, each with a schema of its own.',
    '',
  )
  for (const [name, schema] of PARTS) {
    sections.push(`### ${name}`, '', fieldTable(schema, false), '')
  }
  sections.push(
    '## What `validate` says of the usual mistakes',
    '',
    'Each mistake made on one document of the example catalogue; `validate` prints the file and line (or index), the uri, then these lines (one per problem):',
    '',
  )
  for (const [title, index, mistake] of MISTAKES) {
    const document = structuredClone(examples[index]) as unknown as Record<string, unknown>
    mistake(document)
    const problems = validateDocument(document).map(
      (problem) => `${problem.path || '(document)'}: ${problem.message}`,
    )
    sections.push(
      `- **${title}**`,
      '',
      '  ```',
      ...problems.map((line) => `  ${line}`),
      '  ```',
      '',
    )
  }
  sections.push(WARNINGS)
  return `${sections.join('\n').trimEnd()}\n`
}

const TYPES: [CatalogueDocument['type'], string, string][] = [
  [
    'collection',
    'Collections',
    'A collection is an archival description with parts: a fonds, a record group, a series or subseries (its `level`). A top-level collection has no `parent`; its group is itself.',
  ],
  [
    'object',
    'Objects',
    'An object is an archival description without parts: a file or an item. It always has a `parent` (a collection; `null` if it has none), and `files` when it is online.',
  ],
  [
    'agent',
    'Agents',
    'A person, an organization or a family: creators of collections and people they are about. An agent is its own group.',
  ],
  [
    'term',
    'Terms',
    'A subject: a topic, a place, a genre … (`term_type`). A term is its own group. Terms are found by `/facets`, `/terms` and through the documents that hold them; `/search` does not list them.',
  ],
]

const INTRODUCTION = `# The catalogue format

A catalogue is a set of JSON documents of four kinds: **collections** and **objects** (the
archival descriptions and their hierarchy), **agents** (people, organizations, families) and
**terms** (subjects). It is the format of the Rockefeller Archive Center's catalogue, which
ArchivesSpace exports feed; this page says what each document must hold and what the engine does
with each field.

- **Files.** One NDJSON file (one document a line), a JSON file (one document, or an array of
  them), or a folder of such files (read in path order, sub-folders too). The order of the
  documents is the catalogue order: results without a sort come in it.
- **Start from a valid catalogue.** \`catalogue init\` writes the six documents shown below;
  replace them with yours. \`catalogue validate [path]\` checks every document and prints each
  problem with its file, line, field, the value found and what is expected; \`serve\`, \`index\`
  and \`push\` refuse a catalogue with an invalid document unless told \`--skip-invalid\` (the
  refusal ends by saying so), which leaves the invalid documents out.
- **Validate as you type.** The JSON Schemas are published with the core package:
  \`node_modules/@archive-catalogue/core/schemas/{agent,collection,object,term}.json\` (one
  document), \`document.json\` (any one document) and \`catalogue.json\` (an array of them). In an
  editor that reads \`$schema\`, start a document with
  \`"$schema": "./node_modules/@archive-catalogue/core/schemas/collection.json"\`; in VS Code, map
  files to a schema with \`json.schemas\` in the settings.
- **More fields are fine.** A document may hold fields the schema does not name (exports do:
  \`tree_position\`, \`children\` …); they are kept and not read.
- **Dates** are \`YYYY\`, \`YYYY-MM\` or \`YYYY-MM-DD\` (the year is what filters and sorts read),
  with an \`expression\` as people write it (\`circa 1920\`, \`1920-1965, bulk 1930-1940\`). An
  undated description has \`{"begin": null, "end": null, "expression": "undated", …}\`.
- **Uris** are \`/agents/<id>\`, \`/collections/<id>\`, \`/objects/<id>\`, \`/terms/<id>\`; an id is
  letters, digits, \`-\` and \`_\`. References between documents (\`parent\`, \`creators\`, \`terms\`
  …) name the other document by its id in \`identifier\`.
`

const HIERARCHY = `## The hierarchy

Collections and objects form trees, one per top-level collection:

- **\`parent\`** names a document's parent collection, as its id (\`"doe-papers"\`) or its uri
  (\`"/collections/doe-papers"\`); a top-level collection has none, an object has \`null\` if it has
  none.
- **\`position\`** orders the children of a collection (then catalogue order): it is their order
  in \`/collections/{id}/children\` and in the tree numbering of the minimap.
- **\`group\`** is the top-level collection every description belongs to, with its title, dates
  and creators: \`/search\` shows one result per group. An agent's and a term's group is itself.
- \`ancestors\`, \`children\` and \`tree_position\`, which exports carry, are not read: the tree is
  built from \`parent\` alone, so it cannot contradict itself. But \`/search\` groups by \`group\`,
  and front ends read \`ancestors\`: where either contradicts the parent chain (a collection moved
  under another, its descendants exported as they were), \`validate\` warns, naming the group or
  ancestors stored and the chain \`parent\` gives. Fix \`parent\`, or the group and ancestors.

A \`parent\` that is not in the catalogue (or is not a collection, or closes a loop) is not an
error: \`validate\` and \`serve\` print a warning naming the file and line, and the document is
served as a top-level one. A parent that is itself invalid is named as such, with its file and
line.
`

const WARNINGS = `## Warnings

\`validate\` exits 0 with warnings on stderr (and \`serve\` prints them when it starts) for what
does not stop a catalogue from being served:

\`\`\`
warning: export.ndjson:41 (/objects/abc) parent /collections/gone is not in the catalogue; the document is treated as top-level
warning: export.ndjson:52 (/objects/def) parent /collections/broken is invalid (see export.ndjson:50); until it is fixed the document is treated as top-level
warning: export.ndjson:60 (/collections/reich) group is itself, but its parent chain leads up to /collections/j2 (Series J.2); its ancestors, nearest first, are j2 → reich (itself), but its parent chain is j2
warning: export.ndjson:61 (/collections/tapes) group is /collections/reich (Cary Reich papers), but its parent chain leads up to /collections/j2 (Series J.2); its ancestors, nearest first, are reich, but its parent chain is reich → j2 (and 10 documents below it, which repeat its group and ancestors)
\`\`\`

A document below one warned of that repeats its group and ancestors is counted in its warning
rather than warned of again: a collection moved under another is one warning, not one per file.
`
