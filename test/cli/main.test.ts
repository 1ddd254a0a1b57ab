import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from '../helpers/cli-paths.js'
import { runCli } from '../helpers/cli-run.js'

const COMMANDS = [
  'validate',
  'serve',
  'search',
  'facets',
  'collections',
  'get',
  'explain',
  'stats',
  'index',
]

describe('catalogue CLI', () => {
  describe('runMain', () => {
    it('lists every command when asked for --help', async () => {
      const { code, stdout } = await runCli(['--help'])
      expect(code).toBe(0)
      for (const command of COMMANDS) expect(stdout).toMatch(new RegExp(`^  ${command} `, 'm'))
    })

    it.each(COMMANDS)('prints the usage, options and examples of %s --help', async (command) => {
      const { code, stdout } = await runCli([command, '--help'])
      expect(code).toBe(0)
      expect(stdout).toContain(`Usage: catalogue ${command}`)
      expect(stdout).toContain('--help')
      expect(stdout).toMatch(new RegExp(`Examples:\\n  catalogue ${command}`))
    })

    it('prints a command help for help <command>', async () => {
      const { code, stdout } = await runCli(['help', 'search'])
      expect(code).toBe(0)
      expect(stdout).toContain('Usage: catalogue search [words…] [options]')
    })

    it("prints the package's version for --version", async () => {
      const pkg = JSON.parse(readFileSync(join(root, 'packages/cli/package.json'), 'utf8'))
      const { code, stdout } = await runCli(['--version'])
      expect(code).toBe(0)
      expect(stdout).toBe(`${pkg.version}\n`)
    })

    it('exits 2 with the help on stderr when no command is given', async () => {
      const { code, stdout, stderr } = await runCli([])
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toContain('Commands:')
    })

    it('exits 2 and suggests a command when the command is unknown', async () => {
      const { code, stderr } = await runCli(['serch', 'rockefeller'])
      expect(code).toBe(2)
      expect(stderr).toContain("unknown command 'serch'; did you mean 'search'?")
    })

    it('exits 2 naming the option when an option is unknown', async () => {
      const { code, stderr } = await runCli(['search', '--colour'])
      expect(code).toBe(2)
      expect(stderr).toContain("unknown option '--colour'")
      expect(stderr).toContain("Run 'catalogue search --help' for usage.")
    })

    it('exits 2 and suggests the flag when a flag is mistyped', async () => {
      const { code, stderr } = await runCli(['search', 'rockefeller', '--limt', '3'])
      expect(code).toBe(2)
      expect(stderr).toContain("unknown option '--limt'; did you mean '--limit'?")
      expect((await runCli(['--verison'])).stderr).toContain("did you mean '--version'?")
    })

    it('exits 2 when an option lacks its value', async () => {
      const { code, stderr } = await runCli(['search', '--limit'])
      expect(code).toBe(2)
      expect(stderr).toContain('--limit')
    })
  })
})
