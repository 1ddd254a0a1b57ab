/**
 * A small catalogue to start from (`catalogue init`) and to show the format with
 * (`docs/catalogue-format.md`): one person who created a collection, one subject, a collection
 * with a series, and two files in the series: every document type and the hierarchy, each
 * document as small as the schema allows. `validate` accepts it; the tests check so.
 */
import type { Agent, CatalogueDocument, CatalogueObject, Collection, Term } from './documents.js'

const archivesspace = 'archivesspace' as const

const creatorReference = {
  external_identifiers: [{ identifier: '/agents/people/1', source: archivesspace }],
  identifier: 'jane-doe',
  title: 'Doe, Jane',
  type: 'person' as const,
  role: 'creator',
}

const collectionDates = [
  {
    begin: '1920',
    end: '1965',
    expression: '1920-1965',
    label: 'creation' as const,
    type: 'inclusive' as const,
    source: archivesspace,
  },
]

/** The group every description of the collection belongs to: the top-level collection. */
const group = {
  identifier: '/collections/doe-papers',
  title: 'Jane Doe papers',
  category: 'collection' as const,
  creators: [creatorReference],
  dates: collectionDates,
}

const person: Agent = {
  uri: '/agents/jane-doe',
  type: 'agent',
  title: 'Jane Doe',
  category: 'person',
  agent_type: 'person',
  authorized_name: 'Doe, Jane',
  external_identifiers: [{ identifier: '/agents/people/1', source: archivesspace }],
  // An agent is its own group.
  group: { identifier: '/agents/jane-doe', title: 'Jane Doe', category: 'person' },
}

const subject: Term = {
  uri: '/terms/public-health',
  type: 'term',
  title: 'Public health',
  category: 'subject',
  term_type: 'topical',
  external_identifiers: [{ identifier: '/subjects/1', source: archivesspace }],
  group: { identifier: '/terms/public-health', title: 'Public health', category: 'subject' },
}

const collection: Collection = {
  uri: '/collections/doe-papers',
  type: 'collection',
  title: 'Jane Doe papers',
  category: 'collection',
  level: 'collection',
  dates: collectionDates,
  creators: [creatorReference],
  extents: [{ value: '2', type: 'boxes' }],
  languages: [{ expression: 'English', identifier: 'eng' }],
  formats: ['documents'],
  online: false,
  position: 0,
  notes: [
    {
      type: 'abstract',
      title: 'Abstract',
      source: archivesspace,
      subnotes: [
        {
          type: 'text',
          content: ['Correspondence and reports of a public health nurse in rural Kenya.'],
        },
      ],
    },
  ],
  terms: [
    {
      external_identifiers: [{ identifier: '/subjects/1', source: archivesspace }],
      identifier: 'public-health',
      title: 'Public health',
      type: 'topical',
    },
  ],
  group,
  external_identifiers: [{ identifier: '/repositories/2/resources/1', source: archivesspace }],
}

const series: Collection = {
  ...collection,
  uri: '/collections/doe-correspondence',
  title: 'Series 1: Correspondence',
  level: 'series',
  parent: 'doe-papers',
  position: 0,
  dates: [{ ...collectionDates[0]!, begin: '1920', end: '1950', expression: '1920-1950' }],
  extents: [{ value: '1', type: 'box' }],
  notes: [],
  terms: [],
  external_identifiers: [
    { identifier: '/repositories/2/archival_objects/1', source: archivesspace },
  ],
}

const file = (id: string, title: string, year: string, position: number): CatalogueObject => ({
  uri: `/objects/${id}`,
  type: 'object',
  title,
  category: 'collection',
  dates: [
    {
      begin: year,
      end: year,
      expression: year,
      label: 'creation',
      type: 'single',
      source: archivesspace,
    },
  ],
  extents: [{ value: '1', type: 'folder' }],
  formats: ['documents'],
  online: false,
  parent: '/collections/doe-correspondence',
  position,
  group,
  external_identifiers: [
    { identifier: `/repositories/2/archival_objects/${position + 2}`, source: archivesspace },
  ],
})

/**
 * A small valid catalogue, in catalogue order: an agent, a term, a collection, its series and
 * two files of the series.
 * @example writeFileSync('catalogue.ndjson', exampleCatalogue().map((d) => JSON.stringify(d)).join('\n'))
 */
export function exampleCatalogue(): CatalogueDocument[] {
  return structuredClone([
    person,
    subject,
    collection,
    series,
    file('doe-letters-1920', 'Letters from Nairobi', '1920', 0),
    file('doe-report-1931', 'Report on the malaria campaign', '1931', 1),
  ])
}
