import { analyzerFor, type TextLanguage } from '../analysis/languages.js'
import { type HierarchyWarning, NO_PARENT, rankSiblings, resolveParents } from '../api/hierarchy.js'
import type { GroupSummary } from '../api/responses.js'
import {
  COLUMN_NAMES,
  type ColumnName,
  NO_RANK,
  NO_YEAR,
  type SortKeys,
} from '../columns/columns.js'
import { type ColumnKey, type StoredColumn, ValueColumnBuilder } from '../columns/value-column.js'
import type { PieceBytes } from '../document-store/document-pieces.js'
import { type BuiltStore, DocumentStoreBuilder } from '../document-store/document-store.js'
import { searchableText } from '../documents/document-fields.js'
import type { CatalogueDocument, DocumentType } from '../documents/documents.js'
import type { AnalyzedTexts } from '../text/text-batch.js'
import { TextIndexBuilder } from '../text/text-index-builder.js'
import { TitleWordsBuilder } from '../text/title-words.js'
import type { ArrayMemory } from '../util/array-memory.js'
import { storedStrings } from '../util/byte-strings.js'
import { CatalogueError } from '../util/catalogue-errors.js'
import { compareCodeUnits } from '../util/code-unit-order.js'
import { GrowableArray } from '../util/growable-array.js'
import { type CatalogueData, deriveCatalogue } from './catalogue-data.js'
import { type DocumentRow, rowOf, yearsOf } from './document-row.js'
import { storedGroups } from './group-summaries.js'
import { UriTableBuilder } from './uri-index.js'

/**
 * Builds the catalogue's columns and full-text index from documents added one at a time, in
 * catalogue order, so a loader can stream documents in without holding them all as objects.
 */
export class CatalogueBuilder {
  /** Null when the documents are stored elsewhere (on a worker) and given to {@link build}. */
  private readonly documents: DocumentStoreBuilder | null
  private count = 0
  private readonly uris = new UriTableBuilder()
  private readonly types: DocumentType[] = []
  private readonly titles: string[] = []
  /**
   * Each document's parent: the position of one added before it, {@link NO_PARENT}, or
   * {@link LATER_PARENT} when its uri (kept in `laterParents`) was not yet added: a position
   * instead of a string, as most parents come before their children.
   */
  private readonly parentOf = new GrowableArray(Int32Array)
  private readonly laterParents = new Map<number, string>()
  /** Each document's `position` among its siblings (any number: only their order counts). */
  private readonly positions = new GrowableArray(Float64Array)
  private readonly groupIndex = new Map<string, number>()
  private readonly groups: GroupSummary[] = []
  private readonly groupOf = new GrowableArray(Uint32Array)
  private readonly text: TextIndexBuilder
  private readonly language: TextLanguage
  private readonly titleWords = new TitleWordsBuilder()
  private readonly columns = Object.fromEntries(
    COLUMN_NAMES.map((name) => [name, new ValueColumnBuilder<string | number>()]),
  ) as Record<ColumnName, ValueColumnBuilder<string | number>>
  /** Hierarchy problems found by {@link build}: the documents stay, as top-level ones. */
  warnings: HierarchyWarning[] = []

  /**
   * @param language how the text is analyzed (stemming, stop words)
   * @param storesDocuments false when the caller stores the documents and passes them to build
   */
  constructor(language: TextLanguage = 'english', storesDocuments = true) {
    this.language = language
    this.documents = storesDocuments ? new DocumentStoreBuilder() : null
    this.text = new TextIndexBuilder(analyzerFor(language))
  }

  /** Number of documents added so far. */
  get size(): number {
    return this.count
  }

  /** The position of the document added with this uri, or undefined. */
  indexOf(uri: string): number | undefined {
    return this.uris.get(uri)
  }

  /**
   * Adds a valid document (validation is the caller's job).
   * @param text the document's JSON text when the caller has it, to spare a stringify
   */
  add(document: CatalogueDocument, text = JSON.stringify(document)): void {
    this.addRow(rowOf(document))
    this.documents?.add(document, text)
    this.text.add(searchableText(document))
  }

  /**
   * Adds a valid document read and analyzed elsewhere (a worker): its row, and the `index`-th
   * text and pieces of its batch, with its JSON. The same as {@link add} of the document.
   */
  addAnalyzed(
    row: DocumentRow,
    index: number,
    batch: { texts: AnalyzedTexts; pieces: PieceBytes },
    json: string,
  ): void {
    if (!this.documents) throw new Error('CatalogueBuilder.addAnalyzed needs to store documents')
    this.addRow(row)
    this.documents.addPieceBytes(batch.pieces, index, json)
    this.text.addAnalyzed(batch.texts, index)
  }

