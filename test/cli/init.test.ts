import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../helpers/cli-run.js'

describe('catalogue init', () => {
  describe('run', () => {
    it('writes a catalogue that validate accepts and serve’s API answers from', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'catalogue-init-'))
      const file = join(folder, 'mine.ndjson')
      const { code, stdout } = await runCli(['init', file])
      expect(code).toBe(0)
      expect(stdout).toBe(
        `Wrote ${file}: 6 documents.\nNext:\n  catalogue validate ${file}\n  catalogue serve ${file}\n`,
      )
      const checked = await runCli(['validate', file])
      expect(checked.code).toBe(0)
      expect(checked.stderr).toBe('')
      expect(checked.stdout).toContain('6 valid documents')
      const children = await runCli([
        'get',
        '/collections/doe-papers/children',
        '--catalogue',
        file,
      ])
      expect(JSON.parse(children.stdout).results[0].uri).toBe('/collections/doe-correspondence')
    })

    it('writes catalogue.ndjson into a folder and keeps an existing file unless --force', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'catalogue-init-'))
      expect((await runCli(['init', folder])).code).toBe(0)
      const file = join(folder, 'catalogue.ndjson')
      await writeFile(file, 'mine\n')
      const kept = await runCli(['init', folder])
      expect(kept.code).toBe(1)
      expect(kept.stderr).toBe(`${file} exists; keeping it (use --force to replace it)\n`)
      expect(await readFile(file, 'utf8')).toBe('mine\n')
      expect((await runCli(['init', folder, '--force'])).code).toBe(0)
      expect((await readFile(file, 'utf8')).split('\n')).toHaveLength(7)
    })

    it('says so when the folder does not exist', async () => {
      const { code, stderr } = await runCli(['init', 'no-such-folder/x.ndjson'])
      expect(code).toBe(1)
      expect(stderr).toBe(
        'Cannot write no-such-folder/x.ndjson: the folder no-such-folder does not exist\n',
      )
    })
  })
})
