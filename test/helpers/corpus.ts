import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The real catalogue data the tests use (`test/fixtures/`, see its README). */
export const CORPUS = fileURLToPath(new URL('../fixtures/', import.meta.url))
export const RAC = join(CORPUS, 'rac')
export const RAC_INVALID = join(CORPUS, 'rac-invalid')
export const SAMPLE = fileURLToPath(new URL('../../data/sample.ndjson', import.meta.url))

/** The corpus documents of one type, parsed, in file-name order. */
export function corpusDocuments(type: string): Record<string, unknown>[] {
  const folder = join(RAC, type)
  return readdirSync(folder)
    .sort()
    .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')))
}

/** The invalid corpus files of one folder: [name, parsed value]. */
export function invalidFiles(folder: string): [string, unknown][] {
  const path = join(RAC_INVALID, folder)
  return readdirSync(path)
    .sort()
    .map((name) => [name, JSON.parse(readFileSync(join(path, name), 'utf8'))])
}
