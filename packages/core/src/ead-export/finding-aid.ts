/**
 * The whole finding aid of a top-level collection as EAD, written as it is read: the tree is
 * walked depth first through the backend interface (`children` for the order, a page at a
 * time; `documents` for each page's documents whole), and the text is handed out in chunks
 * before every call that waits. What is held at any time is one page of documents per level of
 * depth, never the tree: a finding aid of 50,000 components starts at once and costs no more
 * memory than one of 50.
 */
import {
  type CatalogueBackend,
  type DocumentLookup,
  isDocumentLookup,
  parseFor,
} from '../api/backend.js'
import type { Ancestor } from '../api/response-schemas.js'
import { idOf } from '../documents/document-fields.js'
import type { Language, Reference } from '../documents/documents.js'
import { CatalogueError, NotFoundError, NotTopLevelError } from '../util/catalogue-errors.js'
import { Chunks, type Step, settled, type Writer } from '../util/chunks.js'
import { type Described, describe, isDescribed, levelAttributes } from './description.js'
import type { EadEdition } from './edition.js'
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

const defaultOptions = { edition: 'ead3' as EadEdition, pageSize: 250, chunkSize: 1 << 16 }

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

/** A collection being walked: its place and the next page of its children to write. */
interface Frame {
  id: string
  /** Its path of 1-based sibling positions below the top (the importer's, for ids). */
  path: number[]
  creators: readonly Reference[]
  languages: readonly Language[]
  /** The children fetched and not yet written. */
  batch: Described[]
  next: number
  /** The offset of the next page of children; null when every page is read. */
  offset: number | null
  written: number
}

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
export function* findingAidWriter(
  backend: CatalogueBackend,
  id: string,
  options: FindingAidOptions = {},
): Writer {
  const lookup = lookupOf(backend)
  const edition = options.edition ?? defaultOptions.edition
  const { signal } = options
  const pageSize = Math.max(
    1,
    Math.min(options.pageSize ?? defaultOptions.pageSize, backend.options.maxLimit),
  )
  const chunkSize = options.chunkSize ?? defaultOptions.chunkSize
  const repositoryName = options.repositoryName ?? backend.options.citation.repositoryName ?? ''
  const version = backend.version
  const call = { signal }
  const uri = `/collections/${id}`
  const [top] = yield* settled(lookup.documents([uri], call))
  if (top?.type !== 'collection') throw new NotFoundError()
  const above = (yield* settled(
    backend.ancestors('collection', id, parseFor(backend, 'ancestors', {}), call),
  )) as Ancestor | Record<string, never>
  if ('uri' in above && above.uri) throw new NotTopLevelError(uri, above.uri)

  let text = header(top.title, id, edition, repositoryName, options.date ?? new Date())
  text += `<archdesc${levelAttributes(top.level, 'collection')}>${describe(top, edition, undefined, repositoryName)}`
  const stack: Frame[] = [frameOf(id, [], top.creators, top.languages)]
  let dsc = false
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    if (frame.next >= frame.batch.length) {
      if (frame.offset === null) {
        stack.pop()
        text += stack.length > 0 ? '</c>' : `${dsc ? '\n</dsc>' : ''}</archdesc></ead>\n`
        continue
      }
      // About to ask the backend: what is written so far goes out first.
      if (text !== '') yield { text }
      text = ''
      signal?.throwIfAborted()
      yield* fillBatch(backend, lookup, frame, pageSize, call)
      if (backend.version !== version) {
        throw new CatalogueError(
          'E_BACKEND_UNAVAILABLE',
          `The catalogue changed while the finding aid of ${uri} was written; ask again`,
        )
      }
      if (stack.length === 1 && !dsc && frame.batch.length > 0) {
        text += '<dsc>'
        dsc = true
      }
      continue
    }
    const document = frame.batch[frame.next++]!
    frame.written++
    const path = [...frame.path, frame.written]
    const inherited = { creators: frame.creators, languages: frame.languages }
    text += `\n<c${componentId(id, idOf(document.uri), path)}${levelAttributes(document.level)}>`
    text += describe(document, edition, inherited)
    if (document.type === 'collection') {
      const creators = document.creators.length > 0 ? document.creators : inherited.creators
      stack.push(frameOf(idOf(document.uri), path, creators, document.languages))
    } else text += '</c>'
    if (text.length >= chunkSize) {
      yield { text }
      text = ''
    }
  }
  if (text !== '') yield { text }
}

function lookupOf(backend: CatalogueBackend): DocumentLookup {
  if (isDocumentLookup(backend)) return backend
  throw new CatalogueError(
    'E_UNSUPPORTED',
    `${backend.name} cannot give documents whole, which a finding aid is written from`,
  )
}

function frameOf(
  id: string,
  path: number[],
  creators: readonly Reference[],
  languages: readonly Language[],
): Frame {
  return { id, path, creators, languages, batch: [], next: 0, offset: 0, written: 0 }
}

/** The next page of a collection's children, in order, as documents. */
function* fillBatch(
  backend: CatalogueBackend,
  lookup: DocumentLookup,
  frame: Frame,
  pageSize: number,
  call: { signal?: AbortSignal | undefined },
): Generator<Step, void, unknown> {
  const offset = frame.offset ?? 0
  const request = parseFor(backend, 'children', {
    limit: String(pageSize),
    offset: String(offset),
  })
  const page = yield* settled(backend.children(frame.id, request, call))
  const uris = page.results.flatMap((child) => (child.uri ? [child.uri] : []))
  const documents = uris.length > 0 ? yield* settled(lookup.documents(uris, call)) : []
  frame.batch = documents.filter(isDescribed)
  frame.next = 0
  const read = offset + page.results.length
  frame.offset = page.results.length > 0 && read < page.count ? read : null
}

/**
 * A component's `id`: its catalogue id less the finding aid's prefix (what the importer adds
 * back), none when that is its path of positions (which the importer makes again), and an id
 * that cannot be an XML name (one beginning with a digit) behind a `_`.
 */
function componentId(topId: string, id: string, path: number[]): string {
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
