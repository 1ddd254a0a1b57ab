import { once } from 'node:events'
import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { batching } from '../../packages/core/src/catalogue-data/checked-in-workers.js'
import { corpus } from '../helpers/cli-paths.js'
import { killStartedChildren, runCli, startBin } from '../helpers/cli-run.js'
import { scratchSample } from '../helpers/documents.js'

/** Resolves with serve's first stdout line: `Serving N documents at URL (loaded in M ms)`. */
function servingLine(subscribe: (listener: (chunk: string) => void) => void): Promise<string> {
  return new Promise((resolve) => {
    let text = ''
    subscribe((chunk) => {
      text += chunk
      const line = text.split('\n')[0]
      if (text.includes('\n') && line) resolve(line)
    })
  })
}

const SERVING = /^Serving 192 documents at (http:\/\/127\.0\.0\.1:(\d+)) \(loaded in [\d,]+ ms\)$/

describe('catalogue serve', () => {
  afterEach(killStartedChildren)

  describe('run', () => {
    it('serves on the port chosen for --port 0 and stops when its signal aborts', async () => {
      const controller = new AbortController()
      let listener: (chunk: string) => void = () => {}
      const line = servingLine((next) => {
        listener = next
      })
      const running = runCli(['serve', '--port', '0', '--base-url', 'https://example.org/api'], {
        env: { CATALOGUE: corpus },
        signal: controller.signal,
        onStdout: (chunk) => listener(chunk),
      })
      const [, url, port] = (await line).match(SERVING)!
      expect(Number(port)).toBeGreaterThan(0)
      const response = await fetch(`${url}/search?query=rockefeller&limit=1`)
      expect(response.status).toBe(200)
      const body = (await response.json()) as { count: number; next: string }
      expect(body.count).toBe(34)
      expect(body.next).toBe('https://example.org/api/search?limit=1&offset=1&query=rockefeller')
      controller.abort()
      const { code, stdout, stderr } = await running
      expect(code).toBe(0)
      expect(stdout).toContain('Public base URL: https://example.org/api')
      expect(stderr).toContain('Stopped.')
    })

    it('names the repository to harvesters: --oai-identifier, --oai-admin-email, else the base URL', async () => {
      for (const [args, identifier, emails] of [
        [
          [
            '--oai-identifier',
            'archive.example.org',
            '--oai-admin-email',
            'a@example.org,b@example.org',
          ],
          'archive.example.org',
          ['a@example.org', 'b@example.org'],
        ],
        [
          ['--base-url', 'https://records.example.net/api'],
          'records.example.net',
          ['admin@example.org'],
        ],
      ] as const) {
        const controller = new AbortController()
        let listener: (chunk: string) => void = () => {}
        const line = servingLine((next) => {
          listener = next
        })
        const running = runCli(['serve', corpus, '--port', '0', ...args], {
          signal: controller.signal,
          onStdout: (chunk) => listener(chunk),
        })
        const [, url] = (await line).match(SERVING)!
        const identify = await (await fetch(`${url}/oai?verb=Identify`)).text()
        const listed = await (
          await fetch(`${url}/oai?verb=ListIdentifiers&metadataPrefix=oai_dc`)
        ).text()
        expect(listed).toContain(`<identifier>oai:${identifier}:collections/`)
        expect(
          [...identify.matchAll(/<adminEmail>([^<]+)<\/adminEmail>/g)].map((m) => m[1]),
        ).toEqual(emails)
        controller.abort()
        expect((await running).code).toBe(0)
      }
    })

    it('answers /search from a real process on --port 0 and exits 0 on SIGTERM', async () => {
      const child = startBin(['serve', corpus, '--port', '0', '--access-log'])
      let stderr = ''
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk
      })
      const line = servingLine((listener) => {
        child.stdout?.setEncoding('utf8').on('data', listener)
      })
      const [, url] = (await line).match(SERVING)!
      const response = await fetch(`${url}/search?query=rockefeller`)
      expect(response.status).toBe(200)
      expect(((await response.json()) as { count: number }).count).toBe(34)
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      const [code] = await exited
      expect(code).toBe(0)
      expect(stderr).toMatch(/GET \/search\?query=rockefeller 200/)
      // It warmed before it listened, through an app of its own: its requests are not logged
      // one by one, and all were answered. How many fit in the warm-up's time budget depends on
      // how busy the machine is (4 with two test runs beside it), so only some are required.
      expect(stderr).toMatch(/^Warmed up with [1-9]\d* requests in \d+ ms$/m)
      expect(stderr.match(/^GET /gm)).toHaveLength(1)
      expect(stderr).toContain('SIGTERM: finishing the requests in flight…')
      expect(stderr).toContain('Stopped.')
    }, 60_000)

    it('writes citations with the --citation-* options', async () => {
      const controller = new AbortController()
      let listener: (chunk: string) => void = () => {}
      const line = servingLine((next) => {
        listener = next
      })
      const running = runCli(
        [
          'serve',
          '--port',
          '0',
          '--citation-name',
          'Example Archive',
          '--citation-url',
          'https://archive.example.org/',
          '--citation-separator',
          ' | ',
        ],
        { env: { CATALOGUE: corpus }, signal: controller.signal, onStdout: (c) => listener(c) },
      )
      const [, url] = (await line).match(SERVING)!
      const response = await fetch(`${url}/terms/2sikrnarrmY8ijRDvkShqg/citation`)
      expect(await response.json()).toBe(
        'Developing countries | Example Archive | https://archive.example.org/terms/2sikrnarrmY8ijRDvkShqg',
      )
      controller.abort()
      expect((await running).code).toBe(0)
    })

    it('serves the site in the --site-language for every reader', async () => {
      const controller = new AbortController()
      let listener: (chunk: string) => void = () => {}
      const line = servingLine((next) => {
        listener = next
      })
      const running = runCli(['serve', '--port', '0', '--site', '--site-language', 'fr'], {
        env: { CATALOGUE: corpus },
        signal: controller.signal,
        onStdout: (chunk) => listener(chunk),
      })
      const [, url] = (await line).match(SERVING)!
      const response = await fetch(`${url}/search?query=rockefeller`, {
        headers: { 'Accept-Language': 'de, en;q=0.5' },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-language')).toBe('fr')
      expect(await response.text()).toContain('<html lang="fr">')
      controller.abort()
      expect((await running).code).toBe(0)
    })

    it('exits 1 saying so when the port is in use', async () => {
      const taken = createServer().listen(0, '127.0.0.1')
      await once(taken, 'listening')
      const { port } = taken.address() as { port: number }
      try {
        // On the main thread: the port is taken for any number of workers, which would start
        // (about 3 s of a core each) before the listen that fails.
        const args = ['serve', corpus, '--port', String(port), '--workers', '1']
        const { code, stderr } = await runCli(args)
        expect(code).toBe(1)
        expect(stderr).toBe(
          `Cannot listen on 127.0.0.1:${port}: the port is in use (try another --port)\n`,
        )
      } finally {
        taken.close()
      }
    })

    it.each([
      ['1', 'Answering on the main thread (--workers 1)'],
      ['2', 'Answering on 2 worker threads, over one shared copy of the catalogue'],
    ])('says who answers with --workers %s, and answers alike', async (workers, line) => {
      const controller = new AbortController()
      let listener: (chunk: string) => void = () => {}
      const first = servingLine((next) => {
        listener = next
      })
      let stdout = ''
      const running = runCli(['serve', corpus, '--port', '0', '--workers', workers], {
        signal: controller.signal,
        onStdout: (chunk) => {
          stdout += chunk
          listener(chunk)
        },
      })
      const [, url] = (await first).match(SERVING)!
      await expect.poll(() => stdout).toContain(`${line}\n`)
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => fetch(`${url}/search?query=rockefeller&limit=1`)),
      )
      for (const answer of answers)
        expect(((await answer.json()) as { count: number }).count).toBe(34)
      controller.abort()
      expect((await running).code).toBe(0)
    })

    it('reads a build on its workers too, and says so', async () => {
      // A build goes to the workers past 4,096 documents, in batches of 1,024; in batches of
      // 100 past 400 (core/parallel-build.test.ts), 600 documents of the sample go there too.
      const production = { ...batching }
      Object.assign(batching, { size: 100, alone: 400 })
      const controller = new AbortController()
      let stdout = ''
      try {
        const running = runCli(['serve', scratchSample(600), '--port', '0', '--workers', '2'], {
          signal: controller.signal,
          onStdout: (chunk) => {
            stdout += chunk
          },
        })
        // Two workers reading and two answering, each compiling its sources first: past 20 s
        // beside the rest of `npm test` on two cores.
        await expect
          .poll(() => stdout, { timeout: 60_000 })
          .toContain(
            'Answering on 2 worker threads, over one shared copy of the catalogue (its documents read on 2 workers)\n',
          )
        const url = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout)![1]!
        const health = (await (await fetch(`${url}/health`)).json()) as { documents: number }
        expect(health.documents).toBe(600)
        controller.abort()
        expect((await running).code).toBe(0)
      } finally {
        controller.abort()
        Object.assign(batching, production)
      }
    }, 120_000)

    it.each([
      [['--workers', '0'], "--workers expects a whole number, 1 or more, got '0'"],
      [['--workers', 'two'], "--workers expects a whole number, 1 or more, got 'two'"],
      [
        ['--workers', '2', '--opensearch', 'http://127.0.0.1:1'],
        '--workers is for a catalogue in memory: with --opensearch the cluster does the work',
      ],
      [['--port', 'http'], "--port expects an integer from 0 to 65535, got 'http'"],
      [['--port', '70000'], "--port expects an integer from 0 to 65535, got '70000'"],
      [['--max-limit', '0'], "--max-limit expects an integer from 1 to 1000000, got '0'"],
      [
        ['--response-cache', '-1'],
        "--response-cache expects an integer from 0 to 1000000, got '-1'",
      ],
      [['--base-url', 'example.org'], "--base-url expects an absolute URL, got 'example.org'"],
      [['--citation-url', 'dimes'], "--citation-url expects an absolute URL, got 'dimes'"],
      [
        ['--site', '--site-language', 'pt'],
        "--site-language expects one of en, fr, de, es, nl, it, got 'pt'",
      ],
      [['--site-language', 'fr'], '--site-language is for the discovery site: add --site'],
      [
        ['--oai-identifier', 'my archive'],
        "--oai-identifier expects a domain name such as archive.example.org, got 'my archive'",
      ],
      [
        ['--oai-admin-email', 'a@example.org,nobody'],
        "--oai-admin-email expects an email address, got 'nobody'",
      ],
      [
        ['--site', '--base-url', 'https://example.org/catalogue'],
        "--base-url: the site is served at the root of its host, got the path '/catalogue' in 'https://example.org/catalogue'",
      ],
      // Two mistakes: the number is named first.
      [
        ['--base-url', 'nope', '--port', '99999'],
        "--port expects an integer from 0 to 65535, got '99999'",
      ],
    ])('exits 2 for %j', async (args, message) => {
      const { code, stderr } = await runCli(['serve', corpus, ...args])
      expect(code).toBe(2)
      expect(stderr).toContain(message)
    })
  })
})
