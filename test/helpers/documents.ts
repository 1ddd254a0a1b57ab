/** Small valid catalogue documents that tests build their own catalogues from. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CatalogueDocument } from '../../packages/core/src/index.js'
import { SAMPLE } from './corpus.js'

/** A valid term document: the smallest document with a title to search. */
export function termDocument(id: string, title = `Term ${id}`): CatalogueDocument {
  return {
    uri: `/terms/${id}`,
    type: 'term',
    title,
    category: 'subject',
    term_type: 'topical',
    external_identifiers: [{ identifier: `/subjects/${id}`, source: 'archivesspace' }],
    group: { identifier: `/terms/${id}`, title, category: 'subject', creators: [], dates: [] },
  } as CatalogueDocument
}

/** A term whose notes hold these texts, a scope note each: text in notes to find and score. */
export function termWithNotes(id: string, title: string, notes: string[]): CatalogueDocument {
  return {
    ...termDocument(id, title),
    notes: scopeNotes(notes),
  } as unknown as CatalogueDocument
}

/** An organization, its own group (what `/search` finds), with scope notes of these texts. */
export function agentDocument(id: string, title: string, notes: string[] = []): CatalogueDocument {
  return {
    uri: `/agents/${id}`,
    type: 'agent',
    title,
    category: 'organization',
    agent_type: 'organization',
    authorized_name: title,
    description: null,
    dates: [],
    people: [],
    organizations: [],
    families: [],
    notes: scopeNotes(notes),
    external_identifiers: [
      { identifier: `/agents/corporate_entities/${id}`, source: 'archivesspace' },
    ],
    group: {
      identifier: `/agents/${id}`,
      title,
      category: 'organization',
      creators: [],
      dates: [],
    },
  } as unknown as CatalogueDocument
}

/** A scope note for each text. */
function scopeNotes(notes: string[]) {
  return notes.map((content) => ({
    type: 'scopecontent',
    title: 'Scope',
    source: 'archivesspace',
    subnotes: [{ type: 'text', content: [content] }],
  }))
}

let sampleLines: string[] | undefined

/** The first `count` documents of the sample catalogue as NDJSON text (all of them by default). */
export function sampleText(count?: number): string {
  sampleLines ??= readFileSync(SAMPLE, 'utf8').trimEnd().split('\n')
  return `${sampleLines.slice(0, count).join('\n')}\n`
}

/** A new scratch file `catalogue.ndjson` of the sample's first `count` documents. */
export function scratchSample(count?: number): string {
  const file = join(mkdtempSync(join(tmpdir(), 'catalogue-scratch-')), 'catalogue.ndjson')
  writeFileSync(file, sampleText(count))
  return file
}
