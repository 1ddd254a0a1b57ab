/**
 * The benchmark suite's quick run (`npm run bench -- --quick`: the sample, every engine, one run
 * of each query, 1 s of HTTP on cold servers: the least it takes) as a check that it works end to
 * end: each engine builds, saves, starts and answers the mix; the HTTP runs get answers without
 * errors; the report has every section. No figure is asserted: timings are read, not tested
 * (bench/README.md).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { root } from './helpers/cli-paths.js'

it('measures every engine and HTTP on the sample, and reports them', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'catalogue-bench-')), 'RESULTS')
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/run.ts'), '--quick', '--out', out],
    { cwd: root, encoding: 'utf8', timeout: 120_000 },
  )
  expect(run.status, run.stderr).toBe(0)
  const [figures] = JSON.parse(readFileSync(`${out}.json`, 'utf8'))
  expect(figures.documents).toBe(2000)
  for (const engine of ['archive-catalogue', 'minisearch', 'orama']) {
    const { build, start } = figures.engines[engine]
    expect(build.buildMs).toBeGreaterThan(0)
    expect(build.snapshotBytes).toBeGreaterThan(0)
    // One run of each of the mix's 50 searches.
    expect(start.latencies['/search, the mix'].runs).toBe(50)
    expect(start.afterStart.rss).toBeGreaterThan(0)
  }
  for (const part of [figures.http.repeated, figures.http.mixed]) {
    for (const server of [part.ours, part.bare]) {
      expect(server.errors).toBe(0)
      expect(server.requestsPerSecond).toBeGreaterThan(0)
    }
  }
  const report = readFileSync(`${out}.md`, 'utf8')
  for (const heading of [
    'Build and start',
    'Requests',
    'archive-catalogue by',
    'HTTP',
    'Targets',
  ]) {
    expect(report).toContain(`### ${heading}`)
  }
}, 150_000)

it("times fuzzy words' first runs on the sample with a real vocabulary's tail, and reports them", () => {
  const folder = mkdtempSync(join(tmpdir(), 'catalogue-bench-fuzzy-'))
  const [answers, out] = [join(folder, 'answers.json'), join(folder, 'fuzzy.md')]
  const args = ['--size', '0', '--words', '5', '--snapshot', join(folder, 'sample.snapshot')]
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/fuzzy.ts'), ...args, '--answers', answers, '--out', out],
    { cwd: root, encoding: 'utf8', timeout: 120_000 },
  )
  expect(run.status, run.stderr).toBe(0)
  // The two words and five misspelt words of each kind, each with one and two edits.
  expect(Object.keys(JSON.parse(readFileSync(answers, 'utf8')))).toHaveLength(22)
  const report = readFileSync(out, 'utf8')
  expect(report).toContain('fuzzy words, first runs')
  expect(report).toMatch(/\| all \(22\) \| [\d.]+ \/ [\d.]+ \/ [\d.]+ \|/)
}, 150_000)
