/**
 * The packages as users install them: `npm pack` each one, install the tarballs into an empty
 * project (dependencies from the registry or its cache), then run the installed `catalogue`
 * command, serve from it on port 0, and import the core from an ES module whose types `tsc`
 * checks against the published declarations.
 *
 * `npm install` built every package (the root's `prepare`), so the packs skip their `prepack`
 * build, and a package is built again only when a file it is built from is newer than its
 * build: five builds cost about a minute of both cores, for the same bytes.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('..', import.meta.url))
const PACKAGES = ['core', 'http', 'opensearch', 'site', 'cli']
const TSC = join(ROOT, 'node_modules/typescript/bin/tsc')

let project: string
const started: ChildProcess[] = []

beforeAll(async () => {
  const work = await mkdtemp(join(tmpdir(), 'catalogue-pack-'))
  const workspaces = (names: string[]) =>
    names.flatMap((name) => ['--workspace', `packages/${name}`])
  const stale = []
  for (const name of PACKAGES) if (await builtBeforeItsSources(name)) stale.push(name)
  if (stale.length > 0) await run('npm', ['run', 'build', ...workspaces(stale)], { cwd: ROOT })
  const pack = ['pack', ...workspaces(PACKAGES), '--ignore-scripts', '--pack-destination', work]
  await run('npm', pack, { cwd: ROOT })
  const tarballs = (await readdir(work)).filter((file) => file.endsWith('.tgz'))
  expect(tarballs.sort()).toEqual([
    'archive-catalogue-cli-0.1.0.tgz',
    'archive-catalogue-core-0.1.0.tgz',
    'archive-catalogue-http-0.1.0.tgz',
    'archive-catalogue-opensearch-0.1.0.tgz',
    'archive-catalogue-site-0.1.0.tgz',
  ])
  project = join(work, 'app')
  await mkdir(project)
  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({ name: 'app', private: true, type: 'module' }),
  )
  await run(
    'npm',
    [
      'install',
      ...tarballs.map((file) => join(work, file)),
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
    ],
    { cwd: project },
  )
}, 240_000)

afterAll(() => {
  for (const child of started) child.kill('SIGKILL')
})

const bin = () => join(project, 'node_modules/.bin/catalogue')

/** The URL a started `catalogue serve` prints when it listens. */
function servingUrl(child: ChildProcess): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let text = ''
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      text += chunk
      const found = /at (http:\/\/127\.0\.0\.1:\d+)/.exec(text)
      if (found) resolve(found[1]!)
    })
    child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)))
  })
}

