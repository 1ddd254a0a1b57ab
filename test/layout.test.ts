/**
 * The layout DESIGN.md maps: in every package, the folders of `src/` depend one way only (no
 * folder imports a folder that imports it back, through any path) and no file imports itself
 * back through others; no file name marks itself internal with an underscore (each package's
 * `index.ts` is its public surface).
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
