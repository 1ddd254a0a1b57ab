/**
 * A catalogue refused for its invalid documents, by `serve`, `validate` and `push`: every
 * problem, then once, at the end, that `--skip-invalid` would leave them out. `pushCatalogue`
 * is a stand-in that refuses as the real one does (test/opensearch/push-cli.test.ts pushes
 * into a real node).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  exampleCatalogue,
  InvalidCatalogueError,
  type InvalidDocument,
} from '@archive-catalogue/core'
import { describe, expect, it, vi } from 'vitest'
import { runCli } from '../helpers/cli-run.js'

vi.mock('@archive-catalogue/opensearch', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@archive-catalogue/opensearch')>()
  return { ...actual, pushCatalogue: refusingPush }
})

/** How many documents the next refused push counts valid. */
const pushed = vi.hoisted(() => ({ valid: 4 }))

/** Refuses as `pushCatalogue` does: the invalid documents and the count of the valid. */
async function refusingPush(): Promise<never> {
  const invalid: InvalidDocument[] = [
    { source: { file: 'export.ndjson', line: 2 }, problems: [{ path: '/title', message: 'x' }] },
    { source: { file: 'export.ndjson', line: 9 }, problems: [{ path: '/uri', message: 'y' }] },
  ]
  throw new InvalidCatalogueError(invalid, 20, pushed.valid)
}

/** The example catalogue (six documents) with the titles of the first `broken` made numbers. */
function catalogueWith(broken: number): string {
  const documents = exampleCatalogue().map((document, index) =>
    index < broken ? { ...document, title: index } : document,
  )
  const file = join(mkdtempSync(join(tmpdir(), 'catalogue-refused-')), 'catalogue.ndjson')
  writeFileSync(file, `${documents.map((document) => JSON.stringify(document)).join('\n')}\n`)
  return file
}

const HINT = /--skip-invalid/g
const NODE = 'http://127.0.0.1:9201'

describe('a refused catalogue', () => {
  it('serve lists the problems, then says once what --skip-invalid would load', async () => {
    const file = catalogueWith(2)
    const { code, stdout, stderr } = await runCli(['serve', file, '--port', '0'])
    expect(code).toBe(1)
    expect(stdout).toBe('')
    expect(stderr).toBe(
      'The catalogue was not loaded: 2 invalid documents\n' +
        `  ${file}:1 (/agents/jane-doe) /title: 0 is a number: expected text in quotes\n` +
        `  ${file}:2 (/terms/public-health) /title: 1 is a number: expected text in quotes\n` +
        'Give --skip-invalid to load the 4 valid documents and leave these 2 out.\n',
    )
  })

  it('validate ends with the same hint, after the summary', async () => {
    const file = catalogueWith(1)
    const { code, stdout } = await runCli(['validate', file])
    expect(code).toBe(1)
    expect(stdout.match(HINT)).toHaveLength(1)
    expect(stdout).toMatch(
      /1 invalid document \(1 problem\), 5 valid\nserve, index and push refuse it: give them --skip-invalid to load the 5 valid documents and leave this one out\n$/,
    )
  })

  it('push ends with the hint once, counting the valid documents as serve does', async () => {
    pushed.valid = 4
    const { code, stderr } = await runCli(['push', catalogueWith(0), '--opensearch', NODE])
    expect(code).toBe(1)
    expect(stderr.match(HINT)).toHaveLength(1)
    expect(stderr).toMatch(
      /export\.ndjson:9 \/uri: y\nGive --skip-invalid to push the 4 valid documents and leave these 2 out\.\n$/,
    )
  })

  it('says nothing of --skip-invalid when no document is valid: it would load nothing', async () => {
    const file = catalogueWith(6)
    for (const argv of [
      ['serve', file, '--port', '0'],
      ['validate', file],
    ]) {
      const command = argv[0]
      const { code, stdout, stderr } = await runCli(argv)
      expect(code, command).toBe(1)
      expect(`${stdout}${stderr}`, command).toContain('6 invalid documents')
      expect(`${stdout}${stderr}`, command).not.toMatch(HINT)
    }
    pushed.valid = 0
    const { code, stderr } = await runCli(['push', file, '--opensearch', NODE])
    expect(code).toBe(1)
    expect(stderr).toMatch(/^The catalogue was not loaded: 2 invalid documents\n/)
    expect(stderr).not.toMatch(HINT)
  })
})
