/**
 * What a push leaves behind when it could not clean up, and how the next push finds it.
 *
 * A push writes `<alias>-<UTC time>` and deletes it when it fails. When the cluster cannot be
 * reached at that moment (the push's nodes died), the index stays: not behind the alias, so no
 * reader sees it, but it holds disk and shards. The next push to the alias removes every such
 * index, unless another push is still writing it: a push marks its index with a heartbeat (the
 * mapping's `_meta`, written every 10 s). An index whose heartbeat is older than three beats is
 * left; one whose heartbeat is younger is watched until it is that old: if it beat again,
 * another push is writing it and it stays.
 */
import type { Client } from '@opensearch-project/opensearch'

/** How often a push writes its heartbeat, and how old one must be for its index to be left. */
export const HEARTBEAT_MS = 10_000
export const LEFT_AFTER_MS = 3 * HEARTBEAT_MS

/** The `_meta` key of a push's mark. */
const MARK = 'archive_catalogue_push'

/** A push's mark on its index: when it started and when it last said it was alive. */
export interface PushMark {
  started: string
  heartbeat: string
}

/** Whether `index` is one that a push to `alias` names: `<alias>-` then 17 digits. */
export function isPushIndex(alias: string, index: string): boolean {
  return index.startsWith(`${alias}-`) && /^\d{17}$/.test(index.slice(alias.length + 1))
}

/** The `_meta` of a new index, marking it as being written now. */
export function pushMeta(now = new Date()): Record<string, PushMark> {
  return { [MARK]: { started: now.toISOString(), heartbeat: now.toISOString() } }
}

/**
 * Writes the heartbeat into the mark `pushMeta` made; a failure is ignored (the push itself
 * reports an unreachable cluster).
 */
export async function beat(
  client: Client,
  index: string,
  meta: Record<string, PushMark>,
): Promise<void> {
  const started = meta[MARK]?.started ?? new Date().toISOString()
  const mark: PushMark = { started, heartbeat: new Date().toISOString() }
  await client.indices
    .putMapping({ index, body: { _meta: { [MARK]: mark } } } as never)
    .catch(() => undefined)
}

/** An index of a push to the alias that the alias is not on, and when its push last beat. */
export interface LeftIndex {
  index: string
  /** The heartbeat's time (ms since 1970), or NaN for an index without a mark. */
  heartbeat: number
}

/**
 * The push indices of `alias` that the alias is not on: those of pushes that failed without
 * cleaning up, or are writing now.
 */
export async function leftIndices(
  client: Client,
  alias: string,
  aliased: readonly string[],
): Promise<LeftIndex[]> {
  const { body } = await client.indices.getMapping({
    index: `${alias}-*`,
    allow_no_indices: true,
    ignore_unavailable: true,
  } as never)
  const mappings = body as Record<string, { mappings?: { _meta?: Record<string, PushMark> } }>
  return Object.keys(mappings)
    .filter((index) => isPushIndex(alias, index) && !aliased.includes(index))
    .sort()
    .map((index) => {
      const mark = mappings[index]?.mappings?._meta?.[MARK]
      return { index, heartbeat: mark ? Date.parse(mark.heartbeat) : Number.NaN }
    })
}
