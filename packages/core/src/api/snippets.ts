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
import { noteItems } from '../documents/document-fields.js'
import type { CatalogueDocument, Note, Reference } from '../documents/documents.js'
import type { Snippet } from './response-schemas.js'
import { fragmentOf } from './snippet-fragments.js'
import { type Mark, QueryMarks, type Token, wordsOf } from './snippet-marks.js'

/**
 * Which values of a document can show a word of the query, by number in the index's order
 * (`forEachValue`: title, description, each note's paragraphs, the items, the terms): a backend
 * that knows it (the in-memory engine, `text/showable-values.ts`) spares reading the others.
 */
export type ShowableValue = (value: number) => boolean

/**
 * What a value shows of the query as the index reads it, when a backend knows (the in-memory
 * engine, for a query of words, prefixes and fuzzy words: `text/showable-values.ts`): how many
 * of the query's leaves and how many marks, the rank by which a field's value is chosen
 * ({@link fieldSnippets}); undefined when it does not know that value's. Only the value that
 * ranks first in its field is then read into words, for its marks.
 */
export type ValueRank = (value: number) => readonly [leaves: number, marks: number] | undefined

/**
 * The code units of one record's text that are read for its snippets, fields in the order below
 * (title, description, subjects, notes): a record's notes may be long, and a page holds up to
 * 500 results. What lies beyond is not marked.
 */
export const SNIPPET_TEXT_BUDGET = 20_000

/**
 * What a record's snippets read of it, the fields {@link SNIPPET_FIELDS} names: a backend may
 * give a document whole, or only these (the in-memory engine parses no more of its text).
 */
export interface SnippetSource {
  type: CatalogueDocument['type']
  title: string
  /** An agent's description. */
  description?: string | null
  notes?: Note[] | null
  terms?: Reference[] | null
}

/** The fields of a document its snippets read ({@link SnippetSource}). */
export const SNIPPET_FIELDS: ReadonlySet<keyof SnippetSource> = new Set([
  'type',
  'title',
  'description',
  'notes',
  'terms',
])

const FIELDS_BUT_DESCRIPTION: ReadonlySet<keyof SnippetSource> = new Set(
  [...SNIPPET_FIELDS].filter((field) => field !== 'description'),
)

/**
 * The fields of a document of a type that its snippets read: a description only of an agent
 * (`recordFields`), so a reader that stops once it has them all stops sooner on the others.
 */
export function snippetFields(type: CatalogueDocument['type']): ReadonlySet<keyof SnippetSource> {
  return type === 'agent' ? SNIPPET_FIELDS : FIELDS_BUT_DESCRIPTION
}

/** A value a field of a record holds, the note it is in, and its place among the index's. */
interface FieldValue {
  text: string
  label?: string
  /** Its number among the document's values as the index stores them (`forEachValue`). */
  value: number
}

/**
 * A value as its snippet reads it: its display text (the budget applied), its words read when
 * first asked for, and whether its words may differ from the index's value (`exact` false: its
 * markup joins words the index reads apart, or the budget cut it within a word), when it is read
 * whatever the index says it holds. A value of a record within its budget whole is made into
 * its display text only when first read, too.
 */
class PreparedValue {
  readonly label: string | undefined
  readonly value: number
  private readonly raw: string
  private shown: DisplayText | undefined
  private read: Token[] | undefined

  /** @param shown its display text, made beforehand (else the record's budget holds it whole) */
  constructor(
    { text, label, value }: FieldValue,
    private readonly analyzer: Analyzer,
    shown?: DisplayText,
  ) {
    this.raw = text
    this.label = label
    this.value = value
    this.shown = shown
  }

  get text(): string {
    this.shown ??= displayText(this.raw, SNIPPET_TEXT_BUDGET)
    return this.shown.text
  }

  get exact(): boolean {
    return !this.raw.includes('<') && !this.shown?.cut
  }

