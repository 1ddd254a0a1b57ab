/**
 * The EAD export's cost on OpenSearch: a finding aid takes a few requests to the cluster (the
 * top, its ancestors, the tree once, a page of the tree whole per call), not a few per
 * collection as a walk by each collection's children does. Counted by a proxy to the node.
 */
import { createServer, request as forward } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { findingAid } from '../../packages/core/src/index.js'
import { OpenSearchBackend } from '../../packages/opensearch/src/backend/opensearch-backend.js'
import { openSearchNode } from '../helpers/opensearch.js'
import { sharedBackends } from '../helpers/shared-pushes.js'

const node = openSearchNode('EAD export requests on OpenSearch')
const DAY = new Date('2026-01-02')

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let all = ''
  for await (const chunk of chunks) all += chunk
  return all
}

/** A proxy to the node that counts the requests through it. */
async function countingProxy(
  target: string,
): Promise<{ url: string; requests: () => number; close: () => void }> {
  const to = new URL(target)
  let requests = 0
  const server = createServer((request, response) => {
    requests++
    const { method, headers, url: path } = request
    const onward = forward(
      { host: to.hostname, port: to.port, method, headers, path },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    onward.on('error', () => response.destroy())
    request.pipe(onward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () => {
      server.closeAllConnections()
      server.close()
    },
  }
}

describe.skipIf(node.skip)('EAD export requests on OpenSearch', () => {
  const both = sharedBackends(node, 'the sample', 3)

  describe('findingAid', () => {
    it('asks the cluster a few times per finding aid, not a few times per collection', async () => {
      const { uris, uriIndex, hierarchy } = both.catalogue.data
      const proxy = await countingProxy(node.url)
      // No alias reads while it counts.
      const backend = await OpenSearchBackend.open({
        url: proxy.url,
        index: both.alias,
        pollMs: 1e9,
      })
      try {
        const tops = both.catalogue.topLevelCollections({ limit: 1000 }).uris
        expect(tops.length).toBeGreaterThan(4)
        let asked = 0
        let walked = 0
        for (const uri of tops) {
          const top = uriIndex.get(uri)!
          const first = hierarchy.preorder[top]!
          const below = hierarchy.byPreorder.subarray(first, first + hierarchy.subtreeSize[top]!)
          const collections = Array.from(below, (at) => uris.get(at)).filter((one) =>
            one.startsWith('/collections/'),
          ).length
          const id = uri.split('/').pop()!
          const before = proxy.requests()
          const answer = await text(findingAid(backend, id, { date: DAY }))
          const requests = proxy.requests() - before
          expect(answer).toBe(await text(findingAid(both.catalogue, id, { date: DAY })))
          // The top; its ancestors (the document, the tree: a search per level); a page of 250
          // of the tree whole per two. The walk by children took three per collection.
          const pages = Math.ceil((below.length - 1) / 250)
          expect(requests, `${uri}: ${below.length} documents`).toBeLessThanOrEqual(10 + 2 * pages)
          asked += requests
          walked += collections
        }
        expect(asked).toBeLessThan(walked / 2)
      } finally {
        await backend.close()
        proxy.close()
      }
    })
  })
})
