import { describe, expect, it } from 'vitest'
import { apiResponse } from '../helpers/cli-api.js'
import { corpus } from '../helpers/cli-paths.js'
import { runCli } from '../helpers/cli-run.js'

const env = { CATALOGUE: corpus }
const facets = (args: string[], options: Parameters<typeof runCli>[1] = {}) =>
  runCli(['facets', ...args], { env, ...options })

describe('catalogue facets', () => {
  describe('--json', () => {
    it.each([
      [[], '/facets'],
      [['rockefeller'], '/facets?query=rockefeller'],
      [
        ['-f', 'genre=audio', '-f', 'start_date__lt=1980'],
        '/facets?genre=audio&start_date__lt=1980',
      ],
    ])('prints what the HTTP app sends for %j', async (args, path) => {
      const { code, stdout } = await facets([...args, '--json'])
      expect(code).toBe(0)
      expect(stdout).toBe(`${(await apiResponse(path)).body}\n`)
    })
  })

  describe('table', () => {
    it('shows the date range, online count and each facet as bars', async () => {
      const { code, stdout } = await facets([])
      expect(code).toBe(0)
      expect(stdout).toContain('Dates   1890–2019')
      expect(stdout).toContain('Online  0 documents')
      expect(stdout).toMatch(/Creators\n {2}Hinman, George\s+2 {2}█+\n/)
      expect(stdout).toMatch(/Formats\n {2}documents\s+20 {2}█{20}\n {2}audio\s+12 {2}█{12}\n/)
    })

    it('shows --top buckets per facet and counts the rest', async () => {
      const { stdout } = await facets(['--top', '2'])
      const subjects = stdout.split('Subjects\n')[1]!.split('\n\n')[0]!.split('\n')
      expect(subjects).toHaveLength(3)
      expect(subjects[2]).toMatch(/^ {2}… \d+ more$/)
    })

    it('exits 2 when --top is not a positive integer', async () => {
      const { code, stderr } = await facets(['--top', 'all'])
      expect(code).toBe(2)
      expect(stderr).toContain("--top expects a positive integer, got 'all'")
    })
  })
})