  get words(): Token[] {
    this.read ??= wordsOf(this.text, this.analyzer)
    return this.read
  }
}

/**
 * A record's texts as its snippets read them, for any query: its fields in reading order, each
 * value's display text, and its words once a query reads them. None of it depends on the query,
 * so a backend may keep a record's (the in-memory engine keeps those of the records it read
 * last) and mark it again for another query without reading it again.
 */
export class PreparedRecord {
  readonly fields: readonly (readonly [RecordField, readonly PreparedValue[]])[]
  /** About how many bytes it holds once every value's words are read, for a cache's budget. */
  readonly size: number

  constructor(document: SnippetSource, analyzer: Analyzer) {
    const fields = recordFields(document)
    let length = 0
    for (const [, values] of fields) for (const { text } of values) length += text.length
    // About one word in six code units, each kept as a token of about 64 bytes.
    const sizeOf = (text: string) => 2 * text.length + 64 * Math.ceil(text.length / 6)
    // A display text is never longer than its value: below the budget, nothing is cut or left
    // out, and a value is made ready only when a query reads it.
    if (length < SNIPPET_TEXT_BUDGET) {
      this.fields = fields.map(([field, values]) => [
        field,
        values.map((value) => new PreparedValue(value, analyzer)),
      ])
      this.size = fields.reduce(
        (size, [, values]) => values.reduce((sum, { text }) => sum + sizeOf(text), size),
        0,
      )
      return
    }
    let budget = SNIPPET_TEXT_BUDGET
    let size = 0
    this.fields = fields.map(([field, values]) => {
      const prepared: PreparedValue[] = []
      for (const value of values) {
        if (budget <= 0) break
        const shown = displayText(value.text, budget)
        budget -= shown.text.length
        size += sizeOf(shown.text)
        prepared.push(new PreparedValue(value, analyzer, shown))
      }
      return [field, prepared] as const
    })
    this.size = size
  }
}

/**
 * A record prepared beforehand and which of its values can show a word of the request's query
 * (the in-memory engine reads that from its index, `text/showable-values.ts`): the others are
 * never read into words.
 */
export interface ShowableRecord {
  prepared: PreparedRecord
  showable: ShowableValue
  rank?: ValueRank | undefined
}

type RecordField = Exclude<Snippet['field'], 'component'>

/** The snippets of a request's results: one maker per request, for every result of its page. */
export interface SnippetMaker {
  /**
   * A result's snippets: its group's own record (null when the catalogue lacks it, or when the
   * backend knows it shows no word of the query) and its best-matching component (null when
   * none matches).
   */
  snippets(
    record: SnippetSource | PreparedRecord | ShowableRecord | null,
    component: SnippetComponent | null,
  ): Snippet[]
}

/**
 * A result's best-matching component as the maker reads it: the document, or its uri and title
 * and a way to read the whole document, which the maker takes only when the title shows no
 * word of the query (the in-memory engine has titles at hand and decodes a document then only),
 * and which of its values can show one (as {@link ShowableRecord}'s), when the backend knows.
 */
export type SnippetComponent =
  | (SnippetSource & { uri: string })
  | {
      uri: string
      title: string
      read: () => SnippetSource
      showable?: ShowableValue
      rank?: ValueRank
    }

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
    snippets: (record, component) => {
      const prepared =
        record === null
          ? null
          : record instanceof PreparedRecord
            ? { prepared: record }
            : 'prepared' in record
              ? record
              : { prepared: new PreparedRecord(record, analyzer) }
      return snippetsOf(marks, prepared, component, analyzer)
    },
  }
}

