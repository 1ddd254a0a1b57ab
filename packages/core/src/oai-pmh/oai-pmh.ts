/**
 * OAI-PMH 2.0 over any backend that can be harvested ({@link HarvestSource}): the six verbs,
 * `oai_dc` for every collection and object, the whole finding aid (EAD 2002 as `ead`, EAD3 as
 * `ead3`) for each top-level collection, sets by top-level collection, by type and online,
 * `from`/`until` on the catalogue's datestamps, stateless resumption tokens, and every error
 * condition with its code. The answer is written as it is made: each verb checks its
 * arguments and reads its first page before the first chunk (so an error is a whole error
 * response), then streams its records, a page of at most `pageSize` (one finding aid for EAD).
 * docs/harvesting.md says what each format holds, the sets and the datestamps.
 */
import {
  type CatalogueBackend,
  type HarvestSet,
  type HarvestSource,
  isHarvestSource,
} from '../api/backend.js'
import type { CatalogueDocument, CatalogueObject, Collection } from '../documents/documents.js'
import type { EadEdition } from '../ead-export/edition.js'
import { findingAidWriter } from '../ead-export/finding-aid.js'
import { attributes, element } from '../ead-export/xml-text.js'
import { CatalogueError } from '../util/catalogue-errors.js'
import { Chunks, firstText, mapText, type Step, settled, type Writer } from '../util/chunks.js'
import { dublinCore, OAI_DC } from './dublin-core.js'
import { type OaiRequest, readRequest } from './oai-arguments.js'
import { OaiProtocolError } from './oai-errors.js'
import { datestamp, ENVELOPE_END, envelopeStart, errorElements, header } from './oai-xml.js'
import {
  decodeToken,
  encodeToken,
  forgedToken,
  type ListArguments,
  type ListState,
} from './resumption-tokens.js'

/** Options of {@link oaiResponse}. */
export interface OaiOptions {
  /** The URL of the OAI-PMH endpoint, as harvesters reach it: `https://example.org/api/oai`. */
  baseUrl: string
  /** @default the backend's `citation.repositoryName`, else 'Archive catalogue' */
  repositoryName?: string
  /** Who answers for the repository (Identify's `adminEmail`). @default ['admin@example.org'] */
  adminEmails?: readonly string[]
  /**
   * The repository's part of every identifier (`oai:<this>:collections/abc`): a domain name
   * of yours, so that identifiers stay the same whatever host the harvester asks.
   * @default 'archive-catalogue.local'
   */
  repositoryIdentifier?: string
  /** Where records' pages are (`dc:identifier`). @default the base URL less `/oai` (and `/api`) */
  publicUrl?: string
  /** Records a page of `oai_dc` holds (identifiers: five times as many). @default 100 */
  pageSize?: number
  /** The response's date. @default now */
  now?: Date
  /** Aborting it stops the answer. */
  signal?: AbortSignal
}

/** The metadata formats: `oai_dc` for every record, EAD for top-level collections. */
const FORMATS = {
  oai_dc: { schema: OAI_DC.schema, namespace: OAI_DC.namespace, edition: undefined },
  ead: {
    schema: 'https://www.loc.gov/ead/ead.xsd',
    namespace: 'urn:isbn:1-931666-22-9',
    edition: 'ead2002' as EadEdition,
  },
  ead3: {
    schema: 'https://www.loc.gov/ead/ead3.xsd',
    namespace: 'http://ead3.archivists.org/schema/',
    edition: 'ead3' as EadEdition,
  },
} as const
type Prefix = keyof typeof FORMATS

const STATIC_SETS: [spec: string, name: string][] = [
  ['type', 'Records by type'],
  ['type:collection', 'Collections (of every level)'],
  ['type:object', 'Objects'],
  ['online', 'Records with digital objects online'],
  ['collection', 'Records by top-level collection (finding aid)'],
]

interface Context {
  backend: HarvestSource & CatalogueBackend
  request: OaiRequest
  options: Required<Omit<OaiOptions, 'signal'>> & { signal?: AbortSignal | undefined }
}

/**
 * The answer to an OAI-PMH request (its arguments from the query, or a POST's form body), as
 * chunks of XML. Protocol errors are answered inside it, as the protocol asks; a backend that
 * cannot be harvested is a `CatalogueError` (`E_UNSUPPORTED`) before the first chunk.
 * @example for await (const chunk of oaiResponse(catalogue, new URLSearchParams('verb=Identify'), { baseUrl })) …
 */
