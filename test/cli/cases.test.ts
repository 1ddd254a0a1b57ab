import { describe, expect, it } from 'vitest'
import { corpusCases } from '../cases/corpus-cases.js'
import { corpus } from '../helpers/cli-paths.js'
import { runCli } from '../helpers/cli-run.js'

const FLAGS: Record<string, string> = {
  query: '--query',
  sort: '--sort',
  limit: '--limit',
  offset: '--offset',
}
const FILTERS = [
  'category',
  'creator',
  'end_date',
  'genre',
  'online',
  'start_date',
  'subject',
  'type',
]

/**
 * The command line a person would type for a query string: `query=x` → `--query x`, filters →
 * `--filter name=value`. Unknown parameters, which the API ignores and the CLI refuses as
 * typos, are left out.
 */
function argvOf(query: string): string[] {
  return [...new URLSearchParams(query)].flatMap(([name, value]) => {
    const flag = FLAGS[name]
    if (flag) return [flag, value]
    return FILTERS.includes(name.split('__')[0]!) ? ['--filter', `${name}=${value}`] : []
  })
}

describe('catalogue CLI', () => {
  describe('on the corpus case table', () => {
    it.each(corpusCases)(
      'catalogue $endpoint ($query) $name',
      async ({ endpoint, query, count, uris, facets, error }) => {
        const { code, stdout, stderr } = await runCli([endpoint, ...argvOf(query), '--json'], {
          env: { CATALOGUE: corpus },
        })
        if (error) {
          expect(code).toBe(2)
          expect(stderr).toBe(`${error}\n`)
          return
        }
        expect(code).toBe(0)
        const body = JSON.parse(stdout) as Record<string, unknown>
        if (count !== undefined) expect(body['count']).toBe(count)
        if (uris) {
          const results = body['results'] as { uri: string }[]
          expect(results.map((result) => result.uri).slice(0, uris.length)).toEqual(uris)
        }
        if (facets) expect(body).toMatchObject(facets)
      },
    )
  })
})
