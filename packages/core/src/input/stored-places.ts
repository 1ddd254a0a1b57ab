/**
 * What a document says of its own place besides `parent`: its `group` (the top-level collection
 * it belongs to, itself for a top-level one, an agent or a term) and the `ancestors` exports
 * store (nearest first). The tree is built from `parent` alone, but `/search` groups by `group`
 * and front ends read `ancestors`: where they contradict the parent chain, a front end walks a
 * tree that is not there (the reference's loads forever). `validate` warns of each such place.
 */
import { type HierarchyWarning, NO_PARENT, parentUri } from '../api/hierarchy.js'
import type { CatalogueDocument } from '../documents/documents.js'
import { article } from '../documents/problem-messages.js'
import { GrowableArray } from '../util/growable-array.js'

/** The stored places of a catalogue's documents, in catalogue order, to check once all are read. */
export class StoredPlaces {
  // Uris are interned: a million documents share a few thousand groups and ancestors.
  private readonly ids = new Map<string, number>()
  private readonly names: string[] = []
  private readonly groupTitles: string[] = []
  private readonly groupOf = new GrowableArray(Int32Array)
  /** Where each document's ancestors start in `ancestorIds`, and how many (-1: none stored). */
  private readonly ancestorFrom = new GrowableArray(Int32Array)
  private readonly ancestorCount = new GrowableArray(Int32Array)
  private readonly ancestorIds = new GrowableArray(Int32Array)
  /** The titles of the collections without a parent: the tops of chains, named in warnings. */
  private readonly topTitles = new Map<number, string>()

  /** Adds the next valid document. */
  add(document: CatalogueDocument): void {
    const index = this.groupOf.length
    const { group } = document
    const collection = document.type === 'collection' || document.type === 'object'
    const groupUri = group.identifier.startsWith('/')
      ? group.identifier.replace(/\/+$/, '')
      : `/${collection ? 'collection' : document.type}s/${group.identifier}`
    const groupId = this.intern(groupUri)
    this.groupTitles[groupId] ??= group.title
    this.groupOf.push(groupId)
    const ancestors = 'ancestors' in document ? document.ancestors : undefined
    this.ancestorFrom.push(this.ancestorIds.length)
    this.ancestorCount.push(ancestors ? ancestors.length : -1)
    for (const ancestor of ancestors ?? []) {
      this.ancestorIds.push(this.intern(parentUri(ancestor.identifier ?? '') ?? ''))
    }
    if (document.type === 'collection' && !parentUri(document.parent)) {
      this.topTitles.set(index, document.title)
    }
  }

  /**
   * The documents whose group or ancestors contradict their parent chain, one warning per
   * place a contradiction starts: the documents below one that repeat its group and ancestors
   * (the usual case: a collection moved under another, its descendants exported as they were)
   * are counted in its warning rather than warned of each.
   * @param uris each document's uri, in the order they were added
   * @param parentOf each document's parent, as resolved (cycles broken)
   * @param unsure documents whose parent is missing or refused: their chains are not checked
   */
  contradictions(
    uris: readonly string[],
    parentOf: Int32Array,
    unsure: ReadonlySet<number>,
  ): HierarchyWarning[] {
    const size = uris.length
    const wrongGroup = new Uint8Array(size)
    const wrongAncestors = new Uint8Array(size)
    const chains: (number[] | undefined)[] = new Array(size)
    for (let index = 0; index < size; index++) {
      const chain = chainOf(index, parentOf, unsure)
      if (chain === undefined) continue
      const top = chain.at(-1) ?? index
      wrongGroup[index] = this.names[this.groupOf.get(index)] === uris[top] ? 0 : 1
      const parents = chain.map((node) => uris[node]!)
      wrongAncestors[index] = this.sameAncestors(index, parents) ? 0 : 1
      if (wrongGroup[index] || wrongAncestors[index]) chains[index] = chain
    }
    // A document repeating its parent's group and ancestors repeats its parent's contradiction.
    const repeats = (index: number, parent: number) =>
      parent !== NO_PARENT &&
      chains[parent] !== undefined &&
      this.groupOf.get(index) === this.groupOf.get(parent) &&
      (this.ancestorCount.get(index) === -1 ||
        this.sameAncestors(index, [uris[parent]!, ...this.ancestorsOf(parent)]))
    const below = new Map<number, number>()
    for (let index = 0; index < size; index++) {
      if (chains[index] === undefined) continue
      let first = index
      while (repeats(first, parentOf[first]!)) first = parentOf[first]!
      if (first !== index) below.set(first, (below.get(first) ?? 0) + 1)
    }
    const warnings: HierarchyWarning[] = []
    for (let index = 0; index < size; index++) {
      const chain = chains[index]
      if (chain === undefined || repeats(index, parentOf[index]!)) continue
      const said: string[] = []
      if (wrongGroup[index]) said.push(this.groupSays(index, chain, uris))
      if (wrongAncestors[index]) said.push(this.ancestorsSay(index, chain, uris))
      const more = below.get(index) ?? 0
      const documents = more === 1 ? '1 document' : `${more} documents`
      const tail =
        more > 0 ? ` (and ${documents} below it, which repeat its group and ancestors)` : ''
      warnings.push({ index, message: `${said.join('; ')}${tail}` })
    }
    return warnings
  }

