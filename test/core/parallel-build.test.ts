/**
 * A build on worker threads (`loadCatalogue`'s `workers`) makes the catalogue the loading
 * thread alone makes: the same snapshot bytes, the same refusals and the same skipped
 * documents. The generated catalogue is a few batches long, so that its documents are read on
 * the workers; the smaller ones (one batch) are read on the loading thread, the same way.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  BadParameterError,
  InvalidCatalogueError,
  type LoadOptions,
  loadCatalogue,
  saveSnapshot,
} from '../../packages/core/src/index.js'
import { CORPUS, RAC, SAMPLE } from '../helpers/corpus.js'

const EAD = fileURLToPath(new URL('../fixtures/ead/', import.meta.url))
const folder = mkdtempSync(join(tmpdir(), 'catalogue-parallel-'))
/** The generated catalogue's documents: two batches of the workers (4,096 each) and a part. */
const GENERATED = 9_000
let generated = ''
let lines: string[] = []

beforeAll(() => {
  generated = join(folder, 'generated.ndjson')
  const args = ['--import', 'tsx', 'scripts/generate-sample.ts', '--count', String(GENERATED)]
  execFileSync(process.execPath, [...args, '--seed', '29', '--out', generated], { stdio: 'pipe' })
  lines = readFileSync(generated, 'utf8').trimEnd().split('\n')
}, 60_000)

/** The snapshot a load writes, and what the load told. */
async function built(path: string, options: LoadOptions) {
  const { catalogue, skipped, counts, warnings, workers } = await loadCatalogue(path, options)
  const file = join(folder, `built-${options.workers}.snapshot`)
  await saveSnapshot(catalogue, file)
  return { bytes: readFileSync(file), skipped, counts, warnings, workers }
}

/** The generated catalogue with some lines replaced (1-based line → new text). */
function withLines(name: string, replaced: Record<number, string>): string {
  const file = join(folder, name)
  writeFileSync(file, withLinesText(replaced))
  return file
}

function withLinesText(replaced: Record<number, string>): string {
  return `${lines.map((line, index) => replaced[index + 1] ?? line).join('\n')}\n`
}

/** Line `line` of the generated catalogue, its document changed by `change`. */
function changed(line: number, change: (document: Record<string, unknown>) => void): string {
  const document = JSON.parse(lines[line - 1]!) as Record<string, unknown>
  change(document)
  return JSON.stringify(document)
}

/** The error a load throws. */
async function refusal(path: string, options: LoadOptions): Promise<Error> {
  return loadCatalogue(path, options).then(
    () => {
      throw new Error(`${path} was loaded`)
    },
    (error: Error) => error,
  )
}

describe('loadCatalogue', () => {
  describe('with workers', () => {
    it.each([
      // The small ones are one batch each, which the loading thread reads (in the same way).
      ['the generated catalogue', () => generated, {}, true],
      ['the sample', () => SAMPLE, {}, false],
      ['the RAC fixtures', () => RAC, {}, false],
      ['the EAD finding aids', () => EAD, {}, false],
      ['every fixture, skipping the invalid ones', () => CORPUS, { skipInvalid: true }, false],
    ])(
      'builds the snapshot of %s byte for byte as the loading thread alone does',
      async (_, path, options, onWorkers) => {
        const alone = await built(path(), { ...options, workers: 1 })
        expect(alone.workers).toBe(1)
        // Three workers split the generated batches otherwise than two; a small catalogue is
        // one batch, read on this thread whatever the count.
        for (const workers of onWorkers ? [2, 3] : [2]) {
          const parallel = await built(path(), { ...options, workers })
          expect(parallel.workers).toBe(onWorkers ? workers : 1)
          expect(parallel.bytes.equals(alone.bytes)).toBe(true)
          expect({ ...parallel, bytes: undefined, workers: undefined }).toEqual({
            ...alone,
            bytes: undefined,
            workers: undefined,
          })
        }
      },
      180_000,
    )

    it('refuses a document invalid in a late batch as the loading thread does, naming its file, line and field', async () => {
      const file = withLines('late-invalid.ndjson', {
        8765: changed(8_765, (document) => {
          document['title'] = 7
        }),
      })
      const alone = await refusal(file, { workers: 1 })
      const parallel = await refusal(file, { workers: 2 })
      expect(parallel).toBeInstanceOf(InvalidCatalogueError)
      expect(parallel.message).toBe(alone.message)
      expect(parallel.message).toContain(`${file}:8765`)
      expect(parallel.message).toContain('/title')
    }, 120_000)

    it('refuses malformed JSON and a duplicate uri in late batches as the loading thread does', async () => {
      const malformed = withLines('late-malformed.ndjson', { 8201: '{"uri": ' })
      const alone = await refusal(malformed, { workers: 1 })
      const parallel = await refusal(malformed, { workers: 2 })
      expect(parallel.message).toBe(alone.message)
      expect(parallel.message).toContain(`Malformed JSON in ${malformed} at line 8201`)
      const duplicate = withLines('late-duplicate.ndjson', { 8999: lines[4_000]! })
      const first = await refusal(duplicate, { workers: 1 })
      expect((await refusal(duplicate, { workers: 3 })).message).toBe(first.message)
      expect(first.message).toContain(`${duplicate}:8999`)
      expect(first.message).toContain(`first seen at ${duplicate}:4001`)
    }, 120_000)

    it('tells malformed files and documents, and refuses the first, in the order read', async () => {
      // A malformed line deferred to a worker, then a whole malformed file read on this thread.
      const mixed = mkdtempSync(join(folder, 'mixed-'))
      writeFileSync(join(mixed, 'a.ndjson'), withLinesText({ 8000: '{"uri": ' }))
      writeFileSync(join(mixed, 'b.json'), '[{"uri": "/terms/x"},')
      const alone = await refusal(mixed, { workers: 1 })
      expect(alone.message).toContain('a.ndjson at line 8000')
      expect((await refusal(mixed, { workers: 2 })).message).toBe(alone.message)
      const skipping = await built(mixed, { workers: 1, skipInvalid: true })
      expect(skipping.skipped.map(({ source }) => source.line)).toEqual([8000, 1])
      expect((await built(mixed, { workers: 2, skipInvalid: true })).skipped).toEqual(
        skipping.skipped,
      )
    }, 120_000)

    it('skips invalid, malformed and duplicate documents as the loading thread does', async () => {
      const file = withLines('late-skipped.ndjson', {
        4500: '{"uri": ',
        8300: changed(8_300, (document) => {
          delete document['uri']
        }),
        8900: lines[0]!,
      })
      const alone = await built(file, { workers: 1, skipInvalid: true })
      const parallel = await built(file, { workers: 2, skipInvalid: true })
      expect(alone.skipped).toHaveLength(3)
      expect(parallel.bytes.equals(alone.bytes)).toBe(true)
      expect(parallel.skipped).toEqual(alone.skipped)
      expect(parallel.counts).toEqual(alone.counts)
      expect(parallel.warnings).toEqual(alone.warnings)
    }, 120_000)

    it.each([0, -1, 1.5, Number.NaN])('refuses workers: %s, naming the option', async (workers) => {
      const error = await refusal(SAMPLE, { workers })
      expect(error).toBeInstanceOf(BadParameterError)
      expect(error.message).toBe(
        `Invalid value '${workers}' for parameter 'workers': a whole number of at least 1`,
      )
    })
  })
})
