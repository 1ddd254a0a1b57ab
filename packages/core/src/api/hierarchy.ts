/**
 * The tree of collections and objects as columns. Every document has a parent (or none) and a
 * rank among its siblings; from these two arrays everything else is derived, after a build and
 * after a snapshot restore alike: the children of each collection in order, and a pre-order
 * numbering of the forest in which every subtree is one interval. "Documents at or below this
 * node" is then a range of pre-order numbers, so counting the matches below 50 children or
 * listing the hits of a 10,000-document minimap is a scan of one range, never a tree walk.
 */

import { type ArrayMemory, newArray } from '../util/array-memory.js'

/** A document with no parent in the catalogue, or no place in the tree (agents, terms). */
export const NO_PARENT = -1

/** A hierarchy problem the loader reports as a warning: the document is kept, as top-level. */
export interface HierarchyWarning {
  /** The document's index in catalogue order. */
  index: number
  message: string
}

/** The stored part of the hierarchy: what a snapshot keeps. */
export interface StoredHierarchy {
  /** Each document's parent collection (document index), {@link NO_PARENT} when it has none. */
  parentOf: Int32Array
  /** Each document's rank among its parent's children, -1 for a top-level document. */
  childIndex: Int32Array
}

/** The hierarchy with what is derived from it. */
export interface Hierarchy extends StoredHierarchy {
  /** The children of `d` are `childIds[childOffsets[d] .. childOffsets[d + 1]]`, in order. */
  childOffsets: Uint32Array
  childIds: Uint32Array
  /** Each document's pre-order number in the forest; -1 for agents and terms. */
  preorder: Int32Array
  /** Documents by pre-order number: the inverse of `preorder`. */
  byPreorder: Uint32Array
  /** Number of documents in each subtree, the document included (0 outside the tree). */
  subtreeSize: Uint32Array
  /** Each document's pre-order number within its top-level collection (the root is 0). */
  treeIndex: Int32Array
}

/**
 * Resolves each document's `parent` to a document index, in catalogue order. A parent that is
 * missing, not a collection, or that would close a cycle leaves the document top-level and is
 * reported as a warning.
 * @param size how many documents
 * @param parentAt each document's parent as `/collections/<id>` (normalized), or null
 * @param indexOf a uri's document index, or undefined
 */
export function resolveParents(
  size: number,
  parentAt: (index: number) => string | null,
  indexOf: (uri: string) => number | undefined,
): { parentOf: Int32Array; warnings: HierarchyWarning[] } {
  const parentOf = new Int32Array(size).fill(NO_PARENT)
  const warnings: HierarchyWarning[] = []
  for (let index = 0; index < size; index++) {
    const uri = parentAt(index)
    if (uri === null || uri === undefined) continue
    const parent = uri.startsWith('/collections/') ? indexOf(uri) : undefined
    if (!uri.startsWith('/collections/')) {
      warnings.push({
        index,
        message: `parent ${uri} is not a collection; the document is treated as top-level`,
      })
    } else if (parent === undefined) {
      warnings.push({
        index,
        message: `parent ${uri} is not in the catalogue; the document is treated as top-level`,
      })
    } else if (parent === index) {
      warnings.push({ index, message: 'the document is its own parent; treated as top-level' })
    } else {
      parentOf[index] = parent
    }
  }
  breakCycles(parentOf, warnings)
  return { parentOf, warnings }
}

/**
 * A document whose parent chain comes back to itself would never be reached from a root: the
 * first document of each cycle (in catalogue order) becomes top-level.
 */
function breakCycles(parentOf: Int32Array, warnings: HierarchyWarning[]): void {
  // 0: not visited, 1: on the current chain, 2: known to reach a root.
  const state = new Uint8Array(parentOf.length)
  const chain: number[] = []
  for (let start = 0; start < parentOf.length; start++) {
    let node = start
    chain.length = 0
    while (node !== NO_PARENT && state[node] === 0) {
      state[node] = 1
      chain.push(node)
      node = parentOf[node]!
    }
    if (node !== NO_PARENT && state[node] === 1) {
      // `node` is on the chain just walked: the cycle runs from it to the chain's end.
      const cycle = chain.slice(chain.indexOf(node))
      const first = cycle.reduce((a, b) => Math.min(a, b))
      parentOf[first] = NO_PARENT
      warnings.push({
        index: first,
        message: 'its parents form a cycle; the document is treated as top-level',
      })
    }
    for (const member of chain) state[member] = 2
  }
}

