/**
 * The load test's quick run (`npm run loadtest -- --quick`: 10 connections for 3 s and a reload
 * under load, against a real server process) as a check: it fails on any error, timeout or
 * non-2xx answer, or a reload that did not happen. The figures of the full run are in
 * bench/loadtest-results.md; none are asserted here.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { root } from './helpers/cli-paths.js'

it('serves a quick load with a reload in the middle without one failed request', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'catalogue-loadtest-')), 'results')
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/loadtest.ts'), '--quick', '--out', out],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  )
  expect(run.stderr).toBe('')
  expect(run.status).toBe(0)
  const figures = JSON.parse(readFileSync(`${out}.json`, 'utf8'))
  expect(figures).toMatchObject({
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    reloadsDone: 1,
    serverExit: 0,
  })
  expect(figures.requests).toBeGreaterThan(100)
}, 90_000)
