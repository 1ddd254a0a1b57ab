/**
 * `/search?snippets=true`: where the query's words stand in each result, made here for both
 * backends from the documents they fetched, so that the in-memory engine and OpenSearch answer
 * the same bytes. A result's snippets are the fields of its group's own record that show a word
 * of the query (its title, an agent's description, the note paragraph or list item and the
 * subject that show the most), then the title of the group's best-matching component, which
 * each backend finds itself, and, when that title shows no word, the component's first field
 * that does. Texts are read as a reader sees them (`stripHtml`, spaces
 * collapsed) and marked as the index reads them (`snippet-marks.ts`).
 */
import { stripHtml } from '../analysis/analyze.js'
import type { Analyzer } from '../analysis/languages.js'
import type { QueryNode } from '../analysis/query-analysis.js'
import { noteItems, notesOf, termsOf } from '../documents/document-fields.js'
import type { CatalogueDocument } from '../documents/documents.js'
import type { Snippet } from './response-schemas.js'
import { fragmentOf } from './snippet-fragments.js'
import { type Mark, QueryMarks, type Token, wordsOf } from './snippet-marks.js'

/**
 * The code units of one record's text that are read for its snippets, fields in the order below
 * (title, description, subjects, notes): a record's notes may be long, and a page holds up to
 * 500 results. What lies beyond is not marked.
 */
export const SNIPPET_TEXT_BUDGET = 20_000

/** A value a field of a record holds, and the note it is in. */
interface FieldValue {
  text: string
  label?: string
}

/** A value as its snippet reads it: its display text (the budget applied), and its words. */
interface PreparedValue extends FieldValue {
  words: Token[]
}

/**
 * A record's texts as its snippets read them, for any query: its fields in reading order, each
 * value's display text and its words. None of it depends on the query, so a backend may keep a
 * record's (the in-memory engine keeps those of the records shown last) and mark it again for
 * another query without reading it again.
 */
export class PreparedRecord {
  readonly fields: readonly (readonly [RecordField, readonly PreparedValue[]])[]
  /** About how many bytes it holds, for a cache's budget. */
  readonly size: number

  constructor(document: CatalogueDocument, analyzer: Analyzer) {
    let budget = SNIPPET_TEXT_BUDGET
    let size = 0
    this.fields = recordFields(document).map(([field, values]) => {
      const prepared: PreparedValue[] = []
      for (const value of values) {
        if (budget <= 0) break
        const text = displayText(value.text, budget)
        budget -= text.length
        const words = wordsOf(text, analyzer)
        size += 2 * text.length + 64 * words.length
        prepared.push({ ...value, text, words })
      }
      return [field, prepared] as const
    })
    this.size = size
  }
}

type RecordField = Exclude<Snippet['field'], 'component'>

/** The snippets of a request's results: one maker per request, for every result of its page. */
export interface SnippetMaker {
  /**
   * A result's snippets: its group's own record (null when the catalogue lacks it) and its
   * best-matching component (null when none matches).
   */
  snippets(
    record: CatalogueDocument | PreparedRecord | null,
    component: SnippetComponent | null,
  ): Snippet[]
}

/**
 * A result's best-matching component as the maker reads it: the document, or its uri and title
 * and a way to read the whole document, which the maker takes only when the title shows no
 * word of the query (the in-memory engine has titles at hand and decodes a document then only).
 */
export type SnippetComponent =
  | CatalogueDocument
  | { uri: string; title: string; read: () => CatalogueDocument }

/**
 * The maker of a request's snippets, or null when there is nothing to mark: no query, `*`, or
 * only exclusions (each result's snippets are then `[]`, and a backend looks nothing up).
 * @param analyzer the catalogue's language, as the index was built with
 */
export function snippetMaker(query: QueryNode | null, analyzer: Analyzer): SnippetMaker | null {
  if (query === null) return null
  const marks = new QueryMarks(query, analyzer)
  if (marks.leaves.length === 0) return null
  return {
    snippets: (record, component) =>
      snippetsOf(
        marks,
        record === null || record instanceof PreparedRecord
          ? record
          : new PreparedRecord(record, analyzer),
        component,
        analyzer,
      ),
  }
}

