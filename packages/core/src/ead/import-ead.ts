/**
 * EAD finding aids → catalogue documents, streaming: the file is read in chunks by a SAX parser
 * (`sax`), and only the component being read is held as elements (its `did` and notes, never
 * its child components): a 100 MB finding aid never becomes a DOM. EAD 2002 (namespaced or not)
 * and EAD3.
 *
 * - `archdesc` is a top-level collection; a component (`c`, `c01`…`c12`) is a collection when
 *   it has child components, else an object. Ids are stable across imports: the `eadid` (EAD3
 *   `recordid`, else the file name) for the finding aid, with the component's `@id` (else its
 *   path of sibling positions, `1-3-2`).
 * - Names in `origination` and `controlaccess` are agents (creators, or subjects), the other
 *   `controlaccess` headings terms; an agent or term met in several finding aids is one
 *   document (by authority id when there is one, else by its normalized name and kind), linked
 *   once from a component that lists it twice.
 * - Dates are read as `ead-dates.ts` says; extents, languages, notes, formats (from
 *   `genreform`) and digital objects (`online`, `files`) as `ead-fields.ts` says.
 */
import { createHash } from 'node:crypto'
import { idOf } from '../documents/document-fields.js'
import type { Agent, Reference, Term } from '../documents/documents.js'
import { EAD_SOURCE, type NameEntry, slug, type TermEntry } from './ead-fields.js'
import { FindingAidReader, type SharedReferences } from './finding-aid-reader.js'
import { type ImportedDocument, type ImportWarning, Slot } from './imported-document.js'
import { collapse, type Position } from './xml-elements.js'

/**
 * Imports EAD finding aids. One importer for a set of files, so that the agents and terms they
 * share become one document each: import each file, then take {@link sharedDocuments}.
 *
 * @example
 * const importer = new EadImporter()
 * const documents = await importer.importFile('finding-aids/mss_999.xml')
 * const shared = importer.sharedDocuments() // its agents and terms, once all files are read
 */
export class EadImporter implements SharedReferences {
  /** What the files imported so far warn about, each with its file, line, column and component. */
  readonly warnings: ImportWarning[] = []
  /** Finding aids, collections and objects imported so far. */
  readonly counts = { findingAids: 0, collections: 0, objects: 0 }
  /** This year: a date after it is a mistake (see the `currentYear` option). */
  readonly currentYear: number
  private readonly agents = new Map<string, Shared<Agent>>()
  private readonly terms = new Map<string, Shared<Term>>()

  constructor(
    options: {
      /**
       * This year: a date that names a later one is a mistake (`2978` for `1978`) and is read as
       * undated, with a warning; a decade or century that reaches past it ends with it.
       * @default the clock's year when the importer is made
       */
      currentYear?: number
    } = {},
  ) {
    this.currentYear = options.currentYear ?? new Date().getFullYear()
  }

  /**
   * The top-level collection and components of one finding aid, in order. Throws an
   * {@link EadSyntaxError} for a file that is not well-formed XML or not EAD: nothing of it is
   * kept, not the agents and terms it named nor the warnings it raised before its mistake.
   */
  async importFile(path: string): Promise<ImportedDocument[]> {
    const reader = new FindingAidReader(this, path)
    const before = { agents: this.agents.size, terms: this.terms.size }
    try {
      await reader.read()
    } catch (error) {
      forgetAfter(this.agents, before.agents)
      forgetAfter(this.terms, before.terms)
      throw error
    }
    this.counts.findingAids++
    for (const { type } of reader.documents) {
      if (type === 'collection') this.counts.collections++
      else this.counts.objects++
    }
    // The reader holds its file's warnings until the file is read whole: a broken file's never
    // reach these.
    this.warnings.push(...reader.warnings)
    return reader.documents
  }

  /** The agents and terms of every file imported, each once, in the order first met. */
  sharedDocuments(): ImportedDocument[] {
    return [...this.agents.values(), ...this.terms.values()].map(
      ({ document, file, at }) => new Slot(document, file, at, true),
    )
  }

  /** @internal the reference to an agent, made once for all files. */
  agentReference(entry: NameEntry, role: string, file: string): Reference {
    const key = entry.authority ?? `${entry.kind}:${normalize(entry.name)}`
    let found = this.agents.get(key)
    if (!found) {
      const id = documentId(entry.name, key)
      const identifier = {
        identifier: entry.authority ?? `ead:${entry.kind}:${entry.name}`,
        source: EAD_SOURCE,
      }
      found = {
        document: {
          uri: `/agents/${id}`,
          type: 'agent',
          title: entry.name,
          category: entry.kind,
          agent_type: entry.kind,
          authorized_name: entry.name,
          external_identifiers: [identifier],
          group: { identifier: `/agents/${id}`, title: entry.name, category: entry.kind },
        },
        file,
        at: { line: entry.line, column: entry.column },
      }
      this.agents.set(key, found)
    }
    const { document } = found
    return {
      external_identifiers: document.external_identifiers,
      identifier: idOf(document.uri),
      title: document.title,
      type: entry.kind,
      role,
    }
  }

  /** @internal the reference to a term, made once for all files. */
  termReference(entry: TermEntry, file: string): Reference {
    const key = entry.authority ?? `${entry.kind}:${normalize(entry.title)}`
    let found = this.terms.get(key)
    if (!found) {
      const id = documentId(entry.title, key)
      found = {
        document: {
          uri: `/terms/${id}`,
          type: 'term',
          title: entry.title,
          category: 'subject',
          term_type: entry.kind,
          external_identifiers: [
            {
              identifier: entry.authority ?? `ead:${entry.kind}:${entry.title}`,
              source: EAD_SOURCE,
            },
          ],
          group: { identifier: `/terms/${id}`, title: entry.title, category: 'subject' },
        },
        file,
        at: { line: entry.line, column: entry.column },
      }
      this.terms.set(key, found)
    }
    const { document } = found
    return {
      external_identifiers: document.external_identifiers,
      identifier: idOf(document.uri),
      title: document.title,
      type: entry.kind,
    }
  }
}

/** An agent or term document, and where it was first named. */
interface Shared<T> {
  document: T
  file: string
  at: Position
}

/**
 * Forgets the entries added after the first `size` (a map keeps the order they were added):
 * those a file named before its mistake.
 */
function forgetAfter(map: Map<string, unknown>, size: number): void {
  if (map.size === size) return
  for (const key of [...map.keys()].slice(size)) map.delete(key)
}

/** A name as a key: lowercase, accents and punctuation at the ends dropped, spaces collapsed. */
function normalize(name: string): string {
  return collapse(
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase(),
  ).replace(/^[\s.,;:]+|[\s.,;:]+$/g, '')
}

/** A readable, stable id: the name's slug and a short hash of its key. */
function documentId(name: string, key: string): string {
  const hash = createHash('sha1').update(key).digest('hex').slice(0, 8)
  const readable = slug(name).slice(0, 48).replace(/-+$/, '')
  return readable ? `${readable}-${hash}` : hash
}
