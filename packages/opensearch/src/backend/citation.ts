/**
 * `GET /{type}s/{id}/citation` (API.md §5): written by the core's rules (`citationTitle`,
 * `joinHierarchy`) from the document and its ancestors' titles in its tree.
 */
import {
  type CatalogueDocument,
  type CitationOptions,
  citationTitle,
  type DocumentType,
  dateString,
  datesOf,
  joinHierarchy,
} from '@archive-catalogue/core'
import type { Cluster } from './cluster.js'
import { documentByUri } from './documents.js'
import type { Trees } from './trees.js'

export async function citation(
  cluster: Cluster,
  trees: Trees,
  type: DocumentType,
  id: string,
  options: CitationOptions & { publicUrl: string },
  signal?: AbortSignal,
): Promise<string> {
  let document: CatalogueDocument
  let ancestors: string[] = []
  if (type === 'collection' || type === 'object') {
    const { document: found, tree, node } = await trees.locate(type, id, signal)
    document = found
    ancestors = tree.ancestors(node).map((at) => tree.nodes[at]!.title)
  } else {
    document = (await documentByUri(cluster, `/${type}s/${id}`, signal)).document
  }
  const separator = options.separator ?? '; '
  const parts = [
    citationTitle(document.title, dateString(datesOf(document))),
    joinHierarchy(ancestors, separator),
    options.repositoryName ?? '',
    `${options.publicUrl.replace(/\/+$/, '')}${document.uri}`,
  ]
  return parts.filter((part) => part !== '').join(separator)
}
