import { setTimeout as sleep } from 'node:timers/promises'
import type { Client } from '@opensearch-project/opensearch'
import { OpenSearchError } from '../cluster/opensearch-error.js'
import { call } from './push-call.js'

/** The first wait before asking after the merge, doubled after each answer "not done" … */
const FIRST_WAIT_MS = 100
/** … up to this: a small index is merged in a moment, a large one in minutes. */
const LONGEST_WAIT_MS = 5000

/** What the tasks API says of a force merge. */
interface MergeTask {
  completed: boolean
  error?: { type?: string; reason?: string }
  response?: { _shards?: { total: number; successful: number; failed: number } }
}

/** Options of {@link mergeSegments}. */
export interface MergeOptions {
  /** Aborting it stops the waiting (the cluster finishes the merge of an index then deleted). */
  signal?: AbortSignal | undefined
  /** Hears why the segments were left as they are, when they were. */
  notice?: ((message: string) => void) | undefined
}

/**
 * Merges each shard of a loaded index into one segment, before its replicas are made (they then
 * copy the merged files). A pushed index is never written again, and a search visits each
 * segment of a shard in turn (what it saves: docs/opensearch.md, "Merge"). The merge runs as a
 * task on the cluster, asked after until it is done, so that no request waits minutes.
 * @returns false when the segments are left as they are, said through `notice`: the cluster
 *   cannot merge as a task (before OpenSearch 2.7), or the task was lost with the node that ran it
 * @throws {OpenSearchError} when the cluster refuses the merge otherwise, or a shard could not be
 *   merged
 */
export async function mergeSegments(
  client: Client,
  index: string,
  url: string,
  { signal, notice }: MergeOptions = {},
): Promise<boolean> {
  let task: string
  try {
    const { body } = await call(url, () =>
      client.indices.forcemerge({ index, max_num_segments: 1, wait_for_completion: false }),
    )
    task = (body as unknown as { task: string }).task
  } catch (error) {
    if (!(error instanceof OpenSearchError) || !refusesMergeTask(error.message)) throw error
    notice?.(
      `${index}: OpenSearch at ${url} cannot merge an index as a task (2.7 and later can); its segments are left as loaded`,
    )
    return false
  }
  for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
    await sleep(wait, undefined, { signal }).catch(() => signal?.throwIfAborted())
    const { body, statusCode } = await call(url, () =>
      client.tasks.get({ task_id: task }, { ignore: [404] }),
    )
    if (statusCode === 404) {
      notice?.(
        `${index}: the merge of its segments was lost with the node that ran it; they are left as they are`,
      )
      return false
    }
    const state = body as unknown as MergeTask
    if (!state.completed) continue
    const shards = state.response?._shards
    if (state.error || (shards && shards.failed > 0)) {
      const why = state.error
        ? `${state.error.type ?? 'error'}: ${state.error.reason ?? ''}`
        : `${shards!.failed} of ${shards!.total} shards failed`
      throw new OpenSearchError(
        'E_CLUSTER',
        `${index} at ${url}: merging its segments failed (${why}); the alias was left where it was`,
      )
    }
    return true
  }
}

/**
 * Whether an error refusing the merge is a cluster's that cannot merge as a task: before
 * OpenSearch 2.7, `request [/index/_forcemerge] contains unrecognized parameter:
 * [wait_for_completion]`.
 */
export function refusesMergeTask(message: string): boolean {
  return /unrecognized parameter.*wait_for_completion/.test(message)
}
