/**
 * The OpenAPI description against a real server: schemathesis (a fuzzer that reads an OpenAPI
 * description) generates requests from `/openapi.json`, valid ones that must be accepted and
 * invalid ones that must be refused, and runs every check it has on each answer (no 5xx, statuses,
 * content types and bodies as described, 405s with Allow ...). Each backend's suite is an adapter
 * that starts a server on the real corpus (test/http/openapi-fuzz.test.ts in memory,
 * test/opensearch/openapi-fuzz.test.ts on OpenSearch). Python is the machine's; schemathesis,
 * pinned, comes from PyPI into a venv cached under node_modules/.cache. Without python3, its venv
 * module or PyPI, the test is skipped and says why.
 *
 * The run is `st run --checks all` with `test/http/openapi-fuzz.toml` (seed 20261123, 15 examples
 * of every operation, 414 among the expected statuses, with its reason) and the corpus's ids
 * offered to `{id}`: no hook, no case or failure filtered away. A suite may narrow the run to valid
 * requests (`validOnly`, see `FuzzOptions`). `OPENAPI_FUZZ_EXAMPLES=N` in the environment asks for
 * N examples of every operation instead, for a longer search by hand.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Listening, Logger } from '@archive-catalogue/http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { root } from './cli-paths.js'
import { RAC } from './corpus.js'
import { pythonTool } from './python-tool.js'

const INSTALL_TIMEOUT = 300_000

/** The schemathesis this test was written against: its checks change between versions. */
const SCHEMATHESIS = pythonTool('schemathesis', '4.32.5', INSTALL_TIMEOUT)
const venv = SCHEMATHESIS.venv
const CONFIGURATION = join(root, 'test', 'http', 'openapi-fuzz.toml')

/**
 * Enough for the file's 15 examples on a loaded 2-core machine (the in-memory run's 9,800 requests
 * took 282 s beside other suites' work, where alone they take about 110 s), and more for a longer
 * run asked.
 */
const RUN_TIMEOUT = 600_000 * Math.max(1, Number(process.env.OPENAPI_FUZZ_EXAMPLES ?? 0) / 80)

/**
 * The committed configuration, and each document's real id offered to the `{id}` of its type:
 * test data, so that the operations on one document reach past the 404.
 */
function configuration(): string {
  const sections = [readFileSync(CONFIGURATION, 'utf8')]
  for (const type of ['collection', 'object', 'agent', 'term']) {
    const ids = readdirSync(join(RAC, type))
      .filter((file) => file.endsWith('.json'))
      .map((file) => JSON.stringify(file.slice(0, -'.json'.length)))
    sections.push(
      `[dictionaries.${type}s]\nvalues = [${ids.join(', ')}]\n`,
      // Unknown ids are still drawn a fifth of the time (404s).
      `[[operations]]\ninclude-path-regex = '^/${type}s/\\{id\\}'\n` +
        `parameters = { "path.id" = { dictionary = "${type}s", probability = 0.8 } }\n`,
    )
  }
  return sections.join('\n')
}

/** What a suite asks of the run beside the committed configuration. */
export interface FuzzOptions {
  /**
   * Valid requests only (`--mode positive`): every check on every valid request the coverage,
   * fuzzing and stateful phases make, and none of the invalid ones. For a second backend behind
   * the same HTTP layer: an invalid request (a value of the wrong type, out of range, not of an
   * enumeration, a method not allowed, a URL too long) is refused by the parsing both backends
   * share, above the backend interface, so the in-memory run's invalid requests prove that once.
   * @default false
   */
  validOnly?: boolean
  /**
   * Examples of every operation in the fuzzing phase, instead of the file's 15 (`--max-examples`).
   * @default 15
   */
  maxExamples?: number
}

/**
 * `--max-examples N`: the environment's, when it asks for a longer (or shorter) run by hand,
 * else the suite's, else none (the file's).
 */
function examplesAsked(suite: number | undefined): string[] {
  const asked = process.env.OPENAPI_FUZZ_EXAMPLES
  if (asked === undefined || asked === '') {
    return suite === undefined ? [] : ['--max-examples', String(suite)]
  }
  if (!/^[1-9]\d*$/.test(asked)) {
    throw new Error(`OPENAPI_FUZZ_EXAMPLES must be a positive whole number, not "${asked}"`)
  }
  return ['--max-examples', asked]
}

/** Runs a child to its end, collecting what it writes; killed after `timeout`. */
function completion(
  child: ChildProcess,
  timeout: number,
): Promise<{ code: number | null; output: string }> {
  let output = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk
  })
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk
  })
  const timer = setTimeout(() => child.kill('SIGKILL'), timeout)
  return new Promise((resolve) => {
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code, output })
    })
  })
}

/**
 * Registers, in the calling `describe`, the schemathesis run against the server `start` gives
 * (on 127.0.0.1, port 0, with the app's `logger` and its access log on); closed after.
 */
export function fuzzOpenApi(
  start: (options: { logger: Logger }) => Promise<Listening>,
  { validOnly = false, maxExamples }: FuzzOptions = {},
): void {
  let skipReason: string | undefined
  let server: Listening | undefined
  let work: string | undefined
  let requests = 0
  const unexpected: string[] = []

  beforeAll(async () => {
    const started = performance.now()
    skipReason = SCHEMATHESIS.install()
    const seconds = ((performance.now() - started) / 1000).toFixed(1)
    if (skipReason === undefined && seconds !== '0.0') {
      console.log(`schemathesis installed into ${venv} in ${seconds} s`)
    }
    if (skipReason !== undefined) return
    work = mkdtempSync(join(tmpdir(), 'openapi-fuzz-'))
    server = await start({
      logger: {
        info: () => {
          requests++
        },
        error: (message, error) => {
          unexpected.push(`${message}: ${(error as Error)?.stack ?? String(error)}`)
        },
      },
    })
  }, INSTALL_TIMEOUT)

  afterAll(async () => {
    await server?.close()
    if (work) rmSync(work, { recursive: true, force: true })
  })

  it(
    'describes the server exactly: no failure of any schemathesis check',
    async (context) => {
      if (skipReason !== undefined) {
        console.warn(`Skipped: ${skipReason}`)
        context.skip(skipReason)
      }
      const config = join(work!, 'schemathesis.toml')
      writeFileSync(config, configuration())
      const started = performance.now()
      const { code, output } = await completion(
        spawn(
          join(venv, 'bin', 'st'),
          [
            '--config-file',
            config,
            'run',
            `${server!.url}/openapi.json`,
            '--checks',
            'all',
            '--no-color',
            ...(validOnly ? ['--mode', 'positive'] : []),
            ...examplesAsked(maxExamples),
          ],
          // schemathesis writes its reports and caches in the folder it runs in.
          { cwd: work },
        ),
        RUN_TIMEOUT,
      )
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      const summary = output
        .split('\n')
        .filter((line) => /generated|Filtered|found|Seed|in \d/.test(line))
      console.log(
        `schemathesis: ${requests} requests in ${seconds} s; ${summary.map((l) => l.trim()).join('; ')}`,
      )
      if (code !== 0) console.error(output)
      expect(unexpected).toEqual([])
      expect(code, 'schemathesis found failures (its report is above)').toBe(0)
      // Every case generated was sent and checked: none skipped, none errored.
      expect(output).toMatch(/^\s*(\d+) generated, \1 passed$/m)
    },
    RUN_TIMEOUT + 10_000,
  )
}
