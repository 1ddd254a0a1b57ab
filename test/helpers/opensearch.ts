import { inject } from 'vitest'

/**
 * The OpenSearch node of this test run (started by test/opensearch/global-setup.ts), or why
 * there is none: tests `describe.skipIf(node.skip)` and print the reason once.
 */
export function openSearchNode(
  suite: string,
): { url: string; skip: undefined } | { url: ''; skip: string } {
  const { url, skip } = inject('opensearch')
  if (url) return { url, skip: undefined }
  const reason = skip ?? 'no OpenSearch node was started (run the opensearch project)'
  console.warn(`Skipping ${suite}: ${reason}`)
  return { url: '', skip: reason }
}

/** A JSON request to the node; throws with the status and body when it fails. */
export async function openSearchJson<T = Record<string, unknown>>(
  url: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json' },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  const body = (await response.json()) as T
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`)
  return body
}

/** The indices an alias is on (none when it does not exist). */
export async function aliasedIndices(url: string, alias: string): Promise<string[]> {
  const response = await fetch(`${url}/_alias/${alias}`)
  if (response.status === 404) return []
  return Object.keys((await response.json()) as Record<string, unknown>).sort()
}
