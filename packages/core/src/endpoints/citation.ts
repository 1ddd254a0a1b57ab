/**
 * `GET /{collections,objects,agents,terms}/{id}/citation`: the citation a reader copies, as the
 * reference service's current version builds it (API.md §5): the title with its dates, the
 * ancestors' titles root first with repeated prefixes removed, the repository's name and the
 * record's public URL, joined by a separator.
 */

import { ancestorsOf } from '../columns/hierarchy.js'
import { datesOf } from '../documents/document-fields.js'
import type { DocumentType } from '../documents/documents.js'
import { dateString } from '../responses/responses.js'
import type { QueryContext } from './query-context.js'

/** How citations are written. */
export interface CitationOptions {
  /** The repository's name, e.g. `Rockefeller Archive Center`; left out when empty. @default '' */
  repositoryName?: string
  /**
   * Where the public pages of records are: a record's URL is this followed by its uri
   * (`https://dimes.rockarch.org` gives `https://dimes.rockarch.org/objects/abc`).
   * @default the API's own base URL
   */
  publicUrl?: string
  /** Between the parts. @default '; ' */
  separator?: string
}

export function citation(
  context: QueryContext,
  type: DocumentType,
  id: string,
  options: CitationOptions & { publicUrl: string },
): string {
  const index = context.indexOf(type, id)
  const document = context.document(index)
  const separator = options.separator ?? '; '
  const ancestors = ancestorsOf(context.data.hierarchy, index).map((i) => context.data.titles[i]!)
  const parts = [
    citationTitle(document.title, dateString(datesOf(document))),
    joinHierarchy(ancestors, separator),
    options.repositoryName ?? '',
    `${options.publicUrl.replace(/\/+$/, '')}${document.uri}`,
  ]
  return parts.filter((part) => part !== '').join(separator)
}

/** `title, dates`; the dates alone when they are the title; whichever there is. */
export function citationTitle(title: string, dates: string): string {
  if (title && dates) return title === dates ? dates : `${title}, ${dates}`
  return title || dates
}

/**
 * Joins the titles of a hierarchy, dropping from each what it repeats of the one before (RAC
 * titles repeat their parents': "Rockefeller Foundation records", "Rockefeller Foundation
 * records, Projects" → "Rockefeller Foundation records; Projects"): the longest common prefix of
 * characters, then any leading spaces and punctuation (`,;:-`), as the reference service does.
 */
export function joinHierarchy(parts: readonly string[], separator: string): string {
  const result: string[] = []
  let previous = ''
  for (const raw of parts) {
    const item = raw.trim()
    if (!previous) {
      if (item) result.push(item)
      previous = item
      continue
    }
    let common = 0
    while (common < previous.length && common < item.length && previous[common] === item[common])
      common++
    const remainder = item.slice(common).replace(/^[\s,;:-]+/, '')
    if (remainder) result.push(remainder)
    previous = item
  }
  return result.join(separator)
}
