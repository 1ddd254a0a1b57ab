import { describe, expect, it } from 'vitest'
import { corpus, hasSample } from '../helpers/cli-paths.js'
import { runCli } from '../helpers/cli-run.js'

const env = { CATALOGUE: corpus }

describe('catalogue stats', () => {
  describe('table', () => {
    it('shows types, levels, decades, top values, shares, load time and memory', async () => {
      const { code, stdout } = await runCli(['stats'], { env })
      expect(code).toBe(0)
      expect(stdout).toContain('Documents  192')
      expect(stdout).toMatch(/agent\s+89\s+█+/)
      expect(stdout).toMatch(/term\s+83\s+█+/)
      expect(stdout).toMatch(/Levels \(collections and objects\)\n(.*\n)*\s+collection\s+2/)
      expect(stdout).toContain(
        'Dates  1890–2019; 82 of 109 agents, collections and objects undated (75.2%)',
      )
      expect(stdout).toMatch(/1960s\s+26\s+█{20}\n/)
      expect(stdout).toContain('Online  0 of 20 collections and objects (0.0%)')
      expect(stdout).toMatch(/Top creators\n {2}Hinman, George\s+2/)
      expect(stdout).toMatch(/Top formats\n {2}documents\s+20/)
      expect(stdout).toMatch(/Loaded in [\d,]+ ms; memory: rss [\d.]+ MB, heap [\d.]+ MB/)
    })
  })

  describe('--json', () => {
    it('gives the same figures as data', async () => {
      const { code, stdout } = await runCli([
        'stats',
        corpus, // a positional path works like --catalogue
        '--json',
      ])
      expect(code).toBe(0)
      const stats = JSON.parse(stdout)
      expect(stats.documents).toBe(192)
      expect(stats.byType).toEqual({ agent: 89, collection: 5, object: 15, term: 83 })
      expect(stats.dates).toMatchObject({ dated: 27, undated: 82, min: 1890, max: 2019 })
      expect(stats.dates.decades[0]).toEqual({ decade: 1890, documents: 2 })
      expect(stats.top.formats[0]).toEqual({ key: 'documents', doc_count: 20 })
      expect(stats.online).toEqual({ documents: 0, of: 20 })
      expect(stats.load.rss).toBeGreaterThan(0)
    })

    it('exits 2 when given both a path and --catalogue', async () => {
      const { code } = await runCli(['stats', corpus, '--catalogue', corpus])
      expect(code).toBe(2)
    })

    it.skipIf(!hasSample)('reads the sample when no catalogue is given', async () => {
      const { code, stdout } = await runCli(['stats', '--json'])
      expect(code).toBe(0)
      expect(JSON.parse(stdout).documents).toBeGreaterThan(0)
    })
  })
})
