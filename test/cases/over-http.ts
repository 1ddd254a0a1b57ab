import type { App } from '@archive-catalogue/http'
import type { Body, CaseAdapter } from './run-cases.js'

/**
 * The cases as requests to an HTTP app, refused with a 400 and `{detail}`; the app is read when
 * a test runs, so it can be made in a `beforeAll`. The suite adds its skips.
 */
export function overHttp(app: () => App): Omit<CaseAdapter, 'skip'> {
  return {
    request: ({ endpoint, query }) => `GET /${endpoint}?${query}`,
    async answer({ endpoint, query }) {
      const response = await app().request(`/${endpoint}?${query}`)
      const body = (await response.json()) as Body
      return response.status === 200 ? { body } : { refused: { status: response.status, body } }
    },
    refusal: (message) => ({ status: 400, body: { detail: message } }),
  }
}
