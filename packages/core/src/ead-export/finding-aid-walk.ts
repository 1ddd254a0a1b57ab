/**
 * The walk every whole finding aid is written by (the EAD export, a site's printable finding
 * aid): a top-level collection's tree depth first through the backend interface, each
 * component's text asked of a {@link FindingAidFormat} as it is reached and handed out in
 * chunks before every call that waits. A backend that reads the tree in tree order
 * (`SubtreeSource`, OpenSearch) is asked for it a page at a time, so a finding aid takes a few
 * calls; any other is asked for each collection's children a page at a time (`children` for
 * the order, `documents` for the page's documents whole). What is held at any time is a page
 * of documents (per level of depth, by children), never the tree: a finding aid of 50,000
 * components starts at once and costs no more memory than one of 50.
 */
import {
  type CatalogueBackend,
  type DocumentLookup,
  isDocumentLookup,
  isSubtreeSource,
  parseFor,
  type SubtreeSource,
} from '../api/backend.js'
import type { Ancestor } from '../api/response-schemas.js'
import { idOf } from '../documents/document-fields.js'
import type { CatalogueObject, Collection, Language, Reference } from '../documents/documents.js'
import { CatalogueError, NotFoundError, NotTopLevelError } from '../util/catalogue-errors.js'
import { Chunks, type Step, settled, type Writer } from '../util/chunks.js'
import { isDescribed } from './description.js'

/** Where a component stands in its finding aid. */
export interface ComponentPlace {
  /** 1 for a child of the top-level collection, 2 for a grandchild … */
  depth: number
  /** Its 1-based position among its siblings at each level below the top (`[2, 1]`). */
  path: readonly number[]
  /** Its parent's creators (the nearest collection's that has some) and languages. */
  inherited: { creators: readonly Reference[]; languages: readonly Language[] }
}

/**
 * How a finding aid is written: the text of each part, asked in document order. A component's
 * `enter` comes before its children and its `leave` after them (an object's straight after).
 */
export interface FindingAidFormat {
  /** The beginning: the top-level collection and its description. */
  top(collection: Collection): string
  /** Before the first component, when there is one. */
  readonly beforeComponents: string
  /** After the last component, when there was one. */
  readonly afterComponents: string
  /** A component, up to its children. */
  enter(component: Collection | CatalogueObject, place: ComponentPlace): string
  /** What closes a component, after its children. */
  leave(component: Collection | CatalogueObject, place: ComponentPlace): string
  /** The end, after everything. */
  end(collection: Collection): string
}

/** Options of {@link findingAidWalk}. */
export interface FindingAidWalkOptions {
  /** Aborting it stops the walk: the next chunk is not made and the iterator throws. */
  signal?: AbortSignal
  /** Children asked of the backend per call. @default 250 (at most the backend's `maxLimit`) */
  pageSize?: number
  /** Characters gathered before a chunk is handed out. @default 65536 */
  chunkSize?: number
}

const defaultOptions = { pageSize: 250, chunkSize: 1 << 16 }

/**
 * A collection being walked: its place and what its children inherit; in the children walk, the
 * next page of its children to write.
 */
interface Frame {
  id: string
  /** The collection itself; null for the top, which `end` closes. */
  component: Collection | null
  place: ComponentPlace
  /** What its children inherit. */
  creators: readonly Reference[]
  languages: readonly Language[]
  /** The children fetched and not yet written. */
  batch: (Collection | CatalogueObject)[]
  next: number
  /** The offset of the next page of children; null when every page is read. */
  offset: number | null
  written: number
}

/**
 * The finding aid of the top-level collection `id` written in `format`, in chunks of text (at
 * once from a backend that answers at once): the EAD export's walk, for any other form of the
 * whole finding aid (a site's printable one). Errors as {@link findingAidWalk}'s.
 * @example
 * const text = writeFindingAid(catalogue, 'xVJyUuJNfsVyjdZikFSn6G', {
 *   top: (c) => `# ${c.title}\n`, beforeComponents: '', afterComponents: '',
 *   enter: (c, { depth }) => `${'  '.repeat(depth)}- ${c.title}\n`, leave: () => '', end: () => '',
 * })
 */
export function writeFindingAid(
  backend: CatalogueBackend,
  id: string,
  format: FindingAidFormat,
  options: FindingAidWalkOptions = {},
): Chunks {
  return new Chunks(findingAidWalk(backend, id, format, options))
}

/**
 * The finding aid of the top-level collection `id` in `format`, as a writer (run it with
 * `new Chunks(…)`, or hand it on): a `NotFoundError` for an unknown id, a `NotTopLevelError`
 * for a collection inside another, both before the first chunk (so a front end can still
 * answer with an error). Every later failure (the backend, a reload that changes the catalogue
 * mid-walk, an abort) ends it with that error: what was handed out is then incomplete.
 */
