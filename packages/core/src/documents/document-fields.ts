import { indexedText, stripHtml } from '../analysis/analyze.js'
import type { CatalogueDate, CatalogueDocument, Note, Reference } from './documents.js'

/**
 * The searchable text of one document, field by field and value by value (each note paragraph,
 * each term title): a phrase never spans two values.
 */
export interface SearchableText {
  title: string
  /** An agent's description ('' for none). */
  description: string
  /** Each note's paragraphs (subnote contents), HTML stripped; a note may have none. */
  notes: string[][]
  /** The text of the notes' list items. */
  items: string[]
  /** Each term's title ('' for none). */
  terms: string[]
}

/** The year of an ISO-like date string (its first four digits), or null. */
export function yearOf(date: string | null | undefined): number | null {
  if (!date) return null
  const year = Number.parseInt(date.slice(0, 4), 10)
  return Number.isNaN(year) ? null : year
}

export function datesOf(document: CatalogueDocument): CatalogueDate[] {
  return 'dates' in document && document.dates ? document.dates : []
}

export function notesOf(document: CatalogueDocument): Note[] {
  return 'notes' in document && document.notes ? document.notes : []
}

/** The plain text of notes: every subnote's content and list items, HTML stripped. */
export function notesText(notes: Note[]): string {
  const parts: string[] = []
  for (const note of notes) {
    for (const subnote of note.subnotes) {
      for (const content of subnote.content ?? []) if (content) parts.push(content)
      for (const item of subnote.items ?? []) {
        if (item)
          for (const value of Object.values(item)) if (typeof value === 'string') parts.push(value)
      }
    }
  }
  return stripHtml(parts.join('\n'))
}

/**
 * A document's description: the text of its `abstract` notes, else of its `scopecontent` notes,
 * else an agent's own `description`; null when it has none.
 */
export function descriptionOf(document: CatalogueDocument): string | null {
  const notes = notesOf(document)
  for (const type of ['abstract', 'scopecontent']) {
    const matching = notes.filter((note) => note.type === type)
    if (matching.length > 0) {
      const text = notesText(matching).trim()
      if (text) return text
    }
  }
  return document.type === 'agent' ? (document.description ?? null) : null
}

export function termsOf(document: CatalogueDocument): Reference[] {
  return 'terms' in document && document.terms ? document.terms : []
}

export function creatorsOf(document: CatalogueDocument): Reference[] {
  return document.type === 'collection' ? document.creators : []
}

/**
 * The names of the agents a collection or an object names, which the `agent` filter reads: the
 * titles of its `people`, `organizations` and `families`, and a collection's `creators` (agents
 * too, and not always among the others), each once, in that order. An agent's own related
 * agents and a term name none: the filter finds descriptions, as `creator` and `level` do.
 */
export function namedAgentsOf(document: CatalogueDocument): string[] {
  if (document.type !== 'collection' && document.type !== 'object') return []
  const names = new Set<string>()
  const lists = [document.people, document.organizations, document.families, creatorsOf(document)]
  for (const list of lists) {
    for (const reference of list ?? []) if (reference.title) names.add(reference.title)
  }
  return [...names]
}

/**
 * What full-text search reads of a document, field by field as the reference's index holds it
 * (markup read as its `html_strip` reads it, in every field) and value by value: a phrase never runs from one value into the next (from one paragraph or
 * term title to another), as Elasticsearch leaves a gap between the values of a field.
 */
export function searchableText(document: CatalogueDocument): SearchableText {
  const notes = notesOf(document)
  return {
    title: indexedText(document.title),
    description: document.type === 'agent' ? indexedText(document.description ?? '') : '',
    notes: notes.map((note) =>
      note.subnotes.flatMap((subnote) =>
        (subnote.content ?? []).flatMap((content) => (content ? [indexedText(content)] : [])),
      ),
    ),
    items: noteItems(notes).map(indexedText),
    terms: termsOf(document).map((term) => indexedText(term.title ?? '')),
  }
}

/** The string values of notes' list items, in order (searched as a field of their own). */
export function noteItems(notes: Note[]): string[] {
  const values: string[] = []
  for (const note of notes) {
    for (const subnote of note.subnotes) {
      for (const item of subnote.items ?? []) {
        if (!item) continue
        for (const value of Object.values(item)) if (typeof value === 'string') values.push(value)
      }
    }
  }
  return values
}

/** The id at the end of a uri or of a bare id (`/collections/abc` and `abc` both give `abc`). */
export function idOf(uriOrId: string): string {
  return uriOrId.slice(uriOrId.lastIndexOf('/') + 1)
}
