import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
      '/collections/Zivy3B6P5nBaZ24Kb8cWEq/children?category=&limit=1&query=audio',
      '/collections/Zivy3B6P5nBaZ24Kb8cWEq/minimap?query=audio',
      '/objects/2tCPMsahXfUURDNEMLUFYs/ancestors?query=audio',
      '/objects/2tCPMsahXfUURDNEMLUFYs',
      '/agents?agent_type=person&limit=2',
      '/terms/2sikrnarrmY8ijRDvkShqg',
      '/search/suggest?title_suggest=rockefelle',
      '/collections/gfvm2HihpLwCTnKgpDtdhR/citation',
    ])('prints exactly what the HTTP app sends for %s', async (path) => {
      const { code, stdout, stderr } = await get([path])
      const reference = await apiResponse(path)
      expect(reference.status).toBe(200)
      expect(code).toBe(0)
      expect(stderr).toBe('')
      expect(stdout).toBe(`${reference.body}\n`)
    })

    it('posts a saved list with --data, given inline or as @file', async () => {
      const body = JSON.stringify({ list: ['/objects/2tCPMsahXfUURDNEMLUFYs'] })
      const inline = await get(['/mylist', '--data', body])
      expect(inline.code).toBe(0)
      const saved = JSON.parse(inline.stdout) as { title: string; items: { uri: string }[] }[]
      expect(saved[0]!.items[0]!.uri).toBe('/objects/2tCPMsahXfUURDNEMLUFYs')
      const directory = mkdtempSync(join(tmpdir(), 'catalogue-get-'))
      writeFileSync(join(directory, 'list.json'), body)
      expect((await get(['/mylist', '-d', `@${join(directory, 'list.json')}`])).stdout).toBe(
        inline.stdout,
      )
    })

    it('exits 2 with the detail when --data is not a saved list, 1 when its file is missing', async () => {
      const bad = await get(['/mylist', '--data', '{"list": 3}'])
      expect(bad.code).toBe(2)
      expect(bad.stderr).toContain("'list' must be an array")
      const missing = await get(['/mylist', '--data', '@/nonexistent/list.json'])
      expect(missing.code).toBe(1)
      expect(missing.stderr).toContain('Cannot read --data file /nonexistent/list.json')
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
