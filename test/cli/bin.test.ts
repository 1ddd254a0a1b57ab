import { describe, expect, it } from 'vitest'
import { corpus } from '../helpers/cli-paths.js'
import { runBin } from '../helpers/cli-run.js'

// The few checks that need a real process: the shebang entry, process.exitCode, real pipes.
describe('catalogue bin', () => {
  describe('process', { timeout: 60_000 }, () => {
    it('exits 0 and prints the counts when validating the corpus', async () => {
      const { code, stdout } = await runBin(['validate', corpus])
      expect(code).toBe(0)
      expect(stdout).toMatch(
        /192 valid documents\n\s+agent\s+89\n\s+collection\s+5\n\s+object\s+15\n\s+term\s+83\n$/,
      )
    })

    it('exits 2 with the message on stderr for a bad parameter value', async () => {
      const { code, stdout, stderr } = await runBin(['search', '--limit', '0'], {
        CATALOGUE: corpus,
      })
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toBe("Invalid value '0' for parameter 'limit': must be a positive integer\n")
    })

    it('exits 1 and prints a table without colour into a pipe', async () => {
      const missing = await runBin(['get', '/agents/nope'], { CATALOGUE: corpus })
      expect(missing.code).toBe(1)
      const table = await runBin(['search', 'rockefeller'], { CATALOGUE: corpus })
      expect(table.code).toBe(0)
      expect(table.stdout).toContain('34 results for "rockefeller"')
      expect(table.stdout).not.toContain('\u001b[')
    })
  })
})
