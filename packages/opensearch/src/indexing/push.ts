import {
  type CatalogueDocument,
  CatalogueError,
  type CatalogueFormat,
  type DocumentSource,
  type DocumentType,
  documentProblems,
  InvalidCatalogueError,
  type InvalidDocument,
  type MalformedFileError,
  malformedDocument,
  type ReadProgress,
  type ReadWarning,
  type TextLanguage,
} from '@archive-catalogue/core'
import { Client } from '@opensearch-project/opensearch'
import { describeClientError, isUnreachable } from '../cluster/client-errors.js'
import { OpenSearchError } from '../cluster/opensearch-error.js'
import { type BulkOptions, BulkSender, describeRefused } from './bulk-sender.js'
import { derivedFields } from './derived-fields.js'
import { DERIVED, indexBody } from './index-body.js'
import { openSource } from './source-documents.js'

/** Options of {@link pushCatalogue}. */
export interface PushOptions {
  /** The cluster: one node's URL, or several. */
  url: string | string[]
  /** The alias readers search; each push makes a new index `<alias>-<time>` behind it. @default 'catalogue' */
  index?: string
  /** The language of the text (stop words, stemming). @default a snapshot's own, else 'english' */
  language?: TextLanguage | undefined
  /** How files are read, as the loader reads them. @default 'auto' */
  format?: CatalogueFormat | undefined
  /** Push the valid documents and report the others instead of refusing the catalogue. @default false */
  skipInvalid?: boolean | undefined
  /** Called as documents are read and indexed, for a progress bar. */
  onProgress?: ((progress: PushProgress) => void) | undefined
  /** Aborting it stops the push and removes the new index; the alias is left as it was. */
  signal?: AbortSignal | undefined
  /**
   * Replicas once loaded (none while loading): a number, or `auto` for one when the cluster has
   * a second node and none on a single node. @default 'auto'
   */
  replicas?: number | 'auto'
  /**
   * Primary shards of the new index. One scores every document against the same term
   * statistics; more spread a larger catalogue over the nodes. @default 1
   */
  shards?: number
  /** Batch sizes, batches in flight and retries of the bulk requests. */
  bulk?: Omit<BulkOptions, 'signal'>
  /** How many invalid documents an error lists before it only counts them. @default 20 */
  maxReported?: number
}

/** How far a push is: documents read (and bytes), and documents the cluster acknowledged. */
export interface PushProgress extends ReadProgress {
  indexed: number
}

/** What {@link pushCatalogue} did. */
export interface PushResult {
  /** The alias, now on {@link index}. */
  alias: string
  /** The new physical index. */
  index: string
  /** The indices the alias was on before, now deleted. */
  previous: string[]
  /** Documents indexed, in all and by type. */
  documents: number
  counts: Record<DocumentType, number>
  language: TextLanguage
  /** Documents skipped with `skipInvalid` (empty otherwise). */
  skipped: InvalidDocument[]
  /** What reading EAD warned about. */
  warnings: ReadWarning[]
  milliseconds: number
}

/**
 * Pushes a whole catalogue into OpenSearch behind an alias: reads any path the loader reads
 * (streaming), validates every document as `loadCatalogue` does, writes a new index in bulk
 * (with backpressure, and retries while the cluster is busy), and only when every document is
 * in moves the alias onto it in one atomic action and deletes the old index. Readers of the
 * alias see the old catalogue whole until they see the new one whole. On any failure (an
 * invalid or refused document, an unreachable cluster, an abort) the new index is deleted and
 * the alias is left where it was.
 * @example await pushCatalogue('data/sample.ndjson', { url: 'http://127.0.0.1:9200' })
 */
export async function pushCatalogue(path: string, options: PushOptions): Promise<PushResult> {
  const started = performance.now()
  const alias = options.index ?? 'catalogue'
  const url = Array.isArray(options.url) ? options.url.join(', ') : options.url
  // Retries are the bulk sender's (backoff on 429 and 503); other calls fail at once.
  const client = new Client({ node: options.url, maxRetries: 0, requestTimeout: 120_000 })
  try {
    const previous = await aliasTargets(client, alias, url)
    const index = `${alias}-${timestamp()}`
    const sender = new BulkSender(client, index, url, { ...options.bulk, signal: options.signal })
    const invalid: InvalidDocument[] = []
    const warnings: ReadWarning[] = []
    let reading: ReadProgress = { documents: 0, bytesRead: 0, totalBytes: 0 }
    const source = await openSource(path, {
      format: options.format,
      language: options.language,
      onWarning: (warning) => warnings.push(warning),
      onProgress: (progress) => {
        reading = progress
        options.onProgress?.({ ...progress, indexed: sender.indexed })
      },
      // Skipping invalid documents skips malformed ones too; otherwise they refuse the push.
      ...(options.skipInvalid
        ? { onMalformed: (error: MalformedFileError) => invalid.push(malformedDocument(error)) }
        : {}),
    })
    const language = source.language ?? options.language ?? 'english'
    await call(url, () =>
      client.indices.create({ index, body: indexBody(language, { shards: options.shards }) }),
    )
    try {
      const counts: Record<DocumentType, number> = { agent: 0, collection: 0, object: 0, term: 0 }
      const seen = new Map<string, DocumentSource>()
      for await (const { value, source: from, text } of source.documents) {
        options.signal?.throwIfAborted()
        const problems = documentProblems(value, seen, from)
        if (problems.length > 0) {
          invalid.push({ source: from, uri: uriOf(value), problems })
          continue
        }
        // Once the push is refused, sending the rest would be wasted: only validate it.
        if (invalid.length > 0 && !options.skipInvalid) continue
        const document = value as CatalogueDocument
        // Catalogue order: the documents sent before this one, as the in-memory loader counts.
        const order = counts.agent + counts.collection + counts.object + counts.term
        counts[document.type]++
        await sender.add({
          id: document.uri,
          json: withDerived(document, text, order),
          source: from,
          rewrite: text === undefined ? undefined : () => withDerived(document, undefined, order),
        })
      }
      if (invalid.length > 0 && !options.skipInvalid) {
        throw new InvalidCatalogueError(invalid, options.maxReported ?? 20)
      }
      await sender.flush()
      options.onProgress?.({ ...reading, indexed: sender.indexed })
      if (sender.refused.length > 0) throw refusedError(sender, index, url, options.maxReported)
      if (sender.indexed === 0) {
        throw new CatalogueError('E_EMPTY_CATALOGUE', `No documents found in ${path}`)
      }
      await serve(client, index, url, sender.indexed, options.replicas ?? 'auto')
      await call(url, () =>
        client.indices.updateAliases({
          body: {
            actions: [
              ...previous.map((old) => ({ remove: { index: old, alias } })),
              { add: { index, alias } },
            ],
          },
        }),
      )
      if (previous.length > 0) {
        await call(url, () => client.indices.delete({ index: previous.join(',') }))
      }
      return {
        alias,
        index,
        previous,
        documents: sender.indexed,
        counts,
        language,
        skipped: options.skipInvalid ? invalid : [],
        warnings,
        milliseconds: performance.now() - started,
      }
    } catch (error) {
      await sender.settle()
      // The new index never served a reader: nothing is lost by removing it.
      await client.indices.delete({ index }).catch(() => undefined)
      throw error
    }
  } finally {
    await client.close()
  }
}

