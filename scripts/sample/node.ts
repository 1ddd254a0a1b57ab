/** A collection or object while its top-level collection is being planned. */
import type {
  CatalogueDate,
  CatalogueFile,
  Extent,
  Format,
  Language,
  Note,
  Reference,
} from '../../packages/core/src/documents/documents.js'
import type { YearSpan } from './dates.js'

/** What a container's contents mostly are; decides the formats and titles of its objects. */
export type Focus = 'documents' | 'photographs' | 'audiovisual'

export interface ArchivalNode {
  kind: 'collection' | 'object'
  id: string
  /** `collection`, `series`, `subseries`; null for objects. */
  level: 'collection' | 'series' | 'subseries' | null
  title: string
  span: YearSpan
  dates: CatalogueDate[]
  parent: ArchivalNode | null
  children: ArchivalNode[]
  /** Index among its siblings. */
  position: number
  /** Index in the depth-first order of its top-level collection (the top is 0). */
  treePosition: number
  externalId: string
  focus: Focus
  formats: Format[]
  online: boolean
  creators: Reference[]
  people: Reference[]
  organizations: Reference[]
  families: Reference[]
  terms: Reference[]
  notes: Note[]
  extents: Extent[]
  languages: Language[]
  files: CatalogueFile[]
}

/** A node with empty lists, to be filled in. */
export function newNode(
  fields: Pick<ArchivalNode, 'kind' | 'id' | 'level' | 'title' | 'span' | 'dates' | 'parent'> &
    Partial<ArchivalNode>,
): ArchivalNode {
  return {
    children: [],
    position: 0,
    treePosition: 0,
    externalId: '',
    focus: 'documents',
    formats: [],
    online: false,
    creators: [],
    people: [],
    organizations: [],
    families: [],
    terms: [],
    notes: [],
    extents: [],
    languages: [],
    files: [],
    ...fields,
  }
}

/** Adds an agent reference to the people, organizations or families of a node, once. */
export function addAgent(node: ArchivalNode, ref: Reference): void {
  const list =
    ref.type === 'person' ? node.people : ref.type === 'family' ? node.families : node.organizations
  if (!list.some((other) => other.identifier === ref.identifier)) list.push(ref)
}

/** Adds a term reference, once. */
export function addTerm(node: ArchivalNode, ref: Reference): void {
  if (!node.terms.some((other) => other.identifier === ref.identifier)) node.terms.push(ref)
}

/** Visits a tree depth-first, parents before children (the catalogue's order). */
export function* depthFirst(node: ArchivalNode): Generator<ArchivalNode> {
  yield node
  for (const child of node.children) yield* depthFirst(child)
}
