/**
 * The layout DESIGN.md maps: in every package, the folders of `src/` depend one way only (no
 * folder imports a folder that imports it back, through any path) and no file imports itself
 * back through others; no file name marks itself internal with an underscore (each package's
 * `index.ts` is its public surface). In the core, the contract every backend implements (`api/`)
 * stands below the in-memory engine: nothing it reaches, through any path, is the engine's.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const PACKAGES = resolve(import.meta.dirname, '../packages')

/** Every `.ts` file of a package's `src/`, relative to it. */
function sourceFiles(src: string): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split('\\').join('/'))
}

/** Each file's relative imports (static and type-only), as files relative to `src/`. */
function importGraph(src: string): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(src)) {
    const text = readFileSync(join(src, file), 'utf8')
    const targets = [...text.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((match) =>
      relative(src, resolve(src, dirname(file), match[1]!)).replace(/\.js$/, '.ts'),
    )
    graph.set(file, targets)
  }
  return graph
}

/** The strongly connected parts of a graph with more than one node: its cycles. */
function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (node: string) => {
    index.set(node, index.size)
    low.set(node, index.get(node)!)
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!))
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = []
      let member: string
      do {
        member = stack.pop()!
        part.push(member)
      } while (member !== node)
      if (part.length > 1) found.push(part.sort())
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return found
}

/** What the core's contract may stand on: itself, text analysis, the documents, utilities. */
const CONTRACT_GROUND = ['api', 'analysis', 'documents', 'util']

/** Every file reachable from `start` through relative imports, `start` included. */
function reachable(graph: Map<string, string[]>, start: string[]): Set<string> {
  const seen = new Set<string>(start)
  const queue = [...start]
  while (queue.length > 0) {
    for (const next of graph.get(queue.pop()!) ?? []) {
      if (!seen.has(next)) {
        seen.add(next)
        queue.push(next)
      }
    }
  }
  return seen
}

describe("the core's contract", () => {
  const files = importGraph(join(PACKAGES, 'core', 'src'))
  const contract = [...files.keys()].filter((file) => file.startsWith('api/'))

  it('holds the backend interface, parsing, links, shapes, trees, citations and defaults', () => {
    expect(contract).toEqual(
      expect.arrayContaining([
        'api/backend.ts',
        'api/parse-request.ts',
        'api/links.ts',
        'api/response-schemas.ts',
        'api/responses.ts',
        'api/hierarchy.ts',
        'api/citation.ts',
        'api/details.ts',
        'api/defaults.ts',
      ]),
    )
  })

  it('imports nothing of the in-memory engine, through any path', () => {
    const engine = [...reachable(files, contract)].filter(
      (file) => !CONTRACT_GROUND.includes(file.split('/')[0]!),
    )
    expect(engine).toEqual([])
  })
})

describe('the source layout', () => {
  for (const name of readdirSync(PACKAGES)) {
    const src = join(PACKAGES, name, 'src')
    const files = importGraph(src)

    it(`${name}: no folder imports a folder that imports it back`, () => {
      const folders = new Map<string, Set<string>>()
      for (const [file, targets] of files) {
        const from = dirname(file)
        const edges = folders.get(from) ?? new Set<string>()
        for (const target of targets) if (dirname(target) !== from) edges.add(dirname(target))
        folders.set(from, edges)
      }
      expect(cycles(folders)).toEqual([])
    })

    it(`${name}: no file imports itself back through others`, () => {
      const graph = new Map([...files].map(([file, targets]) => [file, new Set(targets)]))
      expect(cycles(graph)).toEqual([])
    })

    it(`${name}: no file name starts with an underscore`, () => {
      const marked = [...files.keys()].filter((file) => file.split('/').at(-1)!.startsWith('_'))
      expect(marked).toEqual([])
    })
  }
})
