import { describe, expect, it } from 'vitest'
import { apiResponse } from '../helpers/cli-api.js'
import { corpus } from '../helpers/cli-paths.js'
import { runCli } from '../helpers/cli-run.js'

const env = { CATALOGUE: corpus }
const get = (args: string[]) => runCli(['get', ...args], { env })

describe('catalogue get', () => {
  describe('run', () => {
    it.each([
      '/',
      '/search?query=rockefeller&category=collection',
      '/search?query=rockefeller&limit=3&offset=3',
      '/facets?query=reich',
      '/collections?sort=-start_date',
      '/collections/gfvm2HihpLwCTnKgpDtdhR',
    ])('prints exactly what the HTTP app sends for %s', async (path) => {
      const { code, stdout, stderr } = await get([path])
      const reference = await apiResponse(path)
      expect(reference.status).toBe(200)
      expect(code).toBe(0)
      expect(stderr).toBe('')
      expect(stdout).toBe(`${reference.body}\n`)
    })

    it('accepts a path without its slash and a full URL', async () => {
      const reference = (await apiResponse('/search?query=reich')).body
      expect((await get(['search?query=reich'])).stdout).toBe(`${reference}\n`)
      expect((await get(['http://localhost:8000/search?query=reich'])).stdout).toBe(
        `${reference}\n`,
      )
    })

    it('builds links on --base-url', async () => {
      const { stdout } = await get(['/search?limit=1', '--base-url', 'https://example.org/api'])
      expect(JSON.parse(stdout).next).toBe('https://example.org/api/search?limit=1&offset=1')
    })

    it('exits 1 with the detail on stderr when the path is not found', async () => {
      const { code, stdout, stderr } = await get(['/collections/nope'])
      expect(code).toBe(1)
      expect(stdout).toBe('')
      expect(stderr).toBe('Not found.\n')
    })

    it('exits 2 with the detail on stderr when a parameter is bad', async () => {
      const { code, stderr } = await get(['/search?limit=0'])
      expect(code).toBe(2)
      expect(stderr).toBe(`${JSON.parse((await apiResponse('/search?limit=0')).body).detail}\n`)
    })

    it('exits 2 when the path is missing', async () => {
      const { code, stderr } = await get([])
      expect(code).toBe(2)
      expect(stderr).toContain('missing <api-path>')
    })
  })
})
