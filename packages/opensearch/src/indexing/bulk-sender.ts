import { type DocumentSource, formatSource } from '@archive-catalogue/core'
import type { Client } from '@opensearch-project/opensearch'
import { describeClientError, isRetryable } from '../cluster/client-errors.js'
import { OpenSearchError, type RefusedDocument } from '../cluster/opensearch-error.js'

/** One document to index: its id, its JSON text and where it was read. */
export interface BulkDocument {
  id: string
  json: string
  source: DocumentSource
  /**
   * The document's JSON written again from its parsed value, for a text the cluster cannot
   * parse although JSON.parse could (a key given twice: the last one counts for both).
   */
  rewrite?: (() => string) | undefined
}

/** Options of a {@link BulkSender}. */
export interface BulkOptions {
  /** A batch is sent when it holds this many bytes of documents. @default 5 MiB */
  maxBytes?: number
  /** … or this many documents. @default 1000 */
  maxDocuments?: number
  /** Batches in flight at once; `add` waits while this many are. @default 2 */
  concurrency?: number
  /** Tries of a batch (or of its rejected documents) on 429, 503 or a lost connection. @default 8 */
  maxAttempts?: number
  /** The first wait before a retry, doubled each time (with jitter, at most 30 s). @default 200 */
  backoffMs?: number
  signal?: AbortSignal | undefined
  /** Called with {@link BulkSender.indexed} each time a batch is acknowledged. */
  onIndexed?: ((indexed: number) => void) | undefined
}

/** Statuses of a cluster that is busy rather than wrong: worth trying again after a wait. */
const RETRY_STATUSES = new Set([429, 502, 503, 504])

/**
 * Sends documents to one index in bulk batches, with backpressure: `add` resolves when there is
 * room, so a reader that awaits it never runs ahead of the cluster by more than `concurrency`
 * batches. A document the cluster refuses for itself (a mapping error) is recorded in `refused`
 * with its source; a busy cluster (429, 503) is waited for, with exponential backoff.
 */
export class BulkSender {
  /** Documents the cluster acknowledged. */
  indexed = 0
  readonly refused: RefusedDocument[] = []
  private batch: BulkDocument[] = []
  private batchBytes = 0
  private readonly inFlight = new Set<Promise<void>>()
  private failure: unknown
  private readonly options: Required<Omit<BulkOptions, 'signal' | 'onIndexed'>> &
    Pick<BulkOptions, 'signal' | 'onIndexed'>

  constructor(
    private readonly client: Client,
    private readonly index: string,
    private readonly url: string,
    options: BulkOptions = {},
  ) {
    this.options = {
      maxBytes: 5 * 1024 * 1024,
      maxDocuments: 1000,
      concurrency: 2,
      maxAttempts: 8,
      backoffMs: 200,
      ...options,
    }
  }

  /** Queues a document; resolves once it is queued and no more than `concurrency` batches fly. */
  async add(document: BulkDocument): Promise<void> {
    this.check()
    this.batch.push(document)
    this.batchBytes += document.json.length
    if (
      this.batch.length >= this.options.maxDocuments ||
      this.batchBytes >= this.options.maxBytes
    ) {
      await this.sendBatch()
    }
  }

  /** Sends what is queued and waits for every batch in flight. */
  async flush(): Promise<void> {
    if (this.batch.length > 0) await this.sendBatch()
    await Promise.all(this.inFlight)
    this.check()
  }

  /** Waits for the batches in flight, whatever they give (after a failure elsewhere). */
  async settle(): Promise<void> {
    await Promise.allSettled(this.inFlight)
  }

  private async sendBatch(): Promise<void> {
    const documents = this.batch
    this.batch = []
    this.batchBytes = 0
    while (this.inFlight.size >= this.options.concurrency) await Promise.race(this.inFlight)
    this.check()
    const sending: Promise<void> = this.send(documents)
      .catch((error: unknown) => {
        this.failure ??= error
      })
      .finally(() => this.inFlight.delete(sending))
    this.inFlight.add(sending)
  }

