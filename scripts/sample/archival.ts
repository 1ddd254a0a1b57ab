/** Turns planned nodes into collection and object documents, with their hierarchy references. */
import type {
  CatalogueObject,
  Collection,
  Group,
  Reference,
} from '../../packages/core/src/documents/documents.js'
import { datesString } from './dates.js'
import { descriptionOf } from './describe.js'
import type { ArchivalNode } from './node.js'

function externalIdentifiers(node: ArchivalNode) {
  return [{ identifier: node.externalId, source: 'archivesspace' as const }]
}

/** A reference to a collection or object as the real `ancestors` and `children` lists hold it. */
function hierarchyRef(node: ArchivalNode, description: string): Reference {
  return {
    dates: datesString(node.dates),
    description,
    external_identifiers: externalIdentifiers(node),
    identifier: node.id,
    level: node.level ?? 'file',
    // A top-level collection has no siblings: real exports give it no order.
    order: node.parent ? node.position : null,
    title: node.title,
    type: node.kind,
  }
}

/**
 * Writes the documents of a planned top-level collection. The references to a collection
 * (with its description) are made once and shared by all the documents that point to it.
 */
export class ArchivalWriter {
  readonly group: Group
  private readonly refs = new Map<ArchivalNode, Reference>()

  constructor(readonly top: ArchivalNode) {
    this.group = {
      category: 'collection',
      creators: top.creators,
      dates: top.dates,
      identifier: `/collections/${top.id}`,
      title: top.title,
    }
  }

  private ref(node: ArchivalNode): Reference {
    let ref = this.refs.get(node)
    if (!ref) {
      ref = hierarchyRef(node, descriptionOf(node))
      if (node.kind === 'collection') this.refs.set(node, ref)
    }
    return ref
  }

  /** Nearest first, as in the real documents. */
  private ancestors(node: ArchivalNode): Reference[] {
    const ancestors: Reference[] = []
    for (let parent = node.parent; parent; parent = parent.parent) ancestors.push(this.ref(parent))
    return ancestors
  }

  /** The document of `node`, a collection or an object of this tree. */
  document(node: ArchivalNode): Collection | CatalogueObject {
    const shared = {
      title: node.title,
      category: 'collection' as const,
      dates: node.dates,
      extents: node.extents,
      languages: node.languages,
      formats: node.formats,
      online: node.online,
    }
    const related = {
      people: node.people,
      organizations: node.organizations,
      families: node.families,
      terms: node.terms,
      notes: node.notes,
      rights: [],
      ancestors: this.ancestors(node),
    }
    if (node.kind === 'object') {
      return {
        uri: `/objects/${node.id}`,
        type: 'object',
        ...shared,
        parent: node.parent ? `/collections/${node.parent.id}` : null,
        position: node.position,
        tree_position: node.treePosition,
        ...related,
        files: node.files,
        group: this.group,
        external_identifiers: externalIdentifiers(node),
      }
    }
    return {
      uri: `/collections/${node.id}`,
      type: 'collection',
      ...shared,
      level: node.level,
      // Collections name their parent by bare id, objects by uri: so do the real exports.
      parent: node.parent ? node.parent.id : null,
      position: node.position,
      creators: node.creators,
      ...related,
      children: node.children.map((child) => this.ref(child)),
      group: this.group,
      external_identifiers: externalIdentifiers(node),
    }
  }
}
