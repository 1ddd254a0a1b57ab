/**
 * What the catalogue's builder keeps of one document besides its text and its JSON: its place
 * (uri, parent, position), its title, its group and its column values. Read from the document
 * wherever it was parsed (on a worker, it is all that crosses back with the analyzed text).
 */

import { parentUri } from '../api/hierarchy.js'
import type { GroupSummary } from '../api/responses.js'
import type { ColumnName } from '../columns/columns.js'
import {
  creatorsOf,
  datesOf,
  namedAgentsOf,
  termsOf,
  yearOf,
} from '../documents/document-fields.js'
import type { CatalogueDate, CatalogueDocument, DocumentType } from '../documents/documents.js'
import { titleWordsOf } from '../text/title-words.js'

/** One document as the builder adds it (see the module's comment). */
export interface DocumentRow {
  uri: string
  type: DocumentType
  title: string
  /** The distinct words of the title (`titleWordsOf`). */
  titleWords: string[]
  parent: string | null
  /** The document's `position` among its siblings, 0 without one. */
  position: number
  /** The document's group, as the catalogue keeps it the first time it is seen. */
  group: GroupSummary
  columns: Record<ColumnName, (string | number)[]>
}

/** A document's row (see {@link DocumentRow}). */
export function rowOf(document: CatalogueDocument): DocumentRow {
  const dates = datesOf(document)
  const { group } = document
  return {
    uri: document.uri,
    type: document.type,
    title: document.title,
    titleWords: titleWordsOf(document.title),
    parent: 'parent' in document ? parentUri(document.parent) : null,
    position: 'position' in document ? document.position : 0,
    group: {
      identifier: group.identifier,
      title: group.title,
      category: group.category ?? null,
      dates: group.dates ?? [],
      creators: titlesOf(group.creators ?? []),
    },
    columns: {
      type: [document.type],
      category: [document.category],
      online: 'online' in document ? [String(document.online)] : [],
      formats: 'formats' in document ? document.formats : [],
      subject: titlesOf(termsOf(document)),
      creator: titlesOf(creatorsOf(document)),
      title: document.type === 'agent' || document.type === 'term' ? [document.title] : [],
      agent_type: document.type === 'agent' ? [document.agent_type] : [],
      term_type: document.type === 'term' ? [document.term_type] : [],
      level: levelOf(document),
      agent: namedAgentsOf(document),
      start_date: yearsOf(dates, 'begin'),
      end_date: yearsOf(dates, 'end'),
    },
  }
}

/**
 * A collection's or an object's `level` as written, an empty one included (as OpenSearch indexes
 * it); agents and terms have none, even where a document carries the field.
 */
function levelOf(document: CatalogueDocument): string[] {
  if (document.type !== 'collection' && document.type !== 'object') return []
  return typeof document.level === 'string' ? [document.level] : []
}

function titlesOf(references: { title?: string | null }[]): string[] {
  const titles: string[] = []
  for (const reference of references) if (reference.title) titles.push(reference.title)
  return titles
}

/** The years of the dates' beginnings or ends. */
export function yearsOf(dates: CatalogueDate[], end: 'begin' | 'end'): number[] {
  const years: number[] = []
  for (const date of dates) {
    const year = yearOf(date[end])
    if (year !== null) years.push(year)
  }
  return years
}