export function oaiResponse(
  backend: CatalogueBackend,
  params: URLSearchParams,
  options: OaiOptions,
): Chunks {
  if (!isHarvestSource(backend)) {
    throw new CatalogueError('E_UNSUPPORTED', `${backend.name} cannot be harvested`)
  }
  return new Chunks(oaiWriter(backend, params, options))
}

function* oaiWriter(
  backend: HarvestSource & CatalogueBackend,
  params: URLSearchParams,
  options: OaiOptions,
): Writer {
  const settledOptions = {
    baseUrl: options.baseUrl,
    repositoryName:
      options.repositoryName || backend.options.citation.repositoryName || 'Archive catalogue',
    adminEmails: options.adminEmails ?? ['admin@example.org'],
    repositoryIdentifier: options.repositoryIdentifier ?? 'archive-catalogue.local',
    publicUrl: options.publicUrl ?? options.baseUrl.replace(/\/oai$/, '').replace(/\/api$/, ''),
    pageSize: options.pageSize ?? 100,
    now: options.now ?? new Date(),
    signal: options.signal,
  }
  const { now, baseUrl } = settledOptions
  const read = readRequest(params)
  if ('errors' in read) {
    // After a badVerb or badArgument the request is echoed without its arguments (§3.2).
    yield {
      text:
        envelopeStart(now, baseUrl, undefined) + errorElements(read.errors) + `\n${ENVELOPE_END}`,
    }
    return
  }
  const start = envelopeStart(now, baseUrl, { verb: read.verb, ...read.arguments })
  const context: Context = { backend, request: read, options: settledOptions }
  const answer = VERB_ANSWERS[read.verb](context)
  let first: string | undefined
  try {
    first = yield* firstText(answer)
  } catch (error) {
    if (!(error instanceof OaiProtocolError)) throw error
    const echo = error.errors.some((e) => e.code === 'badArgument')
      ? envelopeStart(now, baseUrl, undefined)
      : start
    yield { text: echo + errorElements(error.errors) + `\n${ENVELOPE_END}` }
    return
  }
  yield { text: start + (first ?? '') }
  yield* answer
  yield { text: ENVELOPE_END }
}

type VerbAnswer = (context: Context) => Writer

const VERB_ANSWERS: Record<OaiRequest['verb'], VerbAnswer> = {
  Identify: identify,
  ListMetadataFormats: listMetadataFormats,
  ListSets: listSets,
  ListIdentifiers: (context) => list(context, false),
  ListRecords: (context) => list(context, true),
  GetRecord: getRecord,
}

function* identify({ backend, options }: Context): Writer {
  const earliest =
    (yield* settled(backend.earliestDatestamp(call(options)))) ??
    Math.floor(options.now.getTime() / 1000)
  yield {
    text:
      `<Identify>${element('repositoryName', options.repositoryName)}${element('baseURL', options.baseUrl)}` +
      '<protocolVersion>2.0</protocolVersion>' +
      options.adminEmails.map((email) => element('adminEmail', email)).join('') +
      `${element('earliestDatestamp', datestamp(earliest))}<deletedRecord>no</deletedRecord>` +
      '<granularity>YYYY-MM-DDThh:mm:ssZ</granularity></Identify>\n',
  }
}

function* listMetadataFormats(context: Context): Writer {
  const { identifier } = context.request.arguments
  let prefixes = Object.keys(FORMATS) as Prefix[]
  if (identifier !== undefined) {
    const document = yield* itemOf(context, identifier, 'noMetadataFormats')
    prefixes = prefixes.filter((prefix) => disseminates(document, prefix))
  }
  const formats = `<ListMetadataFormats>${prefixes
    .map(
      (prefix) =>
        `<metadataFormat>${element('metadataPrefix', prefix)}${element('schema', FORMATS[prefix].schema)}${element('metadataNamespace', FORMATS[prefix].namespace)}</metadataFormat>`,
    )
    .join('\n')}</ListMetadataFormats>\n`
  yield { text: formats }
}

