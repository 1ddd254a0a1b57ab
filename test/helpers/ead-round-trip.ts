/**
 * Import → export → import: every finding aid of a backend written as EAD (`findingAid`), each
 * into a file of its own, imported again by the project's importer, and the documents put in a
 * form to compare (ids, titles, dates, levels, notes, terms, agents, hierarchy). Shared by the
 * in-memory and the OpenSearch tests.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type CatalogueBackend,
  type CatalogueDocument,
  type DocumentLookup,
  type EadEdition,
  EadImporter,
  findingAid,
  type Reference,
} from '../../packages/core/src/index.js'

/** The year both imports read dates against. */
export const IMPORT_YEAR = 2026

/** Imports finding aids with one importer; its documents, shared agents and terms last. */
export async function importFindingAids(paths: string[]): Promise<CatalogueDocument[]> {
  const importer = new EadImporter({ currentYear: IMPORT_YEAR })
  const documents: CatalogueDocument[] = []
  for (const path of paths) {
    documents.push(...(await importer.importFile(path)).map(({ document }) => document))
  }
  documents.push(...importer.sharedDocuments().map(({ document }) => document))
  return documents
}

/** Every top-level collection's finding aid, by id. */
export async function exportFindingAids(
  backend: CatalogueBackend & DocumentLookup,
  edition: EadEdition,
): Promise<Map<string, string>> {
  const found = new Map<string, string>()
  let cursor: string | null | undefined
  do {
    const page = await backend.topLevelCollections({ cursor, limit: 100 })
    for (const uri of page.uris) {
      const id = uri.slice('/collections/'.length)
      let xml = ''
      for await (const chunk of findingAid(backend, id, {
        edition,
        date: new Date('2026-01-02'),
      })) {
        xml += chunk
      }
      found.set(id, xml)
    }
    cursor = page.next
  } while (cursor)
  return found
}

/** The finding aids written to files of a new folder and imported again. */
export async function reimport(findingAids: Map<string, string>): Promise<CatalogueDocument[]> {
  const folder = mkdtempSync(join(tmpdir(), 'ead-round-trip-'))
  const paths = [...findingAids].map(([id, xml]) => {
    const path = join(folder, `${id}.xml`)
    writeFileSync(path, xml)
    return path
  })
  return importFindingAids(paths)
}

type Described = Extract<CatalogueDocument, { type: 'collection' | 'object' }>

/**
 * What must come back of a collection or object imported from EAD: everything the importer
 * makes of the XML, but `external_identifiers` (the original `id` attribute as written),
 * `group` (its dates and creators are the top's, compared there) and a collection's `online`
 * (the catalogue keeps that a collection had digital objects of its own, not their links).
 */
export function importedForm(document: CatalogueDocument): unknown {
  if (document.type === 'agent' || document.type === 'term') {
    const { uri, type, title, category } = document
    return { uri, type, title, category }
  }
  const { external_identifiers, group, ...rest } = document as Described
  const online = document.type === 'collection' ? undefined : document.online
  return { ...rest, online, group: group.identifier }
}

/**
 * What must come back of a catalogue not made from EAD (the generated sample): ids are the
 * finding aid's, so each is compared through `idOf`; agents and terms by name and kind (their
 * ids come from the names); notes as their paragraphs, did notes first (the importer reads the
 * `did` first); a collection without children is an object (every leaf component is).
 */
export function genericForm(
  document: Described,
  idOf: (uri: string) => string | undefined,
  edition: EadEdition,
): unknown {
  const names = (
    document.type === 'collection'
      ? [
          ...document.creators.map((r) => ({ ...r, role: 'creator' })),
          ...linked(document).filter((r) => r.role !== 'creator'),
        ]
      : linked(document)
  )
    .map((r) => `${r.type}:${heading(r.title)}:${r.role === 'creator' ? 'creator' : 'subject'}`)
    .sort()
  const didFirst = ['abstract', 'physloc', 'materialspec', 'note']
  const notes = (document.notes ?? [])
    .map((note, i) => ({ note, i: didFirst.includes(note.type) ? i - 1000 : i }))
    .sort((a, b) => a.i - b.i)
    .map(({ note }) => ({
      type: note.type,
      title: note.title,
      paragraphs: note.subnotes.flatMap((subnote) => subnote.content ?? []),
    }))
  return {
    uri: idOf(document.uri),
    title: document.title,
    level: document.level ?? null,
    parent: document.parent
      ? idOf(`/collections/${document.parent.replace(/^\/collections\//, '')}`)
      : null,
    position: document.position,
    dates: document.dates.map((date) => ({
      expression: date.expression,
      begin: date.begin,
      end: edition === 'ead2002' ? (date.end ?? date.begin) : (date.end ?? null),
      type: date.type,
    })),
    notes,
    terms: (document.terms ?? []).map((term) => `${term.type}:${heading(term.title)}`),
    agents: names,
    languages: document.languages ?? [],
    extents: document.extents,
    files: document.type === 'object' ? (document.files ?? []).map((file) => file.download) : [],
  }
}

/** A heading as the importer keeps it: spaces collapsed, no trailing period (`Smith, J.`). */
function heading(title: string | null | undefined): string {
  return (title ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\s.,;:]+$/, '')
}

function linked(document: Described): Reference[] {
  return [
    ...(document.people ?? []),
    ...(document.organizations ?? []),
    ...(document.families ?? []),
  ]
}
