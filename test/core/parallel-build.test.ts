/**
 * A build on worker threads (`loadCatalogue`'s `workers`) makes the catalogue the loading
 * thread alone makes: the same snapshot bytes, the same refusals and the same skipped
 * documents. The generated catalogue is many batches long, so that its documents are read on
 * the workers; the smaller ones (one batch) are read on the loading thread, the same way.
 */
import { createWriteStream, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { finished } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { batching } from '../../packages/core/src/catalogue-data/checked-in-workers.js'
import {
  BadParameterError,
  InvalidCatalogueError,
  type LoadOptions,
  loadCatalogue,
  saveSnapshot,
} from '../../packages/core/src/index.js'
import { writeCatalogue } from '../../scripts/sample/write.js'
import { CORPUS, RAC, SAMPLE } from '../helpers/corpus.js'

const EAD = fileURLToPath(new URL('../fixtures/ead/', import.meta.url))
const folder = mkdtempSync(join(tmpdir(), 'catalogue-parallel-'))
/**
 * The batches of the generated catalogue's loads: 100 documents, the workers started past 400.
 * The workers read a catalogue alike at any size of batch; at the production sizes (1,024 and
 * 4,096) the same proof took 9,000 documents and ten times the CPU.
 */
const SMALL = { size: 100, alone: 400 }
/**
 * The generated catalogue's documents: twelve batches, four held back on the loading thread
 * before the workers start, then eight more spread over two or three workers.
 */
const GENERATED = 1_200
let generated = ''
let lines: string[] = []

beforeAll(async () => {
  generated = join(folder, 'generated.ndjson')
  const stream = createWriteStream(generated)
  await writeCatalogue({ count: GENERATED, seed: 29 }, stream)
  stream.end()
  await finished(stream)
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
    // The small ones are one batch each, which the loading thread reads (in the same way).
    it.each([
      ['the sample', () => SAMPLE, {}],
      ['the RAC fixtures', () => RAC, {}],
      ['the EAD finding aids', () => EAD, {}],
      ['every fixture, skipping the invalid ones', () => CORPUS, { skipInvalid: true }],
    ])(
      'builds the snapshot of %s byte for byte as the loading thread alone does',
      async (_, path, options) => {
        const alone = await built(path(), { ...options, workers: 1 })
        expect(alone.workers).toBe(1)
        const parallel = await built(path(), { ...options, workers: 2 })
        expect(parallel.workers).toBe(1)
        expect(parallel.bytes.equals(alone.bytes)).toBe(true)
        expect({ ...parallel, bytes: undefined }).toEqual({ ...alone, bytes: undefined })
      },
      180_000,
    )

    describe('in batches of 100 documents', () => {
      let production = { ...batching }
      beforeAll(() => {
        production = { ...batching }
        Object.assign(batching, SMALL)
      })
      afterAll(() => {
        Object.assign(batching, production)
      })

      it('builds the snapshot of the generated catalogue byte for byte as the loading thread alone does', async () => {
        const alone = await built(generated, { workers: 1 })
        expect(alone.workers).toBe(1)
        // Three workers split the batches otherwise than two.
        for (const workers of [2, 3]) {
          const parallel = await built(generated, { workers })
          expect(parallel.workers).toBe(workers)
          expect(parallel.bytes.equals(alone.bytes)).toBe(true)
          expect({ ...parallel, bytes: undefined, workers: undefined }).toEqual({
            ...alone,
            bytes: undefined,
            workers: undefined,
          })
        }
      }, 180_000)

      it('refuses a document invalid in a late batch as the loading thread does, naming its file, line and field', async () => {
        const file = withLines('late-invalid.ndjson', {
          1170: changed(1_170, (document) => {
            document['title'] = 7
          }),
        })
        const alone = await refusal(file, { workers: 1 })
        const parallel = await refusal(file, { workers: 2 })
        expect(parallel).toBeInstanceOf(InvalidCatalogueError)
        expect(parallel.message).toBe(alone.message)
        expect(parallel.message).toContain(`${file}:1170`)
        expect(parallel.message).toContain('/title')
      }, 120_000)

      it('refuses malformed JSON and a duplicate uri in late batches as the loading thread does', async () => {
        const malformed = withLines('late-malformed.ndjson', { 1105: '{"uri": ' })
        const alone = await refusal(malformed, { workers: 1 })
        const parallel = await refusal(malformed, { workers: 2 })
        expect(parallel.message).toBe(alone.message)
        expect(parallel.message).toContain(`Malformed JSON in ${malformed} at line 1105`)
        // The first of the pair in a batch held back until the workers start, the second late.
        const duplicate = withLines('late-duplicate.ndjson', { 1199: lines[349]! })
        const first = await refusal(duplicate, { workers: 1 })
        expect((await refusal(duplicate, { workers: 3 })).message).toBe(first.message)
        expect(first.message).toContain(`${duplicate}:1199`)
        expect(first.message).toContain(`first seen at ${duplicate}:350`)
      }, 120_000)

      it('tells malformed files and documents, and refuses the first, in the order read', async () => {
        // A malformed line deferred to a worker, then a whole malformed file read on this thread.
        const mixed = mkdtempSync(join(folder, 'mixed-'))
        writeFileSync(join(mixed, 'a.ndjson'), withLinesText({ 1000: '{"uri": ' }))
        writeFileSync(join(mixed, 'b.json'), '[{"uri": "/terms/x"},')
        const alone = await refusal(mixed, { workers: 1 })
        expect(alone.message).toContain('a.ndjson at line 1000')
        expect((await refusal(mixed, { workers: 2 })).message).toBe(alone.message)
        const skipping = await built(mixed, { workers: 1, skipInvalid: true })
        expect(skipping.skipped.map(({ source }) => source.line)).toEqual([1000, 1])
        expect((await built(mixed, { workers: 2, skipInvalid: true })).skipped).toEqual(
          skipping.skipped,
        )
      }, 120_000)

      it('skips invalid, malformed and duplicate documents as the loading thread does', async () => {
        const file = withLines('late-skipped.ndjson', {
          450: '{"uri": ',
          1030: changed(1_030, (document) => {
            delete document['uri']
          }),
          1190: lines[0]!,
        })
        const alone = await built(file, { workers: 1, skipInvalid: true })
        const parallel = await built(file, { workers: 2, skipInvalid: true })
        expect(alone.skipped).toHaveLength(3)
        expect(parallel.workers).toBe(2)
        expect(parallel.bytes.equals(alone.bytes)).toBe(true)
        expect(parallel.skipped).toEqual(alone.skipped)
        expect(parallel.counts).toEqual(alone.counts)
        expect(parallel.warnings).toEqual(alone.warnings)
      }, 120_000)
    })

    it.each([0, -1, 1.5, Number.NaN])('refuses workers: %s, naming the option', async (workers) => {
      const error = await refusal(SAMPLE, { workers })
      expect(error).toBeInstanceOf(BadParameterError)
      expect(error.message).toBe(
        `Invalid value '${workers}' for parameter 'workers': a whole number of at least 1`,
      )
    })
  })
})
