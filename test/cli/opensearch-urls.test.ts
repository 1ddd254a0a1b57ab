/**
 * `--opensearch` names every node: URLs comma-separated or the option repeated, on each command
 * that reads from OpenSearch. Each is checked before anything connects, a node given twice is
 * kept once, and the list reaches the OpenSearch package as an array. The package is replaced by
 * a stand-in that records what it was given: no node is needed.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { openSearchUrls } from '../../packages/cli/src/support/opensearch-urls.js'
import { runCli } from '../helpers/cli-run.js'

const opened = vi.hoisted(() => [] as { url: unknown; sniff?: unknown }[])

vi.mock('@archive-catalogue/opensearch', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@archive-catalogue/opensearch')>()
  const { BackendUnavailableError } = await import('@archive-catalogue/core')
  return {
    ...actual,
    OpenSearchBackend: {
      // What the real one throws when no node answers.
      open: async (options: { url: unknown }) => {
        opened.push(options)
        throw new BackendUnavailableError('OpenSearch (a stand-in) did not answer')
      },
    },
  }
})

const COMMANDS = [
  ['serve', '--port', '0'],
  ['search', 'malaria'],
  ['facets'],
  ['collections'],
  ['get', '/search?query=malaria'],
  ['stats'],
  ['push', 'test/fixtures/rac'],
]

beforeEach(() => {
  opened.length = 0
})

describe('--opensearch', () => {
  describe('a bad URL in the list', () => {
    it.each(COMMANDS)('is named with its place by %s (exit 2)', async (...argv) => {
      const list = 'http://127.0.0.1:9201,foo,http://127.0.0.1:9203'
      const { code, stdout, stderr } = await runCli([...argv, '--opensearch', list])
      expect(code).toBe(2)
      expect(stdout).toBe('')
      expect(stderr).toBe(
        "--opensearch expects URLs such as http://127.0.0.1:9200, got 'foo' (the 2nd of 3)\n" +
          `Run 'catalogue ${argv[0]} --help' for usage.\n`,
      )
      expect(opened).toEqual([])
    })

    it('is counted across repeated options', async () => {
      const { code, stderr } = await runCli([
        'search',
        '--opensearch',
        'http://127.0.0.1:9201',
        '--opensearch',
        'http://127.0.0.1:9202,localhost:9203',
      ])
      expect(code).toBe(2)
      expect(stderr).toMatch(
        /^--opensearch expects URLs .*, got 'localhost:9203' \(the 3rd of 3\)\n/,
      )
    })

    it('is named without a place when it is the only one', async () => {
      const { code, stderr } = await runCli(['stats', '--opensearch', 'foo'])
      expect(code).toBe(2)
      expect(stderr).toMatch(
        /^--opensearch expects URLs such as http:\/\/127\.0\.0\.1:9200, got 'foo'\n/,
      )
    })

    it('may be an empty one (a stray comma)', async () => {
      const { code, stderr } = await runCli(['facets', '--opensearch', 'http://127.0.0.1:9201,'])
      expect(code).toBe(2)
      expect(stderr).toMatch(/, got '' \(the 2nd of 2\)\n/)
    })

    it.each(['ftp://127.0.0.1:9200', 'localhost:9200', '127.0.0.1:9200'])(
      'may be %s, not an http(s) URL',
      async (url) => {
        const { code, stderr } = await runCli(['search', '--opensearch', url])
        expect(code).toBe(2)
        expect(stderr).toContain(`got '${url}'`)
      },
    )
  })

  describe('the nodes', () => {
    it.each(COMMANDS.filter(([command]) => command !== 'push'))(
      'reach the OpenSearch package as one array from %s, each once',
      async (...argv) => {
        const { code, stderr } = await runCli([
          ...argv,
          '--opensearch',
          'http://127.0.0.1:9201, http://127.0.0.1:9202',
          '--opensearch',
          'HTTP://127.0.0.1:9201/',
        ])
        expect(code).toBe(1)
        expect(stderr).toBe('OpenSearch (a stand-in) did not answer\n')
        expect(opened.map((options) => options.url)).toEqual([
          ['http://127.0.0.1:9201', 'http://127.0.0.1:9202'],
        ])
      },
    )

    it.each(COMMANDS.filter(([command]) => command !== 'push'))(
      'are looked for from those given with --sniff on %s, which needs --opensearch',
      async (...argv) => {
        await runCli([...argv, '--opensearch', 'http://127.0.0.1:9201', '--sniff'])
        expect(opened.map((options) => options.sniff)).toEqual([true])
        const { code, stderr } = await runCli([...argv, '--sniff'])
        expect(code).toBe(2)
        expect(stderr).toMatch(/^--sniff needs --opensearch <url>\n/)
      },
    )

    it('stay one URL when one is given', async () => {
      await runCli(['search', '--opensearch', 'http://127.0.0.1:9201'])
      expect(opened.map((options) => options.url)).toEqual(['http://127.0.0.1:9201'])
    })
  })
})

describe('openSearchUrls', () => {
  it('splits, trims and keeps the first of each node, in order', async () => {
    expect(
      await openSearchUrls(
        ['http://b:9200,http://a:9200 ', ' http://B:9200/', 'https://a:9200,http://a:9200/'],
        'search',
      ),
    ).toEqual(['http://b:9200', 'http://a:9200', 'https://a:9200'])
  })

  it('keeps paths and credentials apart (a proxy, a user)', async () => {
    expect(
      await openSearchUrls(
        ['http://proxy/a,http://proxy/b,http://u:p@proxy/a,http://proxy/a/'],
        'get',
      ),
    ).toEqual(['http://proxy/a', 'http://proxy/b', 'http://u:p@proxy/a'])
  })

  it('is undefined without the option', async () => {
    expect(await openSearchUrls(undefined, 'search')).toBeUndefined()
  })
})
