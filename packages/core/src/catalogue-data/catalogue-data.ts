/**
 * A catalogue's data in one place: what it stores ({@link StoredCatalogue}, {@link STORED_PARTS}:
 * what a build produces and a snapshot writes) and what it derives from that
 * ({@link CatalogueData}, {@link deriveCatalogue}), the same after a build and after a restore.
 */

import { analyzerFor, type TextLanguage } from '../analysis/languages.js'
import { deriveHierarchy, type Hierarchy, type StoredHierarchy } from '../api/hierarchy.js'
import { COLUMN_NAMES, type ColumnName, type Columns, type SortKeys } from '../columns/columns.js'
import { DocumentTypes } from '../columns/document-types.js'
import {
  type InvertedColumn,
  invertColumn,
  type StoredColumn,
  ValueColumn,
} from '../columns/value-column.js'
import { DocumentStore, type StoredDocuments } from '../document-store/document-store.js'
import type { DocumentType } from '../documents/documents.js'
import { titleLengths } from '../text/document-tokens.js'
import type { StoredTextIndex } from '../text/stored-text-index.js'
import { TextIndex } from '../text/text-index.js'
import { type StoredTitleWords, TitleWords } from '../text/title-words.js'
import type { ArrayMemory } from '../util/array-memory.js'
import { Bitset } from '../util/bitset.js'
import { ByteStrings, type StoredStrings } from '../util/byte-strings.js'
import { GroupSummaries } from './group-summaries.js'
import { groupUniverse, type UniverseGroupArrays, UniverseGroups } from './universe-groups.js'
import { UriIndex } from './uri-index.js'

/**
 * Everything a catalogue stores, and nothing it can derive: what a build produces and what a
 * snapshot writes and reads back, part by part. {@link deriveCatalogue} makes the rest (indexes,
 * maps, the tree, sets by type) the same way after a build and after a restore.
 */
export interface StoredCatalogue {
  size: number
  /** A fingerprint of the content, for ETags and snapshots. */
  version: string
  /** The language the text was analyzed in (queries are analyzed the same way). */
  language: TextLanguage
  /**
   * Each document's uri, as UTF-8 bytes: no string per document on any thread's heap (a
   * million are 31 MB of bytes here, some 60 MB as strings on each thread that answers).
   */
  uris: StoredStrings
  /** A hash table of the uris' positions, read by {@link UriIndex}. */
  uriSlots: Uint32Array
  /** Each document's title, for the items that show only that (children, minimap, ancestors). */
  titles: StoredStrings
  /** Each group's summary as JSON text (`GroupSummary`; read by {@link GroupSummaries}). */
  groups: StoredStrings
  columns: Record<ColumnName, StoredColumn>
  keys: SortKeys
  groupKeys: SortKeys
  /** Each document's group index. */
  groupOf: Uint32Array
  hierarchy: StoredHierarchy
  titleWords: StoredTitleWords
  documents: StoredDocuments
  text: StoredTextIndex
}

/**
 * How a stored part is kept, following its type: a typed array as its constructor, a list as
 * `'list'` (written in JSON chunks), an object of parts as the layout of each, anything else as
 * `'json'`. A layout that lacks a part, has one too many or names the wrong array type does not
 * compile, so {@link STORED_PARTS} cannot drift from {@link StoredCatalogue}.
 */
type PartLayout<T> = T extends Uint32Array
  ? Uint32ArrayConstructor
  : T extends Int32Array
    ? Int32ArrayConstructor
    : T extends Int16Array
      ? Int16ArrayConstructor
      : T extends Float32Array
        ? Float32ArrayConstructor
        : T extends Uint8Array
          ? Uint8ArrayConstructor
          : T extends readonly unknown[]
            ? 'list'
            : T extends object
              ? { readonly [K in keyof T]-?: PartLayout<T[K]> }
              : 'json'

const storedColumn = {
  keys: 'list',
  valueOffsets: Uint32Array,
  valueIds: Uint32Array,
} as const satisfies PartLayout<StoredColumn>

