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
import { mkdir, mkdtemp, readdir, stat, writeFile } from 'node:fs/promises'
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
    const { errors } = await typeChecked()
    expect(errors('first-door.ts')).toEqual([])
    // A misspelt parameter is a type error for the installed package's users too.
    expect(errors('first-door-wrong.ts')).toEqual([
      expect.stringContaining("'qeury' does not exist"),
    ])
    const ran = await run('node', [join('out', 'first-door.js')], { cwd: project })
    expect(ran.stdout).toBe('1 1\n')
  })

  it("import the core's second door, for writing a backend, beside the first", async () => {
    const { errors } = await typeChecked()
    expect(errors('second-door.ts')).toEqual([])
    // The first door is the library's surface: the backend kit is not in it.
    expect(errors('second-door-wrong.ts')).toEqual([
      expect.stringContaining("has no exported member named 'pageOf'"),
    ])
    const ran = await run('node', [join('out', 'second-door.js')], { cwd: project })
    expect(ran.stdout).toBe(
      'https://a.example/search?limit=1&offset=1&query=x /collections/abc Jane Doe papers, 1920-1965; https://a.example/collections/doe-papers\n',
    )
  })
})

/** A user's modules over the installed packages: two that must type-check, two that must not. */
const MODULES: Record<string, string[]> = {
  'first-door.ts': [
    "import { exampleCatalogue, Catalogue, type ListPage } from '@archive-catalogue/core'",
    "import { createApp } from '@archive-catalogue/http'",
    'const catalogue = Catalogue.fromDocuments(exampleCatalogue())',
    "const page: ListPage = catalogue.objects({ query: 'malaria', limit: 5 })",
    "const response = await createApp(catalogue).request('/search?query=nairobi')",
    'console.log(page.count, ((await response.json()) as { count: number }).count)',
  ],
  'first-door-wrong.ts': [
    "import { Catalogue } from '@archive-catalogue/core'",
    "Catalogue.fromDocuments([]).search({ qeury: 'x' })",
  ],
  'second-door.ts': [
    "import { Catalogue, exampleCatalogue, parseFor } from '@archive-catalogue/core'",
    "import { pageOf, parentUri, writeCitation } from '@archive-catalogue/core/backend'",
    'const catalogue = Catalogue.fromDocuments(exampleCatalogue())',
    "const request = parseFor(catalogue, 'search', { query: 'x', limit: 1 })",
    "const page = pageOf('https://a.example', '/search', request, 3, ['r'])",
    "const document = catalogue.get('/collections/doe-papers')!",
    "const cited = writeCitation(document, [], { publicUrl: 'https://a.example' })",
    "console.log(page.next, parentUri('abc'), cited)",
  ],
  'second-door-wrong.ts': [
    "import { pageOf } from '@archive-catalogue/core'",
    'console.log(pageOf)',
  ],
}

let checked: Promise<{ errors: (file: string) => string[] }> | undefined

/**
 * The user's modules checked by tsc against the published declarations and compiled to `out/`,
 * all in one run: each run of tsc spends seconds loading the libraries' and the packages'
 * declarations, and a module's errors are its own whatever else is checked beside it (each file
 * is a module: none sees another's names). tsc emits a module with errors too, as plain
 * JavaScript with its types stripped.
 */
function typeChecked(): Promise<{ errors: (file: string) => string[] }> {
  checked ??= (async () => {
    for (const [file, lines] of Object.entries(MODULES)) {
      await writeFile(join(project, file), `${lines.join('\n')}\n`)
    }
    const options = ['--strict', '--skipLibCheck', '--target', 'es2022', '--outDir', 'out']
    const modules = ['--module', 'nodenext', '--moduleResolution', 'nodenext']
    const files = Object.keys(MODULES)
    const output = await run('node', [TSC, ...options, ...modules, ...files], {
      cwd: project,
    }).then(
      () => '',
      (error: { stdout?: string }) => error.stdout ?? String(error),
    )
    // tsc writes one line an error, `file.ts(line,column): error TS…`, its details indented.
    const lines = output.split('\n').filter((line) => /^\S/.test(line))
    const unplaced = lines.filter((line) => !files.some((file) => line.startsWith(`${file}(`)))
    expect(unplaced, 'tsc errors of no module checked').toEqual([])
    return { errors: (file) => lines.filter((line) => line.startsWith(`${file}(`)) }
  })()
  return checked
}

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