  private addRow(row: DocumentRow): void {
    if (this.uris.add(row.uri) === undefined) {
      throw new CatalogueError('E_DUPLICATE_URI', `Duplicate uri ${row.uri}`)
    }
    const index = this.count++
    this.types.push(row.type)
    this.titles.push(row.title)
    for (const name of COLUMN_NAMES) this.columns[name].push(row.columns[name])
    const parent = row.parent === null ? NO_PARENT : this.uris.get(row.parent)
    if (parent === undefined) this.laterParents.set(index, row.parent!)
    this.parentOf.push(parent ?? LATER_PARENT)
    this.positions.push(row.position)
    this.groupOf.push(this.groupFor(row.group))
    this.titleWords.addWords(row.titleWords)
  }

  /**
   * Finishes the catalogue. The builder must not be used afterwards.
   * @param stored the documents, when this builder was made not to store them
   * @param memory where the arrays derived from the stored ones are made (see `deriveCatalogue`)
   */
  build(stored?: BuiltStore, memory: ArrayMemory = 'own'): CatalogueData {
    const built = stored ?? this.documents?.build()
    if (!built || built.store.size !== this.count) {
      throw new Error('CatalogueBuilder.build needs the store of the documents added')
    }
    // The largest part first, and each part's builder emptied once read, so that what it held
    // can be collected as the rest is made: the end of a build is its peak.
    const text = this.text.build()
    const columns = Object.fromEntries(
      COLUMN_NAMES.map((name) => [name, this.columns[name].build()]),
    ) as Record<ColumnName, StoredColumn>
    const creatorRanks = rankStrings([
      ...(columns.creator.keys as string[]),
      ...this.groups.flatMap((group) => group.creators),
    ])
    const typeRanks = rankStrings([...this.types])
    const keys = sortKeys(
      this.titles,
      (row) => typeRanks.get(this.types[row]!)!,
      (row) => rowKeys(columns.start_date, row) as number[],
      (row) => rowKeys(columns.end_date, row) as number[],
      (row) => rowKeys(columns.creator, row).map((name) => creatorRanks.get(name as string)!),
    )
    const groupKeys = sortKeys(
      this.groups.map((group) => group.title),
      () => 0,
      (row) => yearsOf(this.groups[row]!.dates, 'begin'),
      (row) => yearsOf(this.groups[row]!.dates, 'end'),
      (row) => this.groups[row]!.creators.map((name) => creatorRanks.get(name)!),
    )
    const titles = storedStrings(this.titles)
    this.titles.length = 0
    this.types.length = 0
    const { parentOf, warnings } = resolveParents(
      this.count,
      (index) => this.parentUriAt(index),
      (uri) => this.uris.get(uri),
    )
    this.warnings = warnings
    this.parentOf.take()
    this.laterParents.clear()
    const uris = this.uris.build()
    return deriveCatalogue(
      {
        size: this.count,
        version: built.version,
        language: this.language,
        uris: uris.uris,
        uriSlots: uris.slots,
        titles,
        groups: storedGroups(this.groups),
        columns,
        keys,
        groupKeys,
        groupOf: this.groupOf.take(),
        hierarchy: { parentOf, childIndex: rankSiblings(parentOf, this.positions.take()) },
        titleWords: this.titleWords.build(),
        documents: built.store.parts,
        text,
      },
      undefined,
      memory,
    )
  }

  private parentUriAt(index: number): string | null {
    const parent = this.parentOf.get(index)
    if (parent === NO_PARENT) return null
    return parent === LATER_PARENT ? this.laterParents.get(index)! : this.uris.uriAt(parent)
  }

  private groupFor(group: GroupSummary): number {
    let index = this.groupIndex.get(group.identifier)
    if (index === undefined) {
      index = this.groups.length
      this.groupIndex.set(group.identifier, index)
      this.groups.push(group)
    }
    return index
  }
}

/** A parent not yet added when its child was (see `parentOf`). */
const LATER_PARENT = -2

function rowKeys(column: StoredColumn, row: number): ColumnKey[] {
  const keys: ColumnKey[] = []
  for (let i = column.valueOffsets[row]!; i < column.valueOffsets[row + 1]!; i++) {
    keys.push(column.keys[column.valueIds[i]!]!)
  }
  return keys
}

/** The lowercase, accent-free form titles are sorted by. */
function sortableTitle(title: string): string {
  return title.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

function rankStrings(strings: string[]): Map<string, number> {
  const unique = [...new Set(strings)].sort(compareCodeUnits)
  return new Map(unique.map((value, rank) => [value, rank]))
}

function sortKeys(
  titles: string[],
  typeRank: (row: number) => number,
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
    typeRank: new Uint32Array(rows),
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
    keys.typeRank[row] = typeRank(row)
  }
  return keys
}

function extremes(values: number[], none: number): [number, number] {
  if (values.length === 0) return [none, none]
  return [Math.min(...values), Math.max(...values)]
}