/** The static sets, then one per top-level collection, a page at a time. */
function* listSets({ backend, request, options }: Context): Writer {
  const token = request.arguments.resumptionToken
  const state = token !== undefined ? decodeToken(token, backend.version, 'ListSets') : undefined
  const limit = options.pageSize
  const page = yield* settled(
    backend.topLevelCollections({ cursor: state?.cursor || null, limit }, call(options)),
  )
  // A token's page is never empty (a list ends on its last set): this one was not written here.
  if (token !== undefined && page.uris.length === 0) throw forgedToken(token)
  const documents = yield* settled(backend.documents(page.uris, call(options)))
  const sets = state ? [] : STATIC_SETS.map(([spec, name]) => setElement(spec, name))
  for (const [i, uri] of page.uris.entries()) {
    const title = documents[i]?.title || uri
    sets.push(setElement(`collection:${uri.slice('/collections/'.length)}`, title))
  }
  // `listed` counts the top-level collections; the static sets came before them, on the first page.
  const before = state ? STATIC_SETS.length + state.listed : 0
  const listed = (state?.listed ?? 0) + page.uris.length
  const more = page.next
    ? tokenElement(
        { verb: 'ListSets', version: backend.version, cursor: page.next, listed },
        before,
      )
    : state
      ? `<resumptionToken${attributes({ completeListSize: String(STATIC_SETS.length + listed), cursor: String(before) })}/>`
      : ''
  yield { text: `<ListSets>${sets.join('\n')}${more}</ListSets>\n` }
}

function setElement(spec: string, name: string): string {
  return `<set>${element('setSpec', spec)}${element('setName', name)}</set>`
}

/** ListIdentifiers and ListRecords: a page of the harvest, and the token of the next. */
function* list(context: Context, records: boolean): Writer {
  const { backend, request, options } = context
  const token = request.arguments.resumptionToken
  const verb = records ? 'ListRecords' : 'ListIdentifiers'
  const state: ListState =
    token !== undefined
      ? decodeToken(token, backend.version, verb, isListed)
      : {
          verb,
          version: backend.version,
          metadataPrefix: request.arguments.metadataPrefix!,
          ...(request.arguments.set !== undefined ? { set: request.arguments.set } : {}),
          ...(request.from !== undefined ? { from: request.from } : {}),
          ...(request.until !== undefined ? { until: request.until } : {}),
          cursor: '',
          listed: 0,
        }
  const prefix = formatOf(state.metadataPrefix ?? '')
  const ead = FORMATS[prefix].edition
  const sets = setsOf(state.set)
  if (ead) sets.push({ kind: 'top-level' })
  const limit = ead && records ? 1 : records ? options.pageSize : options.pageSize * 5
  const page = yield* settled(
    backend.harvest(
      {
        cursor: state.cursor || null,
        limit,
        ...(state.from !== undefined ? { from: state.from } : {}),
        ...(state.until !== undefined ? { until: state.until } : {}),
        sets,
      },
      call(options),
    ),
  )
  // A token's page is never empty (a list ends on its last record): this one was not written here.
  if (token !== undefined && page.records.length === 0) throw forgedToken(token)
  if (page.records.length === 0) {
    throw new OaiProtocolError(
      'noRecordsMatch',
      'No record matches these arguments (metadataPrefix, set, from and until).',
    )
  }
  const documents = yield* settled(
    backend.documents(
      page.records.map((record) => record.uri),
      call(options),
    ),
  )
  let text = `<${verb}>\n`
  for (const [i, record] of page.records.entries()) {
    const document = documents[i]
    if (document?.type !== 'collection' && document?.type !== 'object') continue
    const head = header(identifierOf(context, document.uri), record.datestamp, setSpecs(document))
    if (!records) {
      text += `${head}\n`
      continue
    }
    text += `<record>${head}<metadata>`
    if (ead) {
      yield { text }
      text = ''
      yield* eadMetadata(context, document, ead)
    } else text += dublinCore(document, options)
    text += '</metadata></record>\n'
  }
  const listed = state.listed + page.records.length
  if (page.next) text += tokenElement({ ...state, cursor: page.next, listed }, state.listed)
  else if (token) {
    text += `<resumptionToken${attributes({ completeListSize: String(listed), cursor: String(state.listed) })}/>`
  }
  yield { text: `${text}</${verb}>\n` }
}

function* getRecord(context: Context): Writer {
  const { backend, request, options } = context
  const prefix = formatOf(request.arguments.metadataPrefix!)
  const document = yield* itemOf(context, request.arguments.identifier!, 'idDoesNotExist')
  if (!disseminates(document, prefix)) {
    throw new OaiProtocolError(
      'cannotDisseminateFormat',
      `'${prefix}' is a finding aid: it is given for top-level collections only.`,
    )
  }
  const [stamp] = yield* settled(backend.datestamps([document.uri], call(options)))
  const head = header(identifierOf(context, document.uri), stamp ?? 0, setSpecs(document))
  const ead = FORMATS[prefix].edition
  yield { text: `<GetRecord><record>${head}<metadata>` }
  if (ead) yield* eadMetadata(context, document, ead)
  else yield { text: dublinCore(document, options) }
  yield { text: '</metadata></record></GetRecord>\n' }
}

