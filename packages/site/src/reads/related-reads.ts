/**
 * What an agent's or a term's page reads of the records it relates to: the first page of the
 * collections and of the objects that the API's list filters find by its name, with their
 * counts. The lists are the backend interface's `collections` and `objects`, the calls a list
 * page makes (`/collections?subject=Public%20health`), so both backends find the same records,
 * and the page's "see all" link is that list page.
 */
import {
  type CatalogueBackend,
  type DetailOf,
  type ListPage,
  parseFor,
} from '@archive-catalogue/core'

/** Records of each kind an agent's or a term's page shows; the rest are a link away. */
const RELATED_LIMIT = 10

/** The list filter that finds what a record relates to (its name is the filter's value). */
export type RelatedFilter = 'agent' | 'subject'

export type RelatedList = 'collections' | 'objects'

/** The first page of one list of records a record relates to. */
export interface RelatedPage {
  list: RelatedList
  filter: RelatedFilter
  /** The record's name, the filter's value. */
  value: string
  page: ListPage
}

/**
 * Which lists find a record's related records, and by which filter. A term of any kind (topical,
 * geographic, genre/form…) is one of a record's `terms`, which `subject` reads; `genre` reads a
 * record's `formats` (`photographs`, `audio`), a vocabulary of their own, not terms. An agent
 * is found by `agent`, which reads the people, organizations and families a collection or an
 * object names and a collection's creators: every collection that names the agent, as its
 * creator or otherwise (`creator` would find only the first), and its objects, which have no
 * creators of their own.
 */
const RELATIONS: Readonly<
  Record<'agent' | 'term', { filter: RelatedFilter; lists: RelatedList[] }>
> = {
  agent: { filter: 'agent', lists: ['collections', 'objects'] },
  term: { filter: 'subject', lists: ['collections', 'objects'] },
}

/**
 * The first page of each list of records an agent or a term relates to, the lists read side by
 * side. None for a record without a name (an empty filter would be no filter at all).
 */
export async function readRelated(
  backend: CatalogueBackend,
  detail: DetailOf['agent'] | DetailOf['term'],
): Promise<RelatedPage[]> {
  const { filter, lists } = RELATIONS[detail.type as 'agent' | 'term']
  const value = detail.title
  if (value === '') return []
  const pages = await Promise.all(
    lists.map((list) =>
      backend[list](parseFor(backend, list, { [filter]: value, limit: RELATED_LIMIT })),
    ),
  )
  return lists.map((list, at) => ({ list, filter, value, page: pages[at]! }))
}