/**
 * Numbers siblings: each parent's children ordered by `position`, then catalogue order.
 * @returns each document's rank among its siblings (-1 for top-level documents)
 */
export function rankSiblings(parentOf: Int32Array, positions: ArrayLike<number>): Int32Array {
  const childIndex = new Int32Array(parentOf.length).fill(-1)
  const { offsets, ids } = childrenOf(parentOf, 'own')
  for (let parent = 0; parent < parentOf.length; parent++) {
    const siblings = Array.from(ids.subarray(offsets[parent]!, offsets[parent + 1]!))
    siblings.sort((a, b) => positions[a]! - positions[b]! || a - b)
    siblings.forEach((child, rank) => {
      childIndex[child] = rank
    })
  }
  return childIndex
}

/**
 * Derives the children lists and the pre-order numbering from the stored hierarchy.
 * @param inTree which documents take part in the tree (collections and objects)
 * @param memory where the derived arrays are made
 */
export function deriveHierarchy(
  stored: StoredHierarchy,
  inTree: (index: number) => boolean,
  memory: ArrayMemory = 'own',
): Hierarchy {
  const { parentOf, childIndex } = stored
  const size = parentOf.length
  const { offsets: childOffsets, ids: childIds } = childrenOf(parentOf, memory)
  // Order each parent's children by their rank (counting sort left them in catalogue order).
  for (let parent = 0; parent < size; parent++) {
    const start = childOffsets[parent]!
    const end = childOffsets[parent + 1]!
    if (end - start > 1)
      childIds.subarray(start, end).sort((a, b) => childIndex[a]! - childIndex[b]!)
  }
  const preorder = newArray(Int32Array, size, memory).fill(-1)
  const treeIndex = newArray(Int32Array, size, memory).fill(-1)
  const subtreeSize = newArray(Uint32Array, size, memory)
  const order: number[] = []
  const stack: number[] = []
  for (let root = 0; root < size; root++) {
    if (parentOf[root] !== NO_PARENT || !inTree(root)) continue
    const rootNumber = order.length
    stack.push(root)
    while (stack.length > 0) {
      const node = stack.pop()!
      preorder[node] = order.length
      treeIndex[node] = order.length - rootNumber
      order.push(node)
      // Pushed in reverse so that the first child is numbered first.
      for (let i = childOffsets[node + 1]! - 1; i >= childOffsets[node]!; i--)
        stack.push(childIds[i]!)
    }
  }
  // Subtree sizes, children before parents: reverse pre-order visits every child before its parent.
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i]!
    subtreeSize[node]! += 1
    const parent = parentOf[node]!
    if (parent !== NO_PARENT) subtreeSize[parent]! += subtreeSize[node]!
  }
  const byPreorder = newArray(Uint32Array, order.length, memory)
  byPreorder.set(order)
  return {
    parentOf,
    childIndex,
    childOffsets,
    childIds,
    preorder,
    byPreorder,
    subtreeSize,
    treeIndex,
  }
}

/** The children of every document, grouped by parent in catalogue order (a counting sort). */
function childrenOf(
  parentOf: Int32Array,
  memory: ArrayMemory,
): { offsets: Uint32Array; ids: Uint32Array } {
  const size = parentOf.length
  const offsets = newArray(Uint32Array, size + 1, memory)
  for (let i = 0; i < size; i++) {
    const parent = parentOf[i]!
    if (parent !== NO_PARENT) offsets[parent + 1]!++
  }
  for (let i = 0; i < size; i++) offsets[i + 1]! += offsets[i]!
  const cursor = offsets.slice(0, size)
  const ids = newArray(Uint32Array, offsets[size]!, memory)
  for (let i = 0; i < size; i++) {
    const parent = parentOf[i]!
    if (parent !== NO_PARENT) ids[cursor[parent]!++] = i
  }
  return { offsets, ids }
}

/** The chain of ancestors of a document, root first (the document itself not included). */
export function ancestorsOf(hierarchy: StoredHierarchy, index: number): number[] {
  const chain: number[] = []
  for (let node = hierarchy.parentOf[index]!; node !== NO_PARENT; node = hierarchy.parentOf[node]!)
    chain.push(node)
  return chain.reverse()
}

/**
 * The parent of a document as a collection uri: `parent` is a bare id in some exports and a
 * `/collections/<id>` path in others.
 */
export function parentUri(parent: string | null | undefined): string | null {
  if (!parent) return null
  return parent.startsWith('/') ? parent.replace(/\/+$/, '') : `/collections/${parent}`
}
