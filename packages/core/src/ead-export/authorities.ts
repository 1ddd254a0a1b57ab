/**
 * The authority of an agent or term as EAD writes it (`source` and `authfilenumber`, EAD3
 * `identifier`), from the reference's first external identifier: what the importer reads back
 * into the same key, so that the same heading becomes the same document again.
 */
import type { Reference } from '../documents/documents.js'

export interface Authority {
  source: string
  number: string
}

/**
 * An EAD import keeps `source:number` (`lcsh:sh85`) under the source `ead`, and `ead:kind:name`
 * for a heading without one; another source (`archivesspace`, `wikidata`) is its own.
 */
export function authorityOf(reference: Reference): Authority | undefined {
  const first = reference.external_identifiers[0]
  if (!first?.identifier) return undefined
  if (first.source !== 'ead') return { source: first.source, number: first.identifier }
  if (first.identifier.startsWith('ead:')) return undefined
  const colon = first.identifier.indexOf(':')
  if (colon < 0) return { source: '', number: first.identifier }
  return { source: first.identifier.slice(0, colon), number: first.identifier.slice(colon + 1) }
}
