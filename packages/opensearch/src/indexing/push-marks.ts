/**
 * What a push leaves behind when it could not clean up, and how the next push finds it.
 *
 * A push writes `<alias>-<UTC time>` and deletes it when it fails. When the cluster cannot be
 * reached at that moment (the push's nodes died), the index stays: not behind the alias, so no
 * reader sees it, but it holds disk and shards. The next push to the alias removes every such
 * index, unless another push is still writing it: a push marks its index with a heartbeat (the
 * mapping's `_meta`, written every 10 s). An index with a recent heartbeat is watched for three
 * beats: if its heartbeat changed, another push is writing it and it stays. Only whether it
 * changed counts, never how old it is by this machine's clock against the writer's, but for a
 * heartbeat ten minutes old, which no clock drift explains.
 */
import type { Client } from '@opensearch-project/opensearch'

/** How often a push writes its heartbeat, and how long a left index is watched for one. */
export const HEARTBEAT_MS = 10_000
export const WATCH_MS = 3 * HEARTBEAT_MS
/** A heartbeat this old is of a push long gone, whatever the clocks. */
export const GONE_AFTER_MS = 10 * 60_000

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
  // Short: a beat stuck on a hung node must not hold the push's end (closing waits for it).
  await client.indices
    .putMapping({ index, body: { _meta: { [MARK]: mark } } } as never, {
      requestTimeout: HEARTBEAT_MS,
      maxRetries: 0,
    })
    .catch(() => undefined)
}

/** An index of a push to the alias that no alias is on, and its push's last heartbeat. */
export interface LeftIndex {
  index: string
  /** The heartbeat's time as the writing push's clock read it (ms since 1970), or NaN. */
  heartbeat: number
}

/**
 * The push indices of `alias` that no alias is on: those of pushes that failed without cleaning
 * up, or are writing now. (An index the alias is on, or was just moved onto, is never one.)
 */
export async function leftIndices(client: Client, alias: string): Promise<LeftIndex[]> {
  const { body } = await client.indices.get({
    index: `${alias}-*`,
    allow_no_indices: true,
    ignore_unavailable: true,
  } as never)
  const indices = body as Record<
    string,
    { aliases?: Record<string, unknown>; mappings?: { _meta?: Record<string, PushMark> } }
  >
  return Object.entries(indices)
    .filter(
      ([index, about]) =>
        isPushIndex(alias, index) && Object.keys(about.aliases ?? {}).length === 0,
    )
    .map(([index, about]) => {
      const mark = about.mappings?._meta?.[MARK]
      return { index, heartbeat: mark ? Date.parse(mark.heartbeat) : Number.NaN }
    })
    .sort((a, b) => (a.index < b.index ? -1 : 1))
}