const sortKeys = {
  titleRank: Uint32Array,
  startMin: Int16Array,
  startMax: Int16Array,
  endMin: Int16Array,
  endMax: Int16Array,
  creatorMin: Uint32Array,
  creatorMax: Uint32Array,
  typeRank: Uint32Array,
} as const satisfies PartLayout<SortKeys>

/**
 * Every part of a {@link StoredCatalogue} and how it is kept: the one description of the parts
 * at run time (the interface is gone by then). A snapshot holds these records and no others.
 */
export const STORED_PARTS = {
  size: 'json',
  version: 'json',
  language: 'json',
  uris: { bytes: Uint8Array, offsets: Uint32Array },
  uriSlots: Uint32Array,
  titles: { bytes: Uint8Array, offsets: Uint32Array },
  groups: { bytes: Uint8Array, offsets: Uint32Array },
  columns: Object.fromEntries(COLUMN_NAMES.map((name) => [name, storedColumn])) as Record<
    ColumnName,
    typeof storedColumn
  >,
  keys: sortKeys,
  groupKeys: sortKeys,
  groupOf: Uint32Array,
  hierarchy: { parentOf: Int32Array, childIndex: Int32Array },
  titleWords: { words: 'list', frequencies: Uint32Array },
  documents: {
    blockBytes: Uint8Array,
    blockOffsets: Uint32Array,
    blockStarts: Uint32Array,
    documentOffsets: Uint32Array,
    dictionaryBytes: Uint8Array,
    dictionaryOffsets: Uint32Array,
    documentsPerDictionary: 'json',
    sharedBytes: Uint8Array,
    sharedOffsets: Uint32Array,
  },
  text: {
    documentCount: 'json',
    terms: 'list',
    termOffsets: Uint32Array,
    postingIds: Uint32Array,
    postingScores: Float32Array,
    postingFields: Uint8Array,
    words: 'list',
    wordTerms: Uint32Array,
    formWords: Int32Array,
    formTerms: Int32Array,
    sequenceOffsets: Uint32Array,
    sequences: Uint8Array,
    layoutOffsets: Uint32Array,
    layouts: Uint8Array,
    fieldDocumentCounts: 'list',
    fieldLengths: 'list',
    fieldFrequencies: Uint32Array,
  },
} as const satisfies PartLayout<StoredCatalogue>

/**
 * Everything a built catalogue holds: its stored parts (`stored`, what snapshots write, also
 * spread here as they are) and what {@link deriveCatalogue} derives from them. Immutable once
 * built.
 */
export interface CatalogueData extends Omit<StoredCatalogue, DerivedParts> {
  stored: StoredCatalogue
  /** Each document's uri. */
  uris: ByteStrings
  /** Each document's title, for the items that show only that. */
  titles: ByteStrings
  /** Each document's JSON text: documents are parsed only when a response needs them whole. */
  documents: DocumentStore
  uriIndex: UriIndex
  /** Each group's summary, parsed when first shown. */
  groups: GroupSummaries
  types: DocumentTypes
  columns: Columns
  /** The tree of collections and objects: parents, children in order, pre-order intervals. */
  hierarchy: Hierarchy
  /** The words of titles, for spelling suggestions. */
  titleWords: TitleWords
  /** The documents that are online. */
  online: Bitset
  /** Sets by document type, the universes of the endpoints. */
  typeSets: Record<DocumentType, Bitset>
  /** Agents, collections and objects: what `/search` groups. */
  searchable: Bitset
  /** The searchable documents grouped, for the searches that match them all. */
  universeGroups: UniverseGroups
  text: TextIndex
}

/** The stored parts the catalogue's data holds in derived form (a reader over them). */
type DerivedParts =
  | 'uris'
  | 'titles'
  | 'groups'
  | 'documents'
  | 'columns'
  | 'hierarchy'
  | 'titleWords'
  | 'text'

