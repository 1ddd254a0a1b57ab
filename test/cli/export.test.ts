/**
 * `catalogue export ead`: a folder of finding aids, one file per top-level collection, EAD3 or
 * EAD 2002; nothing half-written when the backend fails mid-way; usage errors named. The
 * round trip of the folder through `import ead` gives the documents back (ead-export.test.ts
 * checks them field by field).
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { runCli } from '../helpers/cli-run.js'
import { schemaErrors } from '../helpers/xml-schemas.js'

const EAD = fileURLToPath(new URL('../fixtures/ead', import.meta.url))

describe('catalogue export ead', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-06-01T00:00:00Z') })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('writes one EAD3 file per top-level collection, and says what it wrote', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'catalogue-export-')), 'finding-aids')
    const { code, stderr } = await runCli(['export', 'ead', '--out', out])
    expect(code).toBe(0)
    const files = (await readdir(out)).sort()
    expect(files).toHaveLength(5)
    expect(files).toEqual(
      expect.arrayContaining(['xVJyUuJNfsVyjdZikFSn6G.xml', 'KmHV2msKiUbDywX6BgjkQw.xml']),
    )
    expect(stderr).toMatch(
      new RegExp(
        `^Wrote 5 finding aids \\(EAD3\\) to ${out}: [\\d,]+ components, [\\d.]+ [KM]B in `,
      ),
    )
    const xml = await readFile(join(out, files[0]!), 'utf8')
    expect(await schemaErrors(xml, 'ead3')).toEqual([])
  })

  it('writes EAD 2002 with --edition ead2002, and imports back to the same counts', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'catalogue-export-'))
    const out = join(folder, 'out')
    const imported = join(folder, 'fixtures.ndjson')
    await runCli(['import', 'ead', EAD, '-o', imported])
    const { code, stderr } = await runCli([
      'export',
      'ead',
      imported,
      '--edition',
      'ead2002',
      '-o',
      out,
    ])
    expect(code).toBe(0)
    expect(stderr).toContain('Wrote 9 finding aids (EAD 2002)')
    const files = await readdir(out)
    expect(files).toHaveLength(9)
    expect(files.every((file) => file.endsWith('.xml'))).toBe(true)
    for (const file of files) {
      expect(await schemaErrors(await readFile(join(out, file), 'utf8'), 'ead2002')).toEqual([])
    }
    const again = await runCli(['import', 'ead', out, '-o', join(folder, 'again.ndjson')])
    expect(again.stderr.split('\n')[0]).toBe(
      `Wrote ${join(folder, 'again.ndjson')}: 9 finding aids, 35 collections, 494 objects, 66 agents, 38 terms`,
    )
  })

  it('refuses a missing format, folder or a bad edition, naming them', async () => {
    expect((await runCli(['export'])).stderr).toContain('missing the format')
    expect((await runCli(['export', 'json', '--out', 'x'])).stderr).toContain(
      "cannot export 'json': only 'ead'",
    )
    expect((await runCli(['export', 'ead'])).stderr).toContain('missing --out <folder>')
    const bad = await runCli(['export', 'ead', '--out', 'x', '--edition', 'ead4'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain("Invalid value 'ead4' for parameter '--edition'")
  })

  it('leaves no file half-written when the walk fails', async () => {
    const out = await mkdtemp(join(tmpdir(), 'catalogue-export-'))
    const controller = new AbortController()
    // Aborted from the start: the first finding aid stops at its first page of children.
    controller.abort(new Error('stopped'))
    const { code } = await runCli(['export', 'ead', '--out', out], { signal: controller.signal })
    expect(code).toBe(1)
    expect(await readdir(out)).toEqual([])
  })
})
