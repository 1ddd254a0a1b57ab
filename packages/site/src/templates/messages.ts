/**
 * The site's words, in English. Every text a reader sees is here; each other language is one
 * file of the same shape in `messages/` (`Messages`: a key missing or added there is a type
 * error). A text with a number takes the number, to choose the plural, and the number as the
 * page writes it (`12,345`, `12 345`).
 */
export const en = {
  skip: 'Skip to the content',
  search: 'Search',
  searchLabel: 'Search the catalogue',
  searchPlaceholder: 'Words, "a phrase", name*',
  home: 'Home',
  api: 'API',
  apiLink: 'This page as data (JSON)',
  holds: 'What the archive holds',
  collections: 'Collections',
  objects: 'Files and items',
  agents: 'People and organizations',
  terms: 'Subjects',
  spans: (from: string, to: string) => `Its records span ${from} to ${to}.`,
  online: (count: string) => `${count} online`,
  waysIn: 'Ways in',
  allCollections: 'Every collection, A–Z',
  topCreators: 'Creators',
  topSubjects: 'Subjects',
  topFormats: 'Formats',
  onlineNow: 'What is online',
  results: (count: number, text: string, query: string) => {
    const results = count === 1 ? `${text} result` : `${text} results`
    return query === '' ? results : `${results} for “${query}”`
  },
  noResults: 'Nothing matched.',
  queryHelp:
    'Every word must match. Use "quotes" for a phrase, | for either word, -word to leave a word out, and word* for words that begin so.',
  didYouMean: 'Did you mean',
  matches: (_count: number, text: string) => `${text} matching`,
  searchWithin: 'search within it',
  filters: 'Narrow the results',
  activeFilters: 'Filters in use',
  removeFilter: (label: string) => `Remove the filter ${label}`,
  facet: {
    creator: 'Creator',
    subject: 'Subject',
    format: 'Format',
    online: 'Online',
    type: 'Type',
    level: 'Level',
  },
  /** EAD's levels of description, as a reader names them; another level is shown as written. */
  level: {
    collection: 'Collection',
    fonds: 'Fonds',
    class: 'Class',
    recordgrp: 'Record group',
    subgrp: 'Subgroup',
    subfonds: 'Subfonds',
    series: 'Series',
    subseries: 'Subseries',
    file: 'File',
    item: 'Item',
    otherlevel: 'Other level',
  },
  /** Where a search's words matched (the API's snippets), before each snippet. */
  snippet: {
    title: 'Title',
    description: 'Description',
    note: 'Note',
    subject: 'Subject',
    component: 'In',
  },
  /** A search within's minimap: where in the whole collection its matches lie. */
  minimap: {
    label: (_count: number, text: string, total: string) =>
      `Where the ${text} matching lie among the collection’s ${total} records, first to last`,
    part: (from: string, to: string, _count: number, text: string) =>
      `Records ${from} to ${to}: ${text} matching, go to the first`,
  },
  onlineOnly: 'Online only',
  dates: 'Dates',
  histogram: {
    year: 'Records by year',
    decade: 'Records by decade',
    century: 'Records by century',
  },
  decade: (year: string) => `${year}s`,
  fromYear: 'From year',
  toYear: 'To year',
  apply: 'Apply',
  sort: 'Sort by',
  sortBy: {
    relevance: 'Relevance',
    title: 'Title, A–Z',
    '-title': 'Title, Z–A',
    start_date: 'Oldest first',
    '-end_date': 'Newest first',
  },
  pages: 'Pages',
  previous: 'Previous',
  next: 'Next',
  pageOf: (page: string, pages: string) => `Page ${page} of ${pages}`,
  type: {
    collection: 'Collection',
    object: 'Item',
    agent: 'Person or organization',
    term: 'Subject',
  },
  contents: 'Contents',
  showContents: 'Show its contents',
  hideContents: 'Hide its contents',
  seeContents: 'See its contents',
  contentsOf: (title: string) => `Contents of ${title}`,
  branchPages: (title: string) => `Pages of the contents of ${title}`,
  previousPage: 'Previous page',
  nextPage: 'Next page',
  range: (from: string, to: string, total: string) => `${from}–${to} of ${total}`,
  neighbours: 'Previous and next',
  whereItSits: 'Where it sits',
  placeIn: (position: string, total: string) => `Number ${position} of ${total} in`,
  inParent: (title: string) => `In ${title}`,
  siblingPages: 'Pages of what sits beside it',
  backToIt: 'Back to where it is',
  partOf: 'Part of',
  description: 'Description',
  creators: 'Creators',
  people: 'People and organizations',
  subjects: 'Subjects',
  extents: 'Extent',
  languages: 'Languages',
  formats: 'Formats',
  files: 'Digital files',
  manifest: 'IIIF manifest',
  notes: 'Notes',
  rights: 'Rights',
  citation: 'Cite this',
  copy: 'Copy the citation',
  copied: 'Copied',
  collectionsOf: 'Collections',
  objectsOf: 'Items',
  /**
   * An agent's or a term's records, as the list filters find them by its name (`agent`: the
   * records that name the agent, as creator or otherwise; `subject`); "see all" links the whole
   * list, shown only past its first page.
   */
  related: {
    collectionsOfAgent: 'Collections linked to this name',
    objectsOfAgent: 'Items linked to this name',
    collectionsOnSubject: 'Collections on this subject',
    objectsOnSubject: 'Items on this subject',
    seeAll: {
      collections: (_count: number, text: string) => `See all ${text} collections`,
      objects: (_count: number, text: string) => `See all ${text} items`,
    },
  },
  undated: 'undated',
  notFound: 'Not found',
  notFoundText: 'There is no such page in this catalogue.',
  badRequest: 'This request cannot be answered',
  badValue: (parameter: string, value: string) =>
    `“${value}” is not a value that “${parameter}” can take.`,
  readOnly: (method: string) =>
    `The site’s pages can only be read: a ${method} request is not answered.`,
  unavailable: 'The catalogue cannot answer now',
  unavailableText: 'Please try again in a moment.',
  /** My list: records a reader keeps in their browser, listed at `/mylist`. */
  myList: {
    title: 'My list',
    /** The toggle on a result or a record: its name stays, `aria-pressed` says whether it is in. */
    toggle: 'In my list',
    remove: (title: string) => `Remove ${title} from my list`,
    removeShort: 'Remove',
    removed: (title: string) => `Removed ${title} from my list.`,
    records: (count: number, text: string) => (count === 1 ? '1 record' : `${text} records`),
    intro:
      'Records you keep while you browse: they stay in this browser, on this device, until you remove them. This page’s address is a link to the list that you can share or keep.',
    needsScript:
      'Your list is kept in this browser by a script: with JavaScript off, nothing can be added to it. A link to a list (/mylist?uri=…) still shows that list.',
    empty:
      'Your list is empty. Add records to it with the “In my list” button on any search result or record.',
    capped: (kept: string, total: string) =>
      `This list holds ${total} records; this page shows the first ${kept}. Remove some to see the rest.`,
    gone: 'No longer in the catalogue',
    goneText: 'These records were in the list but are not in the catalogue now.',
    download: 'Download as CSV',
    print: 'Print',
    /** The CSV's header row. */
    columns: ['Title', 'Type', 'Dates', 'Collection', 'Part of', 'Extent', 'Identifier', 'URL'],
  },
  /** What the archive's own configuration adds: its about page and footer. */
  /** The printable finding aid (`/collections/{id}/print`): its name, and the link to it. */
  findingAid: {
    title: 'Finding aid',
    link: 'The whole finding aid, to print',
  },
  config: {
    about: 'About',
    aboutTitle: (name: string) => `About ${name}`,
  },
} as const

/**
 * The shape every language's catalogue has: English's keys, each a text, a function of the same
 * parameters, or a group of the same shape (`as const` leaves English's texts as literal types).
 */
type Shape<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => string
      : Shape<T[K]>
}

export type Messages = Shape<typeof en>