function snippetsOf(
  marks: QueryMarks,
  record: PreparedRecord | null,
  component: SnippetComponent | null,
  analyzer: Analyzer,
): Snippet[] {
  const snippets = record ? fieldSnippets(marks, record) : []
  if (component) {
    const text = displayText(component.title, SNIPPET_TEXT_BUDGET)
    const fragment = fragmentOf(text, marks.marks(text))
    snippets.push({
      field: 'component',
      text: fragment.text,
      marks: fragment.marks,
      uri: component.uri,
    })
    // A title that shows no word of the query: where the component shows one, its uri with it.
    if (fragment.marks.length === 0) {
      const whole = 'read' in component ? component.read() : component
      const [first] = fieldSnippets(marks, new PreparedRecord(whole, analyzer))
      if (first) snippets.push({ ...first, uri: component.uri })
    }
  }
  return snippets
}

/** The fields of a document that show a word of the query, one snippet each, in shown order. */
function fieldSnippets(marks: QueryMarks, record: PreparedRecord): Snippet[] {
  const found = new Map<RecordField, Snippet>()
  for (const [field, values] of record.fields) {
    let best: { value: FieldValue; text: string; marks: Mark[]; rank: [number, number] } | undefined
    for (const value of values) {
      const marked = marks.marksOf(value.words)
      if (marked.length === 0) continue
      // The value showing the most of the query's leaves, then the most marks, the first.
      const rank: [number, number] = [distinctLeaves(marked), marked.length]
      if (!best || rank[0] > best.rank[0] || (rank[0] === best.rank[0] && rank[1] > best.rank[1])) {
        best = { value, text: value.text, marks: marked, rank }
      }
    }
    if (best) {
      const fragment = fragmentOf(best.text, best.marks)
      found.set(field, {
        field,
        text: fragment.text,
        marks: fragment.marks,
        ...(best.value.label === undefined ? {} : { label: best.value.label }),
      })
    }
  }
  return SHOWN_ORDER.flatMap((field) => found.get(field) ?? [])
}

/** The order a document's snippets are shown in. */
const SHOWN_ORDER: readonly RecordField[] = ['title', 'description', 'note', 'subject']

/**
 * The searchable fields of a record and their values, in the order they are read: what the index
 * reads, the short fields first (the budget may run out in a long note).
 */
function recordFields(record: CatalogueDocument): [RecordField, FieldValue[]][] {
  const description = record.type === 'agent' ? (record.description ?? '') : ''
  return [
    ['title', [{ text: record.title }]],
    ['description', description ? [{ text: description }] : []],
    ['subject', termsOf(record).map((term) => ({ text: term.title ?? '' }))],
    [
      'note',
      notesOf(record).flatMap((note) => [
        ...note.subnotes.flatMap((subnote) =>
          (subnote.content ?? []).flatMap((content) =>
            content ? [{ text: content, label: note.title }] : [],
          ),
        ),
        ...noteItems([note]).map((item) => ({ text: item, label: note.title })),
      ]),
    ],
  ]
}

/**
 * A value as a reader sees it, markup stripped as descriptions are shown, on one line: at most
 * `budget` code units of it (and of a huge value, only its start is read).
 */
function displayText(value: string, budget: number): string {
  const read = value.length > 4 * budget ? headOf(value, 4 * budget) : value
  return readBudget(stripHtml(read).replace(/\s+/g, ' ').trim(), budget)
}

/**
 * The start of a long value, at most `length` code units: never half of a tag (it would show as
 * text) nor of a surrogate pair.
 */
function headOf(value: string, length: number): string {
  let end = length
  const open = value.lastIndexOf('<', end - 1)
  if (open > value.lastIndexOf('>', end - 1)) end = open
  const code = value.charCodeAt(end - 1)
  return value.slice(0, code >= 0xd800 && code <= 0xdbff ? end - 1 : end)
}

/** At most `budget` code units of a text, cut at a space where there is one. */
function readBudget(text: string, budget: number): string {
  if (text.length <= budget) return text
  const space = text.lastIndexOf(' ', budget)
  if (space > 0) return text.slice(0, space)
  const code = text.charCodeAt(budget - 1)
  // Never half of a surrogate pair.
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? budget - 1 : budget)
}

function distinctLeaves(marks: Mark[]): number {
  return new Set(marks.flatMap((mark) => mark.leaves)).size
}