  private groupSays(index: number, chain: number[], uris: readonly string[]): string {
    const groupId = this.groupOf.get(index)
    const group = this.names[groupId]!
    const named = group === uris[index] ? 'itself' : `${group} (${this.groupTitles[groupId]})`
    const top = chain.at(-1)
    if (top === undefined) {
      const kind = uris[index]!.split('/')[1]!.replace(/s$/, '')
      const own =
        kind === 'agent' || kind === 'term' ? `${article(kind)} is` : 'a top-level document is'
      return `group is ${named}, but ${own} its own group`
    }
    const title = this.topTitles.get(top)
    return `group is ${named}, but its parent chain leads up to ${uris[top]}${title ? ` (${title})` : ''}`
  }

  private ancestorsSay(index: number, chain: number[], uris: readonly string[]): string {
    const named = (uri: string) => (uri === uris[index] ? `${idOf(uri)} (itself)` : idOf(uri))
    const stored = this.ancestorsOf(index)
    const listed = stored.length === 0 ? 'none' : stored.map(named).join(' → ')
    const expected =
      chain.length === 0
        ? 'it has no parent'
        : `its parent chain is ${chain.map((node) => idOf(uris[node]!)).join(' → ')}`
    return `its ancestors, nearest first, are ${listed}, but ${expected}`
  }

  private ancestorsOf(index: number): string[] {
    const from = this.ancestorFrom.get(index)
    const count = Math.max(this.ancestorCount.get(index), 0)
    return Array.from({ length: count }, (_, at) => this.names[this.ancestorIds.get(from + at)]!)
  }

  /** Whether the document stores no ancestors, or exactly these (uris, nearest first). */
  private sameAncestors(index: number, expected: readonly string[]): boolean {
    const count = this.ancestorCount.get(index)
    if (count === -1) return true
    if (count !== expected.length) return false
    const from = this.ancestorFrom.get(index)
    for (let at = 0; at < count; at++) {
      if (this.names[this.ancestorIds.get(from + at)] !== expected[at]) return false
    }
    return true
  }

  private intern(uri: string): number {
    let id = this.ids.get(uri)
    if (id === undefined) {
      id = this.names.length
      this.names.push(uri)
      this.ids.set(uri, id)
    }
    return id
  }
}

/** The parents of a document, nearest first; undefined when one of them is unsure. */
function chainOf(
  index: number,
  parentOf: Int32Array,
  unsure: ReadonlySet<number>,
): number[] | undefined {
  const chain: number[] = []
  for (let node = index; node !== NO_PARENT; node = parentOf[node]!) {
    if (unsure.has(node)) return undefined
    if (node !== index) chain.push(node)
  }
  return chain
}

/** The id of a collection's uri, as `parent` and `ancestors` write it. */
const idOf = (uri: string) => uri.replace(/^\/collections\//, '')
