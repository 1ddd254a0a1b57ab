import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository's root. */
export const root = fileURLToPath(new URL('../..', import.meta.url))

/** The 192 real documents (89 agents, 5 collections, 15 objects, 83 terms); CI has them. */
export const corpus = join(root, 'test/fixtures/rac')

/** Documents that break the schema on purpose, by type: `<type>/<what is wrong>.json`. */
export const invalidCorpus = join(root, 'test/fixtures/rac-invalid')

/** The project's own sample catalogue, the CLI's default. */
export const sample = join(root, 'data/sample.ndjson')
export const hasSample = existsSync(sample)
