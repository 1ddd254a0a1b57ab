/** The generated catalogues the benchmarks that run on files share. */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('..', import.meta.url))

/** A benchmark's `--size` (`100k`, `1m`, or a number of documents) as a number of documents. */
export function documentCount(size: string): number {
  const count = Number(size.replace(/k$/i, '000').replace(/m$/i, '000000'))
  if (!Number.isInteger(count) || count < 0) {
    throw new Error(`--size must be a number of documents, or one like 100k or 1m: got ${size}`)
  }
  return count
}

/**
 * A generated NDJSON catalogue of `count` documents (seed 1), made once and kept in the
 * temporary folder; the sample for 0.
 */
export function generatedCatalogue(count: number): string {
  if (count === 0) return join(root, 'data/sample.ndjson')
  const file = join(tmpdir(), `archive-catalogue-loadtest-${count}.ndjson`)
  if (!existsSync(file)) {
    const script = join(root, 'scripts/generate-sample.ts')
    const args = ['--import', 'tsx', script, '--count', String(count), '--out', file]
    const made = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' })
    if (made.status !== 0) throw new Error(`Could not generate ${file}`)
  }
  return file
}
