/**
 * `GET /{type}s/{id}/citation` (API.md §5): written by the contract's `writeCitation` from the
 * document and its ancestors' titles in its tree.
 */
import type { CatalogueDocument, CitationOptions, DocumentType } from '@archive-catalogue/core'
import { writeCitation } from '@archive-catalogue/core/backend'
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
  return writeCitation(document, ancestors, options)
}
