import {
  type CatalogueDocument,
  CatalogueError,
  type CatalogueFormat,
  type DocumentSource,
  type DocumentType,
  InvalidCatalogueError,
  type InvalidDocument,
  type MalformedFileError,
  type ReadProgress,
  type ReadWarning,
  type TextLanguage,
} from '@archive-catalogue/core'
import { documentProblems, malformedDocument } from '@archive-catalogue/core/backend'
import type { Client } from '@opensearch-project/opensearch'
import { clusterClient, describeUrls, nodeUrls } from '../cluster/cluster-client.js'
import { OpenSearchError } from '../cluster/opensearch-error.js'
import { type BulkOptions, BulkSender, describeRefused } from './bulk-sender.js'
import { contentHash, type Stamp, stampsOf } from './datestamps.js'
import { derivedFields } from './derived-fields.js'
import { DERIVED, indexBody } from './index-body.js'
import { mergeSegments } from './merge-segments.js'
import { call } from './push-call.js'
import { beat, GONE_AFTER_MS, HEARTBEAT_MS, leftIndices, pushMeta, WATCH_MS } from './push-marks.js'
import { makeReady } from './ready-index.js'
import { openSource } from './source-documents.js'

/** Documents whose datestamps are read from the previous index in one request. */
const STAMP_BATCH = 1000

/** Options of {@link pushCatalogue}. */
export interface PushOptions {
  /**
   * The cluster: one node's URL, or several (an array, or URLs separated by commas). The push
   * goes on through the others when one node fails.
   */
  url: string | string[]
  /** Find the cluster's other nodes from those given and use them too. @default false */
  sniff?: boolean
  /** The alias readers search; each push makes a new index `<alias>-<time>` behind it. @default 'catalogue' */
  index?: string
  /** The language of the text (stop words, stemming). @default a snapshot's own, else 'english' */
  language?: TextLanguage | undefined
  /** How files are read, as the loader reads them. @default 'auto' */
  format?: CatalogueFormat | undefined
  /** Push the valid documents and report the others instead of refusing the catalogue. @default false */
  skipInvalid?: boolean | undefined
  /** Called with what the push does that its caller should hear of before it ends. */
  onNotice?: ((message: string) => void) | undefined
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
  bulk?: Omit<BulkOptions, 'signal' | 'onIndexed'>
  /** How many invalid documents an error lists before it only counts them. @default 20 */
  maxReported?: number
  /**
   * Merge each shard of the loaded index into one segment before its replicas are made: a
   * pushed index is never written again, and reads visit fewer segments. @default true
   */
  merge?: boolean
  /**
   * How long the loaded index may take to have every replica it asked for before the push fails
   * (the alias left where it was), in milliseconds. @default 600000 (10 minutes)
   */
  replicasTimeoutMs?: number
}

/**
 * How far a push is: documents read (and bytes), documents the cluster acknowledged, and once
 * every document is in, what the push waits for before it moves the alias.
 */
export interface PushProgress extends ReadProgress {
  indexed: number
  /** `merging`: the shards merged into one segment each; `replicas`: the replicas made. */
  stage?: 'merging' | 'replicas'
}

