/**
 * Starts one OpenSearch node for the whole test run, before the first OpenSearch test file and
 * only when one is queued (it is the global setup of the `opensearch` project of
 * vitest.config.ts), and stops it after the last. Tests read where it is with
 * `openSearchNode()` (test/helpers/opensearch.ts). `OPENSEARCH_URL` uses a node already
 * running instead (`npm run opensearch` in another terminal): faster when iterating.
 */
import { randomBytes } from 'node:crypto'
import type { TestProject } from 'vitest/node'
import { startOpenSearch } from '../../scripts/opensearch/node-cluster.js'
import { missingRequirements } from '../../scripts/opensearch/requirements.js'

export default async function setup(
  project: TestProject,
): Promise<(() => Promise<void>) | undefined> {
  // Names the indices this run's files share (test/helpers/shared-pushes.ts).
  const run = randomBytes(4).toString('hex')
  const given = process.env['OPENSEARCH_URL']
  if (given) {
    project.provide('opensearch', { url: given, run })
    // The node outlives the run: the indices its files shared go (a node started here goes whole).
    return async () => {
      await fetch(`${given}/shared-${run}-*`, { method: 'DELETE' }).catch(() => {})
    }
  }
  const missing = await missingRequirements()
  if (missing) {
    project.provide('opensearch', { skip: missing })
    return undefined
  }
  try {
    const node = await startOpenSearch({
      nodes: 1,
      heapMb: 512,
      log: (line) => console.error(line),
    })
    project.provide('opensearch', { url: node.url, run })
    return () => node.stop()
  } catch (error) {
    // A node that cannot start skips the tests, saying why, rather than failing the run.
    project.provide('opensearch', { skip: `the node did not start: ${(error as Error).message}` })
    return undefined
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The test run's node: its URL, or why there is none; and the run's name for the indices
     * its files share.
     */
    opensearch: { url?: string; skip?: string; run?: string }
  }
}
