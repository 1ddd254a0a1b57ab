/**
 * Levels to test the level facet and filter on, shared by the in-memory and OpenSearch suites:
 * the EAD finding aids (series, subseries, files, items, `otherlevel`s), a catalogue of odd
 * levels, the requests to ask of them, and any catalogue as plain documents.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  Catalogue,
  type CatalogueDocument,
  loadCatalogue,
  readDocuments,
} from '../../packages/core/src/index.js'
import type { PlainDocument } from './brute-force.js'
import { CORPUS, SAMPLE } from './corpus.js'

/** The EAD finding aids of `test/fixtures/ead`, loaded as a folder. */
export const EAD = join(CORPUS, 'ead')

/** Every document a catalogue path holds, as plain objects, in catalogue order. */
export async function plainDocuments(path: string): Promise<PlainDocument[]> {
  const documents: PlainDocument[] = []
  for await (const { value } of readDocuments(path)) documents.push(value as PlainDocument)
  return documents
}

/** A catalogue in memory beside its plain documents, for a brute force to check it against. */
export interface PlainFixture {
  name: string
  load: () => Promise<[Catalogue, PlainDocument[]]>
}

/** A catalogue path (a file or a folder) as a {@link PlainFixture}. */
export function pathFixture(name: string, path: string): PlainFixture {
  return {
    name,
    load: async () => [(await loadCatalogue(path)).catalogue, await plainDocuments(path)],
  }
}

/** Documents made by a test as a {@link PlainFixture}. */
export function documentsFixture(name: string, make: () => CatalogueDocument[]): PlainFixture {
  return {
    name,
    load: async () => {
      const documents = make()
      return [Catalogue.fromDocuments(documents), documents as unknown as PlainDocument[]]
    },
  }
}

/**
 * The sample with odd levels: an empty one, a null one, none, one differing only by case, one
 * with an accent, EAD's `otherlevel` names; and an agent and a term carrying a `level` field
 * (which the schema lets through and no backend may count).
 */
export function oddLevelDocuments(): CatalogueDocument[] {
  const documents = readFileSync(SAMPLE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CatalogueDocument & { level?: string | null })
  const odd = ['', null, undefined, 'File', 'file', 'Série', 'Box', 'item', 'item', 'otherlevel']
  let described = 0
  let others = 0
  for (const document of documents) {
    if (document.type === 'collection' || document.type === 'object') {
      const level = odd[described++ % odd.length]
      // Every third description keeps its own level: series, subseries, collection.
      if (described % 3 === 0) continue
      if (level === undefined) delete document.level
      else document.level = level
    } else if (others++ % 5 === 0) {
      ;(document as { level?: string }).level = 'file'
    }
  }
  return documents
}

/** Requests without a query, over every filter a facet page combines, `level` among them. */
export const LEVEL_REQUESTS = [
  '',
  'type=collection',
  'type=object',
  'type=agent',
  'type=term',
  'genre=documents',
  'online=true',
  'end_date__gte=1940&start_date__lte=1960',
  'level=file',
  'level=file&level=item',
  'level=series&type=collection',
  'level__in=series__subseries',
  'level__exclude=file__item',
  'level__prefix=sub',
  'level__wildcard=*i*e*',
  'level__wildcard=*',
  'level=File',
  'level=Série',
  'level=nosuchlevel',
  'level__exclude=series&type=agent',
]
