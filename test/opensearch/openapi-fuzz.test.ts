/**
 * schemathesis, every check, against the real server on the OpenSearch backend over the real
 * corpus (the run is test/helpers/openapi-fuzz.ts; the same in memory is
 * test/http/openapi-fuzz.test.ts).
 *
 * Valid requests only, and 8 fuzzed examples of every operation: what this run proves is that
 * OpenSearch's answers are as the description says, and only a valid request reaches a backend.
 * The invalid ones (two thirds of the in-memory run's 9,800) are refused by the HTTP layer and the
 * parsing both backends share, which the in-memory run checks. Its fuzzing phase draws 15 examples
 * of every operation, valid or invalid at even odds; 8 valid ones here are as many valid requests
 * as before, beside the coverage phase's valid boundary values of every parameter and the
 * stateful phase, all with the same seed.
 */
import { createApp, listen } from '@archive-catalogue/http'
import { afterAll, describe } from 'vitest'
import { OpenSearchBackend } from '../../packages/opensearch/src/backend/opensearch-backend.js'
import { pushCatalogue } from '../../packages/opensearch/src/indexing/push.js'
import { RAC } from '../helpers/corpus.js'
import { fuzzOpenApi } from '../helpers/openapi-fuzz.js'
import { openSearchNode } from '../helpers/opensearch.js'

const node = openSearchNode('schemathesis over OpenSearch')
const ALIAS = `openapi-fuzz-${Date.now().toString(36)}`

describe.skipIf(node.skip)('GET /openapi.json, on OpenSearch', () => {
  let backend: OpenSearchBackend | undefined

  afterAll(async () => {
    await backend?.close()
    await fetch(`${node.url}/${ALIAS}-*`, { method: 'DELETE' })
  })

  fuzzOpenApi(
    async ({ logger }) => {
      await pushCatalogue(RAC, { url: node.url, index: ALIAS })
      backend = await OpenSearchBackend.open({ url: node.url, index: ALIAS })
      return listen(createApp(backend, { accessLog: true, logger }), {
        port: 0,
        host: '127.0.0.1',
      })
    },
    { validOnly: true, maxExamples: 8 },
  )
})