/** The indices an alias is on; none when it does not exist yet. Refuses a name an index has. */
async function aliasTargets(client: Client, alias: string, url: string): Promise<string[]> {
  const exists = await call(url, () => client.indices.exists({ index: alias }))
  if (!exists.body) return []
  const aliased = await call(url, () => client.indices.existsAlias({ name: alias }))
  if (!aliased.body) {
    throw new OpenSearchError(
      'E_CLUSTER',
      `${alias} at ${url} is an index, not an alias: push under another name, or delete it`,
    )
  }
  const response = await call(url, () => client.indices.getAlias({ name: alias }))
  return Object.keys(response.body as Record<string, unknown>).sort()
}

/** Makes a loaded index ready to serve: replicas, the default refresh, everything visible. */
async function serve(
  client: Client,
  index: string,
  url: string,
  expected: number,
  replicas: number | 'auto',
): Promise<void> {
  const replication =
    replicas === 'auto' ? { auto_expand_replicas: '0-1' } : { number_of_replicas: replicas }
  await call(url, () =>
    client.indices.putSettings({
      index,
      // null puts the default back (1 s); the client's types do not know it.
      body: { index: { refresh_interval: null as unknown as string, ...replication } },
    }),
  )
  await call(url, () => client.indices.refresh({ index }))
  const { body } = await call(url, () => client.count({ index }))
  if (body.count !== expected) {
    throw new OpenSearchError(
      'E_CLUSTER',
      `${index} at ${url} holds ${body.count} documents after a refresh; ${expected} were acknowledged`,
    )
  }
}

/** A call to the cluster, its failures as {@link OpenSearchError}s naming the URL. */
async function call<T>(url: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request()
  } catch (error) {
    if (isUnreachable(error)) {
      throw new OpenSearchError(
        'E_UNREACHABLE',
        `Cannot reach OpenSearch at ${url}: ${describeClientError(error)}`,
        { cause: error },
      )
    }
    throw new OpenSearchError('E_CLUSTER', `OpenSearch at ${url}: ${describeClientError(error)}`, {
      cause: error,
    })
  }
}

/**
 * The document's JSON with the derived fields added: the text as read (no stringify) with one
 * more key before its closing brace. A document with a `derived` field of its own is written
 * again, so no key appears twice (OpenSearch refuses duplicate keys).
 */
function withDerived(document: CatalogueDocument, text: string | undefined, order: number): string {
  const derived = JSON.stringify(derivedFields(document, order))
  const json = text?.trimEnd()
  if (json === undefined || !json.endsWith('}') || Object.hasOwn(document, DERIVED)) {
    return JSON.stringify({ ...document, [DERIVED]: JSON.parse(derived) })
  }
  return `${json.slice(0, -1)},"${DERIVED}":${derived}}`
}

function uriOf(value: unknown): string | undefined {
  const uri = (value as { uri?: unknown } | null)?.uri
  return typeof uri === 'string' ? uri : undefined
}

function refusedError(
  sender: BulkSender,
  index: string,
  url: string,
  maxReported = 20,
): OpenSearchError {
  const { refused } = sender
  const lines = refused.slice(0, maxReported).map((document) => `  ${describeRefused(document)}`)
  const more = refused.length > maxReported ? `\n  … and ${refused.length - maxReported} more` : ''
  const noun = refused.length === 1 ? 'document' : 'documents'
  return new OpenSearchError(
    'E_REFUSED',
    `OpenSearch at ${url} refused ${refused.length} ${noun}; ${index} was removed and the alias left as it was\n${lines.join('\n')}${more}`,
    { refused },
  )
}

/** UTC time to the millisecond, as an index name may hold it: `20261123181502123`. */
function timestamp(): string {
  return new Date().toISOString().replace(/\D/g, '')
}