  private check(): void {
    this.options.signal?.throwIfAborted()
    if (this.failure !== undefined) throw this.failure
  }

  /** Sends documents until each is indexed or refused; retries what a busy cluster rejected. */
  private async send(documents: BulkDocument[]): Promise<void> {
    let pending = documents
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= this.options.maxAttempts
      let items: BulkItem[]
      try {
        items = await this.request(pending)
      } catch (error) {
        if (last || !isRetryable(error)) {
          throw new OpenSearchError(
            'E_CLUSTER',
            `Bulk request to ${this.url} failed${attempt > 1 ? ` after ${attempt} tries` : ''}: ${describeClientError(error)}`,
            { cause: error },
          )
        }
        await this.wait(attempt)
        continue
      }
      const retry: BulkDocument[] = []
      items.forEach((item, position) => {
        const document = pending[position]!
        const result = item.index ?? item.create
        const status = result?.status ?? 0
        if (status >= 200 && status < 300) this.indexed++
        else if (RETRY_STATUSES.has(status) && !last) retry.push(document)
        else if (document.rewrite && isJsonError(result?.error) && !last) {
          retry.push({ ...document, json: document.rewrite(), rewrite: undefined })
        } else this.refused.push(refusal(document, status, result?.error, attempt))
      })
      this.options.onIndexed?.(this.indexed)
      if (retry.length === 0) return
      pending = retry
      await this.wait(attempt)
    }
  }

  private async request(documents: BulkDocument[]): Promise<BulkItem[]> {
    const lines: string[] = []
    for (const document of documents) {
      lines.push(JSON.stringify({ index: { _id: document.id } }), document.json)
    }
    // The client writes string lines as they are: each document's JSON is never parsed again.
    const body = lines as unknown as Record<string, unknown>[]
    const response = await this.client.bulk({ index: this.index, body })
    const result = response.body as unknown as { errors: boolean; items: BulkItem[] }
    if (result.items.length !== documents.length) {
      throw new OpenSearchError(
        'E_CLUSTER',
        `Bulk response of ${this.url} has ${result.items.length} items for ${documents.length} documents`,
      )
    }
    return result.items
  }

  /** Exponential backoff with full jitter, so two batches rejected together do not retry together. */
  private wait(attempt: number): Promise<void> {
    const ceiling = Math.min(30_000, this.options.backoffMs * 2 ** (attempt - 1))
    const delay = ceiling / 2 + Math.random() * (ceiling / 2)
    return new Promise((resolve, reject) => {
      const signal = this.options.signal
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', abort)
        resolve()
      }, delay)
      const abort = () => {
        clearTimeout(timer)
        reject(signal?.reason)
      }
      signal?.addEventListener('abort', abort, { once: true })
    })
  }
}

interface BulkItem {
  index?: BulkResult
  create?: BulkResult
}

interface BulkResult {
  status: number
  error?: { type?: string; reason?: string; caused_by?: { type?: string; reason?: string } }
}

/** A parse error of the document's text itself (not of one field's value). */
function isJsonError(error: BulkResult['error']): boolean {
  // `parse_exception: Failed to parse content to map` (over a json_parse_exception); a bad
  // field value is a mapper_parsing_exception caused by an illegal_argument_exception instead.
  const cause = error?.caused_by?.type
  return cause === 'parse_exception' || cause === 'json_parse_exception'
}

function refusal(
  document: BulkDocument,
  status: number,
  error: BulkResult['error'],
  attempts: number,
): RefusedDocument {
  const cause = error?.caused_by ? ` (${error.caused_by.type}: ${error.caused_by.reason})` : ''
  const reason = error
    ? `${error.type}: ${error.reason}${cause}`
    : `status ${status} without an error`
  const tries = RETRY_STATUSES.has(status) ? `, after ${attempts} tries` : ''
  return { source: document.source, uri: document.id, reason: `${reason}${tries}` }
}

/** One line for a refused document: `file:line (uri) reason`. */
export function describeRefused(refused: RefusedDocument): string {
  return `${formatSource(refused.source)} (${refused.uri}) ${refused.reason}`
}