/** What {@link pushCatalogue} did. */
export interface PushResult {
  /** The alias, now on {@link index}. */
  alias: string
  /** The new physical index. */
  index: string
  /** The indices the alias was on before, now deleted (unless in {@link left}). */
  previous: string[]
  /** Indices that failed pushes to this alias had left behind, removed before this one. */
  removed: string[]
  /**
   * Indices of this alias still in the cluster after the push: a previous index that could not
   * be deleted, or one another push is writing now. The next push removes the former.
   */
  left: string[]
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
  const urls = nodeUrls(options.url)
  const url = describeUrls(urls)
  // A bulk batch may take long on a busy cluster: an attempt is given two minutes before it is
  // tried on another node. Busy answers (429, 503) are the bulk sender's to wait for.
  const client = clusterClient(urls, { attemptTimeoutMs: 120_000, sniff: options.sniff ?? false })
  try {
    const previous = await aliasTargets(client, alias, url)
    const { removed, kept } = await removeLeftIndices(client, alias, url, (message) =>
      options.onNotice?.(message),
    )
    const index = `${alias}-${timestamp()}`
    let reading: ReadProgress = { documents: 0, bytesRead: 0, totalBytes: 0 }
    const sender = new BulkSender(client, index, url, {
      ...options.bulk,
      signal: options.signal,
      // Reported as batches are acknowledged too: the last batches of a push take a while.
      onIndexed: (indexed) => options.onProgress?.({ ...reading, indexed }),
    })
    const invalid: InvalidDocument[] = []
    const warnings: ReadWarning[] = []
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
    const meta = pushMeta()
    const created = indexBody(language, { shards: options.shards })
    await call(url, () =>
      client.indices.create({
        index,
        body: { ...created, mappings: { ...created.mappings, _meta: meta } },
      }),
    )
    const heartbeat = setInterval(() => void beat(client, index, meta), HEARTBEAT_MS).unref()
    const counts: Record<DocumentType, number> = { agent: 0, collection: 0, object: 0, term: 0 }
    // Every valid document, sent or not: what a refusal says `--skip-invalid` would push.
    let valid = 0
    // Documents wait here for their datestamps, a batch at a time (`datestamps.ts`).
    const pushedAt = Math.floor(Date.now() / 1000)
    const waiting: {
      document: CatalogueDocument
      text: string | undefined
      order: number
      from: DocumentSource
    }[] = []
    const sendWaiting = async () => {
      const batch = waiting.splice(0)
      const stamps = await stampsOf(
        client,
        url,
        previous[0],
        batch.map(({ document, text }) => ({
          id: document.uri,
          hash: contentHash(text ?? JSON.stringify(document)),
        })),
        pushedAt,
      )
      for (const [i, { document, text, order, from }] of batch.entries()) {
        const stamp = stamps[i]!
        await sender.add({
          id: document.uri,
          json: withDerived(document, text, order, stamp),
          source: from,
          rewrite:
            text === undefined ? undefined : () => withDerived(document, undefined, order, stamp),
        })
      }
    }
    try {
      const seen = new Map<string, DocumentSource>()
      for await (const { value, source: from, text } of source.documents) {
        options.signal?.throwIfAborted()
        const problems = documentProblems(value, seen, from)
        if (problems.length > 0) {
          invalid.push({ source: from, uri: uriOf(value), problems })
          continue
        }
        valid++
        // Once the push is refused, sending the rest would be wasted: only validate it.
        if (invalid.length > 0 && !options.skipInvalid) continue
        const document = value as CatalogueDocument
        // Catalogue order: the documents sent before this one, as the in-memory loader counts.
        const order = counts.agent + counts.collection + counts.object + counts.term
        counts[document.type]++
        waiting.push({ document, text, order, from })
        if (waiting.length >= STAMP_BATCH) await sendWaiting()
      }
      if (invalid.length > 0 && !options.skipInvalid) {
        throw new InvalidCatalogueError(invalid, options.maxReported ?? 20, valid)
      }
      await sendWaiting()
      await sender.flush()
      options.onProgress?.({ ...reading, indexed: sender.indexed })
      if (sender.refused.length > 0) throw refusedError(sender, index, url, options.maxReported)
      if (sender.indexed === 0) {
        throw new CatalogueError('E_EMPTY_CATALOGUE', `No documents found in ${path}`)
      }
      if (options.merge ?? true) {
        options.onProgress?.({ ...reading, indexed: sender.indexed, stage: 'merging' })
        await mergeSegments(client, index, url, {
          signal: options.signal,
          notice: options.onNotice,
        })
      }
      options.onProgress?.({ ...reading, indexed: sender.indexed, stage: 'replicas' })
      await makeReady(client, index, url, sender.indexed, {
        replicas: options.replicas ?? 'auto',
        timeoutMs: options.replicasTimeoutMs ?? 600_000,
        signal: options.signal,
      })
      await moveAlias(client, alias, index, previous, url)
    } catch (error) {
      await sender.settle()
      // The new index never served a reader: nothing is lost by removing it.
      throw await withoutIndex(client, index, alias, url, error)
    } finally {
      clearInterval(heartbeat)
    }
    // The alias is on the new index: from here nothing may remove it. An old index that cannot
    // be deleted now is left for the next push, which removes it, and said.
    const deleted = await deleteIndices(client, previous)
    return {
      alias,
      index,
      previous,
      removed,
      left: [...(deleted ? [] : previous), ...kept],
      documents: sender.indexed,
      counts,
      language,
      skipped: options.skipInvalid ? invalid : [],
      warnings,
      milliseconds: performance.now() - started,
    }
  } finally {
    await client.close()
  }
}

