/**
 * The real catalogues the OpenSearch differential suites read (the corpus, the sample, the EAD
 * finding aids), each pushed once per test run and number of shards, and read by every suite
 * that asks for it: the level facet, agent filter, snippets, histogram, ranking, backend and EAD
 * export suites only read them, and each pushed the same files again (a push of the sample is
 * seconds of the node's and the pusher's time). The indices are named by the run
 * (test/opensearch/global-setup.ts), which deletes them after it; the files of the `opensearch`
 * project run one at a time, so one pushes and the next ones find the alias. A suite that writes
 * to its index pushes one of its own (`bothBackends`).
 */
import { afterAll, beforeAll, inject } from 'vitest'
import { type Catalogue, loadCatalogue } from '../../packages/core/src/index.js'
import { OpenSearchBackend } from '../../packages/opensearch/src/backend/opensearch-backend.js'
import { pushCatalogue } from '../../packages/opensearch/src/indexing/push.js'
import { RAC, SAMPLE } from './corpus.js'
import { EAD } from './levels.js'
import { type BothBackends, sameAnswer } from './opensearch.js'

/** The shared catalogues, by the names the suites give them. */
const PATHS = {
  'the corpus': RAC,
  'the sample': SAMPLE,
  'the EAD finding aids': EAD,
} as const

export type SharedCatalogue = keyof typeof PATHS

/** Each catalogue loaded in memory once per test file: its suites on 1 and 3 shards share it. */
const loaded = new Map<string, Promise<Catalogue>>()

/**
 * A shared catalogue in memory and on the node (see the file's comment), for a suite that only
 * reads it: pushed before the suite's tests unless this run pushed it already.
 */
export function sharedBackends(
  node: { url: string },
  name: SharedCatalogue,
  shards = 1,
): BothBackends & { readonly alias: string } {
  const path = PATHS[name]
  const { run } = inject('opensearch')
  const alias = `shared-${run}-${name.replace(/\W/g, '').toLowerCase()}-${shards}`
  let catalogue: Catalogue | undefined
  let backend: OpenSearchBackend | undefined
  beforeAll(async () => {
    let loading = loaded.get(path)
    if (!loading) {
      loading = loadCatalogue(path).then((load) => load.catalogue)
      // Awaited after the push, which it runs beside: a failed push must not leave it unhandled.
      loading.catch(() => {})
      loaded.set(path, loading)
    }
    const pushed = (await fetch(`${node.url}/_alias/${alias}`)).ok
    if (!pushed) await pushCatalogue(path, { url: node.url, index: alias, shards })
    catalogue = await loading
    backend = await OpenSearchBackend.open({ url: node.url, index: alias })
  }, 120_000)
  afterAll(async () => {
    await backend?.close()
  })
  return {
    alias,
    get catalogue() {
      return catalogue!
    },
    get backend() {
      return backend!
    },
    same: (endpoint, query) => sameAnswer(catalogue!, backend!, endpoint, query),
  }
}
