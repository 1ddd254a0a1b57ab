import { type App, createApp } from '@archive-catalogue/http'
import { beforeAll, describe, expect, it } from 'vitest'
import { corpusCases } from '../cases/corpus-cases.js'
import { corpusCatalogue } from '../helpers/http-server.js'

describe('http app', () => {
  let app: App
  beforeAll(async () => {
    app = createApp(await corpusCatalogue())
  })

  describe('on the corpus case table', () => {
    it.each(corpusCases)(
      'GET /$endpoint?$query $name',
      async ({ endpoint, query, count, uris, facets, error }) => {
        const response = await app.request(`/${endpoint}?${query}`)
        const body = (await response.json()) as Record<string, unknown>
        if (error) {
          expect(response.status).toBe(400)
          expect(body).toEqual({ detail: error })
          return
        }
        expect(response.status).toBe(200)
        if (count !== undefined) expect(body.count).toBe(count)
        if (uris) {
          const results = body.results as { uri: string }[]
          expect(results.map((result) => result.uri).slice(0, uris.length)).toEqual(uris)
        }
        if (facets) expect(body).toMatchObject(facets)
      },
    )
  })
})
