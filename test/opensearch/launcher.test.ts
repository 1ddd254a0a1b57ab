/**
 * `npm run opensearch`'s refusals of a `--data` it cannot use, which need no Java. The launcher
 * through a cluster's faults (a node killed from outside and reported, `startNode`, a frozen
 * node, the whole cluster started again on its folder) is checked on the three-node cluster of
 * cluster.test.ts, which starts one for the server's faults too.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Runs `scripts/opensearch.ts` with `args`; its exit code and output. */
function runScript(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/opensearch.ts', ...args],
      { cwd: ROOT, timeout: 20_000 },
      (error, stdout, stderr) => resolve({ code: Number(error?.code ?? 0), stdout, stderr }),
    )
  })
}

describe('npm run opensearch --data', () => {
  let folder: string

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'launcher-test-'))
  })
  afterAll(() => rm(folder, { recursive: true, force: true }))

  it('refuses another node count than the folder holds (exit 2), before looking for Java', async () => {
    const data = path.join(folder, 'three')
    await mkdir(data)
    const nodes = [1, 2, 3].map((n) => ({
      name: `node-${n}`,
      httpPort: 1 + n,
      transportPort: 4 + n,
    }))
    await writeFile(path.join(data, 'cluster.json'), JSON.stringify({ nodes, bootstrapped: true }))
    const { code, stdout, stderr } = await runScript(['--data', data, '--nodes', '2'])
    expect(code).toBe(2)
    expect(stdout).toBe('')
    expect(stderr).toContain(`${data} holds a cluster of 3 nodes (see its cluster.json), not 2`)
  })

  it('refuses a folder with other things in it and no cluster.json (exit 2)', async () => {
    const data = path.join(folder, 'other')
    await mkdir(data)
    await writeFile(path.join(data, 'notes.txt'), 'not a cluster')
    const { code, stderr } = await runScript(['--data', data])
    expect(code).toBe(2)
    expect(stderr).toContain(`${data} is not empty and holds no cluster.json`)
  })
})
