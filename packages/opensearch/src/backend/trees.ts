/**
 * What the tree endpoints share: the tree a document is in (found by following its parents up,
 * then read once per index version and root, the last few kept), the request's matches in a
 * subtree, and the references to nodes that children and ancestors show.
 */
import {
  type CatalogueDocument,
  type DocumentType,
  type LinkedItem,
  NotFoundError,
  type ParsedRequest,
  type TextLanguage,
} from '@archive-catalogue/core'
import { parentUri, treeReference } from '@archive-catalogue/core/backend'
import { untilAborted } from '../cluster/until-aborted.js'
import { type Cluster, documentsByUri } from './cluster.js'
import { documentByUri, type StoredDocument } from './documents.js'
import { requestQuery } from './filters-dsl.js'
import { everyHit, RootTree } from './root-tree.js'

/** Trees kept: a reader moves within a few collections at a time. */
const KEPT = 16

/** Uris per query when the matches in a subtree are read (below the cluster's 65,536 terms). */
const URIS_PER_QUERY = 10_000

/** Hits at or below a node. */
export type HitCounts = (node: number) => { hits: number; online: number }

export class Trees {
  /** The trees by index version and root: their reading, and the tree once read. */
  private readonly cache = new Map<string, { reading: Promise<RootTree>; read?: RootTree }>()

  constructor(
    private readonly cluster: Cluster,
    private readonly language: TextLanguage,
    private readonly version: () => string,
  ) {}

  /** A document of the tree by type and id, the tree it is in and its node there. */
  async locate(
    type: DocumentType,
    id: string,
    signal?: AbortSignal,
  ): Promise<{ document: CatalogueDocument; tree: RootTree; node: number }> {
    const found = await documentByUri(this.cluster, `/${type}s/${id}`, signal)
    if (found.document.type !== 'collection' && found.document.type !== 'object') {
      throw new NotFoundError()
    }
    const tree =
      this.treeHolding(found.document.uri) ??
      (await this.tree(await this.rootOf(found, signal), signal))
    const node = tree.indexOf.get(found.document.uri)
    if (node === undefined) throw new NotFoundError()
    return { document: found.document, tree, node }
  }

  /**
   * A tree of the index read now, read already, that holds the uri: the one its root would
   * name (a tree holds exactly the documents whose parents lead up to its root), found without
   * a request per level of parents.
   */
  private treeHolding(uri: string): RootTree | undefined {
    const version = `${this.version()}\u0000`
    for (const [key, { read }] of this.cache) {
      if (read?.indexOf.has(uri) && key.startsWith(version)) return read
    }
    return undefined
  }

  /**
   * The uri of the top-level collection above a document: its parents followed up to one
   * without a parent in the catalogue. In a cycle of parents, the first of the cycle in
   * catalogue order is top-level, as the core decides.
   */
  private async rootOf(start: StoredDocument, signal?: AbortSignal): Promise<string> {
    const chain: StoredDocument[] = []
    const seen = new Set<string>()
    let at: StoredDocument | undefined = start
    while (at) {
      if (seen.has(at.document.uri)) {
        const uri = at.document.uri
        const cycle = chain.slice(chain.findIndex((one) => one.document.uri === uri))
        return cycle.reduce((first, one) => (one.order < first.order ? one : first)).document.uri
      }
      seen.add(at.document.uri)
      chain.push(at)
      const parent = parentUri((at.document as { parent?: string | null }).parent)
      if (!parent?.startsWith('/collections/')) break
      at = await documentByUri(this.cluster, parent, signal).catch((error: unknown) => {
        if (error instanceof NotFoundError) return undefined
        throw error
      })
    }
    return chain[chain.length - 1]!.document.uri
  }

  /**
   * The tree under a top-level document. Its reading is shared by every request that needs it
   * meanwhile, so no one request's signal stops it: one that leaves (its client gone, its budget
   * spent) stops waiting, and the tree is read on for the others and the next ones. (Stopped with
   * the first request, a tree that takes longer than a request's budget to read would never be.)
   */
  tree(root: string, signal?: AbortSignal): Promise<RootTree> {
    const key = `${this.version()}\u0000${root}`
    let entry = this.cache.get(key)
    if (!entry) {
      const kept: { reading: Promise<RootTree>; read?: RootTree } = {
        reading: RootTree.read(this.cluster, root, undefined),
      }
      kept.reading.then(
        (read) => {
          kept.read = read
        },
        () => {
          // Only this read: a newer one may be kept under the same key since.
          if (this.cache.get(key) === kept) this.cache.delete(key)
        },
      )
      entry = kept
      this.cache.set(key, entry)
      for (const old of this.cache.keys()) {
        if (this.cache.size <= KEPT) break
        this.cache.delete(old)
      }
    }
    return untilAborted(entry.reading, signal)
  }

  /** Counts of matches at or below nodes under `node`, or null without a query. */
  async hitCounts(
    tree: RootTree,
    node: number,
    request: ParsedRequest,
    signal?: AbortSignal,
  ): Promise<HitCounts | null> {
    if (!request.syntax) return null
    return tree.hitCounts(await this.matching(tree, node, request, signal))
  }

  /** The uris at or below `node` matching the query and filters. */
  async matching(
    tree: RootTree,
    node: number,
    request: ParsedRequest,
    signal?: AbortSignal,
  ): Promise<string[]> {
    const below = tree.subtreeUris(node)
    const uris: string[] = []
    for (let i = 0; i < below.length; i += URIS_PER_QUERY) {
      const chunk = below.slice(i, i + URIS_PER_QUERY)
      const query = requestQuery(request, this.language, [], [{ terms: { uri: chunk } }])
      for await (const hit of everyHit(this.cluster, query, false, signal)) uris.push(hit._id)
    }
    return uris
  }

  /** The references to nodes, as children and ancestors show them. */
  async references(
    tree: RootTree,
    nodes: readonly number[],
    counts: HitCounts | null,
    place: (node: number) => Pick<LinkedItem, 'group' | 'index'>,
    signal?: AbortSignal,
  ): Promise<LinkedItem[]> {
    const sources = await documentsByUri(
      this.cluster,
      nodes.map((node) => tree.nodes[node]!.uri),
      signal,
    )
    return nodes.map((node, i) =>
      treeReference(sources[i] as unknown as CatalogueDocument, counts?.(node), place(node)),
    )
  }
}
