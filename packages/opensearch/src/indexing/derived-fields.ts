import type { CatalogueDate, CatalogueDocument } from '@archive-catalogue/core'
import { namedAgentsOf, noteItems, notesOf, parentUri } from '@archive-catalogue/core/backend'

/** The values `pushCatalogue` indexes beside a document's own fields (see the mapping). */
export interface DerivedFields {
  begin_years: number[]
  end_years: number[]
  group_begin_years: number[]
  group_end_years: number[]
  parent: string | null
  note_items: string[]
  /** The agents a collection or an object names (the `agent` filter), as the core reads them. */
  agents: string[]
  /** The document's place in catalogue order (0 for the first): ties and unsorted lists. */
  order: number
  /** A hash of its JSON, and when that content was first pushed (OAI-PMH; `datestamps.ts`). */
  content_hash?: number
  datestamp?: number
}

/**
 * What the index needs of a document that the document does not hold as such.
 * @param order the document's index in catalogue order (the order documents are read in)
 */
export function derivedFields(
  document: CatalogueDocument,
  order = 0,
  stamp?: { content_hash: number; datestamp: number },
): DerivedFields {
  const dates = 'dates' in document && document.dates ? document.dates : []
  const groupDates = document.group.dates ?? []
  return {
    begin_years: yearsOf(dates, 'begin'),
    end_years: yearsOf(dates, 'end'),
    group_begin_years: yearsOf(groupDates, 'begin'),
    group_end_years: yearsOf(groupDates, 'end'),
    parent: 'parent' in document ? parentUri(document.parent) : null,
    note_items: noteItems(notesOf(document)),
    agents: namedAgentsOf(document),
    order,
    ...stamp,
  }
}

/** Each date's year: its first four digits, as the core reads them (`yearOf`). */
function yearsOf(dates: readonly CatalogueDate[], end: 'begin' | 'end'): number[] {
  const years: number[] = []
  for (const date of dates) {
    const year = Number.parseInt(date[end]?.slice(0, 4) ?? '', 10)
    if (!Number.isNaN(year)) years.push(year)
  }
  return years
}
