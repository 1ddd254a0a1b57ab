import { copyFile, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { runCli } from '../helpers/cli-run.js'

const EAD = fileURLToPath(new URL('../fixtures/ead', import.meta.url))

describe('catalogue import ead', () => {
  describe('run', () => {
    // The importer takes this year from the clock: fixed, as the fixtures' wrong normals (2054
    // among them) are after it only until then.
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-01T00:00:00Z') })
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    it('writes the documents of every finding aid, reports counts and warnings, and again the same bytes', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'catalogue-import-'))
      const output = join(folder, 'catalogue.ndjson')
      const { code, stderr } = await runCli(['import', 'ead', EAD, '-o', output])
      expect(code).toBe(0)
      expect(stderr.split('\n')[0]).toBe(
        `Wrote ${output}: 9 finding aids, 35 collections, 494 objects, 66 agents, 38 terms`,
      )
      expect(stderr).toContain(
        `warning: ${join(EAD, 'sample-deeply-nested-components.xml')}:490:21 component id aspace_533f0fb03170d86408e0b1dde0d92fa7: component without a title\n`,
      )
      const first = await readFile(output, 'utf8')
      expect(first.split('\n').filter(Boolean)).toHaveLength(633)
      await runCli(['import', 'ead', EAD, '-o', output])
      expect(await readFile(output, 'utf8')).toBe(first)
      const checked = await runCli(['validate', output])
      expect(checked.code).toBe(0)
      expect(checked.stdout).toContain('633 valid documents')
    })

    it('names the file, line, column and component of each warning, as validate does', async () => {
      const file = join(EAD, 'aspace-one-line-dates.xml')
      const xml = await readFile(file, 'utf8')
      const column = xml.split('\n')[1]!.indexOf('<unitdate normal="2978"') + 1
      const imported = await runCli(['import', 'ead', file, '-o', '-'])
      const warnings = imported.stderr.split('\n').filter((line) => line.startsWith('warning: '))
      expect(warnings).toHaveLength(6)
      expect(warnings[0]).toBe(
        `warning: ${file}:2:${column} component id aspace_ref11_reel: date normal="2978" names 2978, after this year: read from its text as 1978`,
      )
      const validated = await runCli(['validate', file])
      expect(validated.stderr.split('\n').filter((line) => line.startsWith('warning: '))).toEqual(
        warnings,
      )
    })
  })

  describe('a file that is not well-formed', () => {
    /** a.xml well-formed; b.xml names a subject, and lacks an origination, before its mistake. */
    async function folderWithBrokenFile(): Promise<string> {
      const folder = await mkdtemp(join(tmpdir(), 'catalogue-import-'))
      await copyFile(join(EAD, 'sul-spec-a0011.xml'), join(folder, 'a.xml'))
      await writeFile(
        join(folder, 'b.xml'),
        '<ead><archdesc level="collection"><did><unittitle>Broken</unittitle></did>\n' +
          '<controlaccess><persname>Ghost, Anna</persname></controlaccess>\n' +
          '<dsc><c><did></dd></c></dsc></archdesc></ead>\n',
      )
      return folder
    }
    const MISTAKE = (folder: string) =>
      `Malformed XML in ${join(folder, 'b.xml')} at line 3, column 19: unexpected close tag`

    it('writes nothing, names its line and column, exits 1', async () => {
      const folder = await folderWithBrokenFile()
      const toStdout = await runCli(['import', 'ead', folder, '-o', '-'])
      expect(toStdout.code).toBe(1)
      expect(toStdout.stdout).toBe('')
      expect(toStdout.stderr).toBe(
        'Not imported, nothing written: 1 file is not well-formed XML (--skip-invalid writes the others)\n' +
          `error: ${MISTAKE(folder)}\n`,
      )
      // A file written before stays as it was.
      const output = join(folder, 'catalogue.ndjson')
      await writeFile(output, 'before\n')
      const toFile = await runCli(['import', 'ead', folder, '-o', output])
      expect(toFile.code).toBe(1)
      expect(toFile.stderr.split('\n')[0]).toBe(
        `Not imported, ${output} not written: 1 file is not well-formed XML (--skip-invalid writes the others)`,
      )
      expect(await readFile(output, 'utf8')).toBe('before\n')
      expect((await readdir(folder)).sort()).toEqual(['a.xml', 'b.xml', 'catalogue.ndjson'])
    })

    it('writes the others, and nothing of it, with --skip-invalid', async () => {
      const folder = await folderWithBrokenFile()
      const { code, stdout, stderr } = await runCli([
        'import',
        'ead',
        folder,
        '-o',
        '-',
        '--skip-invalid',
      ])
      expect(code).toBe(0)
      // a.xml: the collection, its object, 3 agents and 3 terms; no Ghost, no Unknown creator.
      const titles = stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line).title as string)
      expect(titles).toHaveLength(2 + 3 + 3)
      expect(titles).not.toContain('Ghost, Anna')
      expect(titles).not.toContain('Unknown creator')
      expect(stderr).toBe(
        'Imported 1 finding aid, 1 collection, 1 object, 3 agents, 3 terms\n' +
          `skipped: ${MISTAKE(folder)}\n`,
      )
    })

    it('exits 2 without ead, paths or -o', async () => {
      expect((await runCli(['import', 'marc', EAD, '-o', '-'])).stderr).toContain(
        "cannot import 'marc': only 'ead'",
      )
      expect((await runCli(['import', 'ead', '-o', '-'])).code).toBe(2)
      expect((await runCli(['import', 'ead', EAD])).stderr).toContain('missing -o <file>')
    })
  })
})

describe('EAD read directly', () => {
  it('serves a folder of finding aids through get, and a file of another name with --format ead', async () => {
    const response = await runCli(['get', '/search?query=interlochen', '--catalogue', EAD])
    const results = JSON.parse(response.stdout).results as { uri: string }[]
    expect(results.map((result) => result.uri)).toContain('/collections/umich-bhl-851981')
    const folder = await mkdtemp(join(tmpdir(), 'catalogue-format-'))
    const renamed = join(folder, 'finding-aid.ead')
    await copyFile(join(EAD, 'sul-spec-a0011.xml'), renamed)
    const detail = await runCli([
      'get',
      '/collections/a0011',
      '--catalogue',
      renamed,
      '--format',
      'ead',
    ])
    expect(JSON.parse(detail.stdout).title).toBe(
      'Stanford University student life photograph album',
    )
    const checked = await runCli(['validate', renamed, '--format', 'ead'])
    expect(checked.stdout).toContain('8 valid documents')
    expect((await runCli(['validate', renamed, '--format', 'xml'])).stderr).toContain(
      "--format expects one of auto, json, ead, got 'xml'",
    )
  })
})
