import type { Client } from '@opensearch-project/opensearch'
import { OpenSearchError } from '../cluster/opensearch-error.js'
import { call } from './push-call.js'

/** The tasks API waits this long at most per call, so an abort is heard in time. */
const TASK_WAIT_S = 10

/**
 * Whether the cluster can merge as a task (`wait_for_completion=false`, OpenSearch 2.7 and
 * later); when it cannot, `notice` hears that the segments are left as loaded.
 */
export async function canMergeAsTask(
  client: Client,
  url: string,
  notice?: (message: string) => void,
): Promise<boolean> {
  const { body } = await call(url, () => client.info())
  const version = (body as { version?: { number?: string } }).version?.number ?? 'unknown'
  if (mergesAsTask(version)) return true
  notice?.(
    `OpenSearch ${version} at ${url} cannot merge an index as a task (2.7 and later can): its segments are left as loaded`,
  )
  return false
}

/** Whether OpenSearch of this version (`2.7.0`, `3.8.0-SNAPSHOT`) merges as a task. */
export function mergesAsTask(version: string): boolean {
  const [major = Number.NaN, minor = Number.NaN] = version.split('.').map(Number)
  return major > 2 || (major === 2 && minor >= 7)
}

/** What the tasks API says of a force merge. */
interface MergeTask {
  completed: boolean
  error?: { type?: string; reason?: string }
  response?: { _shards?: { total: number; successful: number; failed: number } }
}

/**
 * Merges each shard of a loaded index into one segment, before its replicas are made (they then
 * copy the merged files, and merge nothing themselves). A pushed index is never written again,
 * and a search visits each segment of a shard in turn: at ten million documents on three nodes
 * (15 to 21 segments a shard copy before), children and minimaps took 0.6–0.7 of the time after,
 * searches 0.9 at p50 (bench/RESULTS.md). The merge runs as a task on the cluster, asked after
 * until done, so that no request waits minutes for its answer.
 * @throws {OpenSearchError} when a shard could not be merged, or the task is lost (its node left)
 */
export async function mergeSegments(
  client: Client,
  index: string,
  url: string,
  signal?: AbortSignal,
): Promise<void> {
  const { body } = await call(url, () =>
    client.indices.forcemerge({ index, max_num_segments: 1, wait_for_completion: false }),
  )
  const task = (body as unknown as { task: string }).task
  for (;;) {
    signal?.throwIfAborted()
    const response = await call(url, () =>
      client.tasks.get(
        { task_id: task, wait_for_completion: true, timeout: `${TASK_WAIT_S}s` },
        // 408 is the API's "not done yet" when its timeout runs out.
        { ignore: [408], requestTimeout: (TASK_WAIT_S + 30) * 1000 },
      ),
    )
    const state = response.body as unknown as MergeTask
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
    return
  }
}
