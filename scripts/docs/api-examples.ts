/**
 * Real requests on the sample catalogue (`data/sample.ndjson`), one or more per endpoint and per
 * kind of error: `docs/api.md` shows them with the answers the app gives, and the OpenAPI test
 * checks every answer against `/openapi.json`.
 */

export interface ApiExample {
  /** What the example shows, for the reference's headings. */
  title: string
  method?: 'GET' | 'POST' | 'OPTIONS' | 'DELETE'
  path: string
  body?: unknown
}

const COLLECTION = 'xVJyUuJNfsVyjdZikFSn6G'
const SERIES = 'zZodqJbPoXTm7JjXEkURQU'
const OBJECT = 'e4LQUSApTbmaApmxKT5umH'
const AGENT = 'LxqiEMJka92zwAaLJGgiRx'
const TERM = 'KqeXe2Fbw4UUVtbfuprxAW'

/** The endpoints' examples, by the endpoint's path as the reference lists it. */
export const endpointExamples: Record<string, ApiExample[]> = {
  '/': [{ title: 'The endpoints', path: '/' }],
  '/search': [
    { title: 'One word, two results a page', path: '/search?query=malaria&limit=2' },
    {
      title: 'A phrase, a filter and a sort',
      path: '/search?query=%22public+health%22&genre=photographs&sort=-start_date&limit=2',
    },
    {
      title: 'With snippets: where the words stand',
      path: '/search?query=foundation+agricult*&snippets=true&limit=2',
    },
  ],
  '/search/suggest': [
    { title: 'Two misspelt words', path: '/search/suggest?title_suggest=malria+fondation' },
  ],
  '/facets': [
    { title: 'The facets of a query', path: '/facets?query=malaria' },
    {
      title: 'With the date histogram, within a range of years',
      path: '/facets?query=malaria&end_date__gte=1930&start_date__lte=1989&date_histogram=true',
    },
    { title: 'With the level facet', path: '/facets?query=malaria&level_facet=true' },
    { title: 'With the type facet', path: '/facets?query=malaria&type_facet=true' },
  ],
  '/collections': [
    {
      title: 'Collections of a period, by title',
      path: '/collections?start_date__range=1900__1950&sort=title&limit=2',
    },
    { title: 'Series matching a word', path: '/collections?query=malaria&level=series&limit=2' },
  ],
  '/objects': [
    { title: 'Objects online matching a word', path: '/objects?query=malaria&online=true&limit=2' },
    { title: 'The objects that name an agent', path: '/objects?agent=Kennedy%2C+Lawrence&limit=2' },
  ],
  '/agents': [{ title: 'People by name', path: '/agents?agent_type=person&sort=title&limit=2' }],
  '/terms': [{ title: 'Places', path: '/terms?term_type=geographic&limit=2' }],
  '/collections/{id}': [{ title: 'A series', path: `/collections/${SERIES}` }],
  '/objects/{id}': [{ title: 'An object online, with its files', path: `/objects/${OBJECT}` }],
  '/agents/{id}': [{ title: 'An organization', path: `/agents/${AGENT}` }],
  '/terms/{id}': [{ title: 'A subject', path: `/terms/${TERM}` }],
  '/collections/{id}/children': [
    {
      title: 'The first two children, with their hits for a query',
      path: `/collections/${COLLECTION}/children?query=malaria&limit=2`,
    },
  ],
  '/collections/{id}/ancestors': [
    { title: 'A series’ ancestors', path: `/collections/${SERIES}/ancestors?query=malaria` },
  ],
  '/objects/{id}/ancestors': [
    { title: 'An object’s ancestors', path: `/objects/${OBJECT}/ancestors` },
  ],
  '/collections/{id}/minimap': [
    {
      title: 'Where the hits of a query are',
      path: `/collections/${SERIES}/minimap?query=minutes`,
    },
  ],
  '/{collections,objects,agents,terms}/{id}/citation': [
    { title: 'An object’s citation', path: `/objects/${OBJECT}/citation` },
  ],
  '/mylist': [
    {
      title: 'Two saved items and an unknown one',
      method: 'POST',
      path: '/mylist',
      body: { list: [`/objects/${OBJECT}`, `/collections/${SERIES}`, '/objects/gone'] },
    },
  ],
}

/** One example of each kind of error. */
export const errorExamples: ApiExample[] = [
  { title: 'A page size that is not a positive integer', path: '/search?limit=0' },
  { title: 'A year that is not one', path: '/collections?start_date__gte=19th' },
  { title: 'An unknown sort field', path: '/agents?sort=date' },
  { title: 'A lookup the field does not have', path: '/search?genre__gt=audio' },
  { title: 'A saved list that is not one', method: 'POST', path: '/mylist', body: { list: 'x' } },
  { title: 'An id of another type', path: `/objects/${COLLECTION}` },
  { title: 'An unknown format', path: '/search?format=xml' },
  { title: 'A method the path does not answer', method: 'DELETE', path: '/search' },
]
