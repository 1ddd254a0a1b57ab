/**
 * One temporary folder for the whole test run, removed after it: the run's processes (vitest's
 * workers and what the tests start) find it as their `os.tmpdir()` through `TMPDIR`, so the
 * files and folders tests write there never pile up in the machine's own. The global setup of
 * both projects (vitest.config.ts); the first to run makes the folder, and removes it.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const MADE = 'ARCHIVE_CATALOGUE_TEST_TMPDIR'

export default function setup(): (() => void) | undefined {
  if (process.env[MADE] !== undefined) return undefined
  const folder = mkdtempSync(join(tmpdir(), 'archive-catalogue-tests-'))
  process.env[MADE] = folder
  process.env['TMPDIR'] = folder
  return () => rmSync(folder, { recursive: true, force: true })
}