/** A finding aid inside `<metadata>`: without its XML declaration. */
function eadMetadata(
  { backend, options }: Context,
  document: Collection | CatalogueObject,
  edition: EadEdition,
): Writer {
  const id = document.uri.slice('/collections/'.length)
  return mapText(findingAidWriter(backend, id, { edition, ...call(options) }), (chunk) =>
    chunk.replace(/^<\?xml[^>]*\?>\n?/, ''),
  )
}

function tokenElement(state: ListState, cursor: number): string {
  return `<resumptionToken${attributes({ cursor: String(cursor) })}>${encodeToken(state)}</resumptionToken>`
}

function call(options: Context['options']): { signal?: AbortSignal } {
  return options.signal ? { signal: options.signal } : {}
}

function formatOf(prefix: string): Prefix {
  if (isPrefix(prefix)) return prefix
  throw new OaiProtocolError(
    'cannotDisseminateFormat',
    `'${prefix}' is not a metadata format of this repository: ${Object.keys(FORMATS).join(', ')}.`,
  )
}

/** A format's own name: not one `FORMATS` inherits (`toString`). */
function isPrefix(prefix: string): prefix is Prefix {
  return Object.hasOwn(FORMATS, prefix)
}

/** Whether a list of records could have written these arguments in its token. */
function isListed({ metadataPrefix, set }: ListArguments): boolean {
  return (
    metadataPrefix !== undefined &&
    isPrefix(metadataPrefix) &&
    (set === undefined || harvestSets(set) !== undefined)
  )
}

/** `oai_dc` for every record; EAD for top-level collections only. */
function disseminates(document: Collection | CatalogueObject, prefix: Prefix): boolean {
  return FORMATS[prefix].edition === undefined || isTopLevel(document)
}

function isTopLevel(document: CatalogueDocument): boolean {
  return document.type === 'collection' && !document.parent
}

/** The sets a record is in: its type, online, its top-level collection. */
function setSpecs(document: Collection | CatalogueObject): string[] {
  const specs = [`type:${document.type}`]
  if (document.online) specs.push('online')
  const group = document.group.identifier
  if (group.startsWith('/collections/'))
    specs.push(`collection:${group.slice('/collections/'.length)}`)
  return specs
}

/** The harvest's filter of a `set` argument; a set this repository does not have is refused. */
function setsOf(spec: string | undefined): HarvestSet[] {
  const sets = spec === undefined ? [] : harvestSets(spec)
  if (sets) return sets
  throw new OaiProtocolError('badArgument', `There is no set '${spec}': ListSets lists them.`)
}

/** The harvest's filter of a set; undefined for a set this repository does not have. */
function harvestSets(spec: string): HarvestSet[] | undefined {
  if (spec === 'type' || spec === 'collection') return []
  if (spec === 'type:collection' || spec === 'type:object') {
    return [{ kind: 'type', type: spec.slice(5) as 'collection' | 'object' }]
  }
  if (spec === 'online') return [{ kind: 'online' }]
  const match = /^collection:([A-Za-z0-9_-]+)$/.exec(spec)
  if (match) return [{ kind: 'group', uri: `/collections/${match[1]}` }]
  return undefined
}

function identifierOf({ options }: Context, uri: string): string {
  return `oai:${options.repositoryIdentifier}:${uri.slice(1)}`
}

/**
 * The collection or object an identifier names; `missing` (idDoesNotExist) for none, and
 * for an agent or term (documents of the catalogue, but no items of the repository)
 * `noMetadataFormats` or `idDoesNotExist` as the verb asks.
 */
function* itemOf(
  context: Context,
  identifier: string,
  notAnItem: 'noMetadataFormats' | 'idDoesNotExist',
): Generator<Step, Collection | CatalogueObject, unknown> {
  const prefix = `oai:${context.options.repositoryIdentifier}:`
  const local = identifier.startsWith(prefix) ? identifier.slice(prefix.length) : ''
  const match = /^(collections|objects|agents|terms)\/[A-Za-z0-9_-]+$/.exec(local)
  const [document] = match
    ? yield* settled(context.backend.documents([`/${local}`], call(context.options)))
    : [undefined]
  if (document === undefined) {
    throw new OaiProtocolError('idDoesNotExist', `No item has the identifier '${identifier}'.`)
  }
  if (document.type !== 'collection' && document.type !== 'object') {
    throw new OaiProtocolError(
      notAnItem,
      notAnItem === 'noMetadataFormats'
        ? `'${identifier}' is an ${document.type} of the catalogue: no format describes it.`
        : `'${identifier}' is an ${document.type}, not a record of this repository.`,
    )
  }
  return document
}
