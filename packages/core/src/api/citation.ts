/**
 * How a citation is written (API.md §5), as the reference service's current version writes it:
 * the title with its dates, the ancestors' titles root first with repeated prefixes removed, the
 * repository's name and the record's public URL, joined by a separator. Each backend finds the
 * document and its ancestors' titles; the words are written here.
 */
import { datesOf } from '../documents/document-fields.js'
import type { CatalogueDocument } from '../documents/documents.js'
import { dateString } from './responses.js'

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

/**
 * The citation of a document whose ancestors (root first) have these titles.
 * @example writeCitation(document, ['Rockefeller Foundation records'], { publicUrl: 'https://dimes.rockarch.org' })
 */
export function writeCitation(
  document: CatalogueDocument,
  ancestorTitles: readonly string[],
  options: CitationOptions & { publicUrl: string },
): string {
  const separator = options.separator ?? '; '
  const parts = [
    citationTitle(document.title, dateString(datesOf(document))),
    joinHierarchy(ancestorTitles, separator),
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
