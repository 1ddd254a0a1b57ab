/**
 * The local OpenSearch node of `npm run opensearch`, through its library: starts, answers,
 * indexes and searches, and leaves nothing behind. Skips without a JDK 21+ or (before the jars
 * are fetched) Maven. The first run fetches the jars, about 70 MB, from Maven Central.
 */
import { access } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalOpenSearch, startOpenSearch } from '../../scripts/opensearch/node-cluster.js'
import { missingRequirements } from '../../scripts/opensearch/requirements.js'
import { alive } from '../helpers/process-alive.js'

const missing = await missingRequirements()
if (missing) console.warn(`Skipping the OpenSearch node tests: ${missing}`)

async function json(response: Response): Promise<unknown> {
  const body = await response.json()
  if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body)}`)
  return body
}

describe.skipIf(missing)('startOpenSearch', () => {
  let opensearch: LocalOpenSearch

  beforeAll(async () => {
    opensearch = await startOpenSearch({ log: (message) => console.log(message) })
  }, 300_000)

  afterAll(() => opensearch?.stop(), 60_000)

  describe('one node', () => {
    it('answers GET / with OpenSearch 3.8.0 and is green', async () => {
      const root = (await json(await fetch(opensearch.url))) as { version: { number: string } }
      expect(root.version.number).toBe('3.8.0')
      const health = (await json(await fetch(`${opensearch.url}/_cluster/health`))) as {
        status: string
        number_of_nodes: number
      }
      expect(health).toMatchObject({ status: 'green', number_of_nodes: 1 })
    })

    it('finds a document it indexed, through the English analyzer', async () => {
      // One node holds no replicas: with the default of one the index would stay yellow.
      await json(
        await fetch(`${opensearch.url}/records`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            settings: { number_of_shards: 1, number_of_replicas: 0 },
            mappings: { properties: { title: { type: 'text', analyzer: 'english' } } },
          }),
        }),
      )
      await json(
        await fetch(`${opensearch.url}/records/_doc/r1?refresh=true`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Letters from the harbour masters' }),
        }),
      )
      const result = (await json(
        await fetch(`${opensearch.url}/records/_search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: { match: { title: 'letter master' } } }),
        }),
      )) as { hits: { total: { value: number }; hits: { _id: string }[] } }
      expect(result.hits.total.value).toBe(1)
      expect(result.hits.hits[0]?._id).toBe('r1')
    })
  })

  describe('stop', () => {
    it('ends the JVM and removes the temporary folder', async () => {
      const [pid] = opensearch.pids
      expect(alive(pid!)).toBe(true)
      await opensearch.stop()
      expect(alive(pid!)).toBe(false)
      await expect(access(opensearch.folder)).rejects.toThrow(/ENOENT/)
    }, 60_000)
  })
})
