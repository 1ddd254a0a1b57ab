import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { type Catalogue, loadCatalogue } from '../../packages/core/src/index.js'
import { OpenSearchBackend } from '../../packages/opensearch/src/backend/opensearch-backend.js'
import { pushCatalogue } from '../../packages/opensearch/src/indexing/push.js'

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

/**
 * The force merges the cluster at `url` ran on `index`: their results are kept in `.tasks`, made
 * by the first merge asked as a task (none before it).
 */
export async function forceMerges(url: string, index: string): Promise<number> {
  if ((await fetch(`${url}/.tasks`, { method: 'HEAD' })).status === 404) return 0
  await openSearchJson(url, '/.tasks/_refresh', { method: 'POST' })
  const found = await openSearchJson<{
    hits: { hits: { _source: { task: { description: string } } }[] }
  }>(url, '/.tasks/_search', {
    body: { size: 1000, query: { term: { 'task.action': 'indices:admin/forcemerge' } } },
  })
  return found.hits.hits.filter((hit) => hit._source.task.description.includes(`[${index}]`)).length
}

/** The indices an alias is on (none when it does not exist). */
export async function aliasedIndices(url: string, alias: string): Promise<string[]> {
  const response = await fetch(`${url}/_alias/${alias}`)
  if (response.status === 404) return []
  return Object.keys((await response.json()) as Record<string, unknown>).sort()
}

/** Both backends over one catalogue file, for a suite: see {@link bothBackends}. */
export interface BothBackends {
  /** The file, loaded in memory. */
  readonly catalogue: Catalogue
  /** The file, pushed to the node under the alias. */
  readonly backend: OpenSearchBackend
  /**
   * One request to both backends, expected to give the same JSON, key for key and in order;
   * the OpenSearch backend's answer.
   */
  same(endpoint: ComparedEndpoint, query: string): Promise<Record<string, unknown>>
}

/** The endpoints {@link BothBackends.same} compares. */
export type ComparedEndpoint = 'search' | 'facets' | 'collections' | 'objects'

/** The files {@link ndjsonFile} wrote, which {@link bothBackends} removes after its suite. */
const generated = new Set<string>()

/**
 * Documents as an NDJSON file in a folder of its own, to push and load alike: a generated
 * catalogue for {@link bothBackends}, which removes the folder after its suite.
 */
export function ndjsonFile(name: string, documents: readonly unknown[]): string {
  const file = join(mkdtempSync(join(tmpdir(), `${name}-`)), `${name}.ndjson`)
  writeFileSync(file, `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`)
  generated.add(file)
  return file
}

/**
 * A catalogue file loaded in memory and pushed to the test run's node under `alias` (on
 * `shards` shards), before the suite's tests; the backend closed and the index deleted after
 * them, a file {@link ndjsonFile} wrote removed, and `cleanUp` given the file (a generated
 * one's folder removed).
 */
export function bothBackends(
  node: { url: string },
  alias: string,
  path: () => string,
  options: { shards?: number; cleanUp?: (file: string) => void } = {},
): BothBackends {
  let catalogue: Catalogue | undefined
  let backend: OpenSearchBackend | undefined
  let file = ''
  beforeAll(async () => {
    file = path()
    catalogue = (await loadCatalogue(file)).catalogue
    await pushCatalogue(file, { url: node.url, index: alias, shards: options.shards ?? 1 })
    backend = await OpenSearchBackend.open({ url: node.url, index: alias })
  }, 120_000)
  afterAll(async () => {
    await backend?.close()
    await fetch(`${node.url}/${alias}-*`, { method: 'DELETE' })
    if (generated.delete(file)) rmSync(dirname(file), { recursive: true, force: true })
    if (file !== '') options.cleanUp?.(file)
  })
  return {
    get catalogue() {
      return catalogue!
    },
    get backend() {
      return backend!
    },
    same: (endpoint, query) => sameAnswer(catalogue!, backend!, endpoint, query),
  }
}

/** {@link BothBackends.same}: one request to both, the same JSON expected of each. */
export async function sameAnswer(
  catalogue: Catalogue,
  backend: OpenSearchBackend,
  endpoint: ComparedEndpoint,
  query: string,
): Promise<Record<string, unknown>> {
  const request = catalogue.parse(endpoint, new URLSearchParams(query))
  const expected = catalogue[endpoint](request)
  const answer = await backend[endpoint](request)
  expect(JSON.stringify(answer), `${endpoint}?${query}`).toBe(JSON.stringify(expected))
  return answer as unknown as Record<string, unknown>
}
