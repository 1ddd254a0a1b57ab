/**
 * What is below a collection, whole and in tree order, a page at a time (`SubtreeSource`, the
 * EAD export's walk): the page's place in the tree the tree endpoints read (kept per index
 * version), its documents in one `mget`. A finding aid so takes a few requests, where the walk
 * by children took three per collection (the collection found, its children's references, their
 * documents).
 */
import type { SubtreeEntry } from '@archive-catalogue/core'
import type { Cluster } from './cluster.js'
import type { Trees } from './trees.js'
import { wholeDocuments } from './whole-documents.js'

export async function subtree(
  cluster: Cluster,
  trees: Trees,
  id: string,
  page: { offset: number; limit: number },
  signal?: AbortSignal,
): Promise<{ entries: SubtreeEntry[]; count: number }> {
  const { tree, node } = await trees.locate('collection', id, signal)
  // A subtree is an interval of pre-order numbers: the collection, then what is below it.
  const first = tree.preorder[node]! + 1
  const count = tree.subtreeSize[node]! - 1
  const start = first + Math.min(Math.max(page.offset, 0), count)
  const end = Math.min(start + Math.max(page.limit, 0), first + count)
  const nodes = Array.from(tree.byPreorder.subarray(start, end))
  const documents = await wholeDocuments(
    cluster,
    nodes.map((at) => tree.nodes[at]!.uri),
    signal,
  )
  const { depths } = tree
  const base = depths[node]!
  const entries = nodes.map((at, i) => ({ depth: depths[at]! - base, document: documents[i] }))
  return { entries, count }
}
