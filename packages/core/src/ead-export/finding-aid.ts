/**
 * The whole finding aid of a top-level collection as EAD, written as it is read: the tree is
 * walked depth first through the backend interface (`finding-aid-walk.ts`, a page of the tree
 * or of a collection's children at a time), and the text is handed out in chunks before every call that waits. What is held
 * at any time is one page of documents per level of depth, never the tree: a finding aid of
 * 50,000 components starts at once and costs no more memory than one of 50.
 */
import type { CatalogueBackend } from '../api/backend.js'
import { idOf } from '../documents/document-fields.js'
import { Chunks, type Writer } from '../util/chunks.js'
import { describe, levelAttributes } from './description.js'
import type { EadEdition } from './edition.js'
import { type FindingAidFormat, findingAidWalk } from './finding-aid-walk.js'
import { attributes, element } from './xml-text.js'

/** Options of {@link findingAid}. */
export interface FindingAidOptions {
  /** `ead3` (1.1.1) or `ead2002`. @default 'ead3' */
  edition?: EadEdition
  /** Aborting it stops the walk: the next chunk is not made and the iterator throws. */
  signal?: AbortSignal
  /** Children asked of the backend per call. @default 250 (at most the backend's `maxLimit`) */
  pageSize?: number
  /** The day the header says the finding aid was derived. @default today */
  date?: Date
  /**
   * The repository the header and the collection's `did` name.
   * @default the backend's `citation.repositoryName` ('archive-catalogue' in the header when none)
   */
  repositoryName?: string
  /** Characters gathered before a chunk is handed out. @default 65536 */
  chunkSize?: number
}

const defaultOptions = { edition: 'ead3' as EadEdition }

const NAMESPACES = {
  ead3: {
    uri: 'http://ead3.archivists.org/schema/',
    schema: 'https://www.loc.gov/ead/ead3.xsd',
    extra: '',
  },
  ead2002: {
    uri: 'urn:isbn:1-931666-22-9',
    schema: 'https://www.loc.gov/ead/ead.xsd',
    extra: ' xmlns:xlink="http://www.w3.org/1999/xlink"',
  },
} as const

/**
 * The finding aid of the top-level collection `id` as EAD, in chunks of text (at once from a
 * backend that answers at once: `Chunks`): a `NotFoundError` for an unknown id, a
 * `NotTopLevelError` for a collection inside another, both before the first chunk (so a front
 * end can still answer with an error). Every later failure
 * (the backend, a reload that changes the catalogue mid-walk, an abort) ends the iteration with
 * that error: what was handed out is then an incomplete document.
 * @example
 * for await (const chunk of findingAid(catalogue, 'xVJyUuJNfsVyjdZikFSn6G')) process.stdout.write(chunk)
 */
export function findingAid(
  backend: CatalogueBackend,
  id: string,
  options: FindingAidOptions = {},
): Chunks {
  return new Chunks(findingAidWriter(backend, id, options))
}

/** {@link findingAid} as a writer, for another writer to hand on (OAI-PMH's records). */
export function findingAidWriter(
  backend: CatalogueBackend,
  id: string,
  options: FindingAidOptions = {},
): Writer {
  const edition = options.edition ?? defaultOptions.edition
  const repositoryName = options.repositoryName ?? backend.options.citation.repositoryName ?? ''
  const date = options.date ?? new Date()
  const format: FindingAidFormat = {
    top: (top) =>
      header(top.title, id, edition, repositoryName, date) +
      `<archdesc${levelAttributes(top.level, 'collection')}>${describe(top, edition, undefined, repositoryName)}`,
    beforeComponents: '<dsc>',
    afterComponents: '\n</dsc>',
    enter: (component, { path, inherited }) =>
      `\n<c${componentId(id, idOf(component.uri), path)}${levelAttributes(component.level)}>` +
      describe(component, edition, inherited),
    leave: () => '</c>',
    end: () => '</archdesc></ead>\n',
  }
  const { signal, pageSize, chunkSize } = options
  return findingAidWalk(backend, id, format, {
    ...(signal ? { signal } : {}),
    ...(pageSize !== undefined ? { pageSize } : {}),
    ...(chunkSize !== undefined ? { chunkSize } : {}),
  })
}

/**
 * A component's `id`: its catalogue id less the finding aid's prefix (what the importer adds
 * back), none when that is its path of positions (which the importer makes again), and an id
 * that cannot be an XML name (one beginning with a digit) behind a `_`.
 */
function componentId(topId: string, id: string, path: readonly number[]): string {
  const own = id.startsWith(`${topId}_`) ? id.slice(topId.length + 1) : id
  if (own === path.join('-')) return ''
  return attributes({ id: /^[A-Za-z_]/.test(own) ? own : `_${own}` })
}

/** The XML declaration, the root element with its namespaces and schema, and the header. */
function header(
  title: string,
  id: string,
  edition: EadEdition,
  repositoryName: string,
  date: Date,
): string {
  const { uri, schema, extra } = NAMESPACES[edition]
  const day = date.toISOString().slice(0, 10)
  const agency = repositoryName || 'archive-catalogue'
  const root =
    `<?xml version="1.0" encoding="UTF-8"?>\n<ead xmlns="${uri}"${extra}` +
    ` xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="${uri} ${schema}">\n`
  const titleStatement = `<filedesc><titlestmt>${element('titleproper', title) || '<titleproper>Finding aid</titleproper>'}</titlestmt></filedesc>`
  if (edition === 'ead2002') {
    return (
      `${root}<eadheader>${element('eadid', id)}${titleStatement}` +
      `<profiledesc><creation>Derived from the catalogue by archive-catalogue on <date${attributes({ normal: day })}>${day}</date></creation></profiledesc>` +
      '</eadheader>\n'
    )
  }
  return (
    `${root}<control>${element('recordid', id)}${titleStatement}` +
    '<maintenancestatus value="derived"/>' +
    `<maintenanceagency>${element('agencyname', agency)}</maintenanceagency>` +
    '<maintenancehistory><maintenanceevent><eventtype value="derived"/>' +
    `<eventdatetime${attributes({ standarddatetime: day })}>${day}</eventdatetime>` +
    '<agenttype value="machine"/><agent>archive-catalogue</agent></maintenanceevent></maintenancehistory>' +
    '</control>\n'
  )
}
