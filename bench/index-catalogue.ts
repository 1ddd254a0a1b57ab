/**
 * A benchmark's snapshot, made once: `catalogue index` of its catalogue in a process of its own
 * (from the sources), its progress on this process's terminal.
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** Indexes `catalogue` into `snapshot`; `label` names the benchmark in its progress line. */
export function indexCatalogue(catalogue: string, snapshot: string, label: string): void {
  process.stderr.write(`${label}: indexing ${catalogue}…\n`)
  const cli = join(root, 'packages/cli/src/bin.ts')
  const args = ['--import', 'tsx', cli, 'index', catalogue, '-o', snapshot]
  const made = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' })
  if (made.status !== 0) throw new Error(`Could not index ${catalogue}`)
}
