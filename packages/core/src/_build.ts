import { createHash, type Hash } from 'node:crypto'
import { Bitset } from './_bitset.js'
import {
  type CatalogueData,
  type Columns,
  type GroupSummary,
  NO_RANK,
  NO_YEAR,
  type SortKeys,
} from './_catalogue-data.js'
import { creatorsOf, datesOf, idOf, searchableText, termsOf, yearOf } from './_document-fields.js'
import { TextIndex, type TextIndexBuilder } from './_text-index.js'
import { ValueColumnBuilder } from './_value-column.js'
import type { CatalogueDate, CatalogueDocument, DocumentType } from './documents.js'
import { CatalogueError } from './errors.js'

/**
 * Builds the catalogue's columns and full-text index from documents added one at a time, in
 * catalogue order, so a loader can stream documents in without holding them all as objects.
 */
export class CatalogueBuilder {
  private readonly texts: string[] = []
  private readonly uris: string[] = []
  private readonly uriIndex = new Map<string, number>()
  private readonly types: DocumentType[] = []
  private readonly titles: string[] = []
  private readonly parents: (string | null)[] = []
  private readonly positions: number[] = []
  private readonly groupIndex = new Map<string, number>()
  private readonly groups: GroupSummary[] = []
  private readonly groupOf: number[] = []
  private readonly text: TextIndexBuilder = TextIndex.builder()
  private readonly hash: Hash = createHash('sha1')
  private readonly columns = {
    type: new ValueColumnBuilder<string>(),
    category: new ValueColumnBuilder<string>(),
    online: new ValueColumnBuilder<string>(),
    formats: new ValueColumnBuilder<string>(),
    subject: new ValueColumnBuilder<string>(),
    creator: new ValueColumnBuilder<string>(),
    start_date: new ValueColumnBuilder<number>(),
    end_date: new ValueColumnBuilder<number>(),
  }

  /** Number of documents added so far. */
  get size(): number {
    return this.texts.length
  }

  /** Whether a document with this uri was added. */
  has(uri: string): boolean {
    return this.uriIndex.has(uri)
  }

  /**
   * Adds a valid document (validation is the caller's job).
   * @param text the document's JSON text when the caller has it, to spare a stringify
   */
  add(document: CatalogueDocument, text = JSON.stringify(document)): void {
    if (this.uriIndex.has(document.uri)) {
      throw new CatalogueError('E_DUPLICATE_URI', `Duplicate uri ${document.uri}`)
    }
    const index = this.texts.length
    this.texts.push(text)
    this.hash.update(text)
    this.uris.push(document.uri)
    this.uriIndex.set(document.uri, index)
    this.types.push(document.type)
    this.titles.push(document.title)
    const dates = datesOf(document)
    const columns = this.columns
    columns.type.push([document.type])
    columns.category.push([document.category])
    columns.online.push('online' in document ? [String(document.online)] : [])
    columns.formats.push('formats' in document ? document.formats : [])
    columns.subject.push(titlesOf(termsOf(document)))
    columns.creator.push(titlesOf(creatorsOf(document)))
    columns.start_date.push(yearsOf(dates, 'begin'))
    columns.end_date.push(yearsOf(dates, 'end'))
    const parent = 'parent' in document && document.parent ? idOf(document.parent) : null
    this.parents.push(parent)
    this.positions.push('position' in document ? document.position : 0)
    this.groupOf.push(this.groupFor(document))
    this.text.add(searchableText(document))
  }

  /** Finishes the catalogue. The builder must not be used afterwards. */
  build(): CatalogueData {
    const size = this.texts.length
    const columns: Columns = {
      type: this.columns.type.build(),
      category: this.columns.category.build(),
      online: this.columns.online.build(),
      formats: this.columns.formats.build(),
      subject: this.columns.subject.build(),
      creator: this.columns.creator.build(),
      start_date: this.columns.start_date.build(),
      end_date: this.columns.end_date.build(),
    }
    const creatorRanks = rankStrings([
      ...columns.creator.keys,
      ...this.groups.flatMap((group) => group.creators),
    ])
    const keys = sortKeys(
      this.titles,
      (row) => rowYears(columns.start_date, row),
      (row) => rowYears(columns.end_date, row),
      (row) => rowKeys(columns.creator, row).map((name) => creatorRanks.get(name)!),
    )
    const groupKeys = sortKeys(
      this.groups.map((group) => group.title),
      (row) => yearsOf(this.groups[row]!.dates, 'begin'),
      (row) => yearsOf(this.groups[row]!.dates, 'end'),
      (row) => this.groups[row]!.creators.map((name) => creatorRanks.get(name)!),
    )
    const { parentOf, childIndex } = this.hierarchy()
    const typeSets = {
      agent: new Bitset(size),
      collection: new Bitset(size),
      object: new Bitset(size),
      term: new Bitset(size),
    }
    this.types.forEach((type, index) => {
      typeSets[type].add(index)
    })
    const online = new Bitset(size)
    const onlineId = columns.online.idOfKey('true')
    if (onlineId !== undefined) columns.online.addDocuments([onlineId], online)
    const texts = this.texts
    return {
      size,
      texts,
      uris: this.uris,
      uriIndex: this.uriIndex,
      types: this.types,
      columns,
      keys,
      groupOf: Uint32Array.from(this.groupOf),
      groups: this.groups,
      groupKeys,
      parentOf,
      childIndex,
      online,
      typeSets,
      text: this.text.build((id) => searchableText(JSON.parse(texts[id]!))),
      version: this.hash.digest('hex').slice(0, 16),
    }
  }

