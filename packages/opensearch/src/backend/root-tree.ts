/**
 * The tree under one top-level collection, read from the index when a tree endpoint needs it
 * and kept per index version. It is the contract's hierarchy (core `api/hierarchy.ts`) over those
 * documents: parents resolved from `parent` (`derived.parent`), children ordered by `position`,
 * then catalogue order; pre-order numbers, so that a subtree is an interval and `index` is a
 * document's pre-order number within its root. Groups are not trusted to match the tree: the
 * corpus has documents whose group is not their top-level collection.
 */
import {
  ancestorsOf,
  deriveHierarchy,
  type Hierarchy,
  NO_PARENT,
  parentUri,
  rankSiblings,
  resolveParents,
} from '@archive-catalogue/core/backend'
import { type Cluster, type Dsl, searchIndex } from './cluster.js'
import { CATALOGUE_ORDER } from './sort-dsl.js'

/** Documents per page when a group's documents are read. */
const PAGE = 10_000

/** What a tree endpoint needs of a document without reading it whole. */
export interface TreeNode {
  uri: string
  title: string
  online: boolean
}

export class RootTree {
  readonly nodes: TreeNode[]
  readonly indexOf: Map<string, number>
  /** The contract's hierarchy over the nodes: parents, ranked children, pre-order numbers. */
  private readonly hierarchy: Hierarchy
  /** Each node's depth, once asked. */
  private depthOf: Int32Array | undefined

  /**
   * @param nodes the tree's documents in catalogue order
   * @param parents each one's parent uri (`parentUri` of its `parent`), or null
   * @param positions each one's `position` among its siblings
   */
  constructor(nodes: TreeNode[], parents: (string | null)[], positions: number[]) {
    this.nodes = nodes
    this.indexOf = new Map(nodes.map((node, index) => [node.uri, index]))
    // The loader's warnings were told when the catalogue was pushed.
    const { parentOf } = resolveParents(
      parents.length,
      (index) => parents[index] ?? null,
      (uri) => this.indexOf.get(uri),
    )
    const childIndex = rankSiblings(parentOf, positions)
    this.hierarchy = deriveHierarchy({ parentOf, childIndex }, () => true)
  }

  /** Each node's pre-order number in the tree. */
  get preorder(): Int32Array {
    return this.hierarchy.preorder
  }

  /** The nodes by pre-order number. */
  get byPreorder(): Uint32Array {
    return this.hierarchy.byPreorder
  }

  /** The number of nodes at or below each node. */
  get subtreeSize(): Uint32Array {
    return this.hierarchy.subtreeSize
  }

  /** Each node's pre-order number within its root (the root is 0): its `index` in the API. */
  get treeIndex(): Int32Array {
    return this.hierarchy.treeIndex
  }

  /** Each node's depth below its root (a root's is 0). */
  get depths(): Int32Array {
    if (this.depthOf) return this.depthOf
    const { parentOf, byPreorder } = this.hierarchy
    const depths = new Int32Array(byPreorder.length)
    // In pre-order every parent comes before its children.
    for (const node of byPreorder) {
      const parent = parentOf[node]!
      depths[node] = parent === NO_PARENT ? 0 : depths[parent]! + 1
    }
    this.depthOf = depths
    return depths
  }

  /** The children of a node, in order. */
  childrenOf(node: number): Uint32Array {
    const { childOffsets, childIds } = this.hierarchy
    return childIds.subarray(childOffsets[node]!, childOffsets[node + 1]!)
  }

  /** The ancestors of a node, root first. */
  ancestors(node: number): number[] {
    return ancestorsOf(this.hierarchy, node)
  }

  /** The uris at or below a node, in tree order. */
  subtreeUris(node: number): string[] {
    const start = this.preorder[node]!
    const end = start + this.subtreeSize[node]!
    return Array.from(this.byPreorder.subarray(start, end), (at) => this.nodes[at]!.uri)
  }

  /** Hits at or below each node, from the uris of the matching documents of the tree. */
  hitCounts(matching: Iterable<string>): (node: number) => { hits: number; online: number } {
    const hits = new Uint8Array(this.byPreorder.length)
    for (const uri of matching) {
      const node = this.indexOf.get(uri)
      if (node !== undefined) hits[this.preorder[node]!] = 1
    }
    return (node) => {
      const start = this.preorder[node]!
      const end = start + this.subtreeSize[node]!
      let count = 0
      let online = 0
      for (let number = start; number < end; number++) {
        if (hits[number] === 0) continue
        count++
        if (this.nodes[this.byPreorder[number]!]!.online) online++
      }
      return { hits: count, online }
    }
  }

  /**
   * Reads the tree under a top-level collection from the index, breadth first (the children
   * of many collections per query), sorted into catalogue order.
   */
  static async read(cluster: Cluster, root: string, signal?: AbortSignal): Promise<RootTree> {
    const found: { node: TreeNode; parent: string | null; position: number; order: number }[] = []
    const seen = new Set<string>()
    // Collections whose children are still to read.
    const pending: string[] = []
    let query: Dsl = { ids: { values: [root] } }
    for (;;) {
      for await (const hit of everyHit(cluster, query, SKELETON, signal)) {
        if (seen.has(hit._id)) continue
        seen.add(hit._id)
        const source = hit._source as Record<string, unknown>
        found.push({
          node: {
            uri: source['uri'] as string,
            title: source['title'] as string,
            online: source['online'] === true,
          },
          parent: parentUri(source['parent'] as string | null | undefined),
          position: typeof source['position'] === 'number' ? source['position'] : 0,
          order: Number(hit.sort?.[0] ?? 0),
        })
        if (source['type'] === 'collection') pending.push(hit._id)
      }
      if (pending.length === 0) break
      const parents = pending.splice(0, PARENTS_PER_QUERY)
      query = { bool: { filter: [{ terms: { 'derived.parent': parents } }, inTree] } }
    }
    found.sort((a, b) => a.order - b.order)
    return new RootTree(
      found.map((one) => one.node),
      found.map((one) => one.parent),
      found.map((one) => one.position),
    )
  }
}

/** What the tree reads of each document. */
const SKELETON = ['uri', 'title', 'online', 'parent', 'position', 'type']

/** Parents per query when children are read (below the cluster's 65,536 terms). */
const PARENTS_PER_QUERY = 10_000

/** Collections and objects: what the tree holds. */
export const inTree: Dsl = { terms: { type: ['collection', 'object'] } }

/** Every hit of a query in catalogue order, a page at a time (`search_after`). */
export async function* everyHit(
  cluster: Cluster,
  query: Dsl,
  source: string[] | false,
  signal?: AbortSignal,
) {
  let after: unknown[] | undefined
  for (;;) {
    const body = await searchIndex(
      cluster,
      {
        query,
        size: PAGE,
        sort: [CATALOGUE_ORDER],
        _source: source,
        track_total_hits: false,
        ...(after ? { search_after: after } : {}),
      },
      signal,
    )
    const hits = body.hits.hits
    yield* hits
    if (hits.length < PAGE) return
    after = hits[hits.length - 1]!.sort
  }
}
