/**
 * A Python tool from PyPI for a test, pinned, in a venv cached under node_modules/.cache (made
 * once, kept across runs): schemathesis (openapi-fuzz.ts), Sickle (oai-harvester.ts). Without
 * python3, its venv module or PyPI, `install` says why, for the test to skip saying so. Two
 * processes asking at once (the unit and OpenSearch runs side by side) install it once: the
 * second waits for the first.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { root } from './cli-paths.js'
import { withFolderLockSync } from './folder-lock.js'

export interface PythonTool {
  /** The venv's folder: its `bin/` holds the tool's commands and its `python`. */
  readonly venv: string
  /** Installs the tool unless it is there; why not, if it cannot. */
  install(): string | undefined
}

/** Runs a command to the end; its output, or why it failed. */
function run(command: string, args: string[], timeout: number): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout })
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`
  return { ok: result.status === 0, output: output.trim() }
}

/** The tool `name` at `version` (`pip install name==version`), given `timeout` ms to install. */
export function pythonTool(name: string, version: string, timeout = 300_000): PythonTool {
  const venv = join(root, 'node_modules', '.cache', `${name}-${version}`)
  // Written once the install finished: a venv without it is an interrupted install.
  const installed = join(venv, '.installed')
  return {
    venv,
    install() {
      if (existsSync(installed)) return undefined
      mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true })
      return withFolderLockSync(
        `${venv}.lock`,
        () => (existsSync(installed) ? undefined : installInto()),
        timeout,
      )
    },
  }

  /** Makes the venv and installs the tool in it; why not, if it cannot. */
  function installInto(): string | undefined {
    const python = run('python3', ['--version'], 10_000)
    if (!python.ok) return `python3 is not available (${python.output || 'not found'})`
    rmSync(venv, { recursive: true, force: true })
    const created = run('python3', ['-m', 'venv', venv], 60_000)
    if (!created.ok) {
      return `python3 -m venv failed (no venv or ensurepip module?): ${created.output}`
    }
    const pip = run(
      join(venv, 'bin', 'pip'),
      [
        'install',
        '--disable-pip-version-check',
        '--quiet',
        '--retries=2',
        '--timeout=30',
        `${name}==${version}`,
      ],
      timeout - 70_000,
    )
    if (!pip.ok) {
      rmSync(venv, { recursive: true, force: true })
      return `pip could not install ${name}==${version} (no network to PyPI?): ${pip.output.slice(-500)}`
    }
    writeFileSync(installed, `${name}==${version}\n`)
    return undefined
  }
}