  private groupFor(document: CatalogueDocument): number {
    const group = document.group
    let index = this.groupIndex.get(group.identifier)
    if (index === undefined) {
      index = this.groups.length
      this.groupIndex.set(group.identifier, index)
      this.groups.push({
        identifier: group.identifier,
        title: group.title,
        category: group.category ?? null,
        dates: group.dates ?? [],
        creators: titlesOf(group.creators ?? []),
      })
    }
    return index
  }

  /** Resolves each `parent` to a document and numbers siblings by (`position`, catalogue order). */
  private hierarchy(): { parentOf: Int32Array; childIndex: Int32Array } {
    const size = this.texts.length
    const parentOf = new Int32Array(size).fill(-1)
    const childIndex = new Int32Array(size).fill(-1)
    const children = new Map<number, number[]>()
    this.parents.forEach((parent, index) => {
      if (parent === null) return
      const parentIndex = this.uriIndex.get(`/collections/${parent}`)
      if (parentIndex === undefined) return
      parentOf[index] = parentIndex
      const siblings = children.get(parentIndex) ?? []
      siblings.push(index)
      children.set(parentIndex, siblings)
    })
    for (const siblings of children.values()) {
      siblings.sort((a, b) => this.positions[a]! - this.positions[b]! || a - b)
      siblings.forEach((child, position) => {
        childIndex[child] = position
      })
    }
    return { parentOf, childIndex }
  }
}

function titlesOf(references: { title?: string | null }[]): string[] {
  const titles: string[] = []
  for (const reference of references) if (reference.title) titles.push(reference.title)
  return titles
}

function yearsOf(dates: CatalogueDate[], end: 'begin' | 'end'): number[] {
  const years: number[] = []
  for (const date of dates) {
    const year = yearOf(date[end])
    if (year !== null) years.push(year)
  }
  return years
}

function rowKeys<K extends string | number>(
  column: { keys: K[]; valueOffsets: Uint32Array; valueIds: Uint32Array },
  row: number,
): K[] {
  const keys: K[] = []
  for (let i = column.valueOffsets[row]!; i < column.valueOffsets[row + 1]!; i++) {
    keys.push(column.keys[column.valueIds[i]!]!)
  }
  return keys
}

const rowYears = rowKeys<number>

/** The lowercase, accent-free form titles are sorted by. */
function sortableTitle(title: string): string {
  return title.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

function rankStrings(strings: string[]): Map<string, number> {
  const unique = [...new Set(strings)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return new Map(unique.map((value, rank) => [value, rank]))
}

function sortKeys(
  titles: string[],
  begins: (row: number) => number[],
  ends: (row: number) => number[],
  creators: (row: number) => number[],
): SortKeys {
  const rows = titles.length
  const sortable = titles.map(sortableTitle)
  const order = titles.map((_, row) => row)
  order.sort((a, b) => {
    const x = sortable[a]!
    const y = sortable[b]!
    if (x !== y) return x < y ? -1 : 1
    return a - b
  })
  const keys: SortKeys = {
    titleRank: new Uint32Array(rows),
    startMin: new Int16Array(rows),
    startMax: new Int16Array(rows),
    endMin: new Int16Array(rows),
    endMax: new Int16Array(rows),
    creatorMin: new Uint32Array(rows),
    creatorMax: new Uint32Array(rows),
  }
  // Equal titles share a rank, so later sort keys and the catalogue-order tie-break decide.
  let rank = 0
  order.forEach((row, position) => {
    if (position > 0 && sortable[row] !== sortable[order[position - 1]!]) rank++
    keys.titleRank[row] = rank
  })
  for (let row = 0; row < rows; row++) {
    const [startMin, startMax] = extremes(begins(row), NO_YEAR)
    const [endMin, endMax] = extremes(ends(row), NO_YEAR)
    const [creatorMin, creatorMax] = extremes(creators(row), NO_RANK)
    keys.startMin[row] = startMin
    keys.startMax[row] = startMax
    keys.endMin[row] = endMin
    keys.endMax[row] = endMax
    keys.creatorMin[row] = creatorMin
    keys.creatorMax[row] = creatorMax
  }
  return keys
}

function extremes(values: number[], none: number): [number, number] {
  if (values.length === 0) return [none, none]
  return [Math.min(...values), Math.max(...values)]
}
