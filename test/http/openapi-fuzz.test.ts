/**
 * schemathesis, every check, against the real server on the in-memory engine over the real
 * corpus (the run is test/helpers/openapi-fuzz.ts; the same against OpenSearch is
 * test/opensearch/openapi-fuzz.test.ts).
 */
import { describe } from 'vitest'
import { startServer } from '../helpers/http-server.js'
import { fuzzOpenApi } from '../helpers/openapi-fuzz.js'

describe('GET /openapi.json, in memory', () => {
  fuzzOpenApi(({ logger }) => startServer({ accessLog: true, logger }))
})
