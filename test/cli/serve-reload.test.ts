/**
 * A real `catalogue serve` process reloads its catalogue without stopping (SIGHUP, --watch),
 * keeps serving the old one when the new one is broken and says so on /health, and stops cleanly
 * on SIGINT, when the process that started it is gone, and under `npm start` on SIGTERM.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { root } from '../helpers/cli-paths.js'
import { killStartedChildren, startBin } from '../helpers/cli-run.js'
import { sampleText, scratchSample } from '../helpers/documents.js'
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

/** Whether a process is still running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('catalogue serve, reloading and stopping', () => {
  afterEach(killStartedChildren)

  it('reloads on SIGHUP, and keeps serving the old catalogue when the new one is broken', async () => {
    const file = scratchSample(1000)
    const server = await servedBy(startBin(['serve', file, '--port', '0']))
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

    writeFileSync(file, `${sampleText(10)}{"uri": oops\n`)
    server.child.kill('SIGHUP')
    await expect
      .poll(async () => (await health(server.url)).last_reload_error, { timeout: 20_000 })
      .toMatch(/catalogue\.ndjson.*line 11/s)
    expect(server.stderr()).toContain(`Reload failed; still serving version ${reloaded.version}`)
    const after = await health(server.url)
    expect(after).toMatchObject({ status: 'ok', documents: 2000, version: reloaded.version })
    const search = await fetch(`${server.url}/search?query=malaria&limit=1`)
    expect(search.status).toBe(200)

    const exited = once(server.child, 'exit')
    server.child.kill('SIGINT')
    expect((await exited)[0]).toBe(0)
    expect(server.stderr()).toContain('SIGINT: finishing the requests in flight…')
  }, 60_000)

  it('reloads by itself with --watch when the file changes', async () => {
    const file = scratchSample(400)
    const server = await servedBy(startBin(['serve', file, '--port', '0', '--watch']))
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
           'serve', ${JSON.stringify(file)}, '--port', '0'], { stdio: 'inherit' })
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

  it(// `npm start` runs the built bin (npm install builds it).
  'stops under `npm start` when npm is sent SIGTERM', async () => {
    const npm = spawn('npm', ['start', '--', '--port', '0'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    try {
      const server = await servedBy(npm)
      expect((await health(server.url)).status).toBe('ok')
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
