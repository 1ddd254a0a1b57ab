/**
 * The tree under one top-level collection, read from the index when a tree endpoint needs it
 * and kept per index version. It is the core's hierarchy (`columns/hierarchy.ts`) over those
 * documents: parents resolved from `parent` (`derived.parent`), children ordered by `position`,
 * then catalogue order; pre-order numbers, so that a subtree is an interval and `index` is a
 * document's pre-order number within its root. Groups are not trusted to match the tree: the
 * corpus has documents whose group is not their top-level collection.
 */
import { parentUri } from '@archive-catalogue/core'
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
  readonly parentOf: Int32Array
  /** The children of each node, in order. */
  readonly children: number[][]
  readonly preorder: Int32Array
  readonly byPreorder: number[]
  readonly subtreeSize: Uint32Array
  readonly treeIndex: Int32Array

  constructor(nodes: TreeNode[], parents: (string | null)[], positions: number[]) {
    this.nodes = nodes
    this.indexOf = new Map(nodes.map((node, index) => [node.uri, index]))
    const size = nodes.length
    this.parentOf = new Int32Array(size).fill(-1)
    for (let i = 0; i < size; i++) {
      const uri = parents[i]
      const parent = uri?.startsWith('/collections/') ? this.indexOf.get(uri) : undefined
      if (parent !== undefined && parent !== i) this.parentOf[i] = parent
    }
    breakCycles(this.parentOf)
    this.children = Array.from({ length: size }, () => [] as number[])
    for (let i = 0; i < size; i++) {
      const parent = this.parentOf[i]!
      if (parent >= 0) this.children[parent]!.push(i)
    }
    for (const siblings of this.children) {
      siblings.sort((a, b) => positions[a]! - positions[b]! || a - b)
    }
    this.preorder = new Int32Array(size).fill(-1)
    this.treeIndex = new Int32Array(size).fill(-1)
    this.subtreeSize = new Uint32Array(size)
    this.byPreorder = []
    for (let root = 0; root < size; root++) {
      if (this.parentOf[root] !== -1) continue
      const rootNumber = this.byPreorder.length
      const stack = [root]
      while (stack.length > 0) {
        const node = stack.pop()!
        this.preorder[node] = this.byPreorder.length
        this.treeIndex[node] = this.byPreorder.length - rootNumber
        this.byPreorder.push(node)
        const kids = this.children[node]!
        for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!)
      }
    }
    for (let i = this.byPreorder.length - 1; i >= 0; i--) {
      const node = this.byPreorder[i]!
      this.subtreeSize[node]! += 1
      const parent = this.parentOf[node]!
      if (parent >= 0) this.subtreeSize[parent]! += this.subtreeSize[node]!
    }
  }

  /** The ancestors of a node, root first. */
  ancestors(node: number): number[] {
    const chain: number[] = []
    for (let at = this.parentOf[node]!; at >= 0; at = this.parentOf[at]!) chain.push(at)
    return chain.reverse()
  }

  /** The uris at or below a node, in tree order. */
  subtreeUris(node: number): string[] {
    const start = this.preorder[node]!
    const end = start + this.subtreeSize[node]!
    return this.byPreorder.slice(start, end).map((at) => this.nodes[at]!.uri)
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

/** Makes the first node of each cycle (in catalogue order) top-level, as the core does. */
function breakCycles(parentOf: Int32Array): void {
  const state = new Uint8Array(parentOf.length)
  const chain: number[] = []
  for (let start = 0; start < parentOf.length; start++) {
    let node = start
    chain.length = 0
    while (node !== -1 && state[node] === 0) {
      state[node] = 1
      chain.push(node)
      node = parentOf[node]!
    }
    if (node !== -1 && state[node] === 1) {
      const cycle = chain.slice(chain.indexOf(node))
      parentOf[Math.min(...cycle)] = -1
    }
    for (const member of chain) state[member] = 2
  }
}