/**
 * The typed arrays {@link deriveCatalogue} makes from the stored parts: the columns' inverted
 * lists, the tree's numbering, the titles' lengths and the searchable documents' groups, a
 * twentieth of a catalogue's memory. Threads that share the stored parts share these too
 * (`shareCatalogue`), so only one of them makes them.
 */
export interface DerivedArrays {
  columns: Record<ColumnName, InvertedColumn>
  hierarchy: Omit<Hierarchy, keyof StoredHierarchy>
  titleLengths: Uint16Array
  universeGroups: UniverseGroupArrays
}

/** The typed arrays the catalogue's data derived (to give {@link deriveCatalogue} elsewhere). */
export function derivedArrays(data: CatalogueData): DerivedArrays {
  const { parentOf: _parentOf, childIndex: _childIndex, ...numbering } = data.hierarchy
  return {
    columns: Object.fromEntries(
      COLUMN_NAMES.map((name) => [name, data.columns[name].inverted]),
    ) as Record<ColumnName, InvertedColumn>,
    hierarchy: numbering,
    titleLengths: data.text.titleLengths,
    universeGroups: data.universeGroups.arrays,
  }
}

/**
 * The catalogue's data: the stored parts and what is derived from them.
 * @param derived the arrays {@link derivedArrays} took from the same parts' data, if another
 *   thread derived them already: not made again
 * @param memory where the arrays not given are made: `shared` for parts to be shared with
 *   worker threads (`shareCatalogue` then copies none)
 */
export function deriveCatalogue(
  stored: StoredCatalogue,
  derived?: DerivedArrays,
  memory: ArrayMemory = 'own',
): CatalogueData {
  const { size } = stored
  const columns = Object.fromEntries(
    COLUMN_NAMES.map((name) => {
      const { keys, valueOffsets, valueIds } = stored.columns[name]
      const inverted = derived?.columns[name] ?? invertColumn(keys, valueOffsets, valueIds, memory)
      return [name, new ValueColumn(keys, valueOffsets, valueIds, inverted)]
    }),
  ) as Record<ColumnName, ValueColumn> as Columns
  const types = new DocumentTypes(columns.type)
  const uris = new ByteStrings(stored.uris)
  const online = setOf(columns.online, 'true', size)
  const typeSets: Record<DocumentType, Bitset> = {
    agent: setOf(columns.type, 'agent', size),
    collection: setOf(columns.type, 'collection', size),
    object: setOf(columns.type, 'object', size),
    term: setOf(columns.type, 'term', size),
  }
  const searchable = searchableOf(typeSets)
  const groups = new GroupSummaries(stored.groups)
  return {
    ...stored,
    stored,
    uris,
    titles: new ByteStrings(stored.titles),
    uriIndex: new UriIndex(uris, stored.uriSlots),
    groups,
    types,
    columns,
    hierarchy: derived
      ? { ...stored.hierarchy, ...derived.hierarchy }
      : deriveHierarchy(
          stored.hierarchy,
          (index) => {
            const type = types.get(index)
            return type === 'collection' || type === 'object'
          },
          memory,
        ),
    titleWords: new TitleWords(stored.titleWords),
    online,
    typeSets,
    searchable,
    universeGroups: new UniverseGroups(
      derived?.universeGroups ??
        groupUniverse(stored.groupOf, groups.length, searchable, online, memory),
    ),
    documents: new DocumentStore(stored.documents),
    text: new TextIndex(
      stored.text,
      analyzerFor(stored.language),
      derived?.titleLengths ?? titleLengths(stored.text, memory),
    ),
  }
}

/** Agents, collections and objects: the documents `/search` finds. */
function searchableOf(typeSets: Record<DocumentType, Bitset>): Bitset {
  const searchable = typeSets.agent.clone()
  for (const set of [typeSets.collection, typeSets.object]) {
    for (let i = 0; i < set.words.length; i++) searchable.words[i]! |= set.words[i]!
  }
  return searchable
}

function setOf(column: ValueColumn, key: string, size: number): Bitset {
  const set = new Bitset(size)
  const id = column.idOfKey(key)
  if (id !== undefined) column.addDocuments([id], set)
  return set
}
