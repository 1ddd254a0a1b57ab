import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { type CliIo, runMain } from '@archive-catalogue/cli'
import { root } from './cli-paths.js'

/** What a run of the CLI gave. */
export interface CliResult {
  code: number
  stdout: string
  stderr: string
}

/** The outside world of an in-process run; the host's environment never leaks in. */
export interface RunOptions {
  env?: Record<string, string | undefined>
  isTTY?: boolean
  columns?: number
  signal?: AbortSignal
  /** Called with each chunk written to stdout (to wait for `serve`'s URL). */
  onStdout?: (chunk: string) => void
}

/** Runs `runMain` in this process with captured output: fast, for most tests. */
export async function runCli(argv: string[], options: RunOptions = {}): Promise<CliResult> {
  let stdout = ''
  let stderr = ''
  const io: CliIo = {
    stdout: {
      write(chunk: string) {
        stdout += chunk
        options.onStdout?.(chunk)
        return true
      },
    },
    stderr: {
      write(chunk: string) {
        stderr += chunk
        return true
      },
    },
    env: options.env ?? {},
    isTTY: options.isTTY ?? false,
    columns: options.columns,
    signal: options.signal,
  }
  const code = await runMain(argv, io)
  return { code, stdout, stderr }
}

const bin = join(root, 'packages/cli/src/bin.ts')

/**
 * Starts `bin.ts` in a child process through tsx's loader rather than the built `dist/bin.js`:
 * no build step before the tests, and every package is run from its current sources (the
 * tsconfig paths), while core and http change under us. Costs ~1 s a process, so only the few
 * tests that need a real process use it.
 */
export function startBin(argv: string[], env: Record<string, string> = {}): ChildProcess {
  const { CATALOGUE: _catalogue, NO_COLOR: _noColor, ...host } = process.env
  const child = spawn(process.execPath, ['--import', 'tsx', bin, ...argv], {
    cwd: root,
    env: { ...host, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A test that times out must not leave a server running: killed after a minute anyway.
    timeout: 60_000,
    killSignal: 'SIGKILL',
  })
  running.add(child)
  child.once('exit', () => running.delete(child))
  return child
}

const running = new Set<ChildProcess>()

/** Kills the children still running (an `afterEach` of the tests that start servers). */
export function killStartedChildren(): void {
  for (const child of running) child.kill('SIGKILL')
  running.clear()
}

/** Runs `bin.ts` in a child process to its end. */
export async function runBin(argv: string[], env: Record<string, string> = {}): Promise<CliResult> {
  const child = startBin(argv, env)
  let stdout = ''
  let stderr = ''
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk
  })
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk
  })
  const code = await new Promise<number>((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (exitCode) => resolve(exitCode ?? -1))
  })
  return { code, stdout, stderr }
}
