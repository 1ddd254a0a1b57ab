/**
 * `catalogue push` on the command line, without a node: what it gives `pushCatalogue` (every node
 * once, as an array; --shards, --replicas), the usage errors that come before any request, and
 * the progress lines it prints off a terminal. `pushCatalogue` is a stand-in recording its
 * options; test/opensearch/push-cli.test.ts pushes into a real node.
 */
import { type ReadWarning, readDocuments } from '@archive-catalogue/core'
import type { PushOptions, PushResult } from '@archive-catalogue/opensearch'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { runCli } from '../helpers/cli-run.js'

const pushed = vi.hoisted(() => [] as PushOptions[])
/** What the next push gives back besides its defaults. */
const outcome = vi.hoisted(() => ({}) as { result?: Partial<PushResult> })

vi.mock('@archive-catalogue/opensearch', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@archive-catalogue/opensearch')>()
  return { ...actual, pushCatalogue: fakePush }
})

/** Reports half the bytes, waits a tenth of a second (lines are due every 20 ms), then all. */
async function fakePush(_path: string, options: PushOptions): Promise<PushResult> {
  pushed.push(options)
  options.onProgress?.({ documents: 1000, bytesRead: 50, totalBytes: 100, indexed: 900 })
  await new Promise((resolve) => setTimeout(resolve, 100))
  options.onProgress?.({ documents: 2000, bytesRead: 100, totalBytes: 100, indexed: 2000 })
  return {
    alias: 'catalogue',
    index: 'catalogue-1',
    previous: [],
    removed: [],
    left: [],
    documents: 2000,
    counts: { agent: 0, collection: 2000, object: 0, term: 0 },
    language: 'english',
    skipped: [],
    warnings: [],
    milliseconds: 100,
    ...outcome.result,
  }
}

const RAC = 'test/fixtures/rac'
const NODE = 'http://127.0.0.1:9201'

beforeEach(() => {
  pushed.length = 0
  outcome.result = undefined
})

