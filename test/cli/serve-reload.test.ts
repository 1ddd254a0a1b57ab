/**
 * A real `catalogue serve` process reloads its catalogue without stopping (SIGHUP, --watch),
 * keeps serving the old one when the new one is broken and says so on /health, and stops cleanly
 * on SIGINT, when the node launcher that started it is killed (directly, or through `sh -c` as
 * npx does), and under `npm start` on SIGTERM; put in the background by a script (nohup, a double
 * fork), it keeps serving once the script has ended.
 */
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { root } from '../helpers/cli-paths.js'
import { killStartedChildren, startBin } from '../helpers/cli-run.js'
import { sampleText, scratchSample } from '../helpers/documents.js'
import { alive } from '../helpers/process-alive.js'
import { servedBy } from '../helpers/served-process.js'

interface Health {
  status: string
  version: string
  documents: number
  last_reload_error: string | null
}

async function health(url: string): Promise<Health> {
  const response = await fetch(`${url}/health`)
  expect(response.status).toBe(200)
  return (await response.json()) as Health
}

/**
 * A server's arguments where its worker threads are not what is tested (how it stops, keeps
 * serving or sees a change): answering on the main thread, it starts in a third of the CPU
 * (each worker loads the sources through tsx, about 3 s of a core). Noticing that its starter
 * is gone or that the file changed is the main thread's work; the stop that follows is
 * SIGTERM's and the reload SIGHUP's, which the SIGHUP test below runs on two workers.
 */
const ON_MAIN_THREAD = ['--port', '0', '--workers', '1']

/** The command line, for `sh`, of a server of `file` on a free port, run from the sources. */
function serveCommand(file: string): string {
  const bin = join(root, 'packages/cli/src/bin.ts')
  return [process.execPath, '--import', 'tsx', bin, 'serve', file, ...ON_MAIN_THREAD]
    .map(quoted)
    .join(' ')
}