describe('the packed packages', () => {
  it('install a catalogue command that prints its version and writes a catalogue', async () => {
    expect((await run(bin(), ['--version'])).stdout).toBe('0.1.0\n')
    const { stdout } = await run(bin(), ['init', 'mine.ndjson'], { cwd: project })
    expect(stdout).toContain('Wrote mine.ndjson: 6 documents.')
    expect((await run(bin(), ['validate', 'mine.ndjson'], { cwd: project })).stdout).toContain(
      '6 valid documents',
    )
  })

  it('serve the API from the installed command on port 0', async () => {
    const child = spawn(bin(), ['serve', 'mine.ndjson', '--port', '0'], { cwd: project })
    started.push(child)
    const url = await servingUrl(child)
    const response = await fetch(`${url}/collections/doe-papers/children`)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { count: number }).count).toBe(1)
    child.kill('SIGTERM')
  })

  it('serve the discovery site from the installed command, the API under /api', async () => {
    const child = spawn(bin(), ['serve', 'mine.ndjson', '--port', '0', '--site'], { cwd: project })
    started.push(child)
    const url = await servingUrl(child)
    const home = await fetch(`${url}/`)
    expect(home.status).toBe(200)
    expect(await home.text()).toContain('<form class="search" role="search" action="/search"')
    const api = await fetch(`${url}/api/collections/doe-papers/children`)
    expect(((await api.json()) as { count: number }).count).toBe(1)
    child.kill('SIGTERM')
  })

  it('import the core as an ES module, its types checked by tsc', async () => {
    await writeFile(
      join(project, 'app.ts'),
      [
        "import { exampleCatalogue, Catalogue, type ListPage } from '@archive-catalogue/core'",
        "import { createApp } from '@archive-catalogue/http'",
        'const catalogue = Catalogue.fromDocuments(exampleCatalogue())',
        "const page: ListPage = catalogue.objects({ query: 'malaria', limit: 5 })",
        "const response = await createApp(catalogue).request('/search?query=nairobi')",
        'console.log(page.count, ((await response.json()) as { count: number }).count)',
        '',
      ].join('\n'),
    )
    const options = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022']
    const modules = ['--module', 'nodenext', '--moduleResolution', 'nodenext']
    await run('node', [TSC, ...options, ...modules, 'app.ts'], { cwd: project })
    // A misspelt parameter is a type error for the installed package's users too.
    await writeFile(
      join(project, 'wrong.ts'),
      "import { Catalogue } from '@archive-catalogue/core'\nCatalogue.fromDocuments([]).search({ qeury: 'x' })\n",
    )
    await expect(
      run('node', [TSC, ...options, ...modules, 'wrong.ts'], { cwd: project }),
    ).rejects.toMatchObject({ stdout: expect.stringContaining("'qeury' does not exist") })
    await writeFile(join(project, 'app.mjs'), await compiled(project))
    expect((await run('node', ['app.mjs'], { cwd: project })).stdout).toBe('1 1\n')
  })

  it("import the core's second door, for writing a backend, beside the first", async () => {
    await writeFile(
      join(project, 'app.ts'),
      [
        "import { Catalogue, exampleCatalogue, parseFor } from '@archive-catalogue/core'",
        "import { pageOf, parentUri, writeCitation } from '@archive-catalogue/core/backend'",
        'const catalogue = Catalogue.fromDocuments(exampleCatalogue())',
        "const request = parseFor(catalogue, 'search', { query: 'x', limit: 1 })",
        "const page = pageOf('https://a.example', '/search', request, 3, ['r'])",
        "const document = catalogue.get('/collections/doe-papers')!",
        "const cited = writeCitation(document, [], { publicUrl: 'https://a.example' })",
        "console.log(page.next, parentUri('abc'), cited)",
        '',
      ].join('\n'),
    )
    // The first door is the library's surface: the backend kit is not in it.
    await writeFile(
      join(project, 'wrong.ts'),
      "import { pageOf } from '@archive-catalogue/core'\nconsole.log(pageOf)\n",
    )
    const options = ['--noEmit', '--strict', '--skipLibCheck', '--target', 'es2022']
    const modules = ['--module', 'nodenext', '--moduleResolution', 'nodenext']
    await run('node', [TSC, ...options, ...modules, 'app.ts'], { cwd: project })
    await expect(
      run('node', [TSC, ...options, ...modules, 'wrong.ts'], { cwd: project }),
    ).rejects.toMatchObject({
      stdout: expect.stringContaining("has no exported member named 'pageOf'"),
    })
    await writeFile(join(project, 'app.mjs'), await compiled(project))
    expect((await run('node', ['app.mjs'], { cwd: project })).stdout).toBe(
      'https://a.example/search?limit=1&offset=1&query=x /collections/abc Jane Doe papers, 1920-1965; https://a.example/collections/doe-papers\n',
    )
  })
})

/** Whether a package has no build, or one older than a file it is built from. */
async function builtBeforeItsSources(name: string): Promise<boolean> {
  const folder = join(ROOT, 'packages', name)
  const built = await modifiedTimes(join(folder, 'dist'))
  if (built.length === 0) return true
  const sources = [
    ...(await modifiedTimes(join(folder, 'src'))),
    ...(await modifiedTimes(join(folder, 'package.json'))),
    ...(await modifiedTimes(join(folder, 'tsup.config.ts'))),
  ]
  return Math.max(...sources) > Math.min(...built)
}

/** The modification times of a file, or of every file in a folder and below; none if absent. */
async function modifiedTimes(path: string): Promise<number[]> {
  const found = await stat(path).catch(() => undefined)
  if (!found) return []
  if (!found.isDirectory()) return [found.mtimeMs]
  const entries = await readdir(path, { recursive: true, withFileTypes: true })
  const files = entries.filter((entry) => entry.isFile())
  return Promise.all(
    files.map(async (entry) => (await stat(join(entry.parentPath, entry.name))).mtimeMs),
  )
}

/** The test module as plain JavaScript (types stripped by tsc itself). */
async function compiled(cwd: string): Promise<string> {
  await run(
    'node',
    [
      TSC,
      '--strict',
      '--skipLibCheck',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--outDir',
      'out',
      'app.ts',
    ],
    { cwd },
  )
  return readFile(join(cwd, 'out/app.js'), 'utf8')
}