export function* findingAidWalk(
  backend: CatalogueBackend,
  id: string,
  format: FindingAidFormat,
  options: FindingAidWalkOptions = {},
): Writer {
  const lookup = lookupOf(backend)
  const { signal } = options
  const version = backend.version
  const call = { signal }
  const uri = `/collections/${id}`
  const [top] = yield* settled(lookup.documents([uri], call))
  if (top?.type !== 'collection') throw new NotFoundError()
  const above = (yield* settled(
    backend.ancestors('collection', id, parseFor(backend, 'ancestors', {}), call),
  )) as Ancestor | Record<string, never>
  if ('uri' in above && above.uri) throw new NotTopLevelError(uri, above.uri)
  const walk: Walk = {
    id,
    top,
    format,
    call,
    pageSize: Math.max(
      1,
      Math.min(options.pageSize ?? defaultOptions.pageSize, backend.options.maxLimit),
    ),
    chunkSize: options.chunkSize ?? defaultOptions.chunkSize,
    checkVersion: () => {
      if (backend.version !== version) {
        throw new CatalogueError(
          'E_BACKEND_UNAVAILABLE',
          `The catalogue changed while the finding aid of ${uri} was written; ask again`,
        )
      }
    },
  }
  if (isSubtreeSource(backend)) yield* walkInTreeOrder(backend, walk)
  else yield* walkByChildren(backend, lookup, walk)
}

/** What both walks share: the finding aid asked for and how to write it. */
interface Walk {
  id: string
  top: Collection
  format: FindingAidFormat
  call: { signal?: AbortSignal | undefined }
  pageSize: number
  chunkSize: number
  /** Throws when the backend's catalogue is no longer the one the walk began on. */
  checkVersion(): void
}

const topPlace: ComponentPlace = { depth: 0, path: [], inherited: { creators: [], languages: [] } }

/**
 * The walk over a backend that reads the tree below the top in tree order (a remote one: a
 * page of the whole tree per call, a finding aid in a few calls, not a few per collection). The
 * collections open around the next component are a stack, the top first: a component at depth
 * `d` closes those at `d` and below, and is written inside the one at `d - 1`.
 */
function* walkInTreeOrder(source: SubtreeSource, walk: Walk): Writer {
  const { top, format, call } = walk
  let text = format.top(top)
  const open: Frame[] = [frameOf(walk.id, null, topPlace, top.creators, top.languages)]
  let started = false
  let offset = 0
  let count = 1
  while (offset < count) {
    // About to ask the backend: what is written so far goes out first.
    if (text !== '') yield { text }
    text = ''
    call.signal?.throwIfAborted()
    const page = yield* settled(source.subtree(walk.id, { offset, limit: walk.pageSize }, call))
    walk.checkVersion()
    if (page.entries.length === 0) break
    offset += page.entries.length
    count = page.count
    for (const { depth, document } of page.entries) {
      while (open.length > depth) text += leave(format, open.pop()!)
      // Below a component not written (gone since, or an object): left out, as the children
      // walk leaves out what it never asks the children of.
      if (open.length < depth || !isDescribed(document)) continue
      if (!started) {
        text += format.beforeComponents
        started = true
      }
      text += enter(format, open, document)
      if (text.length >= walk.chunkSize) {
        yield { text }
        text = ''
      }
    }
  }
  while (open.length > 1) text += leave(format, open.pop()!)
  text += `${started ? format.afterComponents : ''}${format.end(top)}`
  yield { text }
}

/**
 * The walk over a backend that gives only each collection's children (in memory, where a call
 * costs nothing): a page of a collection's children and their documents at a time.
 */
function* walkByChildren(backend: CatalogueBackend, lookup: DocumentLookup, walk: Walk): Writer {
  const { top, format, call } = walk
  let text = format.top(top)
  const stack: Frame[] = [frameOf(walk.id, null, topPlace, top.creators, top.languages)]
  let started = false
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!
    if (frame.next >= frame.batch.length) {
      if (frame.offset === null) {
        stack.pop()
        if (frame.component) text += leave(format, frame)
        else text += `${started ? format.afterComponents : ''}${format.end(top)}`
        continue
      }
      // About to ask the backend: what is written so far goes out first.
      if (text !== '') yield { text }
      text = ''
      call.signal?.throwIfAborted()
      yield* fillBatch(backend, lookup, frame, walk.pageSize, call)
      walk.checkVersion()
      if (stack.length === 1 && !started && frame.batch.length > 0) {
        text += format.beforeComponents
        started = true
      }
      continue
    }
    text += enter(format, stack, frame.batch[frame.next++]!)
    if (text.length >= walk.chunkSize) {
      yield { text }
      text = ''
    }
  }
  if (text !== '') yield { text }
}

/**
 * A component written inside the innermost open collection (the last of `open`): up to its
 * children when it is a collection, which is then open; whole when it is an object.
 */
function enter(
  format: FindingAidFormat,
  open: Frame[],
  component: Collection | CatalogueObject,
): string {
  const parent = open[open.length - 1]!
  parent.written++
  const place: ComponentPlace = {
    depth: open.length,
    path: [...parent.place.path, parent.written],
    inherited: { creators: parent.creators, languages: parent.languages },
  }
  const text = format.enter(component, place)
  if (component.type !== 'collection') return text + format.leave(component, place)
  const creators = component.creators.length > 0 ? component.creators : place.inherited.creators
  open.push(frameOf(idOf(component.uri), component, place, creators, component.languages))
  return text
}

/** What closes an open collection below the top. */
function leave(format: FindingAidFormat, frame: Frame): string {
  return frame.component ? format.leave(frame.component, frame.place) : ''
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
  component: Collection | null,
  place: ComponentPlace,
  creators: readonly Reference[],
  languages: readonly Language[],
): Frame {
  return { id, component, place, creators, languages, batch: [], next: 0, offset: 0, written: 0 }
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