describe('catalogue push', () => {
  describe('--opensearch', () => {
    it('gives every node once, as an array', async () => {
      const { code } = await runCli([
        'push',
        RAC,
        '--opensearch',
        `${NODE},http://127.0.0.1:9202`,
        '--opensearch',
        `${NODE}/`,
      ])
      expect(code).toBe(0)
      expect(pushed.map((options) => options.url)).toEqual([[NODE, 'http://127.0.0.1:9202']])
    })

    it('gives one node as its URL', async () => {
      await runCli(['push', RAC, '--opensearch', NODE])
      expect(pushed.map((options) => options.url)).toEqual([NODE])
    })

    it('names a bad URL and its place before pushing (exit 2)', async () => {
      const { code, stderr } = await runCli(['push', RAC, '--opensearch', `${NODE},foo`])
      expect(code).toBe(2)
      expect(stderr).toMatch(
        /^--opensearch expects URLs such as http:\/\/127\.0\.0\.1:9200, got 'foo' \(the 2nd of 2\)\n/,
      )
      expect(pushed).toEqual([])
    })
  })

  describe('its summary', () => {
    it('names the indices deleted, removed and left', async () => {
      outcome.result = {
        previous: ['catalogue-0', 'catalogue-00'],
        removed: ['catalogue-x'],
        left: ['catalogue-00'],
      }
      const { code, stdout } = await runCli(['push', RAC, '--opensearch', NODE])
      expect(code).toBe(0)
      expect(stdout.split('\n').slice(1)).toEqual([
        'Alias catalogue → catalogue-1; deleted catalogue-0',
        'Removed catalogue-x, left by failed pushes',
        'Not deleted: catalogue-00 (the next push removes it, unless a push is writing it)',
        '',
      ])
    })
  })

  describe('EAD finding aids', () => {
    it('print the warnings of reading them as import prints them', async () => {
      const file = 'test/fixtures/ead/aspace-one-line-dates.xml'
      // What pushCatalogue gathers: the reader's warnings (it reads through readDocuments).
      const warnings: ReadWarning[] = []
      for await (const _ of readDocuments(file, { onWarning: (w) => warnings.push(w) })) {
        // Read to the end: the warnings come as the finding aid is read.
      }
      outcome.result = { warnings }
      const pushed = await runCli(['push', file, '--opensearch', NODE])
      expect(pushed.code).toBe(0)
      const imported = await runCli(['import', 'ead', file, '-o', '-'])
      const lines = (stderr: string) =>
        stderr.split('\n').filter((line) => line.startsWith('warning: '))
      expect(lines(imported.stderr)).toHaveLength(6)
      expect(lines(pushed.stderr)).toEqual(lines(imported.stderr))
    })

    it('print the first ten warnings, then how many more, as serve and validate do', async () => {
      const warnings = Array.from({ length: 13 }, (_, index) => ({
        source: { file: 'guide.xml', line: index + 1 },
        message: `warning ${index + 1}`,
      }))
      outcome.result = { warnings }
      const { code, stderr } = await runCli(['push', RAC, '--opensearch', NODE])
      expect(code).toBe(0)
      expect(stderr).toBe(
        `${warnings
          .slice(0, 10)
          .map(({ message }, index) => `warning: guide.xml:${index + 1} ${message}\n`)
          .join('')}… and 3 more warnings\n`,
      )
    })
  })

  describe('--shards and --replicas', () => {
    it('are given to the push as numbers', async () => {
      const argv = ['push', RAC, '--opensearch', NODE, '--shards', '2', '--replicas', '0']
      expect((await runCli(argv)).code).toBe(0)
      expect(pushed[0]).toMatchObject({ shards: 2, replicas: 0 })
    })

    it('take auto for replicas, and leave both to the push without them', async () => {
      await runCli(['push', RAC, '--opensearch', NODE, '--replicas', 'auto'])
      await runCli(['push', RAC, '--opensearch', NODE])
      expect(pushed.map(({ shards, replicas }) => ({ shards, replicas }))).toEqual([
        { shards: undefined, replicas: 'auto' },
        { shards: undefined, replicas: undefined },
      ])
    })

    it.each([
      ['--shards', '0', '1 or more'],
      ['--shards', '-1', '1 or more'],
      ['--shards', '1.5', '1 or more'],
      ['--shards', 'two', '1 or more'],
      ['--shards', 'auto', '1 or more'],
      ['--replicas', '-1', '0 or more, or auto'],
      ['--replicas', '1e3', '0 or more, or auto'],
      ['--replicas', 'all', '0 or more, or auto'],
    ])('refuse %s %s, naming the option and the value (exit 2)', async (flag, value, allowed) => {
      const { code, stdout, stderr } = await runCli([
        'push',
        RAC,
        '--opensearch',
        NODE,
        flag,
        value,
      ])
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toBe(
        `${flag} expects a whole number, ${allowed}, got '${value}'\n` +
          "Run 'catalogue push --help' for usage.\n",
      )
      expect(pushed).toEqual([])
    })
  })

  describe('progress off a terminal', () => {
    it('prints a line every CATALOGUE_PROGRESS_INTERVAL_MS, and a last one', async () => {
      const { code, stdout, stderr } = await runCli(['push', RAC, '--opensearch', NODE], {
        env: { CATALOGUE_PROGRESS_INTERVAL_MS: '20' },
      })
      expect(code).toBe(0)
      expect(stdout).toMatch(/^Pushed 2,000 documents to catalogue-1 /)
      const lines = stderr.trimEnd().split('\n')
      expect(lines.length).toBeGreaterThanOrEqual(2)
      for (const line of lines.slice(0, -1)) {
        expect(line).toMatch(
          /^Pushing: 1,000 documents read \(50%\), 900 indexed, [\d,]+ documents\/s, about \d+ s left$/,
        )
      }
      expect(lines.at(-1)).toMatch(
        /^Pushing: 2,000 documents read \(100%\), 2,000 indexed, [\d,]+ documents\/s, \d+ s elapsed$/,
      )
    })

    it('prints none for a push shorter than the interval (5 s unless set)', async () => {
      const { code, stderr } = await runCli(['push', RAC, '--opensearch', NODE])
      expect(code).toBe(0)
      expect(stderr).toBe('')
    })

    it('refuses a CATALOGUE_PROGRESS_INTERVAL_MS that is no whole number (exit 2)', async () => {
      const { code, stderr } = await runCli(['push', RAC, '--opensearch', NODE], {
        env: { CATALOGUE_PROGRESS_INTERVAL_MS: '5s' },
      })
      expect(code).toBe(2)
      expect(stderr).toMatch(
        /^CATALOGUE_PROGRESS_INTERVAL_MS expects a whole number .*, got '5s'\n/,
      )
      expect(pushed).toEqual([])
    })
  })
})
