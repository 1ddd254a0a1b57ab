import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runCli } from '../helpers/cli-run.js'

const EAD = fileURLToPath(new URL('../fixtures/ead', import.meta.url))

describe('catalogue import ead', () => {
  describe('run', () => {
    it('writes the documents of every finding aid, reports counts and warnings, and again the same bytes', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'catalogue-import-'))
      const output = join(folder, 'catalogue.ndjson')
      const { code, stderr } = await runCli(['import', 'ead', EAD, '-o', output])
      expect(code).toBe(0)
      expect(stderr.split('\n')[0]).toBe(
        `Wrote ${output}: 8 finding aids, 32 collections, 478 objects, 63 agents, 37 terms`,
      )
      expect(stderr).toContain(
        `warning: ${join(EAD, 'sample-deeply-nested-components.xml')}:490 component without a title`,
      )
      const first = await readFile(output, 'utf8')
      expect(first.split('\n').filter(Boolean)).toHaveLength(610)
      await runCli(['import', 'ead', EAD, '-o', output])
      expect(await readFile(output, 'utf8')).toBe(first)
      const checked = await runCli(['validate', output])
      expect(checked.code).toBe(0)
      expect(checked.stdout).toContain('610 valid documents')
    })

    it('goes on past a file that is not well-formed, names its line and column, exits 1', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'catalogue-import-'))
      await copyFile(join(EAD, 'sul-spec-a0011.xml'), join(folder, 'a.xml'))
      await writeFile(join(folder, 'b.xml'), '<ead>\n<archdesc>\n</ead>\n')
      const { code, stdout, stderr } = await runCli(['import', 'ead', folder, '-o', '-'])
      expect(code).toBe(1)
      // a.xml: the collection, its object, 3 agents and 3 terms.
      expect(stdout.split('\n').filter(Boolean)).toHaveLength(2 + 3 + 3)
      expect(stderr).toContain(
        `error: Malformed XML in ${join(folder, 'b.xml')} at line 3, column 7: unexpected close tag`,
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
