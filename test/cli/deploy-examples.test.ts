/**
 * The deployment examples run as written: the systemd unit's ExecStart and ExecReload, and the
 * Dockerfile's CMD, ENV and HEALTHCHECK, taken from the files themselves and run here with only
 * the machine's paths, host and port swapped for a test's (systemd and Docker are not needed).
 */
import { spawn, spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { root } from '../helpers/cli-paths.js'
import { sampleText, scratchSample } from '../helpers/documents.js'
import { servedBy } from '../helpers/served-process.js'

const folder = join(root, 'examples/small-archive-server')
const started: ReturnType<typeof spawn>[] = []
afterEach(() => {
  for (const child of started) child.kill('SIGKILL')
  started.length = 0
})

/** Starts a command line in the repository, resolving with the URL it serves at. */
function serve(argv: string[], env: Record<string, string> = {}) {
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  started.push(child)
  return servedBy(child)
}

const documents = async (url: string) =>
  ((await (await fetch(`${url}/health`)).json()) as { documents: number }).documents

describe('the systemd unit', () => {
  const unit = readFileSync(join(folder, 'archive-catalogue.service'), 'utf8')
  const setting = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1] ?? ''

  it('starts the server with ExecStart, reloads with ExecReload, stops with KillSignal', async () => {
    const catalogue = scratchSample()
    const argv = setting('ExecStart')
      .replace('/srv/catalogue/catalogue.ndjson', catalogue)
      .replace('--port 8000', '--port 0')
      .split(' ')
    expect(argv[0]).toBe('/usr/bin/node')
    argv[0] = process.execPath
    const server = await serve(argv)
    expect(await documents(server.url)).toBe(2000)

    writeFileSync(catalogue, sampleText(1500))
    // ExecReload: /bin/kill -HUP $MAINPID
    const reload = setting('ExecReload').replace('$MAINPID', String(server.child.pid)).split(' ')
    expect(spawnSync(reload[0]!, reload.slice(1)).status).toBe(0)
    await expect.poll(() => documents(server.url), { timeout: 20_000 }).toBe(1500)

    const exited = once(server.child, 'exit')
    server.child.kill(setting('KillSignal') as NodeJS.Signals)
    expect((await exited)[0]).toBe(0)
    expect(server.stderr()).toMatch(/GET \/health 200/)
  }, 60_000)
})

describe('the Dockerfile', () => {
  const dockerfile = readFileSync(join(folder, 'Dockerfile'), 'utf8')
  const instruction = (name: string) =>
    new RegExp(`^${name} (.*)$`, 'm').exec(dockerfile)?.[1] ?? ''

  it('runs CMD with its ENV, answers its HEALTHCHECK, reloads on a change and stops on SIGTERM', async () => {
    const catalogue = scratchSample()
    const cmd = JSON.parse(instruction('CMD')) as string[]
    expect(cmd[0]).toBe('node')
    const argv = [process.execPath, ...cmd.slice(1)].map((arg) =>
      // Tests listen on 127.0.0.1 only, on a free port.
      arg === '0.0.0.0' ? '127.0.0.1' : arg === '8000' ? '0' : arg,
    )
    const [name, value] = instruction('ENV').split('=')
    expect(name).toBe('CATALOGUE')
    expect(value).toBe('/data/catalogue.ndjson')
    const server = await serve(argv, { CATALOGUE: catalogue })
    expect(await documents(server.url)).toBe(2000)

    const check = JSON.parse(/CMD (\[.*\])$/m.exec(dockerfile.split('HEALTHCHECK')[1]!)![1]!)
    const port = new URL(server.url).port
    const probe = spawnSync(process.execPath, [check[1], check[2].replace('8000', port)])
    expect(probe.status).toBe(0)

    // CMD serves with --watch: a changed catalogue is picked up without a signal.
    writeFileSync(catalogue, sampleText(1200))
    await expect.poll(() => documents(server.url), { timeout: 20_000 }).toBe(1200)

    const exited = once(server.child, 'exit')
    server.child.kill('SIGTERM')
    expect((await exited)[0]).toBe(0)
  }, 60_000)
})
