import { describe, expect, it } from 'vitest'
import { apiResponse } from '../helpers/cli-api.js'
import { corpus } from '../helpers/cli-paths.js'
import { runCli } from '../helpers/cli-run.js'

const env = { CATALOGUE: corpus }
const collections = (args: string[], options: Parameters<typeof runCli>[1] = {}) =>
  runCli(['collections', ...args], { env, ...options })

describe('catalogue collections', () => {
  describe('--json', () => {
    it.each([
      [[], '/collections'],
      [['--sort', 'title'], '/collections?sort=title'],
      [['--query', 'rockefeller', '--limit', '2'], '/collections?query=rockefeller&limit=2'],
      [
        ['-f', 'start_date__range=1950__1960', '-s', '-end_date'],
        '/collections?start_date__range=1950__1960&sort=-end_date',
      ],
    ])('prints what the HTTP app sends for %j', async (args, path) => {
      const { code, stdout } = await collections([...args, '--json'])
      expect(code).toBe(0)
      expect(stdout).toBe(`${(await apiResponse(path)).body}\n`)
    })
  })

  describe('--ndjson', () => {
    it('prints count lines, one collection each', async () => {
      const { code, stdout } = await collections(['--ndjson', '--sort', 'title'])
      expect(code).toBe(0)
      const page = JSON.parse((await apiResponse('/collections?sort=title')).body)
      const lines = stdout.trimEnd().split('\n')
      expect(lines).toHaveLength(page.count)
      expect(lines.map((line) => JSON.parse(line))).toEqual(page.results)
    })
  })

  describe('table', () => {
    it('lists titles, years and uris under the count', async () => {
      const { stdout } = await collections(['--sort', 'title'], { columns: 100 })
      const lines = stdout.trimEnd().split('\n')
      expect(lines[0]).toBe('5 collections')
      expect(lines[1]).toMatch(/^TITLE\s+DATES\s+URI$/)
      expect(lines[2]).toMatch(
        /^Cary Reich papers\s+1950–1989\s+\/collections\/gfvm2HihpLwCTnKgpDtdhR$/,
      )
    })

    it('exits 2 for a filter collections do not take', async () => {
      const { code, stderr } = await collections(['-f', 'type=agent'])
      expect(code).toBe(2)
      expect(stderr).toContain("unknown filter 'type'")
    })
  })
})