/**
 * Removes the indices earlier pushes to `alias` left behind. One with a recent heartbeat is
 * watched for 30 s (said through `notice`): if it beat again, another push is writing it and it
 * is kept. Which indices no alias is on is read again just before the delete, so an index another
 * push moved the alias onto meanwhile is never taken.
 */
async function removeLeftIndices(
  client: Client,
  alias: string,
  url: string,
  notice: (message: string) => void,
): Promise<{ removed: string[]; kept: string[] }> {
  const left = await call(url, () => leftIndices(client, alias))
  if (left.length === 0) return { removed: [], kept: [] }
  const recent = left.filter((entry) => !(Date.now() - entry.heartbeat > GONE_AFTER_MS))
  const marked = recent.filter((entry) => !Number.isNaN(entry.heartbeat))
  const kept: string[] = []
  if (marked.length > 0) {
    notice(
      `${marked.map((entry) => entry.index).join(', ')} of a push to ${alias} is not behind it: ` +
        `watching its heartbeat for ${WATCH_MS / 1000} s to see whether a push is writing it`,
    )
    await new Promise((resolve) => setTimeout(resolve, WATCH_MS))
    const again = await call(url, () => leftIndices(client, alias))
    for (const entry of marked) {
      const now = again.find((other) => other.index === entry.index)
      if (now && now.heartbeat !== entry.heartbeat) kept.push(entry.index)
    }
  }
  const candidates = new Set(left.map((entry) => entry.index).filter((i) => !kept.includes(i)))
  const current = await call(url, () => leftIndices(client, alias))
  const orphans = current.map((entry) => entry.index).filter((index) => candidates.has(index))
  if (orphans.length > 0) {
    await call(url, () =>
      client.indices.delete({ index: orphans.join(','), ignore_unavailable: true } as never),
    )
  }
  return { removed: orphans, kept }
}

/** Deletes indices, a few times over some seconds if need be; whether they are gone. */
async function deleteIndices(client: Client, indices: readonly string[]): Promise<boolean> {
  if (indices.length === 0) return true
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      await client.indices.delete({ index: indices.join(','), ignore_unavailable: true } as never)
      return true
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt))
    }
  }
  return false
}

/**
 * The push's error once its index is deleted through any node that answers; when none does,
 * the error says which index is left and how it goes.
 */
async function withoutIndex(
  client: Client,
  index: string,
  alias: string,
  url: string,
  error: unknown,
): Promise<unknown> {
  if (await deleteIndices(client, [index])) return error
  const left =
    `${index} could not be removed: the next push to ${alias} removes it, ` +
    `or remove it now with: curl -X DELETE '${url.split(', ')[0]}/${index}' (with the cluster's credentials)`
  const message = error instanceof Error ? error.message : String(error)
  return new OpenSearchError(
    error instanceof OpenSearchError ? error.code : 'E_UNREACHABLE',
    `${message}\n${left}`,
    { cause: error, refused: error instanceof OpenSearchError ? error.refused : [] },
  )
}

/**
 * Moves the alias off `previous` and onto `index` in one atomic action. The cluster may have
 * applied it although its answer never came (the node died, the answer timed out): then the
 * alias is on the new index, and the push succeeded.
 */
async function moveAlias(
  client: Client,
  alias: string,
  index: string,
  previous: readonly string[],
  url: string,
): Promise<void> {
  try {
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
  } catch (error) {
    const now = await aliasTargets(client, alias, url).catch((): string[] => [])
    if (now.includes(index)) return
    throw error
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

/**
 * The document's JSON with the derived fields added: the text as read (no stringify) with one
 * more key before its closing brace. A document with a `derived` field of its own is written
 * again, so no key appears twice (OpenSearch refuses duplicate keys).
 */
function withDerived(
  document: CatalogueDocument,
  text: string | undefined,
  order: number,
  stamp: Stamp,
): string {
  const derived = JSON.stringify(derivedFields(document, order, stamp))
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
