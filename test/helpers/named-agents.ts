/**
 * Agents to test the `agent` filter on, shared by the in-memory and OpenSearch suites: a
 * catalogue of odd names, the requests to ask of it and of the sample, and the corpus's names.
 */
import { readFileSync } from 'node:fs'
import type { CatalogueDocument, Reference } from '../../packages/core/src/index.js'
import { SAMPLE } from './corpus.js'

const reference = (title: string | null): Reference => ({
  external_identifiers: [{ identifier: '/agents/x', source: 'archivesspace' }],
  title,
})

/**
 * The sample with odd names: a name differing only by case, one with an accent, one with the
 * characters of a wildcard (`*`, `?`) and of a regular expression, an empty and a null title, a
 * collection whose creator is not among its people and organizations (`Only A Creator`), a
 * name in a record's `families`, and agents naming others (`Agent Only`, which no collection or
 * object names: the filter finds none).
 */
export function oddAgentDocuments(): CatalogueDocument[] {
  const documents = readFileSync(SAMPLE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CatalogueDocument)
  const odd = ['Émile Zola', 'émile zola', 'x.y*z? (a)', '', null, 'Kennedy, Lawrence']
  let described = 0
  let agents = 0
  for (const document of documents) {
    if (document.type === 'collection' || document.type === 'object') {
      const at = described++
      if (at % 4 === 0) document.people = [reference(odd[at % odd.length]!)]
      if (at % 7 === 0) document.families = [reference('Oddfamily')]
      if (at % 11 === 0) delete document.organizations
      if (document.type === 'collection' && at % 5 === 0) {
        document.creators = [reference('Only A Creator')]
      }
    } else if (document.type === 'agent' && agents++ % 3 === 0) {
      document.people = [reference('Agent Only'), reference('Kennedy, Lawrence')]
    }
  }
  return documents
}

/** Requests without a query, over `agent` with every lookup, alone and with other filters. */
export const AGENT_REQUESTS = [
  'agent=Kennedy%2C+Lawrence',
  'agent=Kennedy%2C+Lawrence&agent=Roberts+Trust',
  'agent=Kennedy%2C+Lawrence&type=object',
  'agent=Kennedy%2C+Lawrence&genre=documents&online=true',
  'agent=Hoffmann+Foundation',
  'agent__in=Walker%2C+Raymond+P.__Council+on+Nursing',
  'agent__exclude=Kennedy%2C+Lawrence',
  'agent__exclude=Kennedy%2C+Lawrence__Roberts+Trust&type=collection',
  'agent__prefix=Council',
  'agent__prefix=%C3%89',
  'agent__wildcard=*University*',
  'agent__wildcard=?alker*',
  'agent__wildcard=x.y*',
  'agent__wildcard=*',
  'agent=%C3%89mile+Zola',
  'agent=%C3%A9mile+zola',
  'agent=x.y*z%3F+(a)',
  'agent=Only+A+Creator',
  'agent=Oddfamily',
  'agent=Agent+Only',
  'agent=kennedy%2C+lawrence',
  'agent=Nobody+at+all',
  'agent=Kennedy%2C+Lawrence&creator=Hoffmann+Foundation',
  'agent=Kennedy%2C+Lawrence&end_date__gte=1940&start_date__lte=1960',
]

/** The corpus's agents that its collections name (no object of the corpus names one). */
export const CORPUS_AGENT_REQUESTS = [
  'agent=Reich%2C+Cary',
  'agent=Rockefeller+Foundation',
  'agent__prefix=Rockefeller',
  'agent__exclude=Hinman%2C+George',
  'agent__wildcard=*%2C*',
]
