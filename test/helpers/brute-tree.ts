/**
 * A deliberately simple reading of the catalogue's tree (API.md §5) from plain documents, to
 * check the engine's hierarchy columns against: parents resolved by uri (a bare id or a
 * `/collections/<id>` path), children ordered by `position` then catalogue order, descendants by
 * recursion, numbering depth-first from each top-level collection. No arrays of offsets, no
 * intervals.
 */

/** The parts of a document the tree reads. */
export interface TreeDocument {
  uri: string
  type: string
  title: string
  parent?: string | null
  position?: number
  online?: boolean
}

export interface BruteTree {
  /** The parent's uri of a document, or null (missing parents are top-level). */
  parentOf(uri: string): string | null
  /** The children's uris, in order. */
  childrenOf(uri: string): string[]
  /** Every descendant, depth first, in order. */
  descendantsOf(uri: string): string[]
  /** The ancestors, root first. */
  ancestorsOf(uri: string): string[]
  /** The depth-first number within the top-level collection (the root is 0). */
  indexOf(uri: string): number
  /** The index among the parent's children, or null at the top level. */
  offsetOf(uri: string): number | null
}

export function bruteTree(documents: readonly TreeDocument[]): BruteTree {
  const inTree = documents.filter((d) => d.type === 'collection' || d.type === 'object')
  const byUri = new Map(inTree.map((document, position) => [document.uri, { document, position }]))
  const parentUri = (document: TreeDocument): string | null => {
    const parent = document.parent
    if (!parent) return null
    const uri = parent.startsWith('/') ? parent : `/collections/${parent}`
    return byUri.has(uri) && uri.startsWith('/collections/') && uri !== document.uri ? uri : null
  }
  const children = new Map<string, string[]>()
  for (const document of inTree) {
    const parent = parentUri(document)
    if (parent === null) continue
    children.set(parent, [...(children.get(parent) ?? []), document.uri])
  }
  for (const list of children.values()) {
    const key = (uri: string) => byUri.get(uri)!
    list.sort(
      (a, b) =>
        (key(a).document.position ?? 0) - (key(b).document.position ?? 0) ||
        key(a).position - key(b).position,
    )
  }
  const childrenOf = (uri: string) => children.get(uri) ?? []
  // Each read once: the tests ask for a collection's descendants (and number them) for every
  // document below it, which read again each time was most of their time.
  const descendants = new Map<string, readonly string[]>()
  const descendantsOf = (uri: string): string[] => {
    let found = descendants.get(uri)
    if (found === undefined) {
      found = childrenOf(uri).flatMap((child) => [child, ...descendantsOf(child)])
      descendants.set(uri, found)
    }
    return [...found]
  }
  const parentOf = (uri: string) => {
    const found = byUri.get(uri)
    return found ? parentUri(found.document) : null
  }
  const ancestorsOf = (uri: string): string[] => {
    const parent = parentOf(uri)
    return parent === null ? [] : [...ancestorsOf(parent), parent]
  }
  const indexOf = (uri: string) => {
    const root = ancestorsOf(uri)[0] ?? uri
    return [root, ...descendantsOf(root)].indexOf(uri)
  }
  const offsetOf = (uri: string) => {
    const parent = parentOf(uri)
    return parent === null ? null : childrenOf(parent).indexOf(uri)
  }
  return { parentOf, childrenOf, descendantsOf, ancestorsOf, indexOf, offsetOf }
}