/** A word for `sh`: in single quotes, each quote in it closed, escaped and reopened. */
function quoted(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`
}

/** The host's environment without what would change the server's catalogue or output. */
function hostEnv(): NodeJS.ProcessEnv {
  const { CATALOGUE: _catalogue, NO_COLOR: _noColor, ...host } = process.env
  return host
}

/**
 * Process groups the tests started (with `detached`), killed whole after each test: a server a
 * script left in the background goes too, even when the test failed before it knew its pid.
 */
const groups = new Set<number>()

function killGroups(): void {
  for (const group of groups) {
    try {
      process.kill(-group, 'SIGKILL')
    } catch {}
  }
  groups.clear()
}

/** A server's log file, and the URL it printed once it serves. */
function serverLog(logFile: string): { log: () => string; url: () => string | undefined } {
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '')
  return { log, url: () => /Serving .* at (http:\/\/127\.0\.0\.1:\d+)/.exec(log())?.[1] }
}

/** Waits, inside a script, for the server's line saying where it serves (at most 30 s). */
const UNTIL_SERVING =
  'i=0; until grep -q Serving "$LOG" || [ $i -ge 300 ]; do sleep 0.1; i=$((i+1)); done'

/**
 * Runs `script` as a provisioning script would (`sh -c`, from this node process), `SERVE` in it
 * replaced by the command line of a server of a scratch catalogue, with `$LOG` its log and `$PID`
 * a file for its pid; resolves once the script has ended, with the server's pid, URL and log.
 */
async function runScript(script: string): Promise<{ pid: number; url: string; log: () => string }> {
  const folder = mkdtempSync(join(tmpdir(), 'catalogue-script-'))
  const logFile = join(folder, 'serve.log')
  const pidFile = join(folder, 'serve.pid')
  const sh = spawn('sh', ['-c', script.replaceAll('SERVE', serveCommand(scratchSample(100)))], {
    cwd: root,
    env: { ...hostEnv(), LOG: logFile, PID: pidFile },
    stdio: 'ignore',
    detached: true,
  })
  groups.add(sh.pid!)
  const [code] = await once(sh, 'exit')
  expect(code).toBe(0)
  const { log, url } = serverLog(logFile)
  expect(url(), log()).toBeDefined()
  return { pid: Number(readFileSync(pidFile, 'utf8')), url: url()!, log }
}

/** Whether a server's port still answers. */
function answering(url: string): Promise<'answering' | 'stopped'> {
  return fetch(`${url}/health`).then(
    () => 'answering',
    () => 'stopped',
  )
}

/** `script` (util-linux) runs a command in a terminal of its own: Linux only. */
const hasScript = process.platform === 'linux' && spawnSync('script', ['--version']).status === 0

describe('catalogue serve, reloading and stopping', () => {
  afterEach(() => {
    killStartedChildren()
    killGroups()
  })

  it('reloads on SIGHUP on every worker, and keeps serving the old catalogue when the new one is broken', async () => {
    const file = scratchSample(1000)
    const server = await servedBy(startBin(['serve', file, '--port', '0', '--workers', '2']))
    const first = await health(server.url)
    expect(first).toMatchObject({ status: 'ok', documents: 1000, last_reload_error: null })

    writeFileSync(file, sampleText(2000))
    server.child.kill('SIGHUP')
    await expect
      .poll(async () => (await health(server.url)).documents, { timeout: 20_000 })
      .toBe(2000)
    expect(server.stderr()).toContain('SIGHUP: reloading the catalogue…')
    expect(server.stderr()).toMatch(/Reloaded: 2,000 documents, version \S+ \(in [\d,]+ ms/)
    const reloaded = await health(server.url)
    expect(reloaded.version).not.toBe(first.version)
    // Every worker swapped: no request, whichever worker answers it, sees the old catalogue.
    const everyAnswer = await Promise.all(Array.from({ length: 20 }, () => health(server.url)))
    expect(new Set(everyAnswer.map((answer) => answer.version))).toEqual(
      new Set([reloaded.version]),
    )

    writeFileSync(file, `${sampleText(10)}{"uri": oops\n`)
    server.child.kill('SIGHUP')
    await expect
      .poll(async () => (await health(server.url)).last_reload_error, { timeout: 20_000 })
      .toMatch(/catalogue\.ndjson.*line 11/s)
    expect(server.stderr()).toContain(`Reload failed; still serving version ${reloaded.version}`)
    const after = await Promise.all(Array.from({ length: 10 }, () => health(server.url)))
    for (const answer of after) {
      expect(answer).toMatchObject({ status: 'ok', documents: 2000, version: reloaded.version })
      expect(answer.last_reload_error).toMatch(/line 11/)
    }
    const search = await fetch(`${server.url}/search?query=malaria&limit=1`)
    expect(search.status).toBe(200)

    const exited = once(server.child, 'exit')
    server.child.kill('SIGINT')
    expect((await exited)[0]).toBe(0)
    expect(server.stderr()).toContain('SIGINT: finishing the requests in flight…')
  }, 60_000)

  it('reloads by itself with --watch when the file changes', async () => {
    const file = scratchSample(400)
    const server = await servedBy(startBin(['serve', file, ...ON_MAIN_THREAD, '--watch']))
    await expect.poll(() => server.stderr()).toContain(`Watching ${file} for changes`)
    expect((await health(server.url)).documents).toBe(400)
    writeFileSync(file, sampleText(700))
    await expect
      .poll(async () => (await health(server.url)).documents, { timeout: 20_000 })
      .toBe(700)
    expect(server.stderr()).toMatch(/Reloaded: 700 documents/)
  }, 60_000)

  it('stops when the process that started it is killed without passing the signal on', async () => {
    const file = scratchSample(100)
    // A launcher (as npx or a wrapper script) that starts the server and is then killed hard.
    const launcher = spawn(
      process.execPath,
      [
        '-e',
        `const child = require('node:child_process').spawn(process.execPath,
          ['--import', 'tsx', ${JSON.stringify(join(root, 'packages/cli/src/bin.ts'))},
           'serve', ${JSON.stringify(file)}, ...${JSON.stringify(ON_MAIN_THREAD)}],
          { stdio: 'inherit' })
         console.log('pid ' + child.pid)
         setInterval(() => {}, 1000)`,
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    try {
      const server = await servedBy(launcher)
      // The launcher printed its child's pid before the child printed its serving line.
      const serverPid = Number(/pid (\d+)/.exec(server.stdout())?.[1])
      expect(serverPid).toBeGreaterThan(0)
      expect((await health(server.url)).status).toBe('ok')
      launcher.kill('SIGKILL')
      await expect.poll(() => alive(serverPid), { timeout: 15_000, interval: 200 }).toBe(false)
      expect(server.stderr()).toContain('The process that started the server is gone: stopping.')
    } finally {
      launcher.kill('SIGKILL')
    }
  }, 60_000)

  it('stops when npx, which runs it through `sh -c`, is killed without passing the signal on', async () => {
    // npm → sh → server, as `npx catalogue serve` is where sh does not exec its last command
    // (dash); `; exit` keeps any sh from exec'ing the server.
    const command = `${serveCommand(scratchSample(100))}; exit $?`
    const launcher = spawn(
      process.execPath,
      [
        '-e',
        `require('node:child_process').spawn('sh', ['-c', ${JSON.stringify(command)}],
           { stdio: 'inherit' })
         setInterval(() => {}, 1000)`,
      ],
      { cwd: root, env: hostEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    )
    groups.add(launcher.pid!)
    const server = await servedBy(launcher)
    expect((await health(server.url)).status).toBe('ok')
    launcher.kill('SIGKILL')
    await expect
      .poll(() => answering(server.url), { timeout: 15_000, interval: 200 })
      .toBe('stopped')
    expect(server.stderr()).toContain('The process that started the server is gone: stopping.')
  }, 60_000)

  it.skipIf(!hasScript)(
    'stops when the terminal it runs in the foreground of is closed',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'catalogue-terminal-'))
      const logFile = join(folder, 'serve.log')
      const pidFile = join(folder, 'shell.pid')
      // Output to a file: a write to the closed terminal cannot be what stops it. The shell
      // leads the terminal's session and process group, the server's too: killed after the test.
      const command = `echo $$ > ${quoted(pidFile)}; ${serveCommand(scratchSample(100))} > ${quoted(logFile)} 2>&1; exit $?`
      const terminal = spawn('script', ['-qfec', command, '/dev/null'], {
        cwd: root,
        env: { ...hostEnv(), SHELL: '/bin/sh' },
        stdio: ['pipe', 'ignore', 'ignore'],
        detached: true,
      })
      groups.add(terminal.pid!)
      const { log, url } = serverLog(logFile)
      await expect.poll(url, { timeout: 30_000 }).toBeDefined()
      groups.add(Number(readFileSync(pidFile, 'utf8')))
      expect((await health(url()!)).status).toBe('ok')
      // The terminal closes: its shell is hung up and goes; the server's SIGHUP only reloads.
      terminal.kill('SIGKILL')
      await expect.poll(() => answering(url()!), { timeout: 15_000, interval: 200 }).toBe('stopped')
      expect(log()).toContain('The process that started the server is gone: stopping.')
    },
    60_000,
  )

  it.each([
    [
      'nohup … & in a script that then ends',
      `nohup SERVE > "$LOG" 2>&1 & echo $! > "$PID"; ${UNTIL_SERVING}`,
    ],
    [
      'a double fork whose middle process then ends',
      `( SERVE > "$LOG" 2>&1 & echo $! > "$PID"; ${UNTIL_SERVING} ); sleep 1`,
    ],
  ])(
    'keeps serving when put in the background by %s',
    async (_, script) => {
      const server = await runScript(script)
      // The shell that started it is gone, so it was reparented: it answers on, checked for
      // longer than two of its one-second checks.
      for (let check = 0; check < 7; check++) {
        expect((await health(server.url)).status).toBe('ok')
        await new Promise((resolve) => setTimeout(resolve, 500))
      }
      expect(alive(server.pid)).toBe(true)
      expect(server.log()).not.toContain('is gone: stopping')
      process.kill(server.pid, 'SIGTERM')
      await expect.poll(() => alive(server.pid), { timeout: 15_000, interval: 200 }).toBe(false)
      expect(server.log()).toContain('SIGTERM: finishing the requests in flight…')
    },
    60_000,
  )

  it(// `npm start` runs the built bin (npm install builds it).
  'stops under `npm start` when npm is sent SIGTERM', async () => {
    const npm = spawn('npm', ['start', '--', ...ON_MAIN_THREAD], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const server = await servedBy(npm)
      // `npm start` serves the site, the API under /api.
      expect((await health(`${server.url}/api`)).status).toBe('ok')
      expect((await fetch(`${server.url}/`)).status).toBe(200)
      const exited = once(npm, 'exit')
      npm.kill('SIGTERM')
      await exited
      // The server itself stopped: nothing listens on its port any more.
      await expect
        .poll(
          () =>
            fetch(`${server.url}/health`).then(
              () => 'answering',
              () => 'stopped',
            ),
          { timeout: 15_000 },
        )
        .toBe('stopped')
    } finally {
      npm.kill('SIGKILL')
    }
  }, 60_000)
})