function snippetsOf(
  marks: QueryMarks,
  record: { prepared: PreparedRecord; showable?: ShowableValue; rank?: ValueRank } | null,
  component: SnippetComponent | null,
  analyzer: Analyzer,
): Snippet[] {
  const snippets = record ? fieldSnippets(marks, record.prepared, record.showable, record.rank) : []
  if (component) {
    const { text } = displayText(component.title, SNIPPET_TEXT_BUDGET)
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
      const [showable, rank] = 'read' in component ? [component.showable, component.rank] : []
      const [first] = fieldSnippets(marks, new PreparedRecord(whole, analyzer), showable, rank)
      if (first) snippets.push({ ...first, uri: component.uri })
    }
  }
  return snippets
}

/**
 * The fields of a document that show a word of the query, one snippet each, in shown order; only
 * the values that can show one (`showable`, when known) are read into words, and of those whose
 * rank the index gives (`rank`), only each field's first.
 */
function fieldSnippets(
  marks: QueryMarks,
  record: PreparedRecord,
  showable?: ShowableValue,
  rank?: ValueRank,
): Snippet[] {
  const found = new Map<RecordField, Snippet>()
  for (const [field, values] of record.fields) {
    let best:
      | { value: PreparedValue; marks: Mark[] | undefined; rank: readonly [number, number] }
      | undefined
    for (const value of values) {
      // The index holds the value's words: none of them shows a word of the query.
      if (showable && value.exact && !showable(value.value)) continue
      const known = rank && value.exact ? rank(value.value) : undefined
      const marked = known ? undefined : marks.marksOf(value.words)
      const ranked = known ?? [distinctLeaves(marked!), marked!.length]
      if (ranked[1] === 0) continue
      // The value showing the most of the query's leaves, then the most marks, the first.
      if (
        !best ||
        ranked[0] > best.rank[0] ||
        (ranked[0] === best.rank[0] && ranked[1] > best.rank[1])
      ) {
        best = { value, marks: marked, rank: ranked }
      }
    }
    if (best) {
      const fragment = fragmentOf(best.value.text, best.marks ?? marks.marksOf(best.value.words))
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
 * reads, the short fields first (the budget may run out in a long note), each value numbered as
 * the index stores it (`searchableText` and `forEachValue`: the title, the description, every
 * note's paragraphs, every note's list items, the terms).
 */
function recordFields(record: SnippetSource): [RecordField, FieldValue[]][] {
  const description = record.type === 'agent' ? (record.description ?? '') : ''
  const notes = (record.notes ?? []).map((note) => ({
    label: note.title,
    paragraphs: note.subnotes.flatMap((subnote) =>
      (subnote.content ?? []).flatMap((content) => (content ? [content] : [])),
    ),
    items: noteItems([note]),
  }))
  let paragraph = 2
  let item = paragraph + notes.reduce((count, note) => count + note.paragraphs.length, 0)
  const firstTerm = item + notes.reduce((count, note) => count + note.items.length, 0)
  return [
    ['title', [{ text: record.title, value: 0 }]],
    ['description', description ? [{ text: description, value: 1 }] : []],
    [
      'subject',
      (record.terms ?? []).map((term, at) => ({ text: term.title ?? '', value: firstTerm + at })),
    ],
    [
      'note',
      notes.flatMap(({ label, paragraphs, items }) => [
        ...paragraphs.map((text) => ({ text, label, value: paragraph++ })),
        ...items.map((text) => ({ text, label, value: item++ })),
      ]),
    ],
  ]
}

/** A value as a reader sees it, and whether a word of it may have been cut. */
interface DisplayText {
  text: string
  cut: boolean
}

/**
 * A value as a reader sees it, markup stripped as descriptions are shown, on one line: at most
 * `budget` code units of it (and of a huge value, only its start is read), and whether a word
 * of it may have been cut (`cut`: only its start read, or cut where there is no space).
 */
function displayText(value: string, budget: number): DisplayText {
  const head = value.length > 4 * budget
  const read = head ? headOf(value, 4 * budget) : value
  const whole = stripHtml(read).replace(/\s+/g, ' ').trim()
  const text = readBudget(whole, budget)
  return { text, cut: head || (text.length < whole.length && whole[text.length] !== ' ') }
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
