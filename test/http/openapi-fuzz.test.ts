/**
 * The OpenAPI description against the real server: schemathesis (a fuzzer that reads an OpenAPI
 * description) generates requests from `/openapi.json`, valid ones that must be accepted and
 * invalid ones that must be refused, and runs every check it has on each answer (no 5xx, statuses,
 * content types and bodies as described, 405s with Allow ...). The server runs on the real corpus,
 * on 127.0.0.1 and a free port. Python is the machine's; schemathesis, pinned, comes from PyPI into
 * a venv cached under node_modules/.cache. Without python3, its venv module or PyPI, the test is
 * skipped and says why.
 *
 * What it accepts is in `openapi-fuzz.toml` (414s) and `openapi-fuzz-hooks.py` (two limits no
 * per-parameter schema can state), each with its reason; the accepted failures are printed.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REQUEST_LIMITS } from '@archive-catalogue/core'
import type { Listening } from '@archive-catalogue/http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { root } from '../helpers/cli-paths.js'
import { corpusCatalogue, corpusPath, startServer } from '../helpers/http-server.js'

/** The schemathesis this test was written against: its checks change between versions. */
const SCHEMATHESIS = '4.32.5'
const venv = join(root, 'node_modules', '.cache', `schemathesis-${SCHEMATHESIS}`)
/** Written once the install finished: a venv without it is an interrupted install. */
const installed = join(venv, '.installed')
const here = join(root, 'test', 'http')

const INSTALL_TIMEOUT = 300_000
const RUN_TIMEOUT = 240_000

let skipReason: string | undefined
let server: Listening | undefined
let work: string
let requests = 0
/** The server's largest page: the deepest offset the description promises depends on it. */
let maxLimit: number
const unexpected: string[] = []

/** Runs a command to the end; its output, or why it failed. */
function run(command: string, args: string[], timeout: number): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout })
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`
  return { ok: result.status === 0, output: output.trim() }
}

/** Installs schemathesis into the cached venv unless it is there; why not, if it cannot. */
function install(): string | undefined {
  if (existsSync(installed)) return undefined
  const python = run('python3', ['--version'], 10_000)
  if (!python.ok) return `python3 is not available (${python.output || 'not found'})`
  rmSync(venv, { recursive: true, force: true })
  mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true })
  const created = run('python3', ['-m', 'venv', venv], 60_000)
  if (!created.ok) return `python3 -m venv failed (no venv or ensurepip module?): ${created.output}`
  const pip = run(
    join(venv, 'bin', 'pip'),
    [
      'install',
      '--disable-pip-version-check',
      '--quiet',
      '--retries=2',
      '--timeout=30',
      `schemathesis==${SCHEMATHESIS}`,
    ],
    INSTALL_TIMEOUT - 70_000,
  )
  if (!pip.ok) {
    rmSync(venv, { recursive: true, force: true })
    return `pip could not install schemathesis==${SCHEMATHESIS} (no network to PyPI?): ${pip.output.slice(-500)}`
  }
  writeFileSync(installed, `schemathesis==${SCHEMATHESIS}\n`)
  return undefined
}

/** The committed configuration, and each document's real id offered to the `{id}` of its type. */
function configuration(): string {
  const sections = [readFileSync(join(here, 'openapi-fuzz.toml'), 'utf8')]
  for (const type of ['collection', 'object', 'agent', 'term']) {
    const ids = readdirSync(join(corpusPath, type))
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

beforeAll(async () => {
  const started = performance.now()
  skipReason = install()
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  if (skipReason === undefined && seconds !== '0.0') {
    console.log(`schemathesis==${SCHEMATHESIS} installed into ${venv} in ${seconds} s`)
  }
  if (skipReason !== undefined) return
  work = mkdtempSync(join(tmpdir(), 'openapi-fuzz-'))
  maxLimit = (await corpusCatalogue()).options.maxLimit
  server = await startServer({
    accessLog: true,
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

describe('GET /openapi.json', () => {
  it(
    'describes the server exactly: no failure of any schemathesis check',
    async (context) => {
      if (skipReason !== undefined) {
        console.warn(`Skipped: ${skipReason}`)
        context.skip(skipReason)
      }
      const config = join(work, 'schemathesis.toml')
      writeFileSync(config, configuration())
      const accepted = join(work, 'accepted.txt')
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
          ],
          {
            // schemathesis writes its reports and caches in the folder it runs in.
            cwd: work,
            env: {
              ...process.env,
              SCHEMATHESIS_HOOKS: join(here, 'openapi-fuzz-hooks.py'),
              OPENAPI_FUZZ_ACCEPTED: accepted,
              OPENAPI_FUZZ_LIMITS: JSON.stringify({
                offsetMaximum: REQUEST_LIMITS.window - maxLimit,
                window: REQUEST_LIMITS.window,
              }),
            },
          },
        ),
        RUN_TIMEOUT,
      )
      const seconds = ((performance.now() - started) / 1000).toFixed(1)
      const summary = output
        .split('\n')
        .filter((line) => /generated|Filtered|found|in \d/.test(line))
      console.log(
        `schemathesis: ${requests} requests in ${seconds} s; ${summary.map((l) => l.trim()).join('; ')}`,
      )
      if (existsSync(accepted)) {
        console.log(`Accepted (openapi-fuzz-hooks.py):\n${readFileSync(accepted, 'utf8')}`)
      }
      if (code !== 0) console.error(output)
      expect(unexpected).toEqual([])
      expect(code, 'schemathesis found failures (its report is above)').toBe(0)
    },
    RUN_TIMEOUT + 10_000,
  )
})
